// The match screen: the board, and beside it (around it on a phone) who plays which
// side with their clocks and disc counts, whose turn it is and the last move, passes,
// why a tap was refused, a takeback offer, the engine's hints and review, the result,
// the buttons (take back, hint, analyse, sound; resign, rematch, back to lobby), the
// move list to look back through, and the chat.
//
// On a phone held upright the players sit above the board and whose turn it is right
// under it, so all of it fits the first screen (style.css); the rest follows below.
// The parts are boxes built once and refilled on each state, so the page's height
// around the board does not jump and nothing scrolls by itself.
//
// It draws the server's last `state` and nothing else: a tap on a square becomes a
// `move` only when that state lists it as legal; otherwise the person is told why
// and nothing is sent, as in the window. The optional features (docs/protocol.md §11)
// are offered only when the server's welcome names them.

import { renderBoard, seatIcon } from "./board.js";
import { boardInfo, gameTitle, sideName } from "./catalogue.js";
import { ChatBox } from "./chat.js";
import { clockWords } from "./clock.js";
import { el, fill } from "./dom.js";
import { recordSection } from "./record.js";
import { t } from "./words.js";

const CONFIRM_MS = 3000; // a second tap within this confirms resigning or leaving a game
const ANIMATE_MS = 600; // a state this fresh still animates its move
const TICK_SLACK_MS = 5; // a clock is redrawn this long after its text is due to change

export class GameScreen {
  /** actions: move(square), resign(), rematch(), leave(), takeback(), answer(accept),
   * hint(), analyse(), chat(text) (false when it could not be sent); `sound`: the Sounds. */
  constructor(actions, sound) {
    this.actions = actions;
    this.review = null; // the ply being looked at; null for the live board
    this.confirm = null; // "resign" or "leave" while a second tap would confirm it
    this.confirmTimer = null;
    this.shown = null; // the match drawn last, to notice a rematch's new match
    this.animated = 0; // the change already animated
    this.typed = ""; // the start of a square's name typed ("d" of "d3"), waiting for more
    this.sound = sound;
    this.tickTimer = null; // the next redraw of the running clock
    this.boardBox = el("div", { class: "board-box" });
    this.seatsBox = el("ul", { class: "seats" });
    this.statusBox = el("div", { class: "status" });
    this.actionsBox = el("div", { class: "actions-box" });
    this.titleBox = el("h2", { class: "match-title" });
    this.movesBox = el("div", { class: "record" });
    this.chat = new ChatBox((text) => this.actions.chat(text));
    // beside the board, the players and whose turn it is stay at the top while the rest
    // scrolls under them
    this.aside = el("div", { class: "aside" },
      el("div", { class: "head" }, this.seatsBox, this.statusBox),
      this.actionsBox, this.titleBox, this.movesBox, this.chat.root);
    this.root = el("div", { class: "game" }, this.boardBox, this.aside);
    document.addEventListener("keydown", (e) => this.key(e));
  }

  /** Draw `view` (the MatchView on screen); `known` gives the link and the notice. */
  render(view, known) {
    this.view = view;
    this.known = known;
    if (this.shown !== view.code) { // a new match (a rematch): back to the live board
      this.shown = view.code;
      this.review = null;
      this.setConfirm(null);
    }
    const s = view.state;
    this.chat.show(s !== null && known.has("chat"));
    if (s === null) {
      for (const box of [this.boardBox, this.seatsBox, this.actionsBox, this.titleBox,
        this.movesBox]) fill(box);
      fill(this.statusBox, el("p", { class: "turn" }, t("match-loading")));
      return;
    }
    fill(this.boardBox, this.board(view));
    fill(this.seatsBox, this.seats(view));
    fill(this.statusBox, this.status(view, known));
    fill(this.actionsBox, this.buttons(view));
    fill(this.titleBox, this.title(view));
    fill(this.movesBox, recordSection(view, this.review, (delta, to) => this.step(delta, to)));
    this.chat.render(view, known.welcome ? known.welcome.player : null);
    this.tick();
  }

  /** Bring the clocks up to date, and come back when the running one's text changes. */
  tick() {
    clearTimeout(this.tickTimer);
    const clocks = this.view && this.root.isConnected ? this.view.clocks() : null;
    if (clocks === null) return;
    const now = performance.now();
    for (const shown of this.seatsBox.querySelectorAll(".clock[data-seat]")) {
      const seat = Number(shown.dataset.seat);
      fill(shown, clocks.text(seat, now));
      shown.classList.toggle("low", clocks.low(seat, now));
    }
    const wait = clocks.nextChange(now);
    if (wait !== null) this.tickTimer = setTimeout(() => this.tick(), wait + TICK_SLACK_MS);
  }

