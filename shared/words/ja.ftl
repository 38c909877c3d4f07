### taikyoku: 遊ぶ人と主催する人が読む言葉のすべて（日本語）。
### en.ftl と同じ項目・同じ差し込み（$...）を持つ（tests/shared/test_words.py）。
### 盤の座標（a1-h8）、対局コード、プロトコルのエラーコードは訳さない。

## ゲーム（登録名ごと）

tictactoe-title = 三目並べ（○×）
othello-title = オセロ
game-label = { $game ->
    [tictactoe] { tictactoe-title }
   *[othello] { othello-title } { $size }×{ $size }
}
tictactoe-side-0 = ×
tictactoe-side-1 = ○
othello-side-0 = 黒
othello-side-1 = 白
tictactoe-move-help = マスの番号 0-8
othello-move-help = d3 のようなマス
tictactoe-square = { $square } 番のマス
othello-square = { $square }
tictactoe-illegal-why = はもう埋まっています
othello-illegal-why = に打っても石を返せません
tictactoe-end = { $winner ->
    [none] マスがすべて埋まり、どちらも三つ並びませんでした。
   *[side] { $side }が三つ並べました。
}
othello-end = { $side0 } { $score0 } 石、{ $side1 } { $score1 } 石。
move-pass = パス

## コンピューターの強さ

level-1-title = はじめて
level-2-title = かんたん
level-3-title = ふつう
level-4-title = つよい
level-5-title = 達人
level-1-feel = でたらめに打つ
level-2-feel = いま一番よさそうな手を取る
level-3-feel = 数手先まで読む
level-4-feel = さらに先まで読み、めったに間違えない
level-5-feel = 全力のエンジン
level-words = { $level } { $title }：{ $feel }

## 文の中の人

who-you = あなた
who-bot = コンピューター
who-nobody = まだいません
player-bot = { $level ->
    [none] コンピューター
   *[other] コンピューター（レベル { $level }）
}
player-someone = だれか
player-nobody = だれもいない
player-nobody-yet = まだだれもいない
away-left = 対局から退出しました
away-offline = オフライン
away-waiting = オフライン - 戻るのを待っています
chat-watching = { $who }（観戦中）

## 持ち時間：「5分 +3秒」「1分」「90秒」

clock-words = { $unit ->
    [minutes] { $minutes }分
   *[seconds] { $seconds }秒
}{ $increment ->
    [0] {""}
   *[other] {" "}+{ $increment }秒
}

## ロビーの対局の行

lobby-versus = { $first } 対 { $second }
lobby-clock = 、持ち時間 { $clock }
lobby-hints = 、ヒントあり
lobby-players-chat = 、チャットは対局者のみ
lobby-watching = 、{ $count }人が観戦中

## 手番、パス、対局の終わり

match-loading = 対局を読み込んでいます…
match-waiting = 相手が入るのを待っています。
turn-yours = あなたの番です（{ $side }）
turn-bot = コンピューターが考えています…
turn-offline = { $who }（{ $side }）を待っています：オフラインです
turn-theirs = { $who }の番です（{ $side }）
pass-note = { $who }（{ $side }）は打てる所がないのでパスしました。
match-result = { $winner ->
    [none] 引き分け。
    [you] あなたの勝ち！
    [bot] コンピューターの勝ち。
    [person] { $who }の勝ち。
   *[side] { $side }の勝ち。
}
match-reason = { $reason ->
    [resign] { $loser ->
        [none] 対局は中止になりました。
       *[other] { $who }が投了しました。
    }
    [left] { $loser ->
        [none] 対局は中止になりました。
       *[other] { $who }が対局から退出しました。
    }
    [abandon] { $loser ->
        [none] { $moved ->
            [no] 対局は中止になりました。
           *[yes] 二人とも長く離れていたため、対局は打ち切りになりました。
        }
       *[other] { $who }が退出したまま戻りませんでした。
    }
    [time] { $loser ->
        [none] 時間切れです。
       *[other] { $who }の持ち時間が切れました。
    }
    [line] { tictactoe-end }
    [discs] { othello-end }
   *[other] 対局は終わりました。
}
resume-versus = { $game } 対 { $against }
resume-played = { $count ->
    [0] {""}
   *[other] { $count }手打ちました。
}

## 打つ前にわかる、打てない理由

why-loading = 対局を読み込んでいます。
why-watching = この対局は観戦中です。
why-waiting = 相手が入るまでお待ちください。
why-over = 対局は終わりました。
why-bot-thinking = まだあなたの番ではありません：コンピューターが考えています。
why-not-your-turn = まだあなたの番ではありません：{ $who }の番です。
why-off-board = { $square } は盤の外です。
why-taken = { $square } はもう埋まっています。
why-illegal = { $square }{ $why }。打てる所：{ $legal }。
why-no-pass = パスは要りません：打てる所がないときは、サーバーが代わりにパスします。

## 待った、ヒント、対局の振り返り

takeback-asked = 待ったを申し込みました：{ $who }の返事を待っています。
takeback-watching = { $who }が { $count } 手の待ったを申し込んでいます。
takeback-offer = { $who }が待ったを申し込んでいます{ $reply ->
    [yes] （相手の手とあなたの手を戻します）
   *[no] {""}
}。
takeback-declined = { $who }が待ったを断りました。
takeback-accepted = 待ったが受け入れられ、手を戻しました。
takeback-undone = 手を戻しました。
takeback-lapsed = 返事の前に手が打たれたので、待ったは取り消されました。
score-win = 勝ち
score-draw = 引き分け
score-loss = 負け
review-head = { $number } 手目、{ $side } { $move }：
review-best = { $head }エンジンの最善と同じです（{ $best }）。
margin = { $side } { $score }
review-outcome = { $head }最善を尽くして{ $played }になる手です。{ $bestmove } なら{ $best }でした。{ $mistake ->
    [1] 悪手（?）。
    [2] 大悪手（??）。
   *[0] {""}
}
review-discs = { $head }{ $bestmove }（{ $best }）より { $loss } 石悪い手です。{ $mistake ->
    [1] 悪手（?）。
    [2] 大悪手（??）。
   *[0] {""}
}
review-count-side = { $side } { $count }{ $big ->
    [0] {""}
   *[other] （うち大悪手 { $big }）
}
review-count = 悪手：{ $first }、{ $second }。
hint-note-discs = ヒント：各手のあと最後に見込める石差です（あなた＝{ $side } から見て。+4 は { $side } が 4 石多い）。枠：最善{ $exact ->
    [yes] 。下線：完全読み
   *[no] {""}
}。
hint-note-outcome = ヒント：最善を尽くしたとき各手がどう終わるかです（あなた＝{ $side } から見て）。枠：最善{ $exact ->
    [yes] 。下線：完全読み
   *[no] {""}
}。

## 棋譜：「5. × 4 番」「12. 白 f4」「13. 白 パス」

record-mark = { $side } { $square } 番
record-numbered = { $number }. { $move }
record-move = { $number }. { $side } { $move }
record-passed = { $number }. { $side } パス
