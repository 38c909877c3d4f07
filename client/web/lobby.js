// The lobby: your name, your unfinished games, a new game (which, against whom, who
// moves first, a clock, hints between people), joining a friend's match by its
// code, and the matches on the server to join or watch, with their clocks and hints.
// Built once; `update` refreshes only the lists and the notice, so typing in a box is
// never interrupted by the lobby refreshing itself.

import { CATALOGUE, gameInfo, gameTitle } from "./catalogue.js";
import { clockWords } from "./clock.js";
import { el, fill } from "./dom.js";

/** Every game on every size, in the catalogue's order: [game, size]. */
const GAMES = CATALOGUE.games.flatMap((info) => info.sizes.map((size) => [info.name, size]));
/** The clocks on offer: each side's minutes and the seconds added after each move. */
const CLOCKS = [["none", "None", null], ["1+0", "1+0", { initial: 60, increment: 0 }],
  ["3+2", "3+2", { initial: 180, increment: 2 }], ["5+3", "5+3", { initial: 300, increment: 3 }]];

/** A row of choice buttons; exactly one is pressed. Returns the row and a re-marker. */
function choiceRow(label, options, current, pick) {
  const buttons = options.map(([value, text]) => el("button", {
    type: "button", class: "choice", "data-value": value,
    "aria-pressed": String(value === current()),
    onclick: () => { pick(value); mark(); },
  }, text));
  function mark() {
    for (const b of buttons) b.setAttribute("aria-pressed", b.dataset.value === current());
  }
  return el("fieldset", { class: "choices" }, el("legend", {}, label),
    el("div", { class: `row n${options.length}` }, buttons));
}

/** "K7QXM2  Othello 8x8: Taro vs the bot (level 3), 2 watching". */
function summary(m) {
  const names = [...m.players].sort((a, b) => a.seat - b.seat).map((p) =>
    p.kind === "bot" && p.level ? `the bot (level ${p.level})` : p.name || "someone");
  const who = names.length ? names.join(" vs ") : "nobody";
  let extra = m.clock ? `, ${clockWords(m.clock)} clock` : "";
  if (m.hints && !m.players.some((p) => p.kind === "bot")) extra += ", hints allowed";
  if (m.spectators) extra += `, ${m.spectators} watching`;
  return `${gameTitle(m.game, m.size)}: ${who}${extra}`;
}

export class LobbyScreen {
  /** actions: create(request, name), join(code, name), watch(code, name), goBack(code). */
  constructor(actions, name) {
    this.actions = actions;
    const game = CATALOGUE.default_game;
    this.choice = { game, size: gameInfo(game).default_size, vs: "bot",
      level: CATALOGUE.default_level, seat: "first", clock: "none", hints: "no" };
    this.features = []; // the server's optional features (welcome.features)
    this.nameBox = el("input", {
      id: "name", type: "text", maxlength: 32, autocomplete: "nickname", value: name,
      placeholder: "your name", enterkeyhint: "done",
    });
    this.codeBox = el("input", {
      id: "code", type: "text", maxlength: 16, autocapitalize: "characters",
      autocomplete: "off", spellcheck: "false", placeholder: "code, e.g. K7QX",
      enterkeyhint: "go",
    });
    this.codeBox.addEventListener("keydown", (e) => { if (e.key === "Enter") this.joinCode(); });
    this.server = el("p", { class: "muted server" });
    this.notice = el("p", { class: "notice", role: "alert" });
    this.mine = el("section", { class: "card mine", hidden: true });
    this.open = el("ul", { class: "matches open-matches" });
    this.watchable = el("ul", { class: "matches watch-matches" });
    this.levelRow = el("div");
    this.seatRow = el("div");
    this.optionRow = el("div");
    this.root = this.build();
  }

  get name() {
    return this.nameBox.value.trim();
  }

