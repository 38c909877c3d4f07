// Drawing the boards as inline SVG, as the game's look in the catalogue says
// (shared/games/look.py): its ground (paper, or green felt), its pieces (marks: X
// strokes and O circles; or discs), its labels (the free slots' numbers, or the column
// and row names around the board), its star points and the winning line struck through.
// Each word of the look is drawn here once, as the window's client/gui/board.py does.
//
// Geometry and drawing only: what to draw (the board string, legal squares, the last
// move, the discs just turned over) comes from the caller, and a tap on a square calls
// `onSquare(square)`; the engine's hints (a score on each square) and its choice in a
// reviewed game are drawn over the pieces.

import { boardInfo, gameInfo } from "./catalogue.js";
import { svg } from "./dom.js";
import { t } from "./words.js";

const CELL = 100; // one square in SVG units; the board scales to its box

/** The first of the look's winning lines one side holds on `board`, to strike it
 * through (display only: the server decides the result). */
function winningLine(look, board, size) {
  return (look.lines[size] || []).find((run) => board[run[0]] !== "." &&
    run.every((square) => board[square] === board[run[0]])) || null;
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

/** A disc at a centre; `turning` animates it turning over to its colour. */
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

/** How each ground of a look is drawn (the window's GROUNDS): its frame, its cloth (if
 * any), its grid lines (`edges`: the outer ones too) and star points in their colour,
 * the classes of its labels (each kind readable on it), a legal square, and the last
 * move (under or over its piece). */
const GROUNDS = {
  paper: {
    frame: "paper", radius: 14, cloth: null, lines: "grid-line", edges: false,
    star: "star on-paper",
    text: { slots: "label", coordinates: "coord on-paper" },
    legal: () => [],
    lastUnder: (x, y) => [svg("rect", { class: "last-shade", x: x - CELL / 2 + 4,
      y: y - CELL / 2 + 4, width: CELL - 8, height: CELL - 8 })],
    lastOver: () => [],
  },
  felt: {
    frame: "felt-frame", radius: 10, cloth: "felt", lines: "felt-line", edges: true,
    star: "star",
    text: { slots: "label on-felt", coordinates: "coord" },
    legal: (x, y) => [svg("circle", { class: "legal-dot", cx: x, cy: y, r: CELL * 0.12 })],
    lastUnder: () => [],
    lastOver: (x, y) => [svg("circle", { class: "last-dot", cx: x, cy: y, r: CELL * 0.1 })],
  },
};

/** How each kind of piece of a look is drawn on the board and as a seat's icon. */
const PIECES = {
  marks: {
    piece: (x, y, ch, { grow }) => mark(x, y, ch, grow),
    icon: (seat) => mark(50, 50, seat === 0 ? "X" : "O", false),
  },
  discs: {
    piece: (x, y, ch, { turning, ring }) => disc(x, y, ch, { turning, ring }),
    icon: (seat) => disc(50, 50, seat === 0 ? "X" : "O"),
  },
};

/** The look's star points on a board of `size`, at crossings of the grid lines. */
function starPoints(look, ground, size, band) {
  return (look.stars[size] || []).map(([px, py]) => svg("circle", { class: ground.star,
    cx: band + px * CELL, cy: band + py * CELL, r: 7 }));
}

/**
 * The board as an <svg>, in its game's look. `look` holds what to draw: game, size,
 * board (the state's string), legal (squares to mark), last (square or null), flipped
 * (Set), placed (square or null), animate (true right after a move arrived), hints
 * ([{move, text, best, exact}]), choice (the engine's square, or null), playable (taps
 * are moves: the cursor says so), onSquare(square).
 */
export function renderBoard(look) {
  const { game, size, board } = look;
  const drawn = gameInfo(game).look; // how this game is drawn (the catalogue's)
  const { squares } = boardInfo(game, size);
  const ground = GROUNDS[drawn.ground];
  const coordinates = drawn.labels === "coordinates";
  const band = coordinates ? 40 : 8; // the coordinates go left and top
  const side = size * CELL + band + (coordinates ? 14 : 8);
  const parts = [];
  parts.push(svg("rect", { class: ground.frame, x: 0, y: 0, width: side, height: side,
    rx: ground.radius }));
  if (ground.cloth) {
    parts.push(svg("rect", { class: ground.cloth, x: band, y: band, width: size * CELL,
      height: size * CELL }));
  }
  if (coordinates) {
    const { columns, rows } = axes(squares, size);
    for (let i = 0; i < size; i++) {
      const mid = band + i * CELL + CELL / 2;
      parts.push(svg("text", { class: ground.text.coordinates, x: mid, y: band / 2 + 2 },
        columns[i]));
      parts.push(svg("text", { class: ground.text.coordinates, x: band / 2 + 2, y: mid },
        rows[i]));
    }
  }
  const edge = ground.edges ? 0 : 1;
  for (let i = edge; i <= size - edge; i++) {
    const at = band + i * CELL;
    const end = band + size * CELL;
    parts.push(svg("line", { class: ground.lines, x1: at, y1: band, x2: at, y2: end }));
    parts.push(svg("line", { class: ground.lines, x1: band, y1: at, x2: end, y2: at }));
  }
  parts.push(...starPoints(drawn, ground, size, band));
  const piece = PIECES[drawn.piece].piece;
  const legal = new Set(look.legal || []);
  const flipped = look.flipped || new Set();
  for (let i = 0; i < board.length; i++) {
    const { x, y } = centre(i, size, band);
    const ch = board[i];
    if (i === look.last) parts.push(...ground.lastUnder(x, y));
    if (ch !== ".") {
      parts.push(...piece(x, y, ch, { grow: look.animate && i === look.placed,
        turning: look.animate && flipped.has(i), ring: flipped.has(i) }));
    } else if (legal.has(i)) {
      parts.push(...ground.legal(x, y));
    }
    if (i === look.last) parts.push(...ground.lastOver(x, y));
    if (ch === "." && drawn.labels === "slots") { // a free slot shows its number
      parts.push(svg("text", { class: ground.text.slots, x: x - CELL / 2 + 10,
        y: y - CELL / 2 + 10 }, squares[i]));
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
  const line = winningLine(drawn, board, size);
  if (line !== null) {
    const a = centre(line[0], size, band);
    const b = centre(line[line.length - 1], size, band);
    parts.push(svg("line", { class: "win-line", x1: a.x, y1: a.y, x2: b.x, y2: b.y }));
  }
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
    class: `board ${drawn.piece}${look.playable ? " playable" : ""}`,
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
  const { piece } = gameInfo(game).look;
  return svg("svg", { class: `seat-icon ${piece}`, viewBox: "0 0 100 100",
    "aria-hidden": "true" }, PIECES[piece].icon(seat));
}
