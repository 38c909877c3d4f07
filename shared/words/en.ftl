### taikyoku: every word a player or a host reads, in English.
### ja.ftl has the same entries with the same placeholders (tests/shared/test_words.py).
### Code composes keys and passes facts ($seat, $reason, $count...); the sentences and
### the choice between them live here. Board coordinates (a1-h8), match codes and the
### protocol's error codes are never translated.

## The games, keyed by the game's registry name

tictactoe-title = Tic-tac-toe
othello-title = Othello
# a game on one of its boards: "Othello 8x8"; $sizes counts the boards it is
# played on (tic-tac-toe has one)
game-label = { $sizes ->
    [1] { $title }
   *[other] { $title } { $size }x{ $size }
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
# how the rules decided a finished game: <game>-end-<reason>, by the game's reason
tictactoe-end-line = { $winner ->
    [none] The board is full and nobody has three in a row.
   *[side] { $side } has three in a row.
}
othello-end-discs = { $side0 } { $score0 }, { $side1 } { $score1 } discs.
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
# $winner: none (a draw, or no winner), you, bot, person ($who), side ($side, to a spectator);
# $reason (the result's): a match nobody won because nobody was left at it (abandon, left)
# is no draw.
match-result = { $winner ->
    [none] { $reason ->
        [abandon] No winner.
        [left] No winner.
       *[other] Draw.
    }
    [you] You won!
    [bot] The bot won.
    [person] { $who } won.
   *[side] { $side } won.
}
# How the server ended it. $reason is the server's (resign, left, abandon, time; a
# game's own rules are worded by <game>-end-<reason>, e.g. othello-end-discs);
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

## Refusals, by the protocol's error code (the server's English message is for bot authors):
## $ref is the request refused (hint, analyse...), $match its match code (or "")

error-bad_json = The server could not read that message.
error-bad_message = The server could not understand that request.
error-hello_required = Not connected yet: wait a moment and try again.
error-unsupported_protocol = This server speaks another version of the game's protocol.
error-unknown_match = There is no match { $match } on this server.
error-match_full = That match already has both players.
error-not_a_player = You are not playing in that match.
error-not_your_turn = It is not your turn.
error-illegal_move = That move is not allowed here.
error-stale_ply = The board changed before your move arrived: look again.
error-game_over = The game is already over.
error-rate_limited = { $ref ->
    [chat] Too many chat lines at once: wait a moment, then write again.
    [hint] The engine is still working on your last question: one at a time.
    [analyse] The engine is still working on your last question: one at a time.
    [create] You already have as many unfinished matches as this server allows.
   *[other] Slow down a little, then try again.
}
error-not_allowed = { $ref ->
    [hint] This match was created without hints.
    [analyse] The game is not over yet: the review comes after the end.
    [chat] Only the players may chat in this match.
    [rematch] This match already had its rematch: start a new match.
   *[other] That is not allowed in this match.
}
error-nothing_to_take_back = There is no move of yours to take back.
error-offer_pending = An offer is already waiting for its answer.
error-no_offer = There is no offer to answer.
error-text_too_long = That message is too long.
error-engine_failed = { $ref ->
    [hint] The engine could not work out a hint: you may ask again.
    [analyse] The engine could not work out the review: you may ask again.
   *[other] The engine could not answer: you may ask again.
}
error-opponent_left = Your opponent has left: no rematch.
error-storage_unavailable = The server could not save that: try again in a moment.
error-too_many_connections = Too many connections from this address: close some and try again.
error-too_many_new_players = Too many new players from this address: try again in a minute.
error-too_many_matches = You have too many unfinished matches: finish or leave one first.
error-engine_busy = The engine is busy: try again in a moment.
error-player_match_cap = You already play as many unfinished matches as a player may: finish or resign one first.
error-too_many_stored_matches = Too many matches were started from this address lately: try again later.
error-too_many_lookups = Too many unknown match codes were tried from this address: wait a little.
error-bad_name = That name has a character that could hide or disguise it: choose another name.
error-other = The server refused that.

## The link to the server

link-connecting = Connecting to the game server…
link-closed = the server closed the link
link-going-away = the server is going away
link-other-protocol = the server speaks another protocol version
link-broke = the link broke
link-refused = the server refused this connection
link-too-large = a message was too large
link-no-answer = no answer in time
link-asleep = no answer after the page woke up
link-reconnected = Reconnected.
link-forgotten = The server did not know this browser's player any more (another server, or its games were wiped): you play as a new player.
link-retry = { $first ->
    [yes] Cannot reach the game server
   *[no] Connection lost
} ({ $reason }); trying again in { $seconds } s…
storage-problem = This browser does not let the page remember you: a reload starts as a new player.
welcome-back-one = Welcome back: your unfinished game goes on.

## The page: its title, the lobby, the match screen

page-title = taikyoku
page-title-match = { $turn } – { $game } – taikyoku
page-banner = Link lost – reconnecting by itself{ $kept ->
    [yes] ; your game is kept.
   *[no] .
}
page-link-down = The link to the server is down: try again when it is back.
page-type-code = Type the match code your friend sees on their screen.
page-left-match = You left match { $code }: the game counts as a loss.
page-welcome-back-many = Welcome back: you have { $count } unfinished games. Choose one under “Your games”.
lobby-language = Language
lobby-your-name = Your name
lobby-name-served = Without a name you play as “{ $name }”: type one to change it.
lobby-name-made-up = Without a name you play as “Player” and four letters the server picks.
lobby-name-placeholder = your name
lobby-code-placeholder = code, e.g. K7QX
lobby-new-game = New game
lobby-change = Change the game, opponent, clock…
lobby-play = Play
lobby-game = Game
lobby-opponent = Opponent
lobby-opponent-bot = The computer (bot)
lobby-opponent-person = A person
lobby-level = Bot level
lobby-person-how = After you press Play, tell your friend the match code; they join it from their own lobby.
lobby-first = Who moves first
lobby-first-you = You
lobby-first-other = { $vs ->
    [bot] The bot
   *[human] Your friend
}
lobby-first-random = Random
lobby-clock-choice = Clock (minutes each + seconds per move)
lobby-clock-none = None
lobby-hints-choice = Hints from the engine
lobby-hints-no = Not allowed
lobby-hints-yes = Allowed for both
lobby-privacy = Privacy
lobby-unlisted = Unlisted (friends join by code)
lobby-spectator-chat = Spectators may chat
lobby-join-friend = Join a friend
lobby-their-code = Their match code
lobby-open-matches = Open matches (a seat is free)
lobby-watch-matches = Matches to watch
lobby-your-games = Your games
lobby-none = none right now
# what Play starts: "Othello 8x8 against the bot, level 3 Intermediate"
about-against = { $game } against { $vs ->
    [bot] the bot, level { $level } { $title }
   *[human] a person
}
about-first = { $seat ->
    [first] You move first
    [second] { $vs ->
        [bot] The bot moves first
       *[human] Your friend moves first
    }
   *[random] Who moves first is drawn
}
about-clock = { $clock } clock
about-no-clock = no clock
about-hints = hints allowed
about-unlisted = unlisted
about-players-chat = only the players chat
about-more = { $list }.
button-join = Join
button-watch = Watch
button-resume = Resume
button-accept = Accept
button-decline = Decline
button-takeback = Take back
button-hint = Hint
button-hint-asked = Thinking…
button-analyse = Analyse
button-analysing = Analysing…
button-analysed = Analysed
button-sound-on = Sound on
button-sound-off = Sound off
button-rematch = Rematch
button-rematch-asked = Rematch asked
button-lobby = Back to lobby
button-resign = Resign
button-resign-sure = Sure? Tap again to resign
button-leave = Leave (you lose)
button-leave-sure = Sure? Tap again to leave and lose
button-cancel = Cancel
page-match-title = { $game } · match { $code }
page-match-unlisted = {" "}· unlisted
page-match-clock = {" "}· { $clock } clock
page-match-watching = {" "}(watching)
page-seat-you = You ({ $name })
page-seat-bot = { $level ->
    [none] The bot
   *[other] The bot (level{"\u00A0"}{ $level })
}
page-seat-side = { $side }:{" "}
page-seat-clock = { $side }'s clock
page-seat-discs = discs
rematch-gone = { $who } left the match: no rematch.
page-rematch-wanted = { $who } wants a rematch: press Rematch.
page-rematch-asked = Rematch asked: waiting for { $who }…
page-looking-back = Looking back at move { $number }
page-share-code = Tell your friend the code:{" "}
page-share-how = They { $where ->
    [here] {""}
   *[address] open { $address } and{" "}
}{ $unlisted ->
    [yes] type it under “Join a friend” in the lobby (the match is unlisted)
   *[no] join it from the lobby
}.
page-shown = Shown: { $move }.{" "}
page-shown-start = Shown: the start.{" "}
page-return = Return to the game
page-last-move = Last move: { $move }
page-last-move-none = Last move: none yet
page-tap-looking-back = You are looking back through the game: press >| to return to it.
page-tap-link-down = Not sent: the link to the server is down. Tap again once it is back.
hint-working = The engine is looking at your position…
review-working = The engine is going through the game…
board-label = the board
record-first = first move
record-previous = previous move
record-next = next move
record-live = back to the game
record-where = move { $shown } of { $count } ({ $live ->
    [yes] live
   *[no] looking back
})
record-heading = Moves ({ $count })
chat-heading = { $only ->
    [yes] Chat (players only)
   *[no] Chat
}
chat-placeholder = Say something
chat-line = chat line
chat-send = Send
chat-closed = Spectators cannot chat in this match.
chat-left = { $count ->
    [one] { $count } character left
   *[other] { $count } characters left
}
chat-badge = Chat{" "}
chat-badge-label = { $count ->
    [one] { $count } new chat message: show the chat
   *[other] { $count } new chat messages: show the chat
}
chat-who = { $name }:{" "}
chat-empty = { $open ->
    [yes] No messages yet. Say hello!
   *[no] No messages yet.
}

## What "Add to home screen" shows (the web app manifest)

manifest-description = Tic-tac-toe and Othello with friends and bots on your network

## Common: what the window and the terminal both say (client/common)
## The link: $url is the server's address, $error the system's own words for a failure

link-disconnected = Disconnected.
link-lost = Connection lost ({ $reason }).
link-gave-up = Gave up reconnecting after { $seconds } s: { $reason }
link-reconnected-unknown = Reconnected, but the server did not know us: our matches there are lost.
link-not-connected = not connected to { $url }: { $why }
link-no-hello = { $url } did not answer hello like a taikyoku server ({ $error })
link-protocol-mismatch = protocol mismatch: this client speaks protocol { $version }; the server at { $url } speaks another (play with the same version of taikyoku on both)
link-refused-us = the server at { $url } refused us: { $why }
link-not-welcome = { $url } answered hello with { $what }, not welcome: not a taikyoku server
connect-not-an-address = '{ $url }' is not a websocket address; expected ws://HOST:PORT/
connect-no-host = cannot find the host of { $url } ({ $error })
connect-refused = no server at { $url }: the connection was refused (is `taikyoku serve` running there, on that port?)
connect-timeout = no answer from { $url } in time (wrong address, or a firewall?)
connect-wrong-name = { $url }: that server does not answer to this name; connect by its address (or its operator starts it with --allow-host and this name)
connect-too-many = { $url }: too many connections from this address are open on that server; close some and try again (or its operator raises --max-connections-per-address)
connect-not-websocket = { $url } answered HTTP { $status } instead of a websocket: not a taikyoku server, or the wrong path
connect-not-taikyoku = { $url } is not a taikyoku server (websocket handshake failed: { $error })
connect-failed = cannot connect to { $url }: { $error }
token-unreadable = cannot read the token file { $path }: { $error }
token-unwritable = cannot write the token file { $path }: { $error }
rejoin-timeout = { $url } did not answer the match list in time
lan-server = { $name } at { $url } (protocol { $protocol })
lan-other-protocol = the servers on the LAN speak another protocol: { $servers }; this client speaks protocol { $version }
lan-none = no taikyoku server found on the LAN; start one with `taikyoku serve` or give its address with --server ws://HOST:PORT

## Common: starting up (finding or starting a server, who you are there)

start-looking = Looking for a game server on the LAN...
start-no-discovery = LAN discovery is unavailable ({ $error }); starting a server here.
start-none-usable = { $why }. Starting a server here instead.
start-here = { $looked ->
    [yes] No server found: starting one on this computer...
   *[no] Starting a server on this computer...
}
start-preparing = Preparing the engine (first run only)...
start-connecting = Connecting to { $server }...
start-port-elsewhere = { $error }. If another `taikyoku play` or `taikyoku serve` runs here on another port, connect to it with --server ws://127.0.0.1:PORT
where-found = { $address }, found on the LAN
where-here = this computer (friends join at { $share })
where-already = the server already running on this computer (friends join at { $share })
feature-clock = clocks
feature-hint = hints between people
feature-private = private matches
words-comma = {", "}
# two sentences in a row (Japanese runs them together)
words-sentences = { $first } { $second }
words-or = { $first } or { $rest }
start-not-offered = This server does not offer { $missing }: the match is played without them.
settings-unsaved = cannot save the settings in { $path }: { $error }
identity-in-use = the token file { $path } is in use by another taikyoku client (leave out --token-file to play as another player)
identity-cannot-forget = cannot forget the player in { $path }: { $error }
identity-cannot-use = cannot use { $directory } for the player's token: { $error }
identity-not-remembered = Your player cannot be remembered ({ $why }); this run plays as a new player.
identity-another-slot = Another taikyoku client here is already your usual player on this server, so this one plays as another player.
identity-all-slots = { $count } taikyoku clients here already play on this server; this one is a new player for this run only.

## Common: what a person types (a match code, a clock)

code-invalid = '{ $text }' is not a match code (letters and digits).
clock-invalid = '{ $text }' is not a clock: type minutes and the seconds added per move, like 5+3.
clock-initial-range = Each side gets 1 second to { $most } minutes, not { $minutes } minutes.
clock-increment-range = The seconds added per move are 0 to { $most }, not { $seconds }.

## Common: a match in the lobby's lists

# one match in the lobby's lists: "K7QX  Othello 8x8: Taro vs the bot (level 3), 2 watching"
lobby-line = { $code }  { lobby-what }
# without the code, where the page shows it apart; in "Your games" whose turn it is
# in the place of the players
lobby-what = { $game }: { $who }{ $extra }

## Common: a typed move the game cannot read ($help: the game's "slot 0-8", "a square like d3")

why-not-a-move = '{ $text }' is not a move ({ $help }).

## Common: the `taikyoku` command's own help (client/cli.py)

cli-usage = usage: taikyoku { $commands } [options]
cli-about = Networked tic-tac-toe and Othello for a LAN.
cli-commands = commands:
cli-play = play in a window (finds or starts a server)
cli-tui = play in the terminal
cli-bot = headless bot: play N games against a server
cli-serve = run a game server for the LAN
cli-records = list and print stored game records
cli-command-help = `taikyoku COMMAND --help` lists a command's options.
cli-unknown = taikyoku: unknown command '{ $command }'

## Terminal: `taikyoku tui`'s lines, prompts and commands

tui-could-not-start = taikyoku tui: could not start: { $why }
tui-stopped = taikyoku tui: { $why }
tui-connected = Connected to { $server } as { $name }: { $where }.
tui-invite = Friends can open { $address } in a browser.
tui-welcome-back = Welcome back: your unfinished game (match { $code }) goes on.
tui-input-ended = The input ended: your seat in match { $code } is kept; run the same command again to go on.
tui-link-down = Not sent: the link to the server is down (it reconnects by itself). Type it again once it is back; q quits.
tui-quit-link-down = The link to the server is down: quitting without leaving, so your seat in match { $code } is kept; run the same command again to go on.
tui-request-lost = The request was lost with the connection: please choose again.
tui-semicolon = {"; "}
tui-not-an-option = '{ $answer }' is not one of: { $options }.
# the words that give a command, as typed (the English ones work in every language)
tui-keys-hint = h, hint
tui-keys-takeback = t, takeback
tui-keys-analyse = a, analyse, analyze
tui-keys-clock = c, clock
tui-keys-bell = bell
tui-keys-resign = resign
tui-keys-help = ?, help
tui-keys-quit = q, quit, exit
tui-keys-lobby = l, lobby
tui-keys-moves = m, moves
tui-keys-board = board
tui-keys-rematch = r, rematch
tui-keys-pass = pass
tui-keys-yes = y, yes
tui-keys-no = n, no
tui-keys-say = say TEXT

## Terminal: the lobby's questions

tui-unfinished = You have { $count ->
    [one] { $count } unfinished game
   *[other] { $count } unfinished games
}:
tui-unfinished-row = { $what }: { $now }
tui-ask-unfinished = Go on with which one? (a number, or l for the lobby)
tui-lobby-play = Play: { $games }; { $unfinished ->
    [0] {""}
   *[other] u your unfinished games ({ $unfinished }),{" "}
}j join a match, w watch one, q quit
tui-ask-opponent = Opponent: b the bot, p a person on the LAN
tui-ask-level = Bot level ({ $low }-{ $high })
tui-ask-first = Who moves first: f you, s { $vs ->
    [bot] the bot
   *[human] your friend
}, r random
tui-ask-hints = Allow hints (the engine's scores) for both of you?
tui-ask-unlisted = Unlisted (friends join by the code, it is not in the lobby's list)?
tui-ask-spectator-chat = Spectators may chat?
tui-ask-clock = Clock: minutes each + seconds added per move, like 5+3, or Enter for none:{" "}
tui-clock-chosen = A { $clock } clock.
tui-matches-watch = Matches to watch:
tui-matches-open = Open matches:
tui-list-clock = { $clock } clock
tui-list-hints = hints
tui-list-watching = { $count } watching
tui-no-matches-watch = No matches to watch right now.
tui-no-matches-open = No open matches right now; you can still type a code.
tui-ask-code = Match code or number (Enter to go back):{" "}
tui-not-in-list = { $text } is not a number from the list (1 to { $count }).

## Terminal: a match's prompts and replies

tui-prompt-over = { $rematch ->
    [yes] r rematch,{" "}
   *[no] {""}
}{ $analyse ->
    [yes] a analyse,{" "}
   *[no] {""}
}l lobby, m moves, q quit:{" "}
tui-prompt-takeback = { $who } asks to take back their last move. Accept? (y/n){" "}
tui-prompt-move = Your move ({ $side }{ $clock ->
    [none] {""}
   *[other] , { $clock }
}), { $help } ({ $hint ->
    [yes] h hint,{" "}
   *[no] {""}
}{ $takeback ->
    [yes] t takeback,{" "}
   *[no] {""}
}? help):{" "}
tui-confirm-leave = Leave and lose this game? (y/n){" "}
tui-confirm-resign = Resign this game? (y/n){" "}
tui-still-playing = Still playing.
tui-moves = Moves: { $moves }
tui-moves-none = none yet
tui-rematch-asked = Rematch asked.
tui-over-keys = '{ $text }': the game is over; type r, a, l, m or q.
tui-resign-not-playing = You can resign only a game you are playing.
tui-why-commands = { $why } (? for the commands)
tui-not-offered = This server does not offer { $feature ->
    [hint] hints
    [takeback] takebacks
    [analyse] the engine's review
   *[chat] chat
} (it is older than this client).
tui-say-how = Type say and your message, like: say good game!
tui-no-clock = This match has no clock.
tui-bell-on = The bell rings when it is your turn.
tui-bell-off = No bell.
tui-recent-chat = Recent chat:
tui-hint-asked = Asking the engine...
tui-review-asked = Asking the engine to go through the whole game (a few seconds)...
tui-players-only = Only the players may chat in this match: spectators read along.

## Terminal: the help (? or help)

tui-help-heading = Commands:
tui-help-move = play that move
tui-help-hint = the engine's score for each of your moves{ $allowed ->
    [yes] {""}
   *[no] {" "}(not allowed in this match)
}
tui-help-takeback = take back your last move (a person is asked first)
tui-help-say = send TEXT to everyone in this match{ $may ->
    [yes] {""}
   *[no] {" "}(only the players may)
}
tui-help-clock = both clocks now
tui-help-moves = the moves so far
tui-help-board = the board again
tui-help-resign = give up this game
tui-help-lobby = leave this match
tui-help-quit = quit (Ctrl-D quits and keeps your seat)
tui-help-bell = ring the bell when it is your turn: { $on ->
    [yes] on
   *[no] off
}
tui-help-stop-watching = stop watching
tui-help-quit-watching = quit
tui-help-help = this list
tui-help-after = After the game: { $rematch ->
    [yes] r rematch,{" "}
   *[no] {""}
}{ $analyse ->
    [yes] a analyse (the engine on each move),{" "}
   *[no] {""}
}l lobby, m moves, q quit.

## Terminal: a match as printed

# "Othello 8x8, match K7QX (unlisted): Black (X) You 2 - White (O) The bot 2"
tui-heading = { $game }, match { $code }{ $unlisted ->
    [yes] {" "}(unlisted)
   *[no] {""}
}{ $watching ->
    [yes] {" "}(watching)
   *[no] {""}
}: { $sides }
# a side and the board's character for it: "Black (X)"
tui-side-mark = { $side } ({ $mark })
tui-side-scored = { $side } { $who } { $score }
tui-side-named = { $side }: { $who }
# a player and their side: "You (Black)"
tui-who-side = { $who } ({ $side })
tui-result = { $result } { $reason }
tui-taken-back = Taken back: { $count ->
    [one] { $count } move
   *[other] { $count } moves
} undone.
tui-last-move = { $who } played { $move }{ $flips ->
    [0] {""}
   *[other] , turning over { $flips }
}.
tui-waiting-share = Waiting for an opponent. Tell your friend the code { $code }: they { $unlisted ->
    [yes] type it at the lobby's j (the match is unlisted)
   *[no] find it in the lobby (j)
}, or run `{ $command }` (or `taikyoku play` with the same flags).
tui-back-online = { $who } is back online.
tui-lost-link = { $who } lost the connection; their seat is held for a while.
tui-went-offline = { $who } went offline.
tui-wants-rematch = { $who } wants a rematch: type r to accept.
tui-clocks = Clocks ({ $control }): { $first }, { $second }.
tui-clock-side = { $who } { $time }{ $running ->
    [yes] {" "}running
   *[no] {""}
}
# $unit: seconds below ten seconds ("9.4 seconds"), else none ("0:19")
tui-low-time = Low on time: { $left }{ $unit ->
    [seconds] {" "}seconds
   *[none] {""}
} left on your clock.

## Terminal: the engine's hint and review

tui-hint-you = you ({ $side })
tui-hint-group = { $word } with { $moves }
tui-hint-outcome = With perfect play from both, for { $you }{ $estimate ->
    [yes] {" "}(an estimate)
   *[no] {""}
}: { $ranked }.
tui-hint-best-first = Best first for { $you }: { $ranked }.
tui-hint-scores = Scores: the disc margin { $you } can expect at the end after that move (+ ahead, - behind), with best play from both{ $exact ->
    [yes] ; = exact (solved to the end){ $depth ->
        [0] {""}
       *[other] ; the others looked { $depth } moves ahead
    }
   *[no] { $depth ->
        [0] {""}
       *[other] ; estimates looking { $depth } moves ahead
    }
}.
tui-review-none = No move was played in this game: the engine has nothing to review.
tui-review-title = The engine's review of each move (? a mistake, ?? a big one):
tui-review-col-move = Move
tui-review-col-side = Side
tui-review-col-played = Played
tui-review-col-best = Best
tui-review-passed = { $side } passed
tui-review-col-lost = { $scored ->
    [yes] Lost
   *[no] Played gives
}
# the engine's best move and its margin in the review's table: "d5 (Black +5=)", = exact
tui-review-best = { $move } ({ $margin }{ $exact ->
    [yes] =
   *[no] {""}
})
tui-review-scores-discs = Scores: the disc margin at the end with best play, for the side named; = exact (solved to the end). ? and ?? are the server's verdict: a small loss, within what the engine can tell apart, is no mistake.
tui-review-scores-outcome = Scores: the result with perfect play, for the side that moved.
tui-review-clean = { $who }: no mistakes.
tui-review-mistakes = { $who }: { $count ->
    [one] { $count } mistake
   *[other] { $count } mistakes
}{ $big ->
    [0] {""}
   *[other] {" "}({ $big } big)
}, { $discs ->
    [one] { $discs } disc
   *[other] { $discs } discs
} given away in them.
tui-review-slipped = { $who }: the result slipped at move { $moves }.

## Window

window-starting = Starting…
window-start-failed = Could not start: { $why }
window-retrying = Trying again…
window-try-again = Try again
window-quit = Quit
window-welcome-back-many = Welcome back: you have { $count } unfinished games; choose one to go on with.
window-setting-unsaved = The setting could not be saved in { $path } ({ $why }): it holds until you close the window.
window-server = Server: { $name }
window-head-clock = Clock
window-opponent-person = A person (LAN)
window-bot-level = Bot level: { $level }
# a level's button: "3 Intermediate"
window-level-button = { $level } { $title }
window-friend-joins = Your friend joins with the match code you get.
window-hints-no = No hints
window-hints-yes = Hints allowed for both
window-join-head = Join a friend's match by its code
window-more-above = More above ({ $count }): scroll up
window-more-below = More below ({ $count }): scroll down
window-unfinished = Your unfinished games
window-invitation = Friends can open { $address } in a browser.
# the keys' legend at the foot of the start screen: a key, then what it does
window-key-games = 1-{ $count } game
window-key-opponent = B bot / P person
window-key-level = +/- level
window-key-first = F/S/R who starts
window-key-clock = C clock
window-key-hints = H hints
window-key-unlisted = U unlisted
window-key-spectators = W spectators chat
window-key-play = Enter play
window-key-code = J code
window-key-tab = Tab next box
window-key-refresh = F5 refresh
window-key-language = L language
window-key-quit = Esc quit
window-looking-back-click = You are looking back through the game: press End to return to it.
window-takeback-nothing = Nothing to take back yet: you have not moved.
window-takeback-not-now = You cannot take back now.
window-hints-off = Hints are off in this match (whoever created it did not allow them).
window-hint-wait = Hints are for the player to move: wait for your turn.
window-no-sound = No sound on this computer ({ $why }).
window-offline = Offline: moves wait until the link is back.
window-looking-back = Looking back at move { $number } (End: back to the game)
window-share-code = Tell your friend the code: { $code }
window-share-how = Their window finds this server on the LAN { $unlisted ->
    [yes] and they type the code under Join (the match is unlisted)
   *[no] and lists the match
}; or they run: taikyoku play --server { $address } --join { $code }
# the bot's turn, its dots pulsing: "The bot is thinking."
window-thinking = { $turn }{ $dots ->
    [1] .
    [2] ..
   *[other] ...
}
window-sound-none = No sound
window-rematch-gone = They left: no rematch
window-resign-sure = Sure? Click to resign
window-leave-sure = Sure? Leaving loses
# on the square the engine preferred, in a reviewed game
window-engine-best = best
# a player's row: "Black: You (Taro)"
window-seat = { $side }: { $name }
window-seat-named = { $label } ({ $name })
window-rematch-wanted = { $who } wants a rematch: press Rematch (N).
window-chat-placeholder = Chat: Enter to write
window-audio-format = the audio mixer uses { $bits }-bit samples, which the sounds do not support (only { $supported })
window-no-display = taikyoku play: cannot open a window ({ $error }); `taikyoku tui` plays in the terminal with the same flags
