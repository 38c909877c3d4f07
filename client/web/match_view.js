// One match as this page sees it: the server's last `state`, and what a person wants
// to know about it in words. The same sentences as the window and the terminal
// (client/common/match_view.py): whose turn it is, who passed, who won, why a click would be
// refused, what a takeback offer asks, what the engine says about a move. Nothing here
// decides anything; it reads the server's messages.

import { CATALOGUE, boardInfo, gameInfo, moveName, reasonKey, sideName } from "./catalogue.js";
import { Clocks } from "./clock.js";
import { boards } from "./replay.js";
import { t } from "./words.js";

/** The square a move filled and the discs it turned over, from two boards. */
function boardChanges(before, after) {
  let placed = null;
  const flipped = new Set();
  for (let i = 0; i < after.length; i++) {
    if (before[i] === "." && after[i] !== ".") placed = i;
    else if (before[i] !== "." && after[i] !== "." && before[i] !== after[i]) flipped.add(i);
  }
  return { placed, flipped };
}

/** Whether `next` shows another moment of the game than `old`: a move, a takeback, a
 * new game or the end. What was said about the old one (a hint, a refusal) is over. */
export function positionChanged(old, next) {
  return old === null || old.ply !== next.ply || old.board !== next.board ||
    old.status !== next.status;
}

export class MatchView {
  constructor(code) {
    this.code = code;
    this.seat = null; // ours; null when watching
    this.role = "player";
    this.state = null;
    this.placed = null; // the square the last update filled
    this.flipped = new Set(); // the discs it turned over
    this.changedAt = 0; // when (performance.now()), so the board animates it once
    this.history = null; // boards by ply, replayed when first needed
    this.received = 0; // when the last state came (performance.now()): the clocks run from it
    this.chat = []; // the chat lines, in order of `seq`
    this.analysis = null; // the engine's answer to our hint, for one position
    this.review = null; // the engine's review of the finished game
    this.hintAsked = false; // a hint was asked for and its answer has not come yet
    this.reviewAsked = false; // likewise the review
  }

  /** Take a new state from the server, remembering what it changed. A hint is for one
   * position in a game under way: any other move, a takeback, a new game or the end
   * (a resignation, a flag) makes it go. */
  update(state) {
    const old = this.state;
    this.state = state;
    this.received = performance.now();
    if (!positionChanged(old, state)) return;
    this.analysis = null;
    this.hintAsked = false;
    if (old && old.ply === state.ply && old.board === state.board) return; // the end only
    if (old && old.board.length === state.board.length && state.ply > old.ply) {
      ({ placed: this.placed, flipped: this.flipped } = boardChanges(old.board, state.board));
    } else {
      this.placed = null;
      this.flipped = new Set();
    }
    this.changedAt = performance.now();
    this.history = null;
  }

  /** Keep a chat line (as many as the server keeps, in order); false for one we have
   * already (the server sends the history again after a resume, a join or a watch). */
  addChat(line) {
    if (this.chat.some((old) => old.seq === line.seq)) return false;
    this.chat.push(line);
    this.chat.sort((a, b) => a.seq - b.seq);
    this.chat.splice(0, Math.max(0, this.chat.length - CATALOGUE.chat.history_lines));
    return true;
  }

  /** The answer to a hint; one for another position than the state's is dropped. */
  takeAnalysis(analysis) {
    if (this.state !== null && analysis.ply === this.state.ply) this.analysis = analysis;
    this.hintAsked = false;
  }

  takeReview(review) {
    this.review = review;
    this.reviewAsked = false;
  }

  /** The engine's scores for the position on the board, best first (empty when none). */
  get hints() {
    const a = this.analysis;
    return a !== null && this.state !== null && a.ply === this.state.ply ? a.moves : [];
  }

  /** The match's clocks as of the last state (null when it has none). */
  clocks() {
    return Clocks.of(this.state, this.received);
  }

  get game() {
    return this.state.game;
  }

  /** The game's entry in the catalogue: its names for sides and squares, its pieces. */
  get info() {
    return gameInfo(this.state.game);
  }

  player(seat) {
    return this.state.players.find((p) => p.seat === seat) || null;
  }

  isBot(seat) {
    const p = this.player(seat);
    return p !== null && p.kind === "bot";
  }

  /** "You", "The bot" or the player's name. */
  label(seat) {
    if (seat === this.seat) return t("who-you");
    const p = this.player(seat);
    if (p === null) return t("who-nobody");
    return p.kind === "bot" ? t("who-bot") : p.name || sideName(this.game, seat);
  }

  get myTurn() {
    const s = this.state;
    return s !== null && s.status === "playing" && s.to_move === this.seat && s.legal.length > 0;
  }

  /** Whether we may write in the chat: a player always; a spectator unless the match's
   * creator let only the players chat (the server would refuse the line). An older
   * server sends no `spectator_chat`: everyone may. */
  get mayChat() {
    return this.seat !== null || this.state === null || this.state.spectator_chat !== false;
  }

  get unfinished() {
    return this.role === "player" && this.state !== null && this.state.status !== "over";
  }

