// The match screen: the board, and beside it (under it on a phone) who plays which
// side with their clocks, the disc count, whose turn it is, passes, why a tap was
// refused, a takeback offer, the engine's hints and review, the result, the buttons
// (take back, hint, analyse, sound; resign, rematch, back to lobby), the move list to
// look back through, and the chat.
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
    this.chat = new ChatBox((text) => this.actions.chat(text));
    this.panel = el("div", { class: "panel" }, this.chat.root);
    this.root = el("div", { class: "game" }, this.boardBox, this.panel);
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
    this.chat.root.hidden = s === null || !known.has("chat");
    if (s === null) {
      fill(this.boardBox);
      this.fillPanel(el("p", { class: "turn" }, "Loading the match…"));
      return;
    }
    fill(this.boardBox, this.board(view));
    this.fillPanel(this.header(view), this.seats(view), this.status(view, known),
      this.buttons(view), this.moves(view));
    this.chat.render(view, known.welcome ? known.welcome.player : null);
    this.tick();
  }

  /** Redraw the panel's sections above the chat, which stays (a line being typed in it
   * keeps its focus and its text). */
  fillPanel(...parts) {
    for (const child of [...this.panel.children]) if (child !== this.chat.root) child.remove();
    this.chat.root.before(...parts.flat().filter(Boolean));
  }

  /** Bring the clocks up to date, and come back when the running one's text changes. */
  tick() {
    clearTimeout(this.tickTimer);
    const clocks = this.view && this.root.isConnected ? this.view.clocks() : null;
    if (clocks === null) return;
    const now = performance.now();
    for (const shown of this.panel.querySelectorAll(".clock[data-seat]")) {
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
      labels: new Map(), hints: [], choice: null,
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
    if (reviewed !== null && reviewed.loss > 0) look.choice = reviewed.best;
    if (!view.info.coordinates) { // free squares show their names, as in the window
      const { squares } = boardInfo(s.game, s.size);
      for (let i = 0; i < look.board.length; i++) {
        if (look.board[i] === ".") look.labels.set(i, squares[i]);
      }
    }
    return renderBoard(look);
  }

  header(view) {
    const s = view.state;
    let title = `${gameTitle(s.game, s.size)} · match ${s.match}`;
    if (s.clock) title += ` · ${clockWords(s.clock)} clock`;
    if (view.role === "spectator") title += " (watching)";
    return el("h2", { class: "match-title" }, title);
  }

  /** Who plays which side, online or not, and the disc count. */
  seats(view) {
    const s = view.state;
    return el("ul", { class: "seats" }, [0, 1].map((seat) => {
      const p = view.player(seat);
      let name = view.label(seat);
      if (p && seat === view.seat && p.name) name = `You (${p.name})`;
      else if (p && p.kind === "bot") name = p.level ? `The bot (level ${p.level})` : "The bot";
      else if (p && p.name && name !== p.name) name = `${name} (${p.name})`;
      const toMove = s.status === "playing" && s.to_move === seat;
      const away = p && p.kind === "human" && seat !== view.seat && !p.connected;
      const running = s.clock && s.clock.running === seat;
      return el("li", { class: `seat${toMove ? " to-move" : ""}`, "data-seat": seat },
        seatIcon(s.game, seat),
        el("span", { class: "who" }, el("span", { class: "side" }, `${sideName(s.game, seat)}: `),
          el("span", { class: "name" }, name),
          away ? el("span", { class: "away" }, "offline – waiting for them") : null),
        s.clock ? el("span", { class: `clock${running ? " running" : ""}`, "data-seat": seat,
          role: "timer", "aria-label": `${sideName(s.game, seat)}'s clock` }) : null,
        view.info.scored ? el("span", { class: "score", "aria-label": "discs" },
          s.score[seat]) : null);
    }));
  }

  /** Whose turn, or the result; a pass; a refusal; a rematch offer; the code to share. */
  status(view, known) {
    const s = view.state;
    const parts = [];
    if (s.status === "over") {
      const result = view.resultText();
      parts.push(el("p", { class: `result${result === "You won!" ? " won" : ""}` }, result));
      parts.push(el("p", { class: "reason" }, view.reasonText()));
      if (view.seat !== null && s.rematch.length) {
        const other = 1 - view.seat;
        parts.push(el("p", { class: "offer" }, s.rematch.includes(other) &&
          !s.rematch.includes(view.seat)
          ? `${view.label(other)} wants a rematch: press Rematch.`
          : `Rematch asked: waiting for ${view.label(other).toLowerCase()}…`));
      }
    } else {
      let turn = view.turnText();
      let cls = view.myTurn ? "turn mine" : "turn";
      if (!known.link.up) {
        turn = "Offline: moves wait until the link is back.";
        cls = "turn warn";
      } else if (this.review !== null) {
        turn = `Looking back at move ${this.review} (>| returns to the game)`;
        cls = "turn warn";
      } else if (view.isBot(s.to_move) && s.status === "playing") {
        cls += " thinking";
      }
      parts.push(el("p", { class: cls, "aria-live": "polite" }, turn));
      if (s.status === "waiting" && view.seat !== null) {
        parts.push(el("p", { class: "share" }, "Tell your friend the code: ",
          el("strong", { class: "code" }, s.match)));
        const local = ["localhost", "127.0.0.1", "[::1]"].includes(location.hostname);
        parts.push(el("p", { class: "muted" }, local
          ? "They join it from their lobby."
          : `They open ${location.origin} and join it from the lobby.`));
      }
    }
    const pass = view.passNote();
    if (pass) parts.push(el("p", { class: "pass" }, pass));
    parts.push(...this.offer(view), ...this.engine(view));
    if (known.notice.text) {
      parts.push(el("p", { class: `notice${known.notice.good ? " good" : ""}`, role: "alert" },
        known.notice.text));
    }
    return el("div", { class: "status" }, parts);
  }

  /** A pending takeback offer, with Accept and Decline for the one who answers it. */
  offer(view) {
    const text = view.takebackText();
    if (text === null) return [];
    const box = [el("p", { class: "offer takeback-offer" }, text)];
    if (view.offerToAnswer) {
      box.push(el("div", { class: "actions answer" },
        el("button", { type: "button", class: "primary", id: "accept-takeback",
          onclick: () => this.actions.answer(true) }, "Accept"),
        el("button", { type: "button", class: "secondary", id: "decline-takeback",
          onclick: () => this.actions.answer(false) }, "Decline")));
    }
    return box;
  }

  /** What the engine says: how to read the hints, that it is at work, its word on the
   * move shown. */
  engine(view) {
    const out = [];
    if (view.hints.length && this.review === null) {
      const what = view.info.scored
        ? "the disc margin you can expect at the end after each move"
        : "how each move ends with perfect play";
      const exact = view.hints.some((h) => h.exact) ? "; underlined: solved exactly" : "";
      out.push(el("p", { class: "hint-note" }, `Hint: ${what}; framed: the best${exact}.`));
    } else if (view.hintAsked) {
      out.push(el("p", { class: "muted" }, "The engine is looking at your position…"));
    }
    if (view.reviewAsked) {
      out.push(el("p", { class: "muted" }, "The engine is going through the game…"));
    }
    const shown = this.review === null ? view.state.moves.length : this.review;
    const said = view.reviewText(shown - 1);
    if (said !== null) {
      const lost = view.reviewed(shown - 1).loss > 0;
      out.push(el("p", { class: `review-note${lost ? " lost" : " good"}` }, said));
    }
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
        row.push(button("takeback", "Take back", view.canTakeBack && known.link.up,
          () => this.actions.takeback()));
      }
      if (known.has("hint") && s.hints) {
        const asked = view.hintAsked || view.hints.length > 0;
        row.push(button("hint", view.hintAsked ? "Thinking…" : "Hint",
          view.mayHint && !asked && known.link.up, () => this.actions.hint()));
      }
    } else if (s.status === "over" && known.has("analyse")) {
      const label = view.review !== null ? "Analysed"
        : view.reviewAsked ? "Analysing…" : "Analyse";
      row.push(button("analyse", label, view.review === null && !view.reviewAsked &&
        known.link.up, () => this.actions.analyse()));
    }
    if (this.sound) {
      const muted = this.sound.muted;
      row.push(el("button", { type: "button", class: "secondary", id: "sound",
        "aria-pressed": String(!muted), onclick: () => {
          this.sound.setMuted(!muted);
          this.render(this.view, this.known);
        } }, muted ? "Sound off" : "Sound on"));
    }
    return row.length ? el("div", { class: "actions features" }, row) : null;
  }

  buttons(view) {
    const s = view.state;
    const row = [];
    if (s.status === "over") {
      if (view.seat !== null) {
        const asked = s.rematch.includes(view.seat);
        row.push(el("button", { type: "button", class: "primary", id: "rematch",
          disabled: asked, onclick: () => this.actions.rematch() },
        asked ? "Rematch asked" : "Rematch"));
      }
      row.push(el("button", { type: "button", class: "secondary", id: "leave",
        onclick: () => this.actions.leave() }, "Back to lobby"));
    } else {
      const inGame = view.seat !== null && s.status === "playing";
      if (inGame) {
        row.push(el("button", { type: "button", class: "danger", id: "resign",
          onclick: () => this.ask("resign", () => this.actions.resign()) },
        this.confirm === "resign" ? "Sure? Tap again to resign" : "Resign"));
      }
      const label = this.confirm === "leave" ? "Sure? Leaving loses"
        : s.status === "waiting" && view.seat !== null ? "Cancel" : "Back to lobby";
      row.push(el("button", { type: "button", class: "secondary", id: "leave",
        onclick: () => (inGame ? this.ask("leave", () => this.actions.leave())
          : this.actions.leave()) }, label));
    }
    return [this.features(view), el("div", { class: "actions" }, row)];
  }

  /** The record, numbered, each a button showing the board after it; and the steps. */
  moves(view) {
    const names = view.moveNames();
    const shown = this.review === null ? names.length : this.review;
    const list = el("ol", { class: "move-list" }, names.map((name, k) => {
      const r = view.reviewed(k);
      const lost = r !== null && r.loss > 0;
      const cls = `move${k + 1 === shown ? " current" : ""}${lost ? " lost" : ""}`;
      return el("li", {}, el("button", { type: "button", class: cls,
        onclick: () => this.step(null, k + 1) }, name,
      lost ? el("span", { class: "loss" }, view.info.scored ? ` -${r.loss}` : " ?")
        : null));
    }));
    const step = (text, label, go) => el("button", { type: "button", class: "step",
      "aria-label": label, disabled: names.length === 0, onclick: go }, text);
    const bar = el("div", { class: "review-bar" },
      step("|<", "first move", () => this.step(null, 0)),
      step("<", "previous move", () => this.step(-1)),
      step(">", "next move", () => this.step(1)),
      step(">|", "back to the game", () => this.step(null, null)),
      el("span", { class: this.review === null ? "muted" : "warn" },
        `move ${shown} of ${names.length} (${this.review === null ? "live" : "looking back"})`));
    const box = el("section", { class: "moves", hidden: names.length === 0 },
      el("h3", {}, `Moves (${names.length})`), list, bar);
    queueMicrotask(() => { // keep the move in focus in view
      const current = list.querySelector(".current");
      if (current) list.scrollTop = current.offsetTop - list.offsetTop - list.clientHeight / 2;
    });
    return box;
  }

  // ---- input ---------------------------------------------------------------------

  /** Play `square` if the server would take it; otherwise say why not. */
  tap(square) {
    const view = this.view;
    if (this.review !== null) {
      this.known.say("You are looking back through the game: press >| to return to it.");
    } else if (!this.known.link.up) {
      this.known.say("Offline: moves wait until the link is back.");
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
