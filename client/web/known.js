// What the page knows from the server's messages: the welcome, the lobby, every match
// it plays or watches, the one on screen, the link, and a short notice for the person.
// The same rules as the Python clients' ClientState (client/common/client_state.py).

import { MatchView, positionChanged } from "./match_view.js";
import { refusal, t } from "./words.js";

const QUIET_ERRORS = ["stale_ply"]; // a double tap raced a state we already have

export class Known {
  constructor() {
    this.welcome = null;
    this.lobby = [];
    this.views = new Map(); // match code -> MatchView
    this.current = null; // the code of the match on screen, null for the lobby
    this.link = { up: false, message: t("link-connecting") };
    this.notice = { text: "", good: false, at: 0 };
    this.resuming = false; // between a welcome and the answer to the list sent after it
    this.firstWelcome = true; // the page's first: a reload or a new tab, not a lost link
    this.declined = new Set(); // matches whose takeback offer was just declined
    // matches whose chat history is being replayed: from their `joined` to the next
    // `lobby`, which answers the `list` the page sends on every `joined` (app.js) and so
    // comes after the replayed lines (the server answers in order)
    this.replaying = new Set();
    this.ownName = null; // the name others see for us, from the last state we sit in
  }

  /** Whether the server understands an optional request (`welcome.features`, §11). */
  has(feature) {
    return Boolean(this.welcome && (this.welcome.features || []).includes(feature));
  }

  /** The link came up or went down; an engine answer under way is lost with it. */
  setLink(up, message) {
    this.link = { up, message };
    if (!up) {
      for (const view of this.views.values()) view.hintAsked = view.reviewAsked = false;
    }
  }

  get view() {
    return this.current === null ? null : this.views.get(this.current) || null;
  }

  /** A short note for the person: a refusal, an error, or (good) news. */
  say(text, good = false) {
    this.notice = { text, good, at: performance.now() };
  }

  viewOf(code) {
    if (!this.views.has(code)) this.views.set(code, new MatchView(code));
    return this.views.get(code);
  }

  /** Take one server message. */
  handle(msg) {
    switch (msg.type) {
      case "welcome":
        this.welcome = msg;
        break;
      case "state": {
        const view = this.viewOf(msg.match);
        // a notice belongs to the moment it was given: another one on screen ends it
        if (msg.match === this.current && positionChanged(view.state, msg)) this.say("");
        this.takebackNews(view, msg);
        view.update(msg);
        const me = msg.players.find((p) => this.welcome && p.player === this.welcome.player);
        if (me) this.ownName = me.name; // a blank name becomes one the server makes up
        break;
      }
      case "chat":
        this.viewOf(msg.match).addChat({ ...msg, replayed: this.replaying.has(msg.match) });
        break;
      case "analysis":
        if (this.views.has(msg.match)) this.views.get(msg.match).takeAnalysis(msg);
        break;
      case "review":
        if (this.views.has(msg.match)) this.views.get(msg.match).takeReview(msg);
        break;
      case "takeback_declined": {
        const view = this.viewOf(msg.match);
        if (view.state !== null && view.seat !== msg.seat) {
          this.say(t("takeback-declined", { who: view.label(msg.seat) }));
        }
        this.declined.add(msg.match);
        break;
      }
      case "joined": {
        // a match we know already is the server re-sending our seats after a reconnect:
        // it must not pull the screen away from the match on it
        const known = this.views.has(msg.match);
        const view = this.viewOf(msg.match);
        view.seat = msg.seat;
        view.role = msg.role;
        this.replaying.add(msg.match);
        if (!this.resuming && this.current !== msg.match && (!known || this.current === null)) {
          this.current = msg.match;
          this.notice = { text: "", good: false, at: 0 };
        }
        break;
      }
      case "lobby":
        this.lobby = msg.matches;
        this.replaying.clear();
        if (this.resuming) this.resumed();
        break;
      case "error": {
        const asked = msg.match ? this.views.get(msg.match) : null;
        if (asked && msg.ref === "hint") asked.hintAsked = false;
        if (asked && msg.ref === "analyse") asked.reviewAsked = false;
        if (!QUIET_ERRORS.includes(msg.code)) this.say(refusal(msg));
        break;
      }
      default: // a later server may send more kinds of message: ignored
    }
  }

  /** Say what became of our takeback offer when `next` closes it: accepted (the match
   * went back), declined (said when the answer came) or lapsed (a move came first). */
  takebackNews(view, next) {
    const old = view.state;
    const declined = this.declined.delete(next.match);
    if (old === null || !old.takeback || next.takeback || declined) return;
    const ours = old.takeback.seat === view.seat;
    if (next.ply < old.ply) {
      this.say(t(ours ? "takeback-accepted" : "takeback-undone"),
        true);
    } else if (ours && next.status === "playing") {
      this.say(t("takeback-lapsed"));
    }
  }

  /** After hello the server re-sends joined + state for every seat we hold, all before
   * the answer to the list sent right after the welcome; then `resumed` picks the screen.
   * On a page's first welcome: straight back into the one unfinished match, or the lobby
   * with a choice when there are several. After a lost link: the screen stays as it was. */
  startResume(first) {
    this.resuming = true;
    this.firstWelcome = first;
  }

  resumed() {
    this.resuming = false;
    const unfinished = this.unfinished();
    if (!this.firstWelcome) {
      if (this.current !== null && !this.views.has(this.current)) this.current = null;
      return;
    }
    if (unfinished.length === 1) {
      this.current = unfinished[0].code;
      this.say(t("welcome-back-one"), true);
    } else if (unfinished.length > 1) {
      this.current = null;
      this.say(t("page-welcome-back-many", { count: unfinished.length }), true);
    }
  }

  /** The matches this player sits in that are not over, newest first. */
  unfinished() {
    return [...this.views.values()].filter((v) => v.unfinished).reverse();
  }

  /** Forget the match on screen (back to the lobby); its code, to tell the server. */
  leaveCurrent() {
    const code = this.current;
    this.current = null;
    if (code !== null) this.views.delete(code);
    this.notice = { text: "", good: false, at: 0 };
    return code;
  }
}