  /** The last square played (passes skipped), to mark it. */
  get lastMove() {
    const played = this.state ? this.state.moves.filter((m) => m !== "pass") : [];
    return played.length ? played[played.length - 1] : null;
  }

  /** One line: whose turn it is, or what we are waiting for. */
  turnText() {
    const s = this.state;
    if (s === null) return t("match-loading");
    if (s.status === "over") return this.resultText();
    if (s.status === "waiting") return t("match-waiting");
    const side = sideName(s.game, s.to_move);
    if (s.to_move === this.seat) return t("turn-yours", { side });
    if (this.isBot(s.to_move)) return t("turn-bot");
    const p = this.player(s.to_move);
    const who = this.label(s.to_move);
    if (p !== null && !p.connected) return t("turn-offline", { who, side });
    return t("turn-theirs", { who, side });
  }

  /** "White had no legal move and passed." while that pass is one of the last two moves. */
  passNote() {
    const s = this.state;
    if (s === null) return null;
    const n = s.moves.length;
    for (let i = Math.max(0, n - 2); i < n; i++) {
      if (s.moves[i] === "pass") {
        const passer = (s.to_move + n - i) % 2; // moves alternate strictly, passes included
        return t("pass-note", { who: this.label(passer), side: sideName(s.game, passer) });
      }
    }
    return null;
  }

  /** Our opponent left this match on purpose (`leave`): no rematch with them. */
  get opponentLeft() {
    const s = this.state;
    if (s === null || this.seat === null) return false;
    return s.players.some((p) => p.seat !== this.seat && p.left === true);
  }

  /** The end in words: "You won!", "The bot won.", "Draw.", "Black won.",
   * "No winner." (a match called off or abandoned is no draw). */
  resultText() {
    const s = this.state;
    if (s === null || s.result === null) return "";
    const winner = s.result.winner;
    let kind = "side";
    if (winner === null) kind = "none";
    else if (this.seat !== null) {
      kind = winner === this.seat ? "you" : this.isBot(winner) ? "bot" : "person";
    }
    return t("match-result", { winner: kind, who: this.label(winner ?? 0),
      side: sideName(s.game, winner ?? 0), reason: s.result.reason });
  }

  /** How it ended, e.g. "White resigned.", "The match was called off." or "Black 10,
   * White 6 discs.": the game's entry for its rule's reason, or the catalogue's
   * `match-reason` for the server's, chooses from the facts. */
  reasonText() {
    const s = this.state;
    if (s === null || s.result === null) return "";
    const r = s.result;
    const loser = r.winner === null ? null : 1 - r.winner;
    return t(reasonKey(s.game, r.reason), {
      reason: r.reason, loser: loser === null ? "none" : "seat",
      who: this.label(loser ?? 0), moved: s.moves.length ? "yes" : "no",
      winner: r.winner === null ? "none" : "side", side: sideName(s.game, r.winner ?? 0),
      side0: sideName(s.game, 0), side1: sideName(s.game, 1),
      score0: r.score[0], score1: r.score[1],
    });
  }

  /** The record as people write it; without coordinates it says whose mark, as a bare
   * slot number reads like a move count. */
  moveNames() {
    const s = this.state;
    if (s === null) return [];
    const { coordinates } = this.info;
    return s.moves.map((m, k) => {
      const name = moveName(s.game, s.size, m);
      return coordinates ? name : t("record-mark", { side: sideName(s.game, k % 2), square: name });
    });
  }

  /** Move `n` (from 1) in words, with its side: "12. White f4", "5. X on 4",
   * "13. White passed"; null for none (the start). */
  moveWords(n) {
    const s = this.state;
    if (s === null || n < 1 || n > s.moves.length) return null;
    const side = sideName(s.game, this.mover(n - 1));
    if (s.moves[n - 1] === "pass") return t("record-passed", { number: n, side });
    const name = this.moveNames()[n - 1];
    if (!this.info.coordinates) return t("record-numbered", { number: n, move: name });
    return t("record-move", { number: n, side, move: name });
  }

  /** Every board from the start (display only; see replay.js). */
  boards() {
    if (this.history === null) this.history = boards(this.state);
    return this.history;
  }

  // ---- takebacks, hints and the review -------------------------------------------

  /** The seat that played `moves[index]` (moves alternate strictly, passes included). */
  mover(index) {
    const s = this.state;
    return (s.to_move + s.moves.length - index) % 2;
  }

  /** Whether a takeback may be asked now: we play, the game runs, we have a move in the
   * record and no offer waits for its answer. */
  get canTakeBack() {
    const s = this.state;
    if (s === null || this.seat === null || s.status !== "playing" || s.takeback) return false;
    if (this.isBot(s.to_move)) return false;  // the server refuses it on the bot's time
    return s.moves.some((m, i) => m !== "pass" && this.mover(i) === this.seat);
  }

  /** The opponent asks to take back and we are the one to answer. */
  get offerToAnswer() {
    const s = this.state;
    return s !== null && Boolean(s.takeback) && this.seat !== null &&
      s.takeback.seat !== this.seat;
  }

