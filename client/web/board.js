// Drawing the boards as inline SVG, in the picture the catalogue's `pieces` names:
// marks (X strokes and O circles on paper, as tic-tac-toe) or discs (on green felt, as
// Othello); a game with `coordinates` has its column and row names around the board.
//
// Geometry and drawing only: what to draw (the board string, legal squares, the last
// move, the discs just turned over, small per-square labels) comes from the caller,
// and a tap on a square calls `onSquare(square)`. The labels are how tic-tac-toe shows
// its free slot numbers; the engine's hints (a score on each square) and its choice in
// a reviewed game are drawn over the pieces.

import { boardInfo, gameInfo } from "./catalogue.js";
import { svg } from "./dom.js";
import { t } from "./words.js";

const CELL = 100; // one square in SVG units; the board scales to its box
const LINES = [[0, 1, 2], [3, 4, 5], [6, 7, 8], [0, 3, 6], [1, 4, 7], [2, 5, 8], [0, 4, 8],
  [2, 4, 6]];

/** The tic-tac-toe line of three, to stroke through it (display only). */
function winningLine(board) {
  return LINES.find(([a, b, c]) => board[a] !== "." && board[a] === board[b] &&
    board[a] === board[c]) || null;
}

/** The middle of a square, in SVG units (`band`: the frame left of and above the grid). */
function centre(square, size, band) {
  return {
    x: band + (square % size) * CELL + CELL / 2,
    y: band + Math.floor(square / size) * CELL + CELL / 2,
  };
}

/** The names along the top and down the side of a board whose squares are named by
 * column letter and row number ("d3"): the first row's letters, the first column's
 * numbers. */
function axes(squares, size) {
  const parts = (name) => /^(\D+)(\d+)$/.exec(name);
  const columns = [];
  const rows = [];
  for (let i = 0; i < size; i++) {
    columns.push(parts(squares[i])[1]);
    rows.push(parts(squares[i * size])[2]);
  }
  return { columns, rows };
}

/** A disc (Othello) at a centre; `turning` animates it turning over to its colour. */
function disc(x, y, colour, { turning = false, ring = false } = {}) {
  const cls = ["disc", colour === "X" ? "black" : "white"];
  if (turning) cls.push("turning");
  const parts = [svg("circle", { class: cls.join(" "), cx: x, cy: y, r: CELL * 0.41 })];
  if (ring) parts.push(svg("circle", { class: "flip-ring", cx: x, cy: y, r: CELL * 0.44 }));
  return parts;
}

/** X as two strokes, O as a circle. */
function mark(x, y, ch, grow) {
  const r = CELL * 0.3;
  const cls = grow ? " grow" : "";
  if (ch === "O") return [svg("circle", { class: `mark o${cls}`, cx: x, cy: y, r })];
  return [svg("path", {
    class: `mark x${cls}`,
    d: `M${x - r} ${y - r}L${x + r} ${y + r}M${x + r} ${y - r}L${x - r} ${y + r}`,
  })];
}

/** A hint: the score in the middle of its square on a plate; the best framed, an exact
 * score (the game solved to its end) underlined. */
function hintMark(x, y, hint) {
  const parts = [];
  if (hint.best) {
    parts.push(svg("rect", { class: "hint-frame", x: x - CELL / 2 + 5, y: y - CELL / 2 + 5,
      width: CELL - 10, height: CELL - 10, rx: 10 }));
  }
  // one size for every score, '-21' as large as '+4'; a word (tic-tac-toe's 'draw', on
  // a board of three large squares) smaller, to stay inside the best square's frame
  const word = !/^[+-]?\d+$/.test(hint.text);
  const wide = word ? 14 + 15 * hint.text.length : 20 + 19 * hint.text.length;
  parts.push(svg("rect", { class: `hint-plate${hint.best ? " best" : ""}`, x: x - wide / 2,
    y: y - CELL * 0.2, width: wide, height: CELL * 0.4, rx: 8 }));
  parts.push(svg("text", { class: `hint${hint.best ? " best" : ""}${word ? " word" : ""}`, x,
    y, "data-hint": hint.move }, hint.text));
  if (hint.exact) {
    parts.push(svg("line", { class: `hint-exact${hint.best ? " best" : ""}`,
      x1: x - wide / 2 + 8, y1: y + CELL * 0.15, x2: x + wide / 2 - 8, y2: y + CELL * 0.15 }));
  }
  return parts;
}

/** The engine's choice where the move played was a mistake: framed like a best hint and
 * marked "best" across its middle, as large as a hint's score (a ring would read as an
 * O on tic-tac-toe's paper). The square is empty on the board shown: it was free
 * before the move, and the move went elsewhere. */
function engineChoice(x, y) {
  return [svg("rect", { class: "engine-choice", x: x - CELL / 2 + 5, y: y - CELL / 2 + 5,
    width: CELL - 10, height: CELL - 10, rx: 10 }),
  svg("rect", { class: "engine-choice-plate", x: x - CELL / 2 + 9, y: y - CELL * 0.2,
    width: CELL - 18, height: CELL * 0.4, rx: 8 }),
  svg("text", { class: "engine-choice-label", x, y }, "best")];
}

/** How each kind of `pieces` is drawn (the window's DRAWERS): the ground, which grid
 * lines (`edges`: the outer ones too), a piece, a legal square, the last move (under or
 * over its piece), and what goes over everything. */
