// The move list under the board: every move numbered, in two columns, one per side
// (headed by its name, each move with its side's piece), each a button that shows the
// board after it; the engine's mistakes marked "?" and "??" (after Analyse, by the
// server's rule); the steps through the record (first, back, forward, live). Drawing
// only: the screen keeps which move is looked at and passes `step`.

import { seatIcon } from "./board.js";
import { sideName } from "./catalogue.js";
import { el } from "./dom.js";
import { t } from "./words.js";

const MARKS = ["", " ?", " ??"]; // by the review's `mistake`

/**
 * The record as a section. `view`: the MatchView; `review`: the ply looked at (null:
 * live); `step(delta, to)`: move through the record by `delta`, or `to` a ply (null:
 * live).
 */
export function recordSection(view, review, step) {
  const names = view.moveNames();
  const game = view.game;
  const shown = review === null ? names.length : review;
  const sides = el("div", { class: "move-sides", "aria-hidden": "true" }, [0, 1].map((seat) =>
    el("span", { class: "move-side" }, seatIcon(game, seat), sideName(game, seat))));
  const list = el("ol", { class: "move-list" }, names.map((name, k) => {
    const mistake = view.mistake(k);
    const seat = view.mover(k);
    const cls = `move${k + 1 === shown ? " current" : ""}${mistake ? " lost" : ""}`;
    // moves alternate strictly (passes included): each side keeps its column
    return el("li", { class: `by-${seat}` }, el("button", { type: "button",
      class: cls, "aria-label": `${view.moveWords(k + 1)}${MARKS[mistake]}`,
      onclick: () => step(null, k + 1) }, seatIcon(game, seat), name,
    mistake ? el("span", { class: "loss" }, MARKS[mistake]) : null));
  }));
  const button = (text, label, go) => el("button", { type: "button", class: "step",
    "aria-label": label, disabled: names.length === 0, onclick: go }, text);
  const bar = el("div", { class: "review-bar" },
    button("|<", t("record-first"), () => step(null, 0)),
    button("<", t("record-previous"), () => step(-1)),
    button(">", t("record-next"), () => step(1)),
    button(">|", t("record-live"), () => step(null, null)),
    el("span", { class: review === null ? "muted" : "warn" }, t("record-where", {
      shown, count: names.length, live: review === null ? "yes" : "no" })));
  const box = el("section", { class: "moves", hidden: names.length === 0 },
    el("h3", {}, t("record-heading", { count: names.length })), sides, list, bar);
  queueMicrotask(() => { // where the list scrolls by itself (a tall screen), the move in
    // focus in its middle (its own scroll only)
    const current = list.querySelector(".current");
    if (current) list.scrollTop = current.offsetTop - list.offsetTop - list.clientHeight / 2;
  });
  return box;
}
