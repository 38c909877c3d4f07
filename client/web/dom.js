// Building the page safely: every string becomes a text node, never markup.
//
// All screens build their elements through `el` and `svg`, so a player's name (or any
// other text from the wire) can only ever be shown as text: no string is ever parsed as
// markup here. Attributes are set one by one with setAttribute, and handlers are
// functions, not strings.

const SVG_NS = "http://www.w3.org/2000/svg";

/** Append children: strings and numbers as text nodes, nodes as they are; null skipped. */
function append(node, children) {
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

/** Set attributes; keys starting with "on" take a function as an event listener. */
function setAttributes(node, attrs) {
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === null || value === undefined || value === false) continue;
    if (key.startsWith("on") && typeof value === "function") {
      node.addEventListener(key.slice(2), value);
    } else {
      node.setAttribute(key, value === true ? "" : String(value));
    }
  }
  return node;
}

/** An HTML element: el("button", {class: "big", onclick: go}, "Play"). */
export function el(tag, attrs, ...children) {
  return append(setAttributes(document.createElement(tag), attrs), children);
}

/** An SVG element, for the boards. */
export function svg(tag, attrs, ...children) {
  return append(setAttributes(document.createElementNS(SVG_NS, tag), attrs), children);
}

/** Replace everything inside `node` with `children`. */
export function fill(node, ...children) {
  node.replaceChildren();
  return append(node, children);
}
