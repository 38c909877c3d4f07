// One match as this page sees it: the server's last `state`, and what a person wants
// to know about it in words. The same sentences as the window and the terminal
// (client/match_view.py): whose turn it is, who passed, who won, why a click would be
// refused. Nothing here decides anything; it reads the server's `state`.

import { boards } from "./replay.js";

export const COLUMNS = "abcdefgh";
const TITLES = { tictactoe: "Tic-tac-toe", othello: "Othello" };

/** "Tic-tac-toe" or "Othello 8x8". */
export function gameTitle(game, size) {
  const title = TITLES[game] || game;
  return game === "tictactoe" ? title : `${title} ${size}x${size}`;
}

/** X/O in tic-tac-toe, Black/White in Othello. */
export function sideName(game, seat) {
  return game === "tictactoe" ? ["X", "O"][seat] : ["Black", "White"][seat];
}

/** A move as people write it: a slot number, a square like "d3", or "pass". */
export function moveName(game, size, move) {
  if (move === "pass") return "pass";
  if (game === "tictactoe") return String(move);
  return `${COLUMNS[move % size]}${Math.floor(move / size) + 1}`;
}

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
  }

  /** Take a new state from the server, remembering what it changed. */
  update(state) {
    const old = this.state;
    this.state = state;
    if (old && old.ply === state.ply && old.board === state.board) return;
    if (old && old.board.length === state.board.length && state.ply > old.ply) {
      ({ placed: this.placed, flipped: this.flipped } = boardChanges(old.board, state.board));
    } else {
      this.placed = null;
      this.flipped = new Set();
    }
    this.changedAt = performance.now();
    this.history = null;
  }

  get game() {
    return this.state.game;
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
    if (seat === this.seat) return "You";
    const p = this.player(seat);
    if (p === null) return "Nobody yet";
    return p.kind === "bot" ? "The bot" : p.name || sideName(this.game, seat);
  }

  get myTurn() {
    const s = this.state;
    return s !== null && s.status === "playing" && s.to_move === this.seat && s.legal.length > 0;
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
    if (s === null) return "Loading the match…";
    if (s.status === "over") return this.resultText();
    if (s.status === "waiting") return "Waiting for an opponent to join.";
    const side = sideName(s.game, s.to_move);
    if (s.to_move === this.seat) return `Your move (${side})`;
    if (this.isBot(s.to_move)) return "The bot is thinking…";
    const p = this.player(s.to_move);
    if (p !== null && !p.connected) {
      return `Waiting for ${this.label(s.to_move)} (${side}), who is offline`;
    }
    return `${this.label(s.to_move)} to move (${side})`;
  }

  /** "White had no legal move and passed." while that pass is one of the last two moves. */
  passNote() {
    const s = this.state;
    if (s === null) return null;
    const n = s.moves.length;
    for (let i = Math.max(0, n - 2); i < n; i++) {
      if (s.moves[i] === "pass") {
        const passer = (s.to_move + n - i) % 2; // moves alternate strictly, passes included
        return `${this.label(passer)} (${sideName(s.game, passer)}) had no legal move and passed.`;
      }
    }
    return null;
  }

  /** The end in words: "You won!", "The bot won.", "Draw.", "Black won.". */
  resultText() {
    const s = this.state;
    if (s === null || s.result === null) return "";
    const winner = s.result.winner;
    if (winner === null) return "Draw.";
    if (this.seat !== null) {
      if (winner === this.seat) return "You won!";
      return this.isBot(winner) ? "The bot won." : `${this.label(winner)} won.`;
    }
    return `${sideName(s.game, winner)} won.`;
  }

  /** How it ended, e.g. "White resigned." or "Black 10, White 6 discs.". */
  reasonText() {
    const s = this.state;
    if (s === null || s.result === null) return "";
    const r = s.result;
    const loser = r.winner === null ? null : 1 - r.winner;
    if (r.reason === "resign" && loser !== null) {
      return `${loser === this.seat ? "You" : this.label(loser)} resigned.`;
    }
    if (r.reason === "abandon" && loser !== null) {
      return `${this.label(loser)} left the game and did not come back.`;
    }
    if (r.reason === "abandon") return "The match was called off.";
    if (r.reason === "discs") return `Black ${r.score[0]}, White ${r.score[1]} discs.`;
    if (r.winner === null) return "The board is full and nobody has three in a row.";
    return `${sideName(s.game, r.winner)} has three in a row.`;
  }

  /** The record as people write it; tic-tac-toe says whose mark, as a bare slot number
   * reads like a move count. */
  moveNames() {
    const s = this.state;
    if (s === null) return [];
    return s.moves.map((m, k) => {
      const name = moveName(s.game, s.size, m);
      return s.game === "tictactoe" ? `${sideName(s.game, k % 2)} on ${name}` : name;
    });
  }

  /** Every board from the start (display only; see replay.js). */
  boards() {
    if (this.history === null) this.history = boards(this.state);
    return this.history;
  }

  /** Why a click on `square` would be refused, or null if the server would take it. */
  whyNot(square) {
    const s = this.state;
    if (s === null) return "The match is still loading.";
    if (this.seat === null) return "You are watching this match.";
    if (s.status === "waiting") return "Wait for an opponent to join first.";
    if (s.status === "over") return "The game is over.";
    if (s.to_move !== this.seat) {
      if (this.isBot(s.to_move)) return "Not your turn: the bot is thinking.";
      return `Not your turn: ${this.label(s.to_move)} is to move.`;
    }
    if (s.legal.includes(square)) return null;
    let name = moveName(s.game, s.size, square);
    if (s.game === "tictactoe") name = `Slot ${name}`;
    if (s.board[square] !== ".") return `${name} is already taken.`;
    const legal = s.legal.map((m) => moveName(s.game, s.size, m)).join(", ");
    if (s.game === "othello") {
      return `${name} flips nothing, so it is not a legal move. Legal moves: ${legal}.`;
    }
    return `${name} is not a legal move. Free slots: ${legal}.`;
  }
}