  build() {
    const c = this.choice;
    const game = choiceRow("Game", GAMES.map(([g, n], i) => [String(i), gameTitle(g, n)]),
      () => String(GAMES.findIndex(([g, n]) => g === c.game && n === c.size)),
      (i) => { [c.game, c.size] = GAMES[Number(i)]; });
    const vs = choiceRow("Opponent", [["bot", "The computer (bot)"], ["human", "A person"]],
      () => c.vs, (v) => { c.vs = v; this.refreshChoices(); });
    this.refreshChoices();
    const play = el("button", { type: "button", class: "primary big", id: "play",
      onclick: () => this.play() }, "Play");
    const newGame = el("section", { class: "card new-game" },
      el("h2", {}, "New game"), game, vs, this.levelRow, this.seatRow, this.optionRow, play);
    const you = el("div", { class: "you" },
      el("label", { for: "name", class: "field-label" }, "Your name"), this.nameBox);
    const join = el("button", { type: "button", class: "secondary", id: "join-code",
      onclick: () => this.joinCode() }, "Join");
    const matches = el("section", { class: "card lists" },
      el("h2", {}, "Join a friend"),
      el("label", { for: "code", class: "field-label" }, "Their match code"),
      el("div", { class: "code-row" }, this.codeBox, join),
      el("h3", {}, "Open matches (a seat is free)"), this.open,
      el("h3", {}, "Matches to watch"), this.watchable);
    return el("div", { class: "lobby" }, this.server, you, this.notice, this.mine,
      el("div", { class: "lobby-grid" }, newGame, matches));
  }

  /** The rows that depend on the opponent: bot level, and who moves first. */
  refreshChoices() {
    const c = this.choice;
    if (c.vs === "bot") {
      const bots = CATALOGUE.bots;
      const levels = bots.map(({ level, name }) => [String(level), [
        el("span", { class: "level" }, level), " ", el("span", { class: "level-name" }, name)]]);
      const range = `${bots[0].level} is easy, ${bots[bots.length - 1].level} is strong`;
      fill(this.levelRow, choiceRow(`Bot level (${range})`, levels,
        () => String(c.level), (v) => { c.level = Number(v); }));
    } else {
      fill(this.levelRow, el("p", { class: "muted" },
        "After you press Play, tell your friend the match code; they join it from " +
        "their own lobby."));
    }
    const other = c.vs === "bot" ? "The bot" : "Your friend";
    fill(this.seatRow, choiceRow("Who moves first",
      [["first", "You"], ["second", other], ["random", "Random"]], () => c.seat,
      (v) => { c.seat = v; }));
    const options = [];
    if (this.features.includes("clock")) {
      options.push(choiceRow("Clock (minutes each + seconds per move)",
        CLOCKS.map(([value, text]) => [value, text]), () => c.clock, (v) => { c.clock = v; }));
    }
    if (this.features.includes("hint") && c.vs === "human") {
      options.push(choiceRow("Hints from the engine", [["no", "Not allowed"],
        ["yes", "Allowed for both"]], () => c.hints, (v) => { c.hints = v; }));
    }
    fill(this.optionRow, options);
  }

  play() {
    const c = this.choice;
    const request = { type: "create", game: c.game, size: c.size, vs: c.vs, seat: c.seat };
    if (c.vs === "bot") request.bot = { level: c.level };
    const clock = CLOCKS.find(([value]) => value === c.clock)[2];
    if (clock && this.features.includes("clock")) request.clock = clock;
    if (c.vs === "human" && c.hints === "yes" && this.features.includes("hint")) {
      request.hints = true;
    }
    this.actions.create(request, this.name);
  }

  joinCode() {
    this.actions.join(this.codeBox.value, this.name);
  }

  /** Redraw what changes: the server's name, the lists, your games, the notice. */
  update(known) {
    const features = (known.welcome && known.welcome.features) || [];
    if (features.join() !== this.features.join()) {
      this.features = features;
      this.refreshChoices();
    }
    fill(this.server, known.welcome ? `Server: ${known.welcome.server.name}` : "");
    fill(this.notice, known.notice.text);
    this.notice.classList.toggle("good", known.notice.good);
    const mine = known.unfinished();
    this.mine.hidden = mine.length === 0;
    fill(this.mine, el("h2", {}, "Your games"), el("ul", { class: "matches" }, mine.map((v) =>
      el("li", {}, el("span", { class: "code" }, v.code),
        el("span", { class: "what" }, `${gameTitle(v.state.game, v.state.size)}: ${v.turnText()}`),
        el("button", { type: "button", class: "primary",
          onclick: () => this.actions.goBack(v.code) }, "Go back")))));
    const rows = (list, watch) => list.length ? list.map((m) => el("li", {},
      el("span", { class: "code" }, m.match), el("span", { class: "what" }, summary(m)),
      el("button", { type: "button", class: "secondary",
        onclick: () => (watch ? this.actions.watch : this.actions.join)(m.match, this.name) },
      watch ? "Watch" : "Join"))) : [el("li", { class: "none" }, "none right now")];
    fill(this.open, rows(known.lobby.filter((m) => m.status === "waiting"), false));
    fill(this.watchable, rows(known.lobby.filter((m) => m.status !== "waiting"), true));
  }
}
