// The move list under the board: every move numbered, each a button that shows the
// board after it, the engine's verdict on moves that lost discs (after Analyse), and
// the steps through the record (first, back, forward, live). Drawing only: the screen
// keeps which move is looked at and passes `step`.

import { el } from "./dom.js";

/**
 * The record as a section. `view`: the MatchView; `review`: the ply looked at (null:
 * live); `step(delta, to)`: move through the record by `delta`, or `to` a ply (null:
 * live).
 */
export function recordSection(view, review, step) {
  const names = view.moveNames();
  const shown = review === null ? names.length : review;
  const list = el("ol", { class: "move-list" }, names.map((name, k) => {
    const r = view.reviewed(k);
    const lost = r !== null && r.loss > 0;
    const cls = `move${k + 1 === shown ? " current" : ""}${lost ? " lost" : ""}`;
    return el("li", {}, el("button", { type: "button", class: cls,
      onclick: () => step(null, k + 1) }, name,
    lost ? el("span", { class: "loss" }, view.info.scored ? ` -${r.loss}` : " ?") : null));
  }));
  const button = (text, label, go) => el("button", { type: "button", class: "step",
    "aria-label": label, disabled: names.length === 0, onclick: go }, text);
  const bar = el("div", { class: "review-bar" },
    button("|<", "first move", () => step(null, 0)),
    button("<", "previous move", () => step(-1)),
    button(">", "next move", () => step(1)),
    button(">|", "back to the game", () => step(null, null)),
    el("span", { class: review === null ? "muted" : "warn" },
      `move ${shown} of ${names.length} (${review === null ? "live" : "looking back"})`));
  const box = el("section", { class: "moves", hidden: names.length === 0 },
    el("h3", {}, `Moves (${names.length})`), list, bar);
  queueMicrotask(() => { // the move in focus in the middle of the list (its own scroll only)
    const current = list.querySelector(".current");
    if (current) list.scrollTop = current.offsetTop - list.offsetTop - list.clientHeight / 2;
  });
  return box;
}
