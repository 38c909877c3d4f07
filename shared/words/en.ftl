### taikyoku: every word a player or a host reads, in English.
### ja.ftl has the same entries with the same placeholders (tests/shared/test_words.py).
### Code composes keys and passes facts ($seat, $reason, $count...); the sentences and
### the choice between them live here. Board coordinates (a1-h8), match codes and the
### protocol's error codes are never translated.

## The games, keyed by the game's registry name

tictactoe-title = Tic-tac-toe
othello-title = Othello
# a game on one of its boards: "Othello 8x8" (tic-tac-toe has one board)
game-label = { $game ->
    [tictactoe] { tictactoe-title }
   *[othello] { othello-title } { $size }x{ $size }
}
tictactoe-side-0 = X
tictactoe-side-1 = O
othello-side-0 = Black
othello-side-1 = White
tictactoe-move-help = slot 0-8
othello-move-help = a square like d3
# a square at the start of a sentence
tictactoe-square = Slot { $square }
othello-square = { $square }
# why a free square is refused, after the square's name
tictactoe-illegal-why = is taken
othello-illegal-why = flips nothing
# how the rules decided a finished game
tictactoe-end = { $winner ->
    [none] The board is full and nobody has three in a row.
   *[side] { $side } has three in a row.
}
othello-end = { $side0 } { $score0 }, { $side1 } { $score1 } discs.
move-pass = pass

## The bot's levels: what playing each feels like

level-1-title = Beginner
level-2-title = Casual
level-3-title = Intermediate
level-4-title = Strong
level-5-title = Expert
level-1-feel = random moves
level-2-feel = grabs what looks best right now
level-3-feel = looks a few moves ahead
level-4-feel = looks further ahead and rarely blunders
level-5-feel = the engine at full strength
# "3 Intermediate: looks a few moves ahead"
level-words = { $level } { $title }: { $feel }

## Who is who in a sentence

who-you = You
who-bot = The bot
who-nobody = Nobody yet
# a player in a line about a match: "the bot (level 3)", "Taro"
player-bot = { $level ->
    [none] the bot
   *[other] the bot (level { $level })
}
player-someone = someone
player-nobody = nobody
player-nobody-yet = nobody yet
away-left = left the match
away-offline = offline
away-waiting = offline - waiting for them
# a spectator's chat line: "[Ken (watching)] nice move"
chat-watching = { $who } (watching)

## A match's clock: "5 min +3s", "1 min", "90 s"

clock-words = { $unit ->
    [minutes] { $minutes } min
   *[seconds] { $seconds } s
}{ $increment ->
    [0] {""}
   *[other] {" "}+{ $increment }s
}

## The lobby's line for a match: "Othello 8x8: Taro vs the bot (level 3), 5 min clock, 2 watching"

lobby-versus = { $first } vs { $second }
lobby-clock = , { $clock } clock
lobby-hints = , hints allowed
lobby-players-chat = , chat for the players only
lobby-watching = , { $count } watching

## Whose turn, passes and the end of a match

match-loading = Loading the match…
match-waiting = Waiting for an opponent to join.
turn-yours = Your move ({ $side })
turn-bot = The bot is thinking…
turn-offline = Waiting for { $who } ({ $side }), who is offline
turn-theirs = { $who } to move ({ $side })
pass-note = { $who } ({ $side }) had no legal move and passed.
# $winner: none (a draw, or no winner), you, bot, person ($who), side ($side, to a spectator)
match-result = { $winner ->
    [none] Draw.
    [you] You won!
    [bot] The bot won.
    [person] { $who } won.
   *[side] { $side } won.
}
# How it ended. $reason is the server's (line, discs, resign, left, abandon, time);
# $loser says who lost ($who); $moved whether anybody had moved. An abandoned match with
# no winner was called off before a move, or left by both people later on.
match-reason = { $reason ->
    [resign] { $loser ->
        [none] The match was called off.
       *[other] { $who } resigned.
    }
    [left] { $loser ->
        [none] The match was called off.
       *[other] { $who } left the game.
    }
    [abandon] { $loser ->
        [none] { $moved ->
            [no] The match was called off.
           *[yes] The match was abandoned: both players were away too long.
        }
       *[other] { $who } left the game and did not come back.
    }
    [time] { $loser ->
        [none] The time ran out.
       *[other] { $who } ran out of time.
    }
    [line] { tictactoe-end }
    [discs] { othello-end }
   *[other] The game is over.
}
resume-versus = { $game } vs { $against }
resume-played = { $count ->
    [0] {""}
    [one] { $count } move played.{" "}
   *[other] { $count } moves played.{" "}
}

## Why a move would be refused, before the server is asked

why-loading = The match is still loading.
why-watching = You are watching this match.
why-waiting = Wait for an opponent to join first.
why-over = The game is over.
why-bot-thinking = Not your turn: the bot is thinking.
why-not-your-turn = Not your turn: { $who } is to move.
why-off-board = { $square } is off the board.
why-taken = { $square } is already taken.
why-illegal = { $square } { $why }, so it is not a legal move. Legal moves: { $legal }.
why-no-pass = No need to pass: when you have no move, the server passes for you.

## Takebacks, hints and the engine's review

takeback-asked = You asked to take back your last move: waiting for { $who }.
takeback-watching = { $who } asks to take back { $count ->
    [one] { $count } move
   *[other] { $count } moves
}.
takeback-offer = { $who } asks to take back their last move{ $reply ->
    [yes] {" "}and your reply
   *[no] {""}
}.
takeback-declined = { $who } declined the takeback.
takeback-accepted = Takeback accepted: the moves are undone.
takeback-undone = The moves are taken back.
takeback-lapsed = Your takeback offer lapsed: a move was made before the answer.
score-win = win
score-draw = draw
score-loss = loss
review-head = Move { $number }, { $side } { $move }:
review-best = { $head } as good as the engine's best ({ $best }).
# a score as whose it is: "Black +4", "White -2"
margin = { $side } { $score }
# $mistake is the server's verdict on the move: 0 none, 1 a mistake, 2 a big one
review-outcome = { $head } a { $played } with best play; { $bestmove } was a { $best }{ $mistake ->
    [1] : a mistake (?).
    [2] : a big mistake (??).
   *[0] .
}
review-discs = { $head } { $loss ->
    [one] { $loss } disc
   *[other] { $loss } discs
} worse than { $bestmove } ({ $best }){ $mistake ->
    [1] : a mistake (?).
    [2] : a big mistake (??).
   *[0] .
}
review-count-side = { $side } { $count }{ $big ->
    [0] {""}
   *[other] {" "}({ $big } big)
}
review-count = Mistakes: { $first }, { $second }.
hint-note-discs = Hint: after each move, the disc margin you ({ $side }) can expect at the end (+4: { $side } ahead by 4); framed: the best{ $exact ->
    [yes] ; underlined: solved exactly
   *[no] {""}
}.
hint-note-outcome = Hint: how each move ends for you ({ $side }) with perfect play; framed: the best{ $exact ->
    [yes] ; underlined: solved exactly
   *[no] {""}
}.

## The record of moves: "5. X on 4", "12. White f4", "13. White passed"

record-mark = { $side } on { $square }
record-numbered = { $number }. { $move }
record-move = { $number }. { $side } { $move }
record-passed = { $number }. { $side } passed
