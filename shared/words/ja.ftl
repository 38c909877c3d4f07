### taikyoku: 遊ぶ人と主催する人が読む言葉のすべて（日本語）。
### en.ftl と同じ項目・同じ差し込み（$...）を持つ（tests/shared/test_words.py）。
### 盤の座標（a1-h8）、対局コード、プロトコルのエラーコードは訳さない。

## ゲーム（登録名ごと）

tictactoe-title = 三目並べ（○×）
othello-title = オセロ
game-label = { $sizes ->
    [1] { $title }
   *[other] { $title } { $size }×{ $size }
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
tictactoe-end-line = { $winner ->
    [none] マスがすべて埋まり、どちらも三つ並びませんでした。
   *[side] { $side }が三つ並びました。
}
othello-end-discs = { $side0 } { $score0 } 石、{ $side1 } { $score1 } 石。
move-pass = パス

## コンピューターの強さ

level-1-title = はじめて
level-2-title = かんたん
level-3-title = ふつう
level-4-title = つよい
level-5-title = 達人
level-1-feel = でたらめに打つ
level-2-feel = その場で一番よさそうな手を打つ
level-3-feel = 数手先まで読む
level-4-feel = さらに先まで読み、めったに間違えない
level-5-feel = 全力で読む、いちばん強い相手
level-words = { $level } { $title }：{ $feel }

## 文の中の人

who-you = あなた
who-bot = コンピューター
who-nobody = まだいません
player-bot = { $level ->
    [none] コンピューター
   *[other] コンピューター（強さ { $level }）
}
player-someone = だれか
player-nobody = だれもいない
player-nobody-yet = まだだれもいない
away-left = 対局から退出しました
away-offline = オフライン
away-waiting = オフライン（戻るのを待っています）
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
turn-offline = { $who }（{ $side }）の番ですが、いまオフラインです
turn-theirs = { $who }の番です（{ $side }）
pass-note = { $who }（{ $side }）は打てる所がないのでパスしました。
match-result = { $winner ->
    [none] { $reason ->
        [abandon] 勝ち負けはありません。
        [left] 勝ち負けはありません。
       *[other] 引き分けです。
    }
    [you] あなたの勝ちです！
    [bot] コンピューターの勝ちです。
    [person] { $who }の勝ちです。
   *[side] { $side }の勝ちです。
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
   *[other] 対局は終わりました。
}
resume-versus = { $game } 対 { $against }
resume-played = { $count ->
    [0] {""}
   *[other] { $count }手まで進んでいます。
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
why-no-pass = パスは自分でしなくて大丈夫です。打てる所がないときは自動でパスになります。

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
review-outcome = { $head }お互いに最善を尽くすと{ $played }になる手です。{ $bestmove } なら{ $best }でした。{ $mistake ->
    [1] 悪手（?）。
    [2] 大悪手（??）。
   *[0] {""}
}
review-discs = { $head }{ $bestmove }（{ $best }）より { $loss } 石損な手です。{ $mistake ->
    [1] 悪手（?）。
    [2] 大悪手（??）。
   *[0] {""}
}
review-count-side = { $side } { $count }{ $big ->
    [0] {""}
   *[other] （うち大悪手 { $big }）
}
review-count = 悪手：{ $first }、{ $second }。
hint-note-discs = ヒント：数字は、その手を打ったとき最後に見込める石の差です（あなた＝{ $side }から見て。+4 なら{ $side }が 4 石多い）。枠：最善{ $exact ->
    [yes] 。下線：完全読み
   *[no] {""}
}。
hint-note-outcome = ヒント：お互いに最善を尽くしたとき、その手がどう終わるかです（あなた＝{ $side }から見て）。枠：最善{ $exact ->
    [yes] 。下線：完全読み
   *[no] {""}
}。

## 棋譜：「5. × 4 番」「12. 白 f4」「13. 白 パス」

record-mark = { $side } { $square } 番
record-numbered = { $number }. { $move }
record-move = { $number }. { $side } { $move }
record-passed = { $number }. { $side } パス

## 断られたとき（プロトコルのエラーコードごと）

error-bad_json = サーバーがメッセージを読めませんでした。
error-bad_message = サーバーがその操作を理解できませんでした。
error-hello_required = まだ接続中です。少し待ってからもう一度どうぞ。
error-unsupported_protocol = このサーバーは別の版の通信方式を使っています。
error-unknown_match = 対局 { $match } はこのサーバーにありません。
error-match_full = その対局にはもう二人そろっています。
error-not_a_player = あなたはその対局の対局者ではありません。
error-not_your_turn = まだあなたの番ではありません。
error-illegal_move = そこには打てません。
error-stale_ply = その手が届く前に盤面が変わりました。盤面を確かめてから、もう一度どうぞ。
error-game_over = 対局はもう終わっています。
error-rate_limited = { $ref ->
    [chat] チャットが多すぎます。少し待ってから書いてください。
    [hint] エンジンはまだ前の質問を考えています。一度に一つずつです。
    [analyse] エンジンはまだ前の質問を考えています。一度に一つずつです。
    [create] このサーバーで持てる途中の対局の数がいっぱいです。
   *[other] 操作が速すぎます。少し待ってからもう一度どうぞ。
}
error-not_allowed = { $ref ->
    [hint] この対局はヒントなしで作られました。
    [analyse] 対局はまだ終わっていません。振り返りは終局後です。
    [chat] この対局でチャットできるのは対局者だけです。
    [rematch] この対局の再戦はもう済んでいます。新しい対局を始めてください。
   *[other] この対局ではそれはできません。
}
error-nothing_to_take_back = 戻せるあなたの手がありません。
error-offer_pending = 前の申し込みがまだ返事を待っています。
error-no_offer = 返事をする申し込みがありません。
error-text_too_long = メッセージが長すぎます。
error-engine_failed = { $ref ->
    [hint] エンジンがヒントを出せませんでした。もう一度どうぞ。
    [analyse] エンジンが振り返りをできませんでした。もう一度どうぞ。
   *[other] エンジンが答えられませんでした。もう一度どうぞ。
}
error-opponent_left = 相手が退出しました。再戦はできません。
error-storage_unavailable = サーバーが保存できませんでした。少ししてからもう一度どうぞ。
error-too_many_connections = このアドレスからの接続が多すぎます。いくつか閉じてからもう一度どうぞ。
error-too_many_new_players = このアドレスから新しい人が多すぎます。1分ほどしてからもう一度どうぞ。
error-too_many_matches = 終わっていない対局が多すぎます。どれかを終えるか退出してください。
error-engine_busy = エンジンが混み合っています。少ししてからもう一度どうぞ。
error-player_match_cap = 一人が持てる途中の対局の数がいっぱいです。どれかを終えるか投了してください。
error-too_many_stored_matches = このアドレスから最近始めた対局が多すぎます。しばらくしてからどうぞ。
error-too_many_lookups = このアドレスから知らない対局コードが多く試されました。少し待ってください。
error-bad_name = その名前には、名前を隠したり偽ったりできる文字が入っています。別の名前にしてください。
error-other = サーバーに断られました。

## サーバーとの接続

link-connecting = 対局サーバーに接続しています…
link-closed = サーバーが接続を閉じました
link-going-away = サーバーが止まろうとしています
link-other-protocol = サーバーの通信方式の版が違います
link-broke = 通信が途中で途切れました
link-refused = サーバーが接続を断りました
link-too-large = メッセージが大きすぎました
link-no-answer = 時間内に応答がありません
link-asleep = 画面が戻ったあと応答がありません
link-reconnected = 再接続しました。
link-forgotten = サーバーがこのブラウザーの記録を覚えていませんでした（別のサーバーか、対局が消されました）。新しい人として遊びます。
link-retry = { $first ->
    [yes] 対局サーバーにつながりません
   *[no] 接続が切れました
}（{ $reason }）。{ $seconds }秒後にもう一度試します…
storage-problem = このブラウザーはページに記憶させてくれません。再読み込みすると新しい人になります。
welcome-back-one = おかえりなさい。途中の対局の続きです。

## ページ：題名、ロビー、対局の画面

page-title = taikyoku 対局
page-title-match = { $turn } – { $game } – taikyoku
page-banner = 接続が切れました – 自動でつなぎ直しています{ $kept ->
    [yes] 。対局はそのまま残っています。
   *[no] 。
}
page-link-down = サーバーとの接続が切れています。戻ったらもう一度どうぞ。
page-type-code = 友だちの画面に出ている対局コードを入れてください。
page-left-match = 対局 { $code } から退出しました。この対局は負けになります。
page-welcome-back-many = おかえりなさい。途中の対局が { $count } 局あります。「あなたの対局」から選んでください。
lobby-language = 言語
lobby-your-name = あなたの名前
lobby-name-served = 名前がないと「{ $name }」として遊びます。変えるには名前を入れてください。
lobby-name-made-up = 名前がないと「Player」とサーバーが選ぶ4文字の名前で遊びます。
lobby-name-placeholder = 名前
lobby-code-placeholder = コード（例 K7QX）
lobby-new-game = 新しい対局
lobby-change = ゲーム・相手・持ち時間を変える…
lobby-play = 対局開始
lobby-game = ゲーム
lobby-opponent = 相手
lobby-opponent-bot = コンピューター
lobby-opponent-person = 人
lobby-level = コンピューターの強さ
lobby-person-how = 「対局開始」を押したら、友だちに対局コードを伝えてください。友だちは自分のロビーから入ります。
lobby-first = 先手
lobby-first-you = あなた
lobby-first-other = { $vs ->
    [bot] コンピューター
   *[human] 友だち
}
lobby-first-random = くじ引き
lobby-clock-choice = 持ち時間（各自の分 + 一手ごとの秒）
lobby-clock-none = なし
lobby-hints-choice = エンジンのヒント
lobby-hints-no = なし
lobby-hints-yes = 二人とも使える
lobby-privacy = 公開の設定
lobby-unlisted = 一覧に出さない（友だちはコードで入る）
lobby-spectator-chat = 観戦者もチャットできる
lobby-join-friend = 友だちの対局に入る
lobby-their-code = 友だちの対局コード
lobby-open-matches = 相手募集中の対局
lobby-watch-matches = 観戦できる対局
lobby-your-games = あなたの対局
lobby-none = いまはありません
about-against = { $game }、相手は{ $vs ->
    [bot] コンピューター（強さ { $level } { $title }）
   *[human] 人
}
about-first = { $seat ->
    [first] あなたが先手
    [second] { $vs ->
        [bot] コンピューターが先手
       *[human] 友だちが先手
    }
   *[random] 先手はくじ引き
}
about-clock = 持ち時間 { $clock }
about-no-clock = 持ち時間なし
about-hints = ヒントあり
about-unlisted = 一覧に出さない
about-players-chat = チャットは対局者のみ
about-more = { $list }
button-join = 入る
button-watch = 観戦
button-resume = 続ける
button-accept = 受ける
button-decline = 断る
button-takeback = 待った
button-hint = ヒント
button-hint-asked = 考え中…
button-analyse = 振り返り
button-analysing = 振り返り中…
button-analysed = 振り返り済み
button-sound-on = 音あり
button-sound-off = 音なし
button-rematch = もう一局
button-rematch-asked = もう一局を申し込み済み
button-lobby = ロビーへ戻る
button-resign = 投了
button-resign-sure = 本当に？もう一度押すと投了
button-leave = 退出（負けになります）
button-leave-sure = 本当に？もう一度押すと退出して負けです
button-cancel = やめる
page-match-title = { $game } · 対局 { $code }
page-match-unlisted = {" "}· 一覧に出さない
page-match-clock = {" "}· 持ち時間 { $clock }
page-match-watching = （観戦中）
page-seat-you = あなた（{ $name }）
page-seat-bot = { $level ->
    [none] コンピューター
   *[other] コンピューター・強さ{ $level }
}
page-seat-side = { $side }：
page-seat-clock = { $side }の持ち時間
page-seat-discs = 石の数
rematch-gone = { $who }が対局から退出しました。再戦はできません。
page-rematch-wanted = { $who }がもう一局を望んでいます：「もう一局」を押してください。
page-rematch-asked = もう一局を申し込みました：{ $who }の返事を待っています…
page-looking-back = { $number } 手目を振り返っています
page-share-code = 友だちにこのコードを伝えてください：
page-share-how = 友だちは{ $where ->
    [here] {""}
   *[address] { $address } を開いて、
}{ $unlisted ->
    [yes] ロビーの「友だちの対局に入る」にコードを入れます（一覧には出ません）
   *[no] ロビーから入ります
}。
page-shown = 表示中：{ $move }。
page-shown-start = 表示中：開始の局面。
page-return = 対局に戻る
page-last-move = 直前の手：{ $move }
page-last-move-none = 直前の手：まだありません
page-tap-looking-back = 対局を振り返っています。>| を押すと対局に戻ります。
page-tap-link-down = 送れませんでした：サーバーとの接続が切れています。戻ったらもう一度押してください。
hint-working = エンジンがあなたの局面を調べています…
review-working = エンジンが対局を振り返っています…
board-label = 盤
record-first = 最初の手
record-previous = 前の手
record-next = 次の手
record-live = 対局に戻る
record-where = { $count } 手中 { $shown } 手目（{ $live ->
    [yes] 最新
   *[no] 振り返り中
}）
record-heading = 棋譜（{ $count } 手）
chat-heading = { $only ->
    [yes] チャット（対局者のみ）
   *[no] チャット
}
chat-placeholder = メッセージを書く
chat-line = チャットの文
chat-send = 送る
chat-closed = この対局では観戦者はチャットできません。
chat-left = あと { $count } 文字
chat-badge = チャット{" "}
chat-badge-label = 新しいチャットが { $count } 件：チャットを見る
chat-who = { $name }：
chat-empty = { $open ->
    [yes] まだメッセージはありません。あいさつしてみましょう！
   *[no] まだメッセージはありません。
}

## 「ホーム画面に追加」で出る説明（ウェブアプリのマニフェスト）

manifest-description = LAN で友だちやコンピューターと三目並べ・オセロ

## 共通：ウィンドウと端末が同じように言うこと（client/common）
## 接続：$url はサーバーのアドレス、$error はシステム自身の言葉による失敗の理由

link-disconnected = 切断しました。
link-lost = 接続が切れました（{ $reason }）。
link-gave-up = { $seconds }秒つなぎ直しを試しましたが、あきらめました：{ $reason }
link-reconnected-unknown = つなぎ直しましたが、サーバーがこちらを覚えていませんでした。そのサーバーでの対局は失われました。
link-not-connected = { $url } に接続していません：{ $why }
link-no-hello = { $url } は taikyoku のサーバーとして応答しませんでした（{ $error }）
link-protocol-mismatch = 通信方式の版が違います：このクライアントは版 { $version }、{ $url } のサーバーは別の版です（両方で同じ版の taikyoku を使ってください）
link-refused-us = { $url } のサーバーに断られました：{ $why }
link-not-welcome = { $url } は { $what } で応答しました。taikyoku のサーバーではありません
connect-not-an-address = 「{ $url }」は websocket のアドレスではありません。ws://ホスト:ポート/ の形で入れてください
connect-no-host = { $url } のホストが見つかりません（{ $error }）
connect-refused = { $url } にサーバーがありません：接続を断られました（そのアドレスとポートで `taikyoku serve` が動いていますか？）
connect-timeout = { $url } から時間内に応答がありません（アドレスの間違いか、ファイアウォールでは？）
connect-wrong-name = { $url }：そのサーバーはこの名前では応答しません。アドレスで接続してください（または、サーバーの管理者が --allow-host でこの名前を許可します）
connect-too-many = { $url }：このアドレスからそのサーバーへの接続が多すぎます。いくつか閉じてからもう一度どうぞ（または、管理者が --max-connections-per-address を上げます）
connect-not-websocket = { $url } は websocket ではなく HTTP { $status } で応答しました。taikyoku のサーバーではないか、パスが違います
connect-not-taikyoku = { $url } は taikyoku のサーバーではありません（websocket の接続に失敗：{ $error }）
connect-failed = { $url } に接続できません：{ $error }
token-unreadable = トークンのファイル { $path } を読めません：{ $error }
token-unwritable = トークンのファイル { $path } に書けません：{ $error }
rejoin-timeout = { $url } が時間内に対局の一覧を返しませんでした
lan-server = { $url } の { $name }（版 { $protocol }）
lan-other-protocol = LAN のサーバーは別の版の通信方式を使っています：{ $servers }。このクライアントは版 { $version } です
lan-none = LAN に taikyoku のサーバーが見つかりません。`taikyoku serve` で立ち上げるか、--server ws://ホスト:ポート でアドレスを指定してください

## 共通：起動（サーバーを探すか立ち上げる、そこでのあなた）

start-looking = LAN で対局サーバーを探しています…
start-no-discovery = LAN でサーバーを探せません（{ $error }）。このコンピューターでサーバーを立ち上げます。
start-none-usable = { $why }。代わりにこのコンピューターでサーバーを立ち上げます。
start-here = { $looked ->
    [yes] サーバーが見つからないので、このコンピューターで立ち上げます…
   *[no] このコンピューターでサーバーを立ち上げます…
}
start-preparing = エンジンを準備しています（初回だけ）…
start-connecting = { $server } に接続しています…
start-port-elsewhere = { $error }。このコンピューターで別の `taikyoku play` か `taikyoku serve` が別のポートで動いているなら、--server ws://127.0.0.1:ポート で接続してください
where-found = { $address }（LAN で見つけたサーバー）
where-here = このコンピューター（友だちは { $share } から入れます）
where-already = このコンピューターですでに動いているサーバー（友だちは { $share } から入れます）
feature-clock = 持ち時間
feature-hint = 人どうしのヒント
feature-private = 非公開の対局
words-comma = 、
words-sentences = { $first }{ $second }
words-or = { $first }や{ $rest }
start-not-offered = このサーバーには{ $missing }がありません。それなしで対局します。
settings-unsaved = 設定を { $path } に保存できません：{ $error }
identity-in-use = トークンのファイル { $path } は別の taikyoku クライアントが使っています（別の人として遊ぶなら --token-file を付けないでください）
identity-cannot-forget = { $path } の人を忘れられません：{ $error }
identity-cannot-use = { $directory } にあなたのトークンを保存できません：{ $error }
identity-not-remembered = このコンピューターではあなたを覚えておけません（{ $why }）。今回は新しい人として遊びます。
identity-another-slot = このサーバーでいつものあなたは、ここで動いている別の taikyoku クライアントが使っています。こちらは別の人として遊びます。
identity-all-slots = ここではすでに { $count } 個の taikyoku クライアントがこのサーバーで遊んでいます。こちらは今回だけの新しい人です。

## 共通：入力するもの（対局コード、持ち時間）

code-invalid = 「{ $text }」は対局コードではありません（英字と数字）。
clock-invalid = 「{ $text }」は持ち時間の形ではありません。分と一手ごとに足す秒を 5+3 のように入れてください。
clock-initial-range = 持ち時間は一人 1 秒から { $most } 分までです（{ $minutes } 分ではなく）。
clock-increment-range = 一手ごとに足す秒は 0 から { $most } までです（{ $seconds } ではなく）。

## 共通：ロビーの一覧の対局

lobby-line = { $code }  { lobby-what }
# コードなし（ページはコードを別に出します）。「続きの対局」では対局者の代わりに手番
lobby-what = { $game }：{ $who }{ $extra }

## 共通：ゲームが読めない入力（$help はゲームの「マスの番号 0-8」「d3 のようなマス」）

why-not-a-move = 「{ $text }」は打てる手ではありません（{ $help }）。

## 共通：`taikyoku` コマンド自身の説明（client/cli.py）

cli-usage = 使い方: taikyoku { $commands } [オプション]
cli-about = LAN で遊ぶ三目並べとオセロ。
cli-commands = コマンド:
cli-play = ウィンドウで遊ぶ（サーバーを探すか、ここで立ち上げる）
cli-tui = 端末で遊ぶ
cli-bot = 画面なしのボット：サーバーで N 局打つ
cli-serve = LAN 用の対局サーバーを動かす
cli-records = 保存された棋譜の一覧と表示
cli-command-help = `taikyoku コマンド --help` でそのコマンドのオプションが出ます。
cli-unknown = taikyoku: 「{ $command }」というコマンドはありません

## Terminal: `taikyoku tui` の行、問い、コマンド

tui-could-not-start = taikyoku tui：開始できませんでした：{ $why }
tui-stopped = taikyoku tui：{ $why }
tui-connected = { $server } に { $name } として接続しました（{ $where }）。
tui-invite = 友だちはブラウザーで { $address } を開いても遊べます。
tui-welcome-back = おかえりなさい。途中の対局（対局 { $code }）の続きです。
tui-input-ended = 入力が終わりました。対局 { $code } の席はそのまま残ります。同じコマンドをもう一度実行すると続けられます。
tui-link-down = 送っていません：サーバーとの接続が切れています（自動でつなぎ直します）。つながったらもう一度入力してください。q でやめられます。
tui-quit-link-down = サーバーとの接続が切れているので、退出せずにやめます。対局 { $code } の席はそのまま残ります。同じコマンドをもう一度実行すると続けられます。
tui-request-lost = 接続が切れて申し込みが届きませんでした。もう一度選んでください。
tui-semicolon = ／
tui-not-an-option = 「{ $answer }」は選べません。選べるのは { $options } です。
# 英語のコマンドはどの言語でも使える。日本語では日本語の言い方も
tui-keys-hint = h, hint, ヒント
tui-keys-takeback = t, takeback, 待った
tui-keys-analyse = a, analyse, analyze, 振り返り
tui-keys-clock = c, clock, 時計
tui-keys-bell = bell, ベル
tui-keys-resign = resign, 投了
tui-keys-help = ?, help, ヘルプ
tui-keys-quit = q, quit, exit, 終了
tui-keys-lobby = l, lobby, ロビー
tui-keys-moves = m, moves, 棋譜
tui-keys-board = board, 盤
tui-keys-rematch = r, rematch, 再戦
tui-keys-pass = pass, パス
tui-keys-yes = y, yes, はい
tui-keys-no = n, no, いいえ
tui-keys-say = say 文

## Terminal: ロビーの問い

tui-unfinished = 途中の対局が { $count } 局あります：
tui-unfinished-row = { $what }：{ $now }
tui-ask-unfinished = どれを続けますか？（番号。ロビーへは l）
tui-lobby-play = 遊ぶ：{ $games }。{ $unfinished ->
    [0] {""}
   *[other] u 途中の対局（{ $unfinished }）、
}j 対局に参加、w 観戦、q 終了
tui-ask-opponent = 相手：b コンピューター、p 同じネットワークにいる人
tui-ask-level = コンピューターの強さ（{ $low }-{ $high }）
tui-ask-first = 先手：f あなた、s { $vs ->
    [bot] コンピューター
   *[human] 友だち
}、r くじ引き
tui-ask-hints = ヒント（エンジンの評価）を二人とも使えるようにしますか？
tui-ask-unlisted = 非公開にしますか？（ロビーの一覧に出さず、友だちはコードで参加します）
tui-ask-spectator-chat = 観戦する人もチャットできるようにしますか？
tui-ask-clock = 持ち時間：各自の分 + 一手ごとに足す秒（例 5+3）。なしなら Enter キー：{" "}
tui-clock-chosen = 持ち時間は { $clock } です。
tui-matches-watch = 観戦できる対局：
tui-matches-open = 参加できる対局：
tui-list-clock = 持ち時間 { $clock }
tui-list-hints = ヒントあり
tui-list-watching = { $count }人が観戦中
tui-no-matches-watch = いま観戦できる対局はありません。
tui-no-matches-open = いま参加できる対局はありません。対局コードを入れて参加することもできます。
tui-ask-code = 対局コードか番号（戻るなら Enter キー）：{" "}
tui-not-in-list = { $text } は一覧の番号ではありません（1 から { $count } まで）。

## Terminal: 対局中の問いと答え

tui-prompt-over = { $rematch ->
    [yes] r 再戦、
   *[no] {""}
}{ $analyse ->
    [yes] a 振り返り、
   *[no] {""}
}l ロビー、m 棋譜、q 終了：{" "}
tui-prompt-takeback = { $who }が待ったを申し込んでいます。受けますか？（y/n）{" "}
tui-prompt-move = あなたの番です（{ $side }{ $clock ->
    [none] {""}
   *[other] 、{ $clock }
}）。{ $help }（{ $hint ->
    [yes] h ヒント、
   *[no] {""}
}{ $takeback ->
    [yes] t 待った、
   *[no] {""}
}? ヘルプ）：{" "}
tui-confirm-leave = 退出するとこの対局は負けになります。退出しますか？（y/n）{" "}
tui-confirm-resign = 投了しますか？（y/n）{" "}
tui-still-playing = 対局を続けます。
tui-moves = 棋譜：{ $moves }
tui-moves-none = まだありません
tui-rematch-asked = 再戦を申し込みました。
tui-over-keys = 「{ $text }」：対局は終わりました。r、a、l、m、q のどれかを入力してください。
tui-resign-not-playing = 投了できるのは、自分が打っている対局だけです。
tui-why-commands = { $why }（? でコマンド一覧）
tui-not-offered = このサーバーは{ $feature ->
    [hint] ヒント
    [takeback] 待った
    [analyse] エンジンの振り返り
   *[chat] チャット
}に対応していません（このアプリより古い版です）。
tui-say-how = say のあとにメッセージを書いてください。例：say よろしくお願いします
tui-no-clock = この対局には持ち時間がありません。
tui-bell-on = あなたの番になるとベルが鳴ります。
tui-bell-off = ベルは鳴りません。
tui-recent-chat = 最近のチャット：
tui-hint-asked = エンジンに聞いています…
tui-review-asked = エンジンが対局全体を見ています（数秒かかります）…
tui-players-only = この対局でチャットできるのは対局者だけです。観戦する人は読むだけです。

## Terminal: ヘルプ（? か help）

tui-help-heading = コマンド：
tui-help-move = そこに打つ
tui-help-hint = あなたの打てる手ごとのエンジンの評価{ $allowed ->
    [yes] {""}
   *[no] （この対局では使えません）
}
tui-help-takeback = 自分の最後の手を戻す（相手が人なら先に聞きます）
tui-help-say = この対局の全員に文を送る{ $may ->
    [yes] {""}
   *[no] （対局者だけができます）
}
tui-help-clock = 二人の持ち時間
tui-help-moves = ここまでの棋譜
tui-help-board = 盤をもう一度
tui-help-resign = この対局を投了する
tui-help-lobby = この対局から退出する
tui-help-quit = やめる（Ctrl-D ならやめても席が残ります）
tui-help-bell = あなたの番でベルを鳴らす：いまは{ $on ->
    [yes] オン
   *[no] オフ
}
tui-help-stop-watching = 観戦をやめる
tui-help-quit-watching = やめる
tui-help-help = この一覧
tui-help-after = 終局後：{ $rematch ->
    [yes] r 再戦、
   *[no] {""}
}{ $analyse ->
    [yes] a 振り返り（エンジンが一手ずつ見ます）、
   *[no] {""}
}l ロビー、m 棋譜、q 終了。

## Terminal: 対局の表示

tui-heading = { $game }、対局 { $code }{ $unlisted ->
    [yes] （非公開）
   *[no] {""}
}{ $watching ->
    [yes] （観戦中）
   *[no] {""}
}：{ $sides }
tui-side-mark = { $side }（{ $mark }）
tui-side-scored = { $side } { $who } { $score }
tui-side-named = { $side }：{ $who }
tui-who-side = { $who }（{ $side }）
tui-result = { $result }{ $reason }
tui-taken-back = 待った：{ $count } 手戻しました。
tui-last-move = { $who }が { $move } に打ちました{ $flips ->
    [0] {""}
   *[other] 。{ $flips } 枚返りました
}。
tui-waiting-share = 相手を待っています。友だちに対局コード { $code } を伝えてください。{ $unlisted ->
    [yes] ロビーの j でコードを入れるか（この対局は非公開です）
   *[no] ロビーの一覧（j）から参加するか
}、`{ $command }` を実行すると参加できます（`taikyoku play` に同じ指定でも）。
tui-back-online = { $who }が戻りました。
tui-lost-link = { $who }の接続が切れました。しばらく席を残して待ちます。
tui-went-offline = { $who }がオフラインになりました。
tui-wants-rematch = { $who }が再戦を申し込んでいます。受けるなら r を入力してください。
tui-clocks = 持ち時間（{ $control }）：{ $first }、{ $second }。
tui-clock-side = { $who } { $time }{ $running ->
    [yes] （計時中）
   *[no] {""}
}
tui-low-time = 持ち時間が残りわずかです：あと { $left }{ $unit ->
    [seconds] 秒
   *[none] {""}
}。

## Terminal: エンジンのヒントと振り返り

tui-hint-you = あなた（{ $side }）
tui-hint-group = { $moves } で{ $word }
tui-hint-outcome = 二人とも最善を尽くすと、{ $you }は{ $estimate ->
    [yes] （推定）
   *[no] {""}
}：{ $ranked }。
tui-hint-best-first = { $you }にとって良い順：{ $ranked }。
tui-hint-scores = 評価：その手のあと二人とも最善を尽くしたとき、最後に{ $you }が見込める石差（+ 勝ち越し、- 負け越し）{ $exact ->
    [yes] 。= は最後まで読み切った値{ $depth ->
        [0] {""}
       *[other] 。ほかは { $depth } 手先まで読んだ推定
    }
   *[no] { $depth ->
        [0] {""}
       *[other] 。{ $depth } 手先まで読んだ推定
    }
}。
tui-review-none = この対局では一手も打たれていないので、エンジンが振り返る手はありません。
tui-review-title = エンジンによる一手ごとの振り返り（? 悪手、?? 大悪手）：
tui-review-col-move = 手
tui-review-col-side = 手番
tui-review-col-played = 打った手
tui-review-col-best = 最善
tui-review-passed = { $side } パス
tui-review-col-lost = { $scored ->
    [yes] 損
   *[no] 打った手の結果
}
tui-review-best = { $move }（{ $margin }{ $exact ->
    [yes] =
   *[no] {""}
}）
tui-review-scores-discs = 評価：二人とも最善を尽くしたときの最後の石差（名前の側から見て）。= は最後まで読み切った値。? と ?? はサーバーの判定です。エンジンが見分けられないほどの小さな損は悪手としません。
tui-review-scores-outcome = 評価：二人とも最善を尽くしたときの結果（打った側から見て）。
tui-review-clean = { $who }：悪手なし。
tui-review-mistakes = { $who }：悪手 { $count }{ $big ->
    [0] {""}
   *[other] （うち大悪手 { $big }）
}、そこで失った石 { $discs }。
tui-review-slipped = { $who }：{ $moves } 手目で結果が悪くなりました。

## Window

window-starting = 起動しています…
window-start-failed = 起動できませんでした：{ $why }
window-retrying = もう一度試しています…
window-try-again = もう一度
window-quit = 終了
window-welcome-back-many = おかえりなさい。途中の対局が { $count } 局あります。続ける対局を選んでください。
window-setting-unsaved = 設定を { $path } に保存できませんでした（{ $why }）。ウィンドウを閉じるまでは有効です。
window-server = サーバー：{ $name }
window-head-clock = 持ち時間
window-opponent-person = 人（LAN）
window-bot-level = コンピューターの強さ：{ $level }
window-level-button = { $level } { $title }
window-friend-joins = 友だちは、対局を作ると出るコードで入ります。
window-hints-no = ヒントなし
window-hints-yes = ヒントは二人とも使える
window-join-head = 友だちの対局にコードで入る
window-more-above = 上にあと { $count } 件：上へスクロール
window-more-below = 下にあと { $count } 件：下へスクロール
window-unfinished = 途中の対局
window-invitation = 友だちはブラウザーで { $address } を開いても遊べます。
window-key-games = 1-{ $count } ゲーム
window-key-opponent = B コンピューター / P 人
window-key-level = +/- 強さ
window-key-first = F/S/R 先手
window-key-clock = C 持ち時間
window-key-hints = H ヒント
window-key-unlisted = U 一覧に出さない
window-key-spectators = W 観戦者のチャット
window-key-play = Enter 対局開始
window-key-code = J コード
window-key-tab = Tab 次の欄
window-key-refresh = F5 更新
window-key-language = L 言語
window-key-quit = Esc 終了
window-looking-back-click = 対局を振り返っています。End キーで対局に戻ります。
window-takeback-nothing = まだ待ったはできません：あなたはまだ打っていません。
window-takeback-not-now = いまは待ったはできません。
window-hints-off = この対局ではヒントは使えません（作った人が許可していません）。
window-hint-wait = ヒントは手番の人が使えます。あなたの番を待ってください。
window-no-sound = このコンピューターでは音が出せません（{ $why }）。
window-offline = オフライン：接続が戻るまで手は送られません。
window-looking-back = { $number } 手目を振り返っています（End：対局に戻る）
window-share-code = 友だちにこのコードを伝えてください：{ $code }
window-share-how = 友だちのウィンドウは LAN でこのサーバーを見つけ、{ $unlisted ->
    [yes] 「入る」の欄にコードを入れます（この対局は一覧に出ません）
   *[no] 一覧にこの対局が出ます
}。コマンドなら：taikyoku play --server { $address } --join { $code }
window-thinking = { $turn }{ $dots ->
    [1] ・
    [2] ・・
   *[other] ・・・
}
window-sound-none = 音が出ません
window-rematch-gone = 相手が退出：再戦なし
window-resign-sure = 本当に？もう一度押すと投了
window-leave-sure = 本当に？退出すると負け
window-engine-best = 最善
window-seat = { $side }：{ $name }
window-seat-named = { $label }（{ $name }）
window-rematch-wanted = { $who }がもう一局を望んでいます：「もう一局」（N）を押してください。
window-chat-placeholder = チャット：Enter で書く
window-audio-format = 音声ミキサーが { $bits } ビットの形式を使っていて、この音は鳴らせません（鳴らせるのは { $supported }）
window-no-display = taikyoku play: ウィンドウを開けません（{ $error }）。同じオプションで `taikyoku tui` を使うと端末で遊べます
