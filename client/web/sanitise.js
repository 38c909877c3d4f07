// Text from the wire made fit to show: the one place every string from the server or
// another player (the server's name, players' names, chat lines, error messages and
// reasons, the games' catalogue) passes, as it arrives, before the page may display it.
//
// The page never parses such text as markup (dom.js makes every string a text node);
// this removes what a text node would still show or obey, by the Python clients' rule
// (client/common/sanitise.py): escape sequences go whole (not just their ESC, which
// would leave "[2J" litter), line and paragraph breaks and tabs become one space, and
// every other control, format (the bidi overrides and isolates that reorder a line, the
// zero-width characters that hide a difference between two names), private-use,
// surrogate or unassigned character (Unicode's category C) is dropped. The server
// applies a like rule to names and chat, but a page must not rely on every server on
// the LAN doing so.

const ESCAPE_SEQUENCE = new RegExp(
  "(?:\\x1b\\[|\\x9b)[0-?]*[ -/]*[@-~]" + // CSI: cursor, colours, clearing
  "|(?:\\x1b[\\]PX^_]|[\\x90\\x98\\x9d\\x9e\\x9f])[^\\x07\\x1b\\x9c]*(?:\\x07|\\x1b\\\\|\\x9c)?" +
  "|\\x1b[ -/]*[0-~]", // OSC, DCS, SOS, PM, APC strings to their end; any other escape
  "gu");
/** Characters that end a line or a field: each becomes a space, so words stay apart. */
const BREAKS = /[\t\n\v\f\r\x1c\x1d\x1e\x85\u2028\u2029]/gu;
const UNFIT = /\p{C}/gu;

/** `text` with escape sequences removed whole, breaks as spaces, and no other control,
 * format or bidi character. */
export function clean(text) {
  return String(text).replace(ESCAPE_SEQUENCE, "").replace(BREAKS, " ").replace(UNFIT, "");
}

/** A decoded message (or any JSON value) with `clean` applied to every string in it,
 * at any depth; keys are left as they are (the page reads them, it never shows them). */
export function cleanData(value) {
  if (typeof value === "string") return clean(value);
  if (Array.isArray(value)) return value.map(cleanData);
  if (value !== null && typeof value === "object") {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, cleanData(v)]));
  }
  return value;
}
