// The chat section of the match screen: the match's last lines and a field to write one
// (for a spectator of a match whose creator let only the players chat, a line saying so
// instead: the server would refuse what they typed).
//
// Built once and kept while the rest of the screen is redrawn on every state, so a line
// being typed is never interrupted. Lines from others that arrive while the chat is out
// of sight (below the fold on a phone) are counted on a badge beside whose turn it is
// (the match screen places it, in the flow of the text, so it covers none); the history
// the server replays on a join, a watch or a resume is not news. Tapping the badge
// brings the chat into view, and seeing the chat clears it. Lines are shown as text
// (sanitise.js has cleaned them); a name or a line that looks like markup stays text,
// as everything drawn through dom.js does.

import { CATALOGUE } from "./catalogue.js";
import { el, fill } from "./dom.js";
import { t } from "./words.js";

const CHAT_LIMIT = CATALOGUE.chat.max_chars; // characters in a line, as the server counts them

/** Who wrote a line: "You", their name, "(watching)" after a spectator's. */
function speaker(line, me) {
  const name = me !== null && line.player === me ? t("who-you") : line.name || t("player-someone");
  return line.seat === null || line.seat === undefined ? t("chat-watching", { who: name }) : name;
}

export class ChatBox {
  /** send(text) sends a line; it returns false when it could not go (the field keeps it). */
  constructor(send) {
    this.send = send;
    this.shown = ""; // the match and lines drawn last, to redraw only on a change
    this.lines = el("ol", { class: "chat-lines", "aria-live": "polite" });
    this.field = el("input", {
      id: "chat-text", type: "text", maxlength: CHAT_LIMIT, autocomplete: "off",
      enterkeyhint: "send", placeholder: t("chat-placeholder"), "aria-label": t("chat-line"),
    });
    this.count = el("span", { class: "chat-count muted", "aria-live": "polite" });
    this.field.addEventListener("input", () => this.counted());
    this.form = el("form", { class: "chat-form", onsubmit: (e) => this.submit(e) },
      this.field, el("button", { type: "submit", class: "secondary", id: "chat-send" },
        t("chat-send")));
    this.heading = el("h3", {}, t("chat-heading", { only: "no" }));
    this.closed = el("p", { class: "chat-closed muted", hidden: true }, t("chat-closed"));
    this.root = el("section", { class: "chat" }, this.heading, this.lines, this.form,
      this.count, this.closed);
    this.unread = 0; // lines from others that came while the chat was out of sight
    this.badge = el("button", { type: "button", class: "chat-badge", id: "chat-badge",
      hidden: true, onclick: () => this.bringIntoView() });
    new IntersectionObserver(([entry]) => {
      if (entry.isIntersecting) this.markRead();
    }, { threshold: 0.5 }).observe(this.lines);
  }

  /** Whether the lines are on the screen now (at least half of them). Measured when a
   * line comes, not taken from the observer, whose word lags a scroll by a frame. */
  inSight() {
    const box = this.lines.getBoundingClientRect();
    const shown = Math.min(box.bottom, window.innerHeight) - Math.max(box.top, 0);
    return box.height > 0 && shown >= box.height / 2;
  }

  /** Show the chat, or hide it (a match not loaded yet, a server without chat). */
  show(shown) {
    this.root.hidden = !shown;
    if (!shown) this.markRead();
  }

  markRead() {
    this.unread = 0;
    this.badge.hidden = true;
  }

  /** The badge's tap: the chat scrolls into view (the person asked for it). */
  bringIntoView() {
    const still = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
    this.root.scrollIntoView({ block: "end", behavior: still ? "auto" : "smooth" });
    this.markRead();
  }

  /** Enter or Send: the line goes out (a blank one is not sent) and the field empties. */
  submit(event) {
    event.preventDefault();
    const text = this.field.value.trim();
    if (text && this.send(text)) {
      this.field.value = "";
      this.counted();
    }
  }

  /** How much room is left, once a line gets near the limit. */
  counted() {
    const left = CHAT_LIMIT - [...this.field.value].length;
    fill(this.count, left < 40 ? t("chat-left", { count: left }) : "");
  }

  /** Show `view`'s lines (oldest first, the newest in sight), and the field when we
   * may write; `me` is our player id. */
  render(view, me) {
    const open = view.mayChat;
    this.form.hidden = !open;
    this.closed.hidden = open;
    fill(this.heading,
      t("chat-heading", { only: view.state.spectator_chat === false ? "yes" : "no" }));
    const last = view.chat.length ? view.chat[view.chat.length - 1].seq : 0;
    const key = `${view.code} ${last}`;
    if (this.unread && this.inSight()) this.markRead();
    if (key === this.shown) return;
    const [code, seen] = this.shown.split(" ");
    // the lines of this match new since the last drawing, others' only; a match drawn
    // for the first time (a resume, a join) brings its history: not news
    const news = code === view.code ? view.chat.filter((line) => line.seq > Number(seen) &&
      line.player !== me && !line.replayed).length : 0;
    this.shown = key;
    if (news && !this.root.hidden && !this.inSight()) {
      this.unread += news;
      fill(this.badge, t("chat-badge"), el("span", { class: "count" }, this.unread));
      this.badge.setAttribute("aria-label", t("chat-badge-label", { count: this.unread }));
      this.badge.hidden = false;
    } else if (code !== view.code) {
      this.markRead();
    }
    fill(this.lines, view.chat.length ? view.chat.map((line) => el("li", {},
      el("span", { class: "chat-who" }, t("chat-who", { name: speaker(line, me) })),
      el("span", { class: "chat-text" }, line.text)))
      : el("li", { class: "muted" }, t("chat-empty", { open: open ? "yes" : "no" })));
    this.lines.scrollTop = this.lines.scrollHeight;
  }
}
