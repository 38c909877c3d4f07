// The boards of a game's record, for looking back through it: display only.
//
// The server is the judge of every move; this replays its `moves` list (which it
// already accepted) so the page can show the board after any of them, as the window
// does with the shared rules. A match set up from another position cannot be replayed
// from the start: then `boards` gives only the current board.

const DIRECTIONS = [[-1, -1], [-1, 0], [-1, 1], [0, -1], [0, 1], [1, -1], [1, 0], [1, 1]];

/** The standard start: empty for tic-tac-toe, the four centre discs for Othello. */
function startBoard(game, size) {
  const board = Array(size * size).fill(".");
  if (game === "othello") {
    const mid = size / 2;
    board[(mid - 1) * size + mid - 1] = "O";
    board[(mid - 1) * size + mid] = "X";
    board[mid * size + mid - 1] = "X";
    board[mid * size + mid] = "O";
  }
  return board;
}

/** The board after `mover` plays `square` (Othello turns over the discs it brackets). */
function play(game, size, board, square, mover) {
  const next = board.slice();
  const own = mover === 0 ? "X" : "O";
  next[square] = own;
  if (game !== "othello") return next;
  const row = Math.floor(square / size);
  const col = square % size;
  for (const [dr, dc] of DIRECTIONS) {
    const run = [];
    let r = row + dr;
    let c = col + dc;
    while (r >= 0 && r < size && c >= 0 && c < size && next[r * size + c] !== "." &&
           next[r * size + c] !== own) {
      run.push(r * size + c);
      r += dr;
      c += dc;
    }
    if (run.length && r >= 0 && r < size && c >= 0 && c < size && next[r * size + c] === own) {
      for (const i of run) next[i] = own;
    }
  }
  return next;
}

/** Every board from the start to `state.board`, one per ply (passes repeat a board). */
export function boards(state) {
  let board = startBoard(state.game, state.size);
  const all = [board.join("")];
  state.moves.forEach((move, ply) => {
    if (move !== "pass") board = play(state.game, state.size, board, move, ply % 2);
    all.push(board.join(""));
  });
  return all[all.length - 1] === state.board ? all : [state.board];
}