  board(view) {
    const s = view.state;
    const look = {
      game: s.game, size: s.size, onSquare: (sq) => this.tap(sq),
      hints: [], choice: null,
    };
    if (this.review === null) {
      const hints = view.hints;
      look.hints = hints.map((h) => ({ move: h.move, text: view.scoreWords(h.score),
        best: h.score === hints[0].score, exact: h.exact }));
      const fresh = view.changedAt !== this.animated &&
        performance.now() - view.changedAt < ANIMATE_MS;
      this.animated = view.changedAt;
      Object.assign(look, {
        board: s.board, legal: view.myTurn ? s.legal : [], last: view.lastMove,
        flipped: view.flipped, placed: view.placed, animate: fresh,
        playable: view.myTurn && this.known.link.up,
      });
    } else {
      const boards = view.boards();
      const k = Math.min(this.review, boards.length - 1);
      const played = s.moves.slice(0, this.review).filter((m) => m !== "pass");
      const flipped = new Set();
      if (k > 0) {
        for (let i = 0; i < boards[k].length; i++) {
          if (boards[k - 1][i] !== "." && boards[k - 1][i] !== boards[k][i]) flipped.add(i);
        }
      }
      Object.assign(look, {
        board: boards[k], legal: [], last: played.length ? played[played.length - 1] : null,
        flipped, placed: null, animate: false, playable: false,
      });
    }
    const shownPly = this.review === null ? s.moves.length : this.review;
    const reviewed = view.reviewed(shownPly - 1);
    if (view.mistake(shownPly - 1) > 0) look.choice = reviewed.best;
    return renderBoard(look);
  }

  /** "Othello 8x8 · match K7QXM2 · unlisted · 3 min +2s clock (watching)". */
  title(view) {
    const s = view.state;
    let title = t("page-match-title", { game: gameTitle(s.game, s.size), code: s.match });
    if (s.unlisted) title += t("page-match-unlisted");
    if (s.clock) title += t("page-match-clock", { clock: clockWords(s.clock) });
    if (view.role === "spectator") title += t("page-match-watching");
    return title;
  }

  /** Who plays which side, online or not, their clocks and disc counts (the counts of
   * the position looked at, when looking back). */
  seats(view) {
    const s = view.state;
    const counts = this.review === null ? s.score : this.reviewCounts(view);
    return [0, 1].map((seat) => {
      const p = view.player(seat);
      let name = view.label(seat);
      if (p && seat === view.seat && p.name) name = t("page-seat-you", { name: p.name });
      else if (p && p.kind === "bot") name = t("page-seat-bot", { level: p.level || "none" });
      else if (p && p.name && name !== p.name) name = `${name} (${p.name})`;
      const toMove = s.status === "playing" && s.to_move === seat;
      const away = p && p.kind === "human" && seat !== view.seat && !p.connected;
      const running = s.clock && s.clock.running === seat;
      const cls = `seat${s.clock ? " timed" : ""}${toMove ? " to-move" : ""}`;
      return el("li", { class: cls, "data-seat": seat },
        seatIcon(s.game, seat),
        el("span", { class: "who" }, el("span", { class: "side" },
          t("page-seat-side", { side: sideName(s.game, seat) })),
          el("span", { class: "name", title: name }, name),
          away ? el("span", { class: "away" }, t(p.left ? "away-left"
            : s.status === "over" ? "away-offline" : "away-waiting")) : null),
        s.clock ? el("span", { class: `clock${running ? " running" : ""}`, "data-seat": seat,
          role: "timer", "aria-label": t("page-seat-clock", { side: sideName(s.game, seat) }) })
          : null,
        view.info.scored ? el("span", { class: "score", "aria-label": t("page-seat-discs") },
          counts[seat]) : null);
    });
  }

  /** Each side's pieces on the board after the move looked at. */
  reviewCounts(view) {
    const boards = view.boards();
    const board = boards[Math.min(this.review, boards.length - 1)];
    return ["X", "O"].map((piece) => [...board].filter((c) => c === piece).length);
  }