const PICTURES = {
  marks: {
    frame: "paper", radius: 14, ground: null, lines: "grid-line", edges: false,
    piece: (x, y, ch, { grow }) => mark(x, y, ch, grow),
    legal: () => [],
    lastUnder: (x, y) => [svg("rect", { class: "last-shade", x: x - CELL / 2 + 4,
      y: y - CELL / 2 + 4, width: CELL - 8, height: CELL - 8 })],
    lastOver: () => [],
    over(board, size, band) { // the line of three, struck through
      const line = winningLine(board);
      if (line === null) return [];
      const a = centre(line[0], size, band);
      const b = centre(line[2], size, band);
      return [svg("line", { class: "win-line", x1: a.x, y1: a.y, x2: b.x, y2: b.y })];
    },
    icon: (seat) => mark(50, 50, seat === 0 ? "X" : "O", false),
  },
  discs: {
    frame: "felt-frame", radius: 10, ground: "felt", lines: "felt-line", edges: true,
    piece: (x, y, ch, { turning, ring }) => disc(x, y, ch, { turning, ring }),
    legal: (x, y) => [svg("circle", { class: "legal-dot", cx: x, cy: y, r: CELL * 0.12 })],
    lastUnder: () => [],
    lastOver: (x, y) => [svg("circle", { class: "last-dot", cx: x, cy: y, r: CELL * 0.1 })],
    over: () => [],
    icon: (seat) => disc(50, 50, seat === 0 ? "X" : "O"),
  },
};

/** The four star points of a real 8x8 board of discs. */
function starPoints(band) {
  return [[2, 2], [2, 6], [6, 2], [6, 6]].map(([px, py]) => svg("circle", { class: "star",
    cx: band + px * CELL, cy: band + py * CELL, r: 7 }));
}

/**
 * The board as an <svg>. `look` holds: game, size, board (the state's string), legal
 * (squares to dot), last (square or null), flipped (Set), placed (square or null),
 * animate (true right after a move arrived), labels (Map square -> short text),
 * hints ([{move, text, best, exact}]), choice (the engine's square, or null),
 * playable (taps are moves: the cursor says so), onSquare(square).
 */
export function renderBoard(look) {
  const { game, size, board } = look;
  const info = gameInfo(game);
  const { squares } = boardInfo(game, size);
  const picture = PICTURES[info.pieces];
  const band = info.coordinates ? 40 : 8; // the coordinates go left and top
  const side = size * CELL + band + (info.coordinates ? 14 : 8);
  const parts = [];
  parts.push(svg("rect", { class: picture.frame, x: 0, y: 0, width: side, height: side,
    rx: picture.radius }));
  if (picture.ground) {
    parts.push(svg("rect", { class: picture.ground, x: band, y: band, width: size * CELL,
      height: size * CELL }));
  }
  if (info.coordinates) {
    const { columns, rows } = axes(squares, size);
    for (let i = 0; i < size; i++) {
      const mid = band + i * CELL + CELL / 2;
      parts.push(svg("text", { class: "coord", x: mid, y: band / 2 + 2 }, columns[i]));
      parts.push(svg("text", { class: "coord", x: band / 2 + 2, y: mid }, rows[i]));
    }
  }
  const edge = picture.edges ? 0 : 1;
  for (let i = edge; i <= size - edge; i++) {
    const at = band + i * CELL;
    const end = band + size * CELL;
    parts.push(svg("line", { class: picture.lines, x1: at, y1: band, x2: at, y2: end }));
    parts.push(svg("line", { class: picture.lines, x1: band, y1: at, x2: end, y2: at }));
  }
  if (info.pieces === "discs" && size === 8) parts.push(...starPoints(band));
  const legal = new Set(look.legal || []);
  const flipped = look.flipped || new Set();
  const labels = look.labels || new Map();
  for (let i = 0; i < board.length; i++) {
    const { x, y } = centre(i, size, band);
    const ch = board[i];
    if (i === look.last) parts.push(...picture.lastUnder(x, y));
    if (ch !== ".") {
      parts.push(...picture.piece(x, y, ch, { grow: look.animate && i === look.placed,
        turning: look.animate && flipped.has(i), ring: flipped.has(i) }));
    } else if (legal.has(i)) {
      parts.push(...picture.legal(x, y));
    }
    if (i === look.last) parts.push(...picture.lastOver(x, y));
    if (labels.has(i)) {
      parts.push(svg("text", { class: "label", x: x - CELL / 2 + 10, y: y - CELL / 2 + 10 },
        labels.get(i)));
    }
  }
  for (const hint of look.hints || []) {
    const { x, y } = centre(hint.move, size, band);
    parts.push(...hintMark(x, y, hint));
  }
  if (look.choice !== null && look.choice !== undefined) {
    const { x, y } = centre(look.choice, size, band);
    parts.push(...engineChoice(x, y));
  }
  parts.push(...picture.over(board, size, band));
  for (let i = 0; i < board.length; i++) { // the tap targets, on top of everything
    const { x, y } = centre(i, size, band);
    const cls = ["hit"];
    if (legal.has(i)) cls.push("legal");
    parts.push(svg("rect", {
      class: cls.join(" "), x: x - CELL / 2, y: y - CELL / 2, width: CELL, height: CELL,
      "data-square": i, role: "button", "aria-label": t(`${game}-square`, { square: squares[i] }),
    }));
  }
  const root = svg("svg", {
    class: `board ${info.pieces}${look.playable ? " playable" : ""}`,
    viewBox: `0 0 ${side} ${side}`, role: "group", "aria-label": t("board-label"),
  }, parts);
  root.addEventListener("click", (event) => {
    const target = event.target.closest("[data-square]");
    if (target) look.onSquare(Number(target.getAttribute("data-square")));
  });
  return root;
}

/** A seat's small mark for the panel, in its game's pieces: a disc, or X or O. */
export function seatIcon(game, seat) {
  const { pieces } = gameInfo(game);
  return svg("svg", { class: `seat-icon ${pieces}`, viewBox: "0 0 100 100",
    "aria-hidden": "true" }, PICTURES[pieces].icon(seat));
}
