// The lobby: your name, your unfinished games (Resume), a new game (which, against
// whom, who moves first, a clock; between people: hints, and whether the match is
// unlisted and spectators may chat), joining or watching a friend's match by its code
// (an unlisted one is found no other way), and the matches on the server to join or
// watch, with their clocks, hints and chat rule.
// Built once; `update` refreshes only the lists and the notice, so typing in a box is
// never interrupted by the lobby refreshing itself.
//
// One thumb on a phone: Play comes right under a line that says what it will start
// (the choices of the last game, remembered by the browser) and the choices folded
// under "Change…"; so Play, or Resume for a game under way, is on the first screen
// without scrolling, and so is joining a friend. Unfolded, the fold's arrow points down
// and the choices follow Play (which never floats over them) and that line. A blank name is not silently replaced: a line under
// the field says what others will see instead.

import { CATALOGUE, gameInfo, gameTitle } from "./catalogue.js";
import { clockWords } from "./clock.js";
import { el, fill } from "./dom.js";
import { LANGUAGES, language, t } from "./words.js";

/** Every game on every size, in the catalogue's order: [game, size]. */
const GAMES = CATALOGUE.games.flatMap((info) => info.sizes.map((size) => [info.name, size]));
/** The clocks on offer (the window's too): each side's minutes and the seconds added
 * after each move, named by the catalogue's words for a clock as everywhere else. */
const CLOCKS = [["none", null], ["1+0", { initial: 60, increment: 0 }],
  ["3+2", { initial: 180, increment: 2 }], ["5+3", { initial: 300, increment: 3 }]];
const CHOICES_KEY = "taikyoku.choices"; // the last game's choices, in the browser's storage
/** Where there is room, the choices show unfolded. */
const ROOMY = "(min-width: 760px) and (min-height: 600px)";

/** The choices a new game starts from: the last game's where they are still on offer
 * (a server may have dropped a game or a level since), otherwise the defaults. */
function rememberedChoices(storage) {
  const game = CATALOGUE.default_game;
  const choice = { game, size: gameInfo(game).default_size, vs: "bot",
    level: CATALOGUE.default_level, seat: "first", clock: "none", hints: "no",
    unlisted: false, spectatorChat: true };
  let saved = {};
  try {
    saved = JSON.parse(storage.get(CHOICES_KEY) || "{}") || {};
  } catch (err) {
    return choice; // not JSON (an older page's, or edited by hand): the defaults
  }
  const offered = {
    vs: ["bot", "human"], seat: ["first", "second", "random"], hints: ["no", "yes"],
    clock: CLOCKS.map(([value]) => value), level: CATALOGUE.bots.map((b) => b.level),
    unlisted: [false, true], spectatorChat: [true, false],
  };
  for (const [key, values] of Object.entries(offered)) {
    if (values.includes(saved[key])) choice[key] = saved[key];
  }
  if (GAMES.some(([g, n]) => g === saved.game && n === saved.size)) {
    [choice.game, choice.size] = [saved.game, saved.size];
  }
  return choice;
}

/** A row of choice buttons; exactly one is pressed. */
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

/** A choice that is on or off: a checkbox whose whole line is the tap target. */
function switchLine(id, label, current, set) {
  const box = el("input", { type: "checkbox", id, checked: current,
    onchange: () => set(box.checked) });
  return el("label", { class: "switch" }, box, el("span", {}, label));
}

/** A level in words: "3 Intermediate: looks a few moves ahead". */
function levelWords(level) {
  return t("level-words", { level, title: t(`level-${level}-title`),
    feel: t(`level-${level}-feel`) });
}

/** "Othello 8x8: Taro vs the bot (level 3), 2 watching" (client/common lobby_line). */
function summary(m) {
  const names = [...m.players].sort((a, b) => a.seat - b.seat).map((p) =>
    p.kind === "bot" ? t("player-bot", { level: p.level || "none" })
      : p.name || t("player-someone"));
  const who = names.length === 0 ? t("player-nobody") : names.length === 1 ? names[0]
    : t("lobby-versus", { first: names[0], second: names[1] });
  let extra = m.clock ? t("lobby-clock", { clock: clockWords(m.clock) }) : "";
  if (m.hints && !m.players.some((p) => p.kind === "bot")) extra += t("lobby-hints");
  if (m.spectator_chat === false) extra += t("lobby-players-chat");
  if (m.spectators) extra += t("lobby-watching", { count: m.spectators });
  return t("lobby-what", { game: gameTitle(m.game, m.size), who, extra });
}

