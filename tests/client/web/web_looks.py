"""What a person can read on the page, measured in the browser: the contrast of every
visible piece of text against what is drawn under it (WCAG 2's ratio), the size of the
text on the board, and whether an element covers text or a control.

Each is one JavaScript function run in the page by ``page.evaluate``, so the measure is
taken in one step of a page that redraws on every state.
"""

from __future__ import annotations

from typing import Any

from playwright.sync_api import Page

CONTRAST_JS = r"""() => {
  const parse = (c) => {
    const m = /rgba?\(([^)]+)\)/.exec(c || "");
    if (!m) return null;
    const p = m[1].split(/[\s,\/]+/).filter(Boolean).map(Number);
    return [p[0], p[1], p[2], p.length > 3 ? p[3] : 1];
  };
  const over = (top, under) => [0, 1, 2].map((i) => top[i] * top[3] + under[i] * (1 - top[3]))
    .concat([1]);
  const lum = (c) => {
    const f = (v) => { v /= 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; };
    return 0.2126 * f(c[0]) + 0.7152 * f(c[1]) + 0.0722 * f(c[2]);
  };
  const ratio = (a, b) => {
    const [hi, lo] = [lum(a), lum(b)].sort((x, y) => y - x);
    return (hi + 0.05) / (lo + 0.05);
  };
  // the colour under an HTML element: its own background and its ancestors', composed
  const pageBehind = (node) => {
    const layers = [];
    for (let n = node; n && n.nodeType === 1; n = n.parentElement) {
      const c = parse(getComputedStyle(n).backgroundColor);
      if (c && c[3] > 0) { layers.push(c); if (c[3] >= 1) break; }
    }
    let bg = [255, 255, 255, 1];
    for (const c of layers.reverse()) bg = over(c, bg);
    return bg;
  };
  // the colour under an SVG text: the last filled shape drawn before it under its middle
  const svgBehind = (text) => {
    const box = text.getBBox();
    const [x, y] = [box.x + box.width / 2, box.y + box.height / 2];
    let found = null;
    for (const shape of text.ownerSVGElement.querySelectorAll("rect, circle")) {
      if (!(text.compareDocumentPosition(shape) & Node.DOCUMENT_POSITION_PRECEDING)) continue;
      const fill = parse(getComputedStyle(shape).fill);
      if (!fill || fill[3] === 0) continue;
      const b = shape.getBBox();
      const inside = shape.tagName === "circle"
        ? Math.hypot(x - (b.x + b.width / 2), y - (b.y + b.height / 2)) <= b.width / 2
        : x >= b.x && x <= b.x + b.width && y >= b.y && y <= b.y + b.height;
      if (inside) found = fill;
    }
    return found ? over(found, pageBehind(text.ownerSVGElement)) : pageBehind(text.ownerSVGElement);
  };
  const opacity = (node) => {
    let o = 1;
    for (let n = node; n && n.nodeType === 1; n = n.parentElement) {
      o *= Number(getComputedStyle(n).opacity);
    }
    return o;
  };
  const shown = (node) => {
    const r = node.getBoundingClientRect();
    const style = getComputedStyle(node);
    return r.width > 1 && r.height > 1 && style.visibility === "visible" &&
      !node.closest("button:disabled, input:disabled");
  };
  const pixels = (node, style) => {
    const size = parseFloat(style.fontSize);
    return node instanceof SVGElement ? size * node.ownerSVGElement.getScreenCTM().a : size;
  };
  const failures = [];
  const check = (node, style, words, behind) => {
    const colour = parse(node instanceof SVGElement ? style.fill : style.color);
    if (!colour) return;
    const bg = behind(node);
    const fg = over([colour[0], colour[1], colour[2], colour[3] * opacity(node)], bg);
    const size = pixels(node, style);
    const large = size >= 24 || (size >= 18.66 && Number(style.fontWeight) >= 700);
    const need = large ? 3 : 4.5;
    const got = ratio(fg, bg);
    if (got < need) {
      failures.push({ text: words.trim().slice(0, 40), where: `${node.tagName.toLowerCase()}.` +
        `${[...node.classList].join(".")}`, ratio: Math.round(got * 100) / 100, need,
        colour: style.color, fill: style.fill });
    }
  };
  for (const node of document.querySelectorAll("body *")) {
    if (["SCRIPT", "STYLE", "NOSCRIPT"].includes(node.tagName) || !shown(node)) continue;
    const style = getComputedStyle(node);
    const own = [...node.childNodes].filter((c) => c.nodeType === 3 && c.data.trim())
      .map((c) => c.data).join(" ");
    const behind = node instanceof SVGElement ? svgBehind : pageBehind;
    if (own) check(node, style, own, behind);
    const before = getComputedStyle(node, "::before");
    if (/^".+"$|counter/.test(before.content)) check(node, before, `::before ${before.content}`,
      () => pageBehind(node));
    if (node.tagName === "INPUT" && node.type !== "checkbox") {
      if (node.value) check(node, style, node.value, pageBehind);
      else if (node.placeholder) {
        check(node, getComputedStyle(node, "::placeholder"), node.placeholder,
          pageBehind);
      }
    }
  }
  return failures;
}"""

BOARD_TEXT_JS = r"""() => [...document.querySelectorAll("svg.board text")].map((t) =>
  [t.textContent, parseFloat(getComputedStyle(t).fontSize) * t.ownerSVGElement.getScreenCTM().a])"""

COVERED_JS = r"""(selector) => {
  const cover = document.querySelector(selector);
  if (cover === null) return ["no " + selector];
  const c = cover.getBoundingClientRect();
  const hits = (r) => r.width > 0 && r.height > 0 && Math.min(r.right, c.right) -
    Math.max(r.left, c.left) > 1 && Math.min(r.bottom, c.bottom) - Math.max(r.top, c.top) > 1;
  const under = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let t = walker.nextNode(); t; t = walker.nextNode()) {
    const owner = t.parentElement;
    if (!t.data.trim() || cover.contains(owner) || owner.closest("[hidden]")) continue;
    const range = document.createRange();
    range.selectNodeContents(t);
    if ([...range.getClientRects()].some(hits)) under.push(t.data.trim().slice(0, 40));
  }
  for (const control of document.querySelectorAll("button, input")) {
    if (control === cover || cover.contains(control) || control.contains(cover)) continue;
    if (hits(control.getBoundingClientRect())) {
      under.push(`<${control.tagName.toLowerCase()}> ${control.textContent.trim().slice(0, 30)}`);
    }
  }
  return under;
}"""


def low_contrast(page: Page) -> list[dict[str, Any]]:
    """Every visible piece of text (HTML, SVG, ::before, a field's value or placeholder)
    whose contrast with what is under it is below WCAG's 4.5:1 (3:1 for large text); text
    in a disabled control is exempt, as WCAG exempts inactive components."""
    return list(page.evaluate(CONTRAST_JS))


def board_text_sizes(page: Page) -> list[tuple[str, float]]:
    """Each text drawn on the board and its height on the screen in CSS pixels."""
    return [(text, float(size)) for text, size in page.evaluate(BOARD_TEXT_JS)]


def covered_by(page: Page, selector: str) -> list[str]:
    """The text and the controls that the first element matching ``selector`` covers."""
    return list(page.evaluate(COVERED_JS, selector))
