// The chat section of the match screen: the match's last lines and a field to write one.
//
// Built once and kept while the rest of the panel is redrawn on every state, so a line
// being typed is never interrupted. Lines are shown verbatim as text (the server has
// already removed control characters); a name or a line that looks like markup stays
// text, as everything drawn through dom.js does.

import { CATALOGUE } from "./catalogue.js";
import { el, fill } from "./dom.js";

const CHAT_LIMIT = CATALOGUE.chat.max_chars; // characters in a line, as the server counts them

/** Who wrote a line: "You", their name, "(watching)" after a spectator's. */
function speaker(line, me) {
  const name = me !== null && line.player === me ? "You" : line.name || "someone";
  return line.seat === null || line.seat === undefined ? `${name} (watching)` : name;
}

export class ChatBox {
  /** send(text) sends a line; it returns false when it could not go (the field keeps it). */
  constructor(send) {
    this.send = send;
    this.shown = ""; // the match and lines drawn last, to redraw only on a change
    this.lines = el("ol", { class: "chat-lines", "aria-live": "polite" });
    this.field = el("input", {
      id: "chat-text", type: "text", maxlength: CHAT_LIMIT, autocomplete: "off",
      enterkeyhint: "send", placeholder: "Say something", "aria-label": "chat line",
    });
    this.count = el("span", { class: "chat-count muted", "aria-live": "polite" });
    this.field.addEventListener("input", () => this.counted());
    const form = el("form", { class: "chat-form", onsubmit: (e) => this.submit(e) },
      this.field, el("button", { type: "submit", class: "secondary", id: "chat-send" }, "Send"));
    this.root = el("section", { class: "chat" }, el("h3", {}, "Chat"), this.lines, form,
      this.count);
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
    fill(this.count, left < 40 ? `${left} characters left` : "");
  }

  /** Show `view`'s lines (oldest first, the newest in sight); `me` is our player id. */
  render(view, me) {
    const key = `${view.code} ${view.chat.length ? view.chat[view.chat.length - 1].seq : 0}`;
    if (key === this.shown) return;
    this.shown = key;
    fill(this.lines, view.chat.length ? view.chat.map((line) => el("li", {},
      el("span", { class: "chat-who" }, `${speaker(line, me)}: `),
      el("span", { class: "chat-text" }, line.text)))
      : el("li", { class: "muted" }, "No messages yet. Say hello!"));
    this.lines.scrollTop = this.lines.scrollHeight;
  }
}