  /** Whose turn, or the result; a pass; a refusal; a rematch offer; the code to share. */
  status(view, known) {
    const s = view.state;
    const parts = [this.chat.badge]; // floats beside the first line: it covers no text
    if (s.status === "over") {
      const result = view.resultText();
      const won = s.result.winner !== null && s.result.winner === view.seat;
      parts.push(el("p", { class: `result${won ? " won" : ""}` }, result));
      parts.push(el("p", { class: "reason" }, view.reasonText()));
      if (view.opponentLeft) {
        parts.push(el("p", { class: "offer" },
          t("rematch-gone", { who: view.label(1 - view.seat) })));
      } else if (view.seat !== null && s.rematch.length) {
        const other = 1 - view.seat;
        parts.push(el("p", { class: "offer" }, s.rematch.includes(other) &&
          !s.rematch.includes(view.seat)
          ? t("page-rematch-wanted", { who: view.label(other) })
          : t("page-rematch-asked", { who: view.label(other) })));
      }
    } else {
      let turn = view.turnText();
      let cls = view.myTurn ? "turn mine" : "turn";
      if (this.review !== null) {
        turn = t("page-looking-back", { number: this.review });
        cls = "turn warn";
      } else if (view.isBot(s.to_move) && s.status === "playing" && known.link.up) {
        cls += " thinking";
      }
      parts.push(el("p", { class: cls, "aria-live": "polite" }, turn));
      if (s.status === "waiting" && view.seat !== null) {
        parts.push(el("p", { class: "share" }, t("page-share-code"),
          el("strong", { class: "code" }, s.match)));
        const local = ["localhost", "127.0.0.1", "[::1]"].includes(location.hostname);
        // an unlisted match is not among the lobby's open matches: only the code finds it
        parts.push(el("p", { class: "muted" }, t("page-share-how", {
          where: local ? "here" : "address", address: location.origin,
          unlisted: s.unlisted ? "yes" : "no" })));
      }
    }
    const shown = this.review === null ? s.moves.length : this.review;
    const last = view.moveWords(shown);
    if (this.review !== null) {
      parts.push(el("p", { class: "last-move" },
        last ? t("page-shown", { move: last }) : t("page-shown-start"),
        el("button", { type: "button", class: "secondary live", id: "live",
          onclick: () => this.step(null, null) }, t("page-return"))));
    } else {
      parts.push(el("p", { class: "last-move" },
        last ? t("page-last-move", { move: last }) : t("page-last-move-none")));
    }
    const pass = this.review === null && s.status !== "over" ? view.passNote() : null;
    if (pass) parts.push(el("p", { class: "pass" }, pass));
    parts.push(...this.offer(view), ...this.engine(view));
    if (known.notice.text) {
      parts.push(el("p", { class: `notice${known.notice.good ? " good" : ""}`, role: "alert" },
        known.notice.text));
    }
    return parts;
  }

  /** A pending takeback offer, with Accept and Decline for the one who answers it. */
  offer(view) {
    const text = view.takebackText();
    if (text === null) return [];
    const box = [el("p", { class: "offer takeback-offer" }, text)];
    if (view.offerToAnswer) {
      const up = this.known.link.up;
      box.push(el("div", { class: "actions answer" },
        el("button", { type: "button", class: "primary", id: "accept-takeback", disabled: !up,
          onclick: () => this.actions.answer(true) }, t("button-accept")),
        el("button", { type: "button", class: "secondary", id: "decline-takeback",
          disabled: !up, onclick: () => this.actions.answer(false) }, t("button-decline"))));
    }
    return box;
  }

  /** What the engine says: how to read the hints, that it is at work, its word on the
   * move shown. */
  engine(view) {
    const out = [];
    if (view.hints.length && this.review === null) {
      out.push(el("p", { class: "hint-note" }, view.hintWords()));
    } else if (view.hintAsked) {
      out.push(el("p", { class: "muted" }, t("hint-working")));
    }
    if (view.reviewAsked) {
      out.push(el("p", { class: "muted" }, t("review-working")));
    }
    const shown = this.review === null ? view.state.moves.length : this.review;
    const said = view.reviewText(shown - 1);
    if (said !== null) {
      const lost = view.mistake(shown - 1) > 0;
      out.push(el("p", { class: `review-note${lost ? " lost" : " good"}` }, said));
    }
    const count = view.mistakesText();
    if (count !== null) out.push(el("p", { class: "review-count" }, count));
    return out;
  }

  /** The optional features' buttons: take back and hint in a game, analyse after it,
   * and the sound switch. */
  features(view) {
    const s = view.state;
    const known = this.known;
    const row = [];
    const button = (id, text, enabled, go) => el("button", { type: "button",
      class: "secondary", id, disabled: !enabled, onclick: go }, text);
    if (s.status !== "over" && view.seat !== null) {
      if (known.has("takeback")) {
        row.push(button("takeback", t("button-takeback"), view.canTakeBack && known.link.up,
          () => this.actions.takeback()));
      }
      if (known.has("hint") && s.hints) {
        const asked = view.hintAsked || view.hints.length > 0;
        row.push(button("hint", t(view.hintAsked ? "button-hint-asked" : "button-hint"),
          view.mayHint && !asked && known.link.up, () => this.actions.hint()));
      }
    } else if (view.reviewable && known.has("analyse")) {
      const label = t(view.review !== null ? "button-analysed"
        : view.reviewAsked ? "button-analysing" : "button-analyse");
      row.push(button("analyse", label, view.review === null && !view.reviewAsked &&
        known.link.up, () => this.actions.analyse()));
    }
    if (this.sound) {
      const muted = this.sound.muted;
      row.push(el("button", { type: "button", class: "secondary", id: "sound",
        "aria-pressed": String(!muted), onclick: () => {
          this.sound.setMuted(!muted);
          this.render(this.view, this.known);
        } }, t(muted ? "button-sound-off" : "button-sound-on")));
    }
    return row.length ? el("div", { class: "actions features" }, row) : null;
  }