export class LobbyScreen {
  /** actions: create(request, name), join(code, name), watch(code, name), goBack(code),
   * language(lang, name): switch the page's language (the name typed so far kept);
   * `storage` keeps the choices of the last game (connection.js's BrowserStore). */
  constructor(actions, name, storage) {
    this.actions = actions;
    this.storage = storage;
    this.choice = rememberedChoices(storage);
    this.features = []; // the server's optional features (welcome.features)
    this.nameBox = el("input", {
      id: "name", type: "text", maxlength: 32, autocomplete: "nickname", value: name,
      placeholder: t("lobby-name-placeholder"), enterkeyhint: "done",
    });
    this.codeBox = el("input", {
      id: "code", type: "text", maxlength: 16, autocapitalize: "characters",
      autocomplete: "off", spellcheck: "false", placeholder: t("lobby-code-placeholder"),
      enterkeyhint: "go",
    });
    this.codeBox.addEventListener("keydown", (e) => {
      if (e.key === "Enter") this.actions.join(this.codeBox.value, this.name);
    });
    this.nameNote = el("p", { class: "name-note muted", "aria-live": "polite" });
    this.served = null; // the name the server made up for our blank one, once known
    this.nameBox.addEventListener("input", () => this.sayName());
    this.about = el("p", { class: "about" }); // what Play starts, in words
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

  /** Whether a choice only between people (hints, privacy) applies: the new game is
   * against a person and the server offers `feature`. */
  forPeople(feature) {
    return this.choice.vs === "human" && this.features.includes(feature);
  }

  build() {
    const c = this.choice;
    const game = choiceRow(t("lobby-game"), GAMES.map(([g, n], i) => [String(i), gameTitle(g, n)]),
      () => String(GAMES.findIndex(([g, n]) => g === c.game && n === c.size)),
      (i) => { [c.game, c.size] = GAMES[Number(i)]; this.describe(); });
    const vs = choiceRow(t("lobby-opponent"),
      [["bot", t("lobby-opponent-bot")], ["human", t("lobby-opponent-person")]],
      () => c.vs, (v) => { c.vs = v; this.refreshChoices(); });
    this.refreshChoices();
    const play = el("button", { type: "button", class: "primary big", id: "play",
      onclick: () => this.play() }, t("lobby-play"));
    const change = el("details", { class: "change", open: window.matchMedia(ROOMY).matches },
      el("summary", {}, t("lobby-change")),
      game, vs, this.levelRow, this.seatRow, this.optionRow);
    const newGame = el("section", { class: "card new-game" },
      el("h2", {}, t("lobby-new-game")), this.about, play, change);
    const you = el("div", { class: "you" },
      el("label", { for: "name", class: "field-label" }, t("lobby-your-name")), this.nameBox,
      this.languageSwitch());
    const join = el("button", { type: "button", class: "secondary", id: "join-code",
      onclick: () => this.actions.join(this.codeBox.value, this.name) }, t("button-join"));
    const watch = el("button", { type: "button", class: "secondary", id: "watch-code",
      onclick: () => this.actions.watch(this.codeBox.value, this.name) }, t("button-watch"));
    const matches = el("section", { class: "card lists" },
      el("h2", {}, t("lobby-join-friend")),
      el("label", { for: "code", class: "field-label" }, t("lobby-their-code")),
      el("div", { class: "code-row" }, this.codeBox, join, watch),
      el("h3", {}, t("lobby-open-matches")), this.open,
      el("h3", {}, t("lobby-watch-matches")), this.watchable);
    return el("div", { class: "lobby" }, you, this.nameNote, this.notice, this.mine,
      el("div", { class: "lobby-grid" }, newGame, matches));
  }

  /** The language switch beside the name: a button for each other language, named in
   * its own words ("日本語" on an English page, "English" on a Japanese one). */
  languageSwitch() {
    return el("span", { class: "languages", role: "group", "aria-label": t("lobby-language") },
      LANGUAGES.filter(([lang]) => lang !== language()).map(([lang, name]) => el("button", {
        type: "button", class: "secondary language", lang,
        onclick: () => this.actions.language(lang, this.name) }, name)));
  }

  /** Under a blank name field: the name others see instead, once a match has shown the
   * one the server made up, or that it will make one up. */
  sayName() {
    let note = "";
    if (!this.name) {
      note = this.served ? t("lobby-name-served", { name: this.served })
        : t("lobby-name-made-up");
    }
    fill(this.nameNote, note);
  }

  /** What Play will start, in two lines over the button. */
  describe() {
    const c = this.choice;
    const bot = CATALOGUE.bots.find((b) => b.level === c.level);
    const first = t("about-first", { seat: c.seat, vs: c.vs });
    const clock = CLOCKS.find(([value]) => value === c.clock)[1];
    const more = [first];
    if (this.features.includes("clock")) {
      more.push(clock ? t("about-clock", { clock: clockWords(clock) }) : t("about-no-clock"));
    }
    if (c.hints === "yes" && this.forPeople("hint")) more.push(t("about-hints"));
    if (this.forPeople("private")) {
      if (c.unlisted) more.push(t("about-unlisted"));
      if (!c.spectatorChat) more.push(t("about-players-chat"));
    }
    fill(this.about, el("strong", {}, t("about-against", { game: gameTitle(c.game, c.size),
      vs: c.vs, level: bot.level, title: t(`level-${bot.level}-title`) })),
    el("br"), el("span", { class: "muted" }, t("about-more", { list: more.join(" · ") })));
  }

  /** The rows that depend on the opponent: bot level, and who moves first. */
  refreshChoices() {
    const c = this.choice;
    if (c.vs === "bot") {
      const bots = CATALOGUE.bots;
      const levels = bots.map(({ level }) => [String(level), [
        el("span", { class: "level" }, level), " ",
        el("span", { class: "level-name" }, t(`level-${level}-title`))]]);
      const words = el("p", { class: "level-words muted" });
      const say = () => fill(words, levelWords(c.level));
      say();
      fill(this.levelRow, choiceRow(t("lobby-level"), levels, () => String(c.level),
        (v) => { c.level = Number(v); say(); this.describe(); }), words);
    } else {
      fill(this.levelRow, el("p", { class: "muted" }, t("lobby-person-how")));
    }
    fill(this.seatRow, choiceRow(t("lobby-first"), [["first", t("lobby-first-you")],
      ["second", t("lobby-first-other", { vs: c.vs })], ["random", t("lobby-first-random")]],
    () => c.seat, (v) => { c.seat = v; this.describe(); }));
    const options = [];
    if (this.features.includes("clock")) {
      options.push(choiceRow(t("lobby-clock-choice"),
        CLOCKS.map(([value, clock]) => [value, clock ? clockWords(clock) : t("lobby-clock-none")]),
        () => c.clock,
        (v) => { c.clock = v; this.describe(); }));
    }
    if (this.forPeople("hint")) {
      options.push(choiceRow(t("lobby-hints-choice"), [["no", t("lobby-hints-no")],
        ["yes", t("lobby-hints-yes")]], () => c.hints, (v) => { c.hints = v; this.describe(); }));
    }
    if (this.forPeople("private")) {
      options.push(el("fieldset", { class: "choices privacy" },
        el("legend", {}, t("lobby-privacy")),
        switchLine("unlisted", t("lobby-unlisted"), c.unlisted,
          (on) => { c.unlisted = on; this.describe(); }),
        switchLine("spectator-chat", t("lobby-spectator-chat"), c.spectatorChat,
          (on) => { c.spectatorChat = on; this.describe(); })));
    }
    fill(this.optionRow, options);
    this.describe();
  }

  play() {
    const c = this.choice;
    this.storage.set(CHOICES_KEY, JSON.stringify(c));
    const request = { type: "create", game: c.game, size: c.size, vs: c.vs, seat: c.seat };
    if (c.vs === "bot") request.bot = { level: c.level };
    const clock = CLOCKS.find(([value]) => value === c.clock)[1];
    if (clock && this.features.includes("clock")) request.clock = clock;
    if (c.hints === "yes" && this.forPeople("hint")) request.hints = true;
    if (this.forPeople("private")) {
      Object.assign(request, { unlisted: c.unlisted, spectator_chat: c.spectatorChat });
    }
    this.actions.create(request, this.name);
  }

  /** Redraw what changes: the server's name, the lists, your games, the notice, the
   * name note; `hello`: the name the page said hello with. */
  update(known, hello) {
    const features = (known.welcome && known.welcome.features) || [];
    if (features.join() !== this.features.join()) {
      this.features = features;
      this.refreshChoices();
    }
    this.served = hello ? null : known.ownName;
    this.sayName();
    fill(this.notice, known.notice.text);
    this.notice.classList.toggle("good", known.notice.good);
    const mine = known.unfinished();
    this.mine.hidden = mine.length === 0;
    fill(this.mine, el("h2", {}, t("lobby-your-games")),
      el("ul", { class: "matches" }, mine.map((v) => el("li", {},
        el("span", { class: "code" }, v.code),
        el("span", { class: "what" }, t("lobby-what", {
          game: gameTitle(v.state.game, v.state.size), who: v.turnText(), extra: "" })),
        el("button", { type: "button", class: "primary",
          onclick: () => this.actions.goBack(v.code) }, t("button-resume"))))));
    const rows = (list, watch) => list.length ? list.map((m) => el("li", {},
      el("span", { class: "code" }, m.match), el("span", { class: "what" }, summary(m)),
      el("button", { type: "button", class: "secondary",
        onclick: () => (watch ? this.actions.watch : this.actions.join)(m.match, this.name) },
      t(watch ? "button-watch" : "button-join")))) : [el("li", { class: "none" }, t("lobby-none"))];
    fill(this.open, rows(known.lobby.filter((m) => m.status === "waiting"), false));
    fill(this.watchable, rows(known.lobby.filter((m) => m.status !== "waiting"), true));
  }
}
