// The page's wiring: one connection, what it has learnt (Known), and the screen that
// shows it: the lobby, or the match on screen. Every server message and every link
// change ends in `render`. Intents go out through `send`, which says so when the link
// is down instead of queueing them behind the person's back.

import { Connection, BrowserStore, serverUrl } from "./connection.js";
import { el, fill } from "./dom.js";
import { GameScreen } from "./game.js";
import { Known } from "./known.js";
import { LobbyScreen } from "./lobby.js";
import { gameTitle } from "./catalogue.js";
import { Sounds, cues } from "./sound.js";
import { setLanguage, t } from "./words.js";

const LOBBY_REFRESH_MS = 2000; // the match list is asked again this often while it shows
const NOTICE_MS = 8000; // a notice shows this long
/** How long an engine answer is waited for, should an older server say nothing when
 * the engine fails: a hint's search takes about a second and the server gives up on it
 * after about ten; a review walks the whole game. */
const ENGINE_PATIENCE_MS = { hint: 15000, analyse: 120000 };

const storage = new BrowserStore();
const known = new Known();
const sounds = new Sounds(storage);
const screen = document.getElementById("screen");
const banner = document.getElementById("banner");
const serverName = document.getElementById("who");
let pending = null; // an intent waiting for the welcome of a rename

const connection = new Connection({
  url: serverUrl(window.location),
  storage,
  onMessage(msg) {
    const view = msg.type === "state" && msg.match === known.current ? known.view : null;
    const before = view ? view.state : null;
    known.handle(msg);
    // the answer to this list comes after the match's replayed chat: it ends the replay
    if (msg.type === "joined") connection.send({ type: "list" });
    if (view) sounds.play(cues(before, msg, view.seat));
    render();
  },
  onLink({ up, message, first, warn }) {
    known.setLink(up, message);
    if (up) {
      known.startResume(first);
      connection.send({ type: "list" }); // everything before its answer is our seats, re-sent
      if (pending !== null) connection.send(pending);
      pending = null;
      if (message) known.say(message, !warn);
      else if (storage.problem) known.say(storage.problem);
    }
    render();
  },
});

/** Send an intent, or tell the person the link is down; whether it went. */
function send(msg) {
  const sent = connection.send(msg);
  if (!sent) known.say(t("page-link-down"));
  render();
  return sent;
}

/** Send an intent under `name`: a changed name says hello again first. */
function sendAs(name, msg) {
  if (name !== connection.name) {
    pending = msg;
    connection.rename(name);
  } else {
    send(msg);
  }
}

/** Join or watch (`type`) the match `code` as typed (any case, spaces around it). */
function byCode(type) {
  return (code, name) => {
    const clean = code.trim().toUpperCase();
    if (!clean) {
      known.say(t("page-type-code"));
      render();
      return;
    }
    sendAs(name, { type, match: clean });
  };
}

const lobby = new LobbyScreen({
  create: (request, name) => sendAs(name, request),
  join: byCode("join"),
  watch: byCode("watch"),
  goBack(code) {
    known.current = code;
    known.say("");
    render();
  },
  /** Every screen is built again in the new language: the page reloads (the player and
   * their games come back with the token), keeping the name typed so far. */
  language(lang, name) {
    setLanguage(lang);
    connection.keepName(name);
    window.location.reload();
  },
}, connection.name, storage);

let engineAsks = 0; // hint and analyse requests so far, to match a wait to its request

/** Ask the engine (`hint` or `analyse`); the view's `flag` marks the answer as awaited
 * until its answer or an `error` for it (`engine_failed` when the engine fails: Known
 * clears the flag and says why). Not forever: a server older than that error sends
 * nothing on a failure (docs/protocol.md §11), so after ENGINE_PATIENCE_MS its button
 * comes back. */
function askEngine(type, flag) {
  const view = known.view;
  const ask = ++engineAsks;
  view[flag] = true; // the button says so at once
  view[flag] = send({ type, match: view.code });
  setTimeout(() => {
    if (ask === engineAsks && view[flag]) {
      view[flag] = false;
      render();
    }
  }, ENGINE_PATIENCE_MS[type]);
  render();
}

const game = new GameScreen({
  move(square) {
    const view = known.view;
    known.say("");
    send({ type: "move", match: view.code, move: square, ply: view.state.ply });
  },
  resign: () => send({ type: "resign", match: known.view.code }),
  rematch: () => send({ type: "rematch", match: known.view.code }),
  leave() {
    const view = known.view;
    const forfeit = view !== null && view.seat !== null && view.state !== null &&
      view.state.status === "playing";
    const code = known.leaveCurrent();
    if (code !== null && send({ type: "leave", match: code }) && forfeit) {
      known.say(t("page-left-match", { code }));
    }
    connection.send({ type: "list" });
    render();
  },
  takeback() {
    const view = known.view;
    game.review = null;
    send({ type: "takeback", match: view.code, ply: view.state.ply });
  },
  answer: (accept) => send({ type: "takeback_answer", match: known.view.code, accept }),
  hint: () => askEngine("hint", "hintAsked"),
  analyse: () => askEngine("analyse", "reviewAsked"),
  chat: (text) => send({ type: "chat", match: known.view.code, text }),
}, sounds);

function renderBanner() {
  const down = !known.link.up && known.welcome !== null;
  banner.hidden = !down;
  if (down) {
    fill(banner, el("strong", {}, t("page-banner", { kept: known.view ? "yes" : "no" })),
      el("span", {}, known.link.message));
  }
}

let noticeTimer = null;

/** Put the lobby or the match on screen, from its top: the lobby may have been scrolled
 * down to a button, and the match must open with its board in view, not wherever that
 * scroll lands in a page of another height. */
function show(root) {
  fill(screen, root);
  document.body.classList.toggle("in-game", root === game.root);
  window.scrollTo(0, 0);
}

/** Draw everything from what is known. */
function render() {
  if (known.notice.text && performance.now() - known.notice.at > NOTICE_MS) known.say("");
  clearTimeout(noticeTimer);
  if (known.notice.text) noticeTimer = setTimeout(render, NOTICE_MS);
  renderBanner();
  fill(serverName, known.welcome ? known.welcome.server.name : "");
  const view = known.view;
  if (known.welcome === null) {
    fill(screen, el("p", { class: "note connecting" }, known.link.message),
      el("p", { class: "notice" }, known.notice.text)); // a hello the server refused
    document.title = t("page-title");
  } else if (view !== null) {
    if (!screen.contains(game.root)) show(game.root);
    game.render(view, known);
    const s = view.state;
    document.title = s ? t("page-title-match", { turn: view.turnText(),
      game: gameTitle(s.game, s.size) }) : t("page-title");
  } else {
    if (!screen.contains(lobby.root)) show(lobby.root);
    lobby.update(known, connection.name);
    document.title = t("page-title");
  }
}

setInterval(() => {
  if (known.view === null && known.link.up && !known.resuming) connection.send({ type: "list" });
}, LOBBY_REFRESH_MS);

connection.open();
render();