  /** Rematch or Back to lobby after the game; Resign and Leave in it. While the link
   * is down they wait for it: a tap could not reach the server. */
  buttons(view) {
    const s = view.state;
    const up = this.known.link.up;
    const row = [];
    if (s.status === "over") {
      if (view.seat !== null && !view.opponentLeft) {
        const asked = s.rematch.includes(view.seat);
        row.push(el("button", { type: "button", class: "primary", id: "rematch",
          disabled: asked || !up, onclick: () => this.actions.rematch() },
        t(asked ? "button-rematch-asked" : "button-rematch")));
      }
      row.push(el("button", { type: "button", class: "secondary", id: "leave", disabled: !up,
        onclick: () => this.actions.leave() }, t("button-lobby")));
    } else {
      const inGame = view.seat !== null && s.status === "playing";
      if (inGame) {
        row.push(el("button", { type: "button", class: "danger", id: "resign", disabled: !up,
          onclick: () => this.ask("resign", () => this.actions.resign()) },
        t(this.confirm === "resign" ? "button-resign-sure" : "button-resign")));
      }
      // leaving a game under way loses it: the button says so before the tap that does it
      const label = t(!inGame ? (s.status === "waiting" && view.seat !== null ? "button-cancel"
        : "button-lobby")
        : this.confirm === "leave" ? "button-leave-sure" : "button-leave");
      row.push(el("button", { type: "button", class: "secondary", id: "leave", disabled: !up,
        onclick: () => (inGame ? this.ask("leave", () => this.actions.leave())
          : this.actions.leave()) }, label));
    }
    const main = el("div", { class: "actions" }, row);
    // at the end, what comes next (Rematch) before the switches
    return s.status === "over" ? [main, this.features(view)] : [this.features(view), main];
  }

  // ---- input ---------------------------------------------------------------------

  /** Play `square` if the server would take it; otherwise say why not. */
  tap(square) {
    const view = this.view;
    if (this.review !== null) {
      this.known.say(t("page-tap-looking-back"));
    } else if (!this.known.link.up) {
      this.known.say(t("page-tap-link-down"));
    } else {
      const why = view.whyNot(square);
      if (why === null) {
        this.actions.move(square);
        return;
      }
      this.known.say(why);
    }
    this.render(view, this.known);
  }

  /** Run `action` on the second tap of the same button within CONFIRM_MS. */
  ask(what, action) {
    if (this.confirm === what) {
      this.setConfirm(null);
      action();
      return;
    }
    this.setConfirm(what);
    this.render(this.view, this.known);
  }

  setConfirm(what) {
    clearTimeout(this.confirmTimer);
    this.confirm = what;
    if (what !== null) {
      this.confirmTimer = setTimeout(() => {
        this.confirm = null;
        if (this.root.isConnected) this.render(this.view, this.known);
      }, CONFIRM_MS);
    }
  }

  /** Move through the record: by `delta` plies, or `to` one (null: live). */
  step(delta, to) {
    const s = this.view.state;
    const last = s.moves.length;
    const current = this.review === null ? last : this.review;
    let target = delta === null ? to : current + delta;
    target = target === null ? last : Math.max(0, Math.min(last, target));
    this.review = target === last ? null : target;
    this.known.say(""); // what was said was about the board shown before
    this.render(this.view, this.known);
  }

  /** Keys, as in the window: arrows, Home and End step through the record; a square's
   * name typed (a slot digit like 4, or d then 3) plays there. */
  key(event) {
    if (!this.root.isConnected || !this.view || !this.view.state ||
        event.target.closest("input") || event.ctrlKey || event.metaKey || event.altKey) {
      return;
    }
    const s = this.view.state;
    const keys = { ArrowLeft: () => this.step(-1), ArrowRight: () => this.step(1),
      Home: () => this.step(null, 0), End: () => this.step(null, null) };
    const k = event.key.toLowerCase();
    if (keys[event.key]) {
      keys[event.key]();
      this.typed = "";
      event.preventDefault();
      return;
    }
    if (k.length !== 1) return;
    const { squares } = boardInfo(s.game, s.size);
    const begins = (text) => squares.some((name) => name.startsWith(text));
    this.typed = begins(this.typed + k) ? this.typed + k : begins(k) ? k : "";
    const square = squares.indexOf(this.typed); // no square's name begins another's
    if (square >= 0) {
      this.typed = "";
      this.tap(square);
      event.preventDefault();
    }
  }
}
