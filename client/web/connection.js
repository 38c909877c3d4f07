// The websocket to the game server this page came from (same host and port).
//
// It says hello with the player's name and token, keeps the token the server hands
// out in localStorage (so a reload, a closed tab or a phone waking up is the same
// player, and the server gives back every seat it holds), and when the link drops
// it reconnects by itself with growing, jittered pauses, as the Python clients do.
// It knows nothing about games: messages go to `onMessage` (every string in them
// cleaned by sanitise.js first), link changes to `onLink`.

import { cleanData } from "./sanitise.js";

const PROTOCOL = 1;
import { t } from "./words.js";

const KEYS = { token: "taikyoku.token", player: "taikyoku.player", name: "taikyoku.name" };
const BACKOFF_FIRST = 0.5; // seconds before the first retry
const BACKOFF_CAP = 10; // the longest pause between retries
const PROBE_SECONDS = 5; // a link silent this long after a probe is taken for dead
/** The words (words.js) for why a websocket closed, by its close code. */
const CLOSE_REASONS = {
  1000: "link-closed", 1001: "link-going-away", 1002: "link-other-protocol",
  1006: "link-broke", 1008: "link-refused", 1009: "link-too-large", 1011: "link-no-answer",
};

/** localStorage when the browser allows it; otherwise a note, and a memory for this tab. */
export class BrowserStore {
  constructor() {
    this.memory = new Map();
    this.problem = "";
    try {
      const probe = "taikyoku.probe";
      window.localStorage.setItem(probe, "1");
      window.localStorage.removeItem(probe);
      this.local = window.localStorage;
    } catch (err) {
      this.local = null;
      this.problem = t("storage-problem");
    }
  }

  get(key) {
    return this.local ? this.local.getItem(key) : (this.memory.get(key) ?? null);
  }

  set(key, value) {
    if (this.local) this.local.setItem(key, value);
    else this.memory.set(key, value);
  }

  remove(key) {
    if (this.local) this.local.removeItem(key);
    else this.memory.delete(key);
  }
}

/** The address of the game server: the page's own host and port, ws or wss alike. */
export function serverUrl(location) {
  const scheme = location.protocol === "https:" ? "wss:" : "ws:";
  return `${scheme}//${location.host}/`;
}

export class Connection {
  /**
   * onMessage(msg) gets every server message (welcome included);
   * onLink({up, message, first, warn}) is called when the link comes up or goes down
   * (`first`: the page's first welcome; `warn`: the message is bad news).
   */
  constructor({ url, storage, onMessage, onLink }) {
    this.url = url;
    this.storage = storage;
    this.onMessage = onMessage;
    this.onLink = onLink;
    this.ws = null;
    this.up = false;
    this.welcomed = 0; // welcomes so far on this page: 0 means the first is to come
    this.delay = BACKOFF_FIRST;
    this.retryTimer = null;
    this.probeTimer = null;
    this.replacing = null; // the old link while a rename says hello on a new one
    document.addEventListener("visibilitychange", () => {
      if (document.visibilityState === "visible") this.wake();
    });
    window.addEventListener("online", () => this.wake());
  }

  get name() {
    return this.storage.get(KEYS.name) || "";
  }

  get player() {
    return this.storage.get(KEYS.player);
  }

  /** Open the link (again): hello with the remembered token and `name`. */
  open(name = this.name) {
    this.storage.set(KEYS.name, name);
    clearTimeout(this.retryTimer);
    this.retryTimer = null;
    if (this.ws && this.ws.readyState === WebSocket.OPEN && !this.replacing) {
      this.replacing = this.ws; // a rename: the old link stays until the new one is welcomed
    }
    const ws = new WebSocket(this.url);
    this.ws = ws;
    ws.addEventListener("open", () => {
      ws.send(JSON.stringify({
        type: "hello", protocol: PROTOCOL, name, token: this.storage.get(KEYS.token),
      }));
    });
    ws.addEventListener("message", (event) => {
      if (ws !== this.ws) return;
      clearTimeout(this.probeTimer);
      let msg;
      try {
        msg = cleanData(JSON.parse(event.data)); // every string fit to show (sanitise.js)
      } catch (err) {
        return; // not JSON: not a frame of this protocol, nothing to show
      }
      if (msg.type === "welcome") this.welcome(msg);
      this.onMessage(msg);
    });
    ws.addEventListener("close", (event) => {
      if (ws === this.ws) this.lost(t(CLOSE_REASONS[event.code] || "link-broke"));
    });
  }

  /** The server took our hello: remember who we are and say the link is up. */
  welcome(msg) {
    this.dropReplaced();
    const known = this.player;
    this.storage.set(KEYS.token, msg.token);
    this.storage.set(KEYS.player, msg.player);
    this.up = true;
    this.delay = BACKOFF_FIRST;
    const first = this.welcomed === 0;
    this.welcomed += 1;
    let message = first ? "" : t("link-reconnected");
    const forgotten = Boolean(known && known !== msg.player);
    if (forgotten) {
      message = t("link-forgotten");
    }
    this.onLink({ up: true, message, first, warn: forgotten });
  }

  /** Send one intent; false when the link is down (nothing is queued behind the person). */
  send(msg) {
    if (!this.up || !this.ws || this.ws.readyState !== WebSocket.OPEN) return false;
    this.ws.send(JSON.stringify(msg));
    return true;
  }

  /** Remember `name` for the next hello, without saying hello now (a reload follows). */
  keepName(name) {
    this.storage.set(KEYS.name, name);
  }

  /** Take a new name: the server reads names only from hello, so say hello again. */
  rename(name) {
    if (name === this.name && this.up) return;
    this.open(name);
  }

  /** Close the link a rename replaced (it never reconnects: it is not `this.ws`). */
  dropReplaced() {
    if (this.replacing) this.replacing.close(1000);
    this.replacing = null;
  }

  lost(reason) {
    this.dropReplaced();
    this.up = false;
    clearTimeout(this.probeTimer);
    if (this.retryTimer !== null) return;
    const wait = this.delay * (0.5 + Math.random() * 0.5);
    this.delay = Math.min(BACKOFF_CAP, this.delay * 2);
    this.onLink({ up: false, message: t("link-retry", {
      first: this.welcomed === 0 ? "yes" : "no", reason, seconds: wait.toFixed(1) }) });
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      this.open();
    }, wait * 1000);
  }

  /** Back on screen or back online: retry at once, or check that the link still answers
   * (a phone's socket can look open after a long sleep while the server dropped it). */
  wake() {
    if (!this.up) {
      if (this.retryTimer !== null) {
        clearTimeout(this.retryTimer);
        this.retryTimer = null;
        this.delay = BACKOFF_FIRST;
        this.open();
      }
      return;
    }
    if (this.send({ type: "list" })) {
      clearTimeout(this.probeTimer);
      this.probeTimer = setTimeout(() => {
        const ws = this.ws;
        this.lost(t("link-asleep"));
        ws.close();
      }, PROBE_SECONDS * 1000);
    }
  }
}
