// The boards of a game's record, for looking back through it: display only.
//
// The server is the judge of every move; this replays its `moves` list (which it
// already accepted) so the page can show the board after any of them, as the window
// does with the shared rules. The start comes from the catalogue, and what a move does
// besides filling its square from the game's look (its `move`, shared/games/look.py):
// the one piece of the rules this page ports (checked against shared.games by
// tests/client/web/test_web_catalogue.py). A match set up from another position cannot
// be replayed from the start: then `boards` gives only the current board.

import { boardInfo, gameInfo } from "./catalogue.js";

const DIRECTIONS = [[-1, -1], [-1, 0], [-1, 1], [0, -1], [0, 1], [1, -1], [1, 0], [1, 1]];

/** The move turns over every line of the opponent's pieces it brackets (Othello's). */
function turnBracketed(board, size, square, own) {
  const row = Math.floor(square / size);
  const col = square % size;
  for (const [dr, dc] of DIRECTIONS) {
    const run = [];
    let r = row + dr;
    let c = col + dc;
    while (r >= 0 && r < size && c >= 0 && c < size && board[r * size + c] !== "." &&
           board[r * size + c] !== own) {
      run.push(r * size + c);
      r += dr;
      c += dc;
    }
    if (run.length && r >= 0 && r < size && c >= 0 && c < size && board[r * size + c] === own) {
      for (const i of run) board[i] = own;
    }
  }
}

/** What a move does after filling its square, by the look's `move`: nothing more
 * ("fill", as tic-tac-toe), or turn over what it brackets. */
const AFTER_FILL = { "fill": null, "turn-bracketed": turnBracketed };

/** Every board from the start to `state.board`, one per ply (passes repeat a board). */
export function boards(state) {
  const { game, size } = state;
  const capture = AFTER_FILL[gameInfo(game).look.move];
  let board = [...boardInfo(game, size).start];
  const all = [board.join("")];
  state.moves.forEach((move, ply) => {
    if (move !== "pass") {
      board = board.slice();
      const own = ply % 2 === 0 ? "X" : "O";
      board[move] = own;
      if (capture !== null) capture(board, size, move, own);
    }
    all.push(board.join(""));
  });
  return all[all.length - 1] === state.board ? all : [state.board];
}