  /** The pending takeback offer in words, or null when there is none. */
  takebackText() {
    const s = this.state;
    if (s === null || !s.takeback) return null;
    const asker = s.takeback.seat;
    if (asker === this.seat) return t("takeback-asked", { who: this.label(1 - asker) });
    const back = s.moves.length - s.takeback.ply;
    const who = this.label(asker);
    if (this.seat === null) return t("takeback-watching", { who, count: back });
    return t("takeback-offer", { who, reply: back > 1 ? "yes" : "no" });
  }

  /** Whether the engine's review is worth offering: the game is over with a move in its
   * record (a match called off before anyone moved has nothing to review). */
  get reviewable() {
    const s = this.state;
    return s !== null && s.status === "over" && s.moves.length > 0;
  }

  /** Whether this match allows a hint for us right now (our turn, hints on). */
  get mayHint() {
    const s = this.state;
    return s !== null && Boolean(s.hints) && this.myTurn;
  }

  /** An engine score as it stands on the board: '+4', '0', '-2' discs in a scored game;
   * otherwise 1/0/-1 as 'win', 'draw', 'loss' (whose: the sentence around it says). */
  scoreWords(score) {
    if (!this.info.scored) {
      const key = { 1: "score-win", 0: "score-draw", "-1": "score-loss" }[score];
      return key === undefined ? String(score) : t(key);
    }
    return score > 0 ? `+${score}` : String(score);
  }

  /** A score as whose it is: 'Black +4', 'White 0' (the disc margin at the end for
   * `seat`); tic-tac-toe's 'win', 'draw', 'loss' as they are (the sentence names whose):
   * client/common/match_view.py margin_words. */
  margin(seat, score) {
    if (!this.info.scored) return this.scoreWords(score);
    return t("margin", { side: sideName(this.game, seat), score: this.scoreWords(score) });
  }

  /** What the hint plates on the board mean, for the side to move. */
  hintWords() {
    const side = sideName(this.game, this.state.to_move);
    const exact = this.hints.some((h) => h.exact) ? "yes" : "no";
    return t(this.info.scored ? "hint-note-discs" : "hint-note-outcome", { side, exact });
  }

  /** The engine's verdict on the move played at `ply` (null: not analysed, or a pass). */
  reviewed(ply) {
    return this.review === null ? null : this.review.plies.find((r) => r.ply === ply) || null;
  }

  /** How bad the move played at `ply` was, by the server's rule (docs/protocol.md §11):
   * 0 not a mistake, 1 a mistake, 2 a big mistake. A difference the engine's estimates
   * cannot tell from noise is no mistake, so this never reads `loss` itself. */
  mistake(ply) {
    const r = this.reviewed(ply);
    return r === null ? 0 : r.mistake ?? 0;
  }

  /** The engine's word on the move played at `ply`, as the window says it: 'Move 12,
   * Black d3: 4 discs worse than c4 (Black +2).', with the server's verdict when it
   * calls the move a mistake ('...: a mistake (?).'), or '... as good as the engine's
   * best (Black +2).'. */
  reviewText(ply) {
    const r = this.reviewed(ply);
    if (r === null) return null;
    const s = this.state;
    const head = t("review-head", { number: ply + 1, side: sideName(s.game, r.seat),
      move: moveName(s.game, s.size, r.played) });
    const best = this.margin(r.seat, r.score);
    if (r.loss <= 0) return t("review-best", { head, best });
    const bestmove = moveName(s.game, s.size, r.best);
    const mistake = this.mistake(ply);
    if (!this.info.scored) { // win, draw or loss with perfect play
      return t("review-outcome", { head, played: this.scoreWords(r.score - r.loss), bestmove,
        best, mistake });
    }
    return t("review-discs", { head, loss: r.loss, bestmove, best, mistake });
  }

  /** The review's count of mistakes: 'Mistakes: Black 2 (1 big), White 0.'. */
  mistakesText() {
    if (this.review === null) return null;
    const [first, second] = [0, 1].map((seat) => {
      const marks = this.review.plies.filter((r) => r.seat === seat)
        .map((r) => this.mistake(r.ply)).filter((m) => m > 0);
      return t("review-count-side", { side: sideName(this.game, seat), count: marks.length,
        big: marks.filter((m) => m > 1).length });
    });
    return t("review-count", { first, second });
  }

  /** Why a click on `square` would be refused, or null if the server would take it. */
  whyNot(square) {
    const s = this.state;
    if (s === null) return t("why-loading");
    if (this.seat === null) return t("why-watching");
    if (s.status === "waiting") return t("why-waiting");
    if (s.status === "over") return t("why-over");
    if (s.to_move !== this.seat) {
      if (this.isBot(s.to_move)) return t("why-bot-thinking");
      return t("why-not-your-turn", { who: this.label(s.to_move) });
    }
    if (s.legal.includes(square)) return null;
    const name = t(`${s.game}-square`, { square: boardInfo(s.game, s.size).squares[square] });
    if (s.board[square] !== ".") return t("why-taken", { square: name });
    const legal = s.legal.map((m) => moveName(s.game, s.size, m)).join(", ");
    return t("why-illegal", { square: name, why: t(`${s.game}-illegal-why`), legal });
  }
}
