// The games as the server knows them, fetched once from its /catalogue.json (built from
// shared.games, shared.ai and shared.protocol, the one source of truth): each game's
// title and sizes, side names, every square's name, how its board is drawn (its `look`,
// shared/games/look.py), the bot levels and the chat limits. The page keys every
// per-game difference on a game's properties (`look`, `coordinates`, `scored`), never
// on its name, as the window does.
//
// Every module that imports this one waits for the fetch (a top-level await), so the
// rest of the page can read the catalogue as plain constants.

import { cleanData } from "./sanitise.js";
import { t } from "./words.js";

const SOURCE = "/catalogue.json";

async function load() {
  const reply = await fetch(SOURCE, { cache: "no-cache" });
  if (!reply.ok) throw new Error(`${SOURCE}: HTTP ${reply.status} ${reply.statusText}`);
  return cleanData(await reply.json()); // its words are shown: fit to show (sanitise.js)
}

let loaded;
try {
  loaded = await load();
} catch (error) {
  const screen = document.getElementById("screen");
  if (screen) { // no words yet: both languages
    screen.textContent = "Could not load the games' list from the server: reload. / " +
      "サーバーからゲームの一覧を読み込めませんでした。再読み込みしてください。";
  }
  throw error;
}

/** The server's catalogue: {games, default_game, bots, default_level, chat}. */
export const CATALOGUE = loaded;

const GAMES = new Map(CATALOGUE.games.map((info) => [info.name, info]));

/** The catalogue's entry for `game`: sizes, look, coordinates, scored, and `boards` by
 * size (its words are words.js's, keyed by the game's name). */
export function gameInfo(game) {
  const info = GAMES.get(game);
  if (info === undefined) throw new Error(`the server's catalogue has no game ${game}`);
  return info;
}

/** One size of a game: its start board and every square's name ("4", "d3"). */
export function boardInfo(game, size) {
  return gameInfo(game).boards[size];
}

/** "Tic-tac-toe" or "Othello 8x8", in the page's language (words.js): the size only
 * for a game played on more than one (shared.words.game_label). */
export function gameTitle(game, size) {
  return t("game-label", { title: t(`${game}-title`), size, sizes: gameInfo(game).sizes.length });
}

/** The entry that words how a match of `game` ended by `reason`: `<game>-end-<reason>`
 * for one of the game's rules, `match-reason` for the server's (shared.words.reason_key). */
export function reasonKey(game, reason) {
  return gameInfo(game).reasons.includes(reason) ? `${game}-end-${reason}` : "match-reason";
}

/** What people call a seat: X/O, Black/White, in the page's language. */
export function sideName(game, seat) {
  return t(`${game}-side-${seat}`);
}

/** A move as people write it: a slot number, a square like "d3", or "pass". */
export function moveName(game, size, move) {
  return move === "pass" ? t("move-pass") : boardInfo(game, size).squares[move];
}
