// The page's words: the catalogue the window and the terminal read (shared/words/*.ftl),
// fetched once from the server's /words.json (every language, as data made by
// shared/words/page_form.py), and the small resolver that turns an entry and its facts
// into text the way Python's fluent.runtime does: placeholders, references to other
// entries, and selectors on a fact's value, an exact number or its plural category
// (Intl.PluralRules). tests/client/web/test_web_language.py checks that both give the
// same text for every entry.
//
// The language follows the browser's (navigator.languages) until the person picks one
// with the lobby's switch, which the browser remembers. Every module that imports this
// one waits for the fetch (a top-level await), so `t` is ready when the page draws.

const SOURCE = "/words.json";
const CHOSEN_KEY = "taikyoku.lang"; // the language picked with the switch, if any

async function load() {
  const reply = await fetch(SOURCE, { cache: "no-cache" });
  if (!reply.ok) throw new Error(`${SOURCE}: HTTP ${reply.status} ${reply.statusText}`);
  return reply.json();
}

let loaded;
try {
  loaded = await load();
} catch (error) {
  const screen = document.getElementById("screen");
  if (screen) { // no catalogue yet: both languages, once
    screen.textContent = "Could not load the words from the server: reload. / " +
      "サーバーから言葉を読み込めませんでした。再読み込みしてください。";
  }
  throw error;
}

/** {languages: ["en", "ja"], names: {en: "English", ja: "日本語"}, default, manifests
 * (the web app manifest's path in each language), entries}. */
const WORDS = loaded;

/** The languages on offer, each with its name in its own words, in the switch's order. */
export const LANGUAGES = WORDS.languages.map((lang) => [lang, WORDS.names[lang]]);

/** The first of `wishes` ("ja-JP", "en") whose language the catalogue has, else the
 * default: shared/words choose_language. */
export function chooseLanguage(wishes) {
  for (const wish of wishes) {
    const lang = wish.replace("-", "_").split("_")[0].split(".")[0].toLowerCase();
    if (WORDS.languages.includes(lang)) return lang;
  }
  return WORDS.default;
}

function remembered() {
  try {
    return window.localStorage.getItem(CHOSEN_KEY);
  } catch (err) {
    return null; // storage blocked: the browser's languages decide
  }
}

/** One language's entries with its plural rules and number format. */
class Speaker {
  constructor(lang) {
    this.lang = lang;
    this.entries = WORDS.entries[lang];
    this.plurals = new Intl.PluralRules(lang);
    this.numbers = new Intl.NumberFormat(lang, { maximumFractionDigits: 3 });
  }

  say(key, facts) {
    const parts = this.entries[key];
    if (parts === undefined) throw new Error(`words: no entry ${key} in ${this.lang}`);
    return this.resolve(parts, facts, key);
  }

  /** The variant of a selector `part` that the fact `value` chooses: an exact number,
   * then a number's plural category, or a string equal to the key; else the default. */
  variant(part, value) {
    const { variants } = part;
    if (typeof value === "number") {
      const exact = variants.find(([key]) => typeof key === "number" && key === value);
      if (exact) return exact[1];
      const category = this.plurals.select(value);
      const plural = variants.find(([key]) => key === category);
      if (plural) return plural[1];
    } else {
      const same = variants.find(([key]) => key === String(value));
      if (same) return same[1];
    }
    return variants[part.default][1];
  }

  resolve(parts, facts, key) {
    let text = "";
    for (const part of parts) {
      if (typeof part === "string") {
        text += part;
      } else if ("var" in part) {
        text += this.format(facts, part.var, key);
      } else if ("ref" in part) {
        text += this.say(part.ref, facts);
      } else {
        const value = facts[part.select];
        if (value === undefined) throw new Error(`words: ${key} needs $${part.select}`);
        text += this.resolve(this.variant(part, value), facts, key);
      }
    }
    return text;
  }

  format(facts, name, key) {
    const value = facts[name];
    if (value === undefined) throw new Error(`words: ${key} needs $${name}`);
    return typeof value === "number" ? this.numbers.format(value) : String(value);
  }
}

const SPEAKERS = new Map(WORDS.languages.map((lang) => [lang, new Speaker(lang)]));
/** Mark the page as in `lang`: its lang attribute, and the web app manifest in it. */
function mark(lang) {
  document.documentElement.lang = lang;
  const link = document.querySelector('link[rel="manifest"]');
  if (link) link.setAttribute("href", WORDS.manifests[lang]);
}

let current = chooseLanguage([remembered() || "", ...(navigator.languages || [])]);
mark(current);

/** The page's language now: "en" or "ja". */
export function language() {
  return current;
}

/** Switch to `lang` and remember it in this browser; the caller draws the page again. */
export function setLanguage(lang) {
  if (!SPEAKERS.has(lang)) throw new Error(`no words in ${lang}`);
  current = lang;
  mark(lang);
  try {
    window.localStorage.setItem(CHOSEN_KEY, lang);
  } catch (err) {
    // not remembered; this page still shows it
  }
}

/** The entry `key` with `facts` for its placeholders and selectors, in the page's
 * language or `lang`: t("turn-yours", { side: "Black" }). An unknown key or a missing
 * fact throws: a sentence with a hole is a bug, not something to show a person. */
export function t(key, facts = {}, lang = current) {
  return SPEAKERS.get(lang).say(key, facts);
}

/** The page's own words for a refusal (an `error` message) by its code (the server's
 * English `message` is for bot authors); a code this page does not know yet reads as a
 * general refusal. The words may name the request refused and its match. */
export function refusal(error) {
  const key = `error-${error.code}`;
  return t(key in SPEAKERS.get(current).entries ? key : "error-other",
    { ref: error.ref || "none", match: error.match || "" });
}
