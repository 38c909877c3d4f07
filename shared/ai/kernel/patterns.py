"""The learned evaluation's features: symmetric patterns of squares, read off bitboards.

A pattern is a fixed set of squares; the colours on them (empty, the side to move's, the
other side's: digits 0, 1, 2) form a base-3 number, the index of one weight in the
pattern's table. Each family is written once, at one place of the board; its instances
are its images under the eight symmetries of the square, and all share one table, so
the evaluation cannot tell a position from its mirror images. The families follow
Logistello (Buro 1997), whose choice Edax and Egaroucid kept because it captures what
decides Othello positions:

- edge + 2X (an edge and the two X squares next to its corners): who can take a
  corner, and the edge fights (wedges, unbalanced edges) that decide who gets them;
- 2x5 and 3x3 corner blocks: stability grown out of a corner, in both directions;
- the second, third and fourth rows (each with its column images): the frontier and
  the access to edges, which is mobility in the making;
- diagonals of 4 to 8 squares: who can reach a corner along a diagonal.

6x6 keeps the same ideas at its own scale: edge + 2X, 3x3 corner, a 2x4 corner (a 2x5
would be almost a whole edge), the second and third rows and diagonals of 4 to 6.
Besides the patterns, per phase: three small tables (the side to move's number of
moves, the other side's, and the number of empties within the phase: parity, who is
expected to play last) and one weight for each term of the hand-written evaluation
(:func:`.handwritten.terms`: mobility, potential mobility, corners, X and C squares,
stable edge discs, edge discs, discs). Those terms generalise over configurations a
pattern table has seen too rarely to know, so where self-play data is thin the fit
leans on them, and where it is rich the patterns correct them.

Pieces: an instance is read off one symmetric image of the board, piece by piece; a
piece is a set of squares in distinct columns whose columns are consecutive, so OR-ing
the masked board's bytes together (:func:`gather`) lines its squares up in one byte, and
``B3`` turns that byte into base 3. Everything about the layout is a module constant
(numba compiles them in); the weights themselves come from the weights file
(:mod:`shared.ai.kernel.weights`).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

import numpy as np

from shared.ai.kernel.bits import S1, S2, S4, S8, S16, S32, legal_moves, popcount
from shared.ai.kernel.handwritten import T_MASK, TERMS, terms
from shared.ai.kernel.jit import njit

MOVES_CAP = 32
"""The moves tables have this many entries; more moves than ``MOVES_CAP - 1`` share the last."""

PARITY_CAP = 4
"""The parity table's entries: a phase spans at most this many numbers of empties."""

Square = tuple[int, int]


@dataclass(frozen=True)
class Family:
    """A pattern family at its canonical place: its pieces, each a list of squares
    (row, col) in distinct, consecutive columns, in increasing column order."""

    name: str
    pieces: tuple[tuple[Square, ...], ...]

    @property
    def squares(self) -> list[Square]:
        """The squares in digit order (digit 0 is the least significant)."""
        return [sq for piece in self.pieces for sq in piece]


def _row(row: int, cols: range) -> tuple[Square, ...]:
    return tuple((row, c) for c in cols)


def _diagonal(length: int, size: int) -> tuple[Square, ...]:
    """The diagonal of ``length`` squares from the left edge down to the bottom edge."""
    return tuple((size - length + i, i) for i in range(length))


def _families(size: int) -> tuple[Family, ...]:
    last = size - 1
    edge = Family("edge+2X", (_row(0, range(size)), ((1, 1),), ((1, last - 1),)))
    corner3 = Family("corner 3x3", tuple(_row(r, range(3)) for r in range(3)))
    rows = tuple(Family(f"row {r + 1}", (_row(r, range(size)),)) for r in range(1, size // 2))
    diagonals = tuple(
        Family(f"diagonal {n}", (_diagonal(n, size),)) for n in range(size, 3, -1)
    )
    if size == 8:
        corner2 = Family("corner 2x5", tuple(_row(r, range(5)) for r in range(2)))
    else:
        corner2 = Family("corner 2x4", tuple(_row(r, range(4)) for r in range(2)))
    return (edge, corner2, corner3, *rows, *diagonals)


FAMILIES = {size: _families(size) for size in (6, 8)}
"""The pattern families of each board size the evaluation is learned for."""


def _bit(square: Square) -> int:
    return 1 << (square[0] * 8 + square[1])


def transform(x: int, sym: int, size: int) -> int:
    """Symmetry ``sym`` (0-7) of a set of squares, in plain Python: bit 0 transposes,
    bit 1 flips top to bottom, bit 2 left to right (applied in that order)."""
    out = 0
    for r in range(size):
        for c in range(size):
            if x >> (r * 8 + c) & 1:
                if sym & 1:
                    r2, c2 = c, r
                else:
                    r2, c2 = r, c
                if sym & 2:
                    r2 = size - 1 - r2
                if sym & 4:
                    c2 = size - 1 - c2
                out |= 1 << (r2 * 8 + c2)
    return out


def instance_squares(family: Family, sym: int, size: int) -> list[Square]:
    """The squares of the position that the family read on symmetry ``sym`` of the board
    stands for, in digit order: square q such that ``transform(q, sym)`` is the digit's."""
    inverse = _inverse(sym, size)
    return [inverse[sq] for sq in family.squares]


@cache
def _inverse(sym: int, size: int) -> dict[Square, Square]:
    """Square -> the square symmetry ``sym`` brings there."""
    inverse = {}
    for r in range(size):
        for c in range(size):
            image = transform(_bit((r, c)), sym, size).bit_length() - 1
            inverse[(image >> 3, image & 7)] = (r, c)
    return inverse


@dataclass(frozen=True)
class Layout:
    """Where each family's table sits in a phase's block of weights, its instances (one
    symmetry per distinct set of squares), and the permutations of its digits that
    leave the set unchanged (weights must not depend on them)."""

    size: int
    families: tuple[Family, ...]
    offsets: tuple[int, ...]
    """Per family, the first entry of its table in a phase's block."""
    instances: tuple[tuple[int, int], ...]
    """(family, symmetry) of every instance."""
    stabilisers: tuple[tuple[tuple[int, ...], ...], ...]
    """Per family, digit permutations p (identity included) such that the instance read
    on another symmetry has digit j where the representative has digit p[j]."""
    moves_offset: int
    """The side to move's moves table; the other side's follows it, then parity's."""
    terms_offset: int
    """The weights of the hand-written evaluation's terms (per unit of each)."""
    block: int
    """Entries per phase."""


@cache
def layout(size: int) -> Layout:
    """The layout of a learned evaluation for ``size`` (6 or 8)."""
    families = FAMILIES[size]
    offsets, instances, stabilisers = [], [], []
    offset = 0
    for f, family in enumerate(families):
        offsets.append(offset)
        offset += 3 ** len(family.squares)
        seen: dict[frozenset[Square], list[Square]] = {}
        perms: set[tuple[int, ...]] = set()
        for sym in range(8):
            squares = instance_squares(family, sym, size)
            key = frozenset(squares)
            if key not in seen:
                seen[key] = squares
                instances.append((f, sym))
            else:
                first = seen[key]
                perms.add(tuple(first.index(sq) for sq in squares))
        perms.add(tuple(range(len(family.squares))))
        stabilisers.append(tuple(sorted(perms)))
    return Layout(
        size, families, tuple(offsets), tuple(instances), tuple(stabilisers),
        moves_offset=offset, terms_offset=offset + 2 * MOVES_CAP + PARITY_CAP,
        block=offset + 2 * MOVES_CAP + PARITY_CAP + TERMS,
    )


def _recipes() -> dict[str, np.ndarray]:
    """The layouts of every learned size as flat arrays for the kernels. A piece within
    one row is read by a shift (kind 0: ``shift`` is its first bit, ``mask`` its width's
    bits), any other by :func:`gather` (kind 1: ``mask`` its squares, ``shift`` its first
    column). A size's instances are sorted by symmetry, so each image is made once."""
    piece_kind: list[int] = []
    piece_mask: list[int] = []
    piece_shift: list[int] = []
    piece_mult: list[int] = []
    family_pieces = [0]
    inst_sym: list[int] = []
    inst_family: list[int] = []
    inst_offset: list[int] = []
    size_instances: dict[int, int] = {}
    for size in (6, 8):
        lay = layout(size)
        first_family = len(family_pieces) - 1
        for family in lay.families:
            digits = 0
            for piece in family.pieces:
                row, col = piece[0]
                if all(r == row for r, _ in piece):
                    piece_kind.append(0)
                    piece_mask.append((1 << len(piece)) - 1)
                    piece_shift.append(row * 8 + col)
                else:
                    piece_kind.append(1)
                    piece_mask.append(sum(_bit(sq) for sq in piece))
                    piece_shift.append(col)
                piece_mult.append(3**digits)
                digits += len(piece)
            family_pieces.append(len(piece_mask))
        size_instances[size] = len(inst_sym)
        for f, sym in sorted_instances(lay):
            inst_sym.append(sym)
            inst_family.append(first_family + f)
            inst_offset.append(lay.offsets[f])
    return {
        "moves_offset": np.array([layout(6).moves_offset, layout(8).moves_offset]),
        "terms_offset": np.array([layout(6).terms_offset, layout(8).terms_offset]),
        "piece_kind": np.array(piece_kind, dtype=np.int64),
        "piece_mask": np.array(piece_mask, dtype=np.uint64),
        "piece_shift": np.array(piece_shift, dtype=np.uint64),
        "piece_mult": np.array(piece_mult, dtype=np.int64),
        "family_pieces": np.array(family_pieces, dtype=np.int64),
        "inst_sym": np.array(inst_sym, dtype=np.int64),
        "inst_family": np.array(inst_family, dtype=np.int64),
        "inst_offset": np.array(inst_offset, dtype=np.int64),
        "instances": np.array(
            [size_instances[6], size_instances[8], len(inst_sym)], dtype=np.int64
        ),
    }


def sorted_instances(lay: Layout) -> list[tuple[int, int]]:
    """The instances (family, symmetry) in the order the kernels read them: by symmetry."""
    return sorted(lay.instances, key=lambda inst: inst[1])


@cache
def canonical_map(size: int) -> tuple[np.ndarray, int]:
    """Per entry of a phase's block, its weight's number among the distinct weights (the
    entries a digit permutation of the stabiliser relates share one), and their count:
    the weights file holds only the distinct ones."""
    lay = layout(size)
    parts, count = [], 0
    for slot, distinct in _family_slots(size):
        parts.append(slot + count)
        count += distinct
    rest = lay.block - lay.moves_offset
    parts.append(np.arange(count, count + rest))
    return np.concatenate(parts), count + rest


@cache
def distinct_counts(size: int) -> tuple[int, ...]:
    """Per family, how many distinct weights its table holds (its columns in a weights
    file, in family order, before the moves, parity and terms)."""
    return tuple(distinct for _, distinct in _family_slots(size))


@cache
def _family_slots(size: int) -> tuple[tuple[np.ndarray, int], ...]:
    """Per family, each entry's number among its table's distinct weights, and their count."""
    lay = layout(size)
    out = []
    for family, perms in zip(lay.families, lay.stabilisers):
        n = len(family.squares)
        index = np.arange(3**n, dtype=np.int64)
        digits = (index[:, None] // 3 ** np.arange(n)) % 3
        powers = 3 ** np.arange(n)
        least = np.min([digits[:, list(p)] @ powers for p in perms], axis=0)
        _, slot = np.unique(least, return_inverse=True)
        out.append((slot, int(slot.max()) + 1))
    return tuple(out)


_R = _recipes()
PIECE_KIND, PIECE_MASK, PIECE_SHIFT = _R["piece_kind"], _R["piece_mask"], _R["piece_shift"]
PIECE_MULT = _R["piece_mult"]
MOVES_OFFSET, TERMS_OFFSET = _R["moves_offset"], _R["terms_offset"]
"""Where the moves tables start in a phase's block, for 6x6 and 8x8."""
FAMILY_PIECES = _R["family_pieces"]
"""Family f's pieces are PIECE_*[FAMILY_PIECES[f]:FAMILY_PIECES[f + 1]]."""
INST_SYM, INST_FAMILY, INST_OFFSET = _R["inst_sym"], _R["inst_family"], _R["inst_offset"]
INSTANCES = _R["instances"]
"""6x6's instances are INST_*[INSTANCES[0]:INSTANCES[1]], 8x8's
INST_*[INSTANCES[1]:INSTANCES[2]]."""
B3 = np.array([sum(3**i for i in range(8) if b >> i & 1) for b in range(256)], dtype=np.int64)
"""A byte's bits as the digits of a base-3 number."""

_K1 = np.uint64(0x5500550055005500)
_K2 = np.uint64(0x3333000033330000)
_K4 = np.uint64(0x0F0F0F0F00000000)
_S28, _S14, _S7 = np.uint64(28), np.uint64(14), np.uint64(7)
_B1 = np.uint64(0x5555555555555555)
_B2 = np.uint64(0x3333333333333333)
_B4 = np.uint64(0x0F0F0F0F0F0F0F0F)
_R1 = np.uint64(0x00FF00FF00FF00FF)
_R2 = np.uint64(0x0000FFFF0000FFFF)
_BYTE = np.uint64(0xFF)


@njit
def transpose(x: np.uint64) -> np.uint64:
    """Row and column swapped (the a1-h8 diagonal stays)."""
    t = _K4 & (x ^ (x << _S28))
    x ^= t ^ (t >> _S28)
    t = _K2 & (x ^ (x << _S14))
    x ^= t ^ (t >> _S14)
    t = _K1 & (x ^ (x << _S7))
    return x ^ t ^ (t >> _S7)


@njit
def _flip_rows(x: np.uint64, shift: np.uint64) -> np.uint64:
    """Rows in reverse order on a board ``8 - shift / 8`` rows high."""
    x = ((x >> S8) & _R1) | ((x & _R1) << S8)
    x = ((x >> S16) & _R2) | ((x & _R2) << S16)
    return ((x >> S32) | (x << S32)) >> shift


@njit
def _flip_cols(x: np.uint64, shift: np.uint64) -> np.uint64:
    """Columns in reverse order on a board ``8 - shift`` columns wide."""
    x = ((x >> S1) & _B1) | ((x & _B1) << S1)
    x = ((x >> S2) & _B2) | ((x & _B2) << S2)
    x = ((x >> S4) & _B4) | ((x & _B4) << S4)
    return x >> shift


@njit
def image(x: np.uint64, transposed: np.uint64, sym: int, size: int) -> np.uint64:
    """Image ``sym`` of a set of squares (as in :func:`transform`), given its transpose."""
    y = transposed if sym & 1 else x
    if sym & 2:
        y = _flip_rows(y, np.uint64(8 * (8 - size)))
    if sym & 4:
        y = _flip_cols(y, np.uint64(8 - size))
    return y


@njit
def gather(x: np.uint64) -> int:
    """The squares of ``x`` (in distinct columns) as one byte, bit c for column c."""
    x |= x >> S32
    x |= x >> S16
    x |= x >> S8
    return int(np.int64(x & _BYTE))


@njit
def instance_index(own: np.uint64, opp: np.uint64, family: int) -> int:
    """The index of a family's configuration on a (transformed) board."""
    index = 0
    for k in range(FAMILY_PIECES[family], FAMILY_PIECES[family + 1]):
        mask, shift = PIECE_MASK[k], PIECE_SHIFT[k]
        if PIECE_KIND[k] == 0:
            mine = int(np.int64((own >> shift) & mask))
            theirs = int(np.int64((opp >> shift) & mask))
        else:
            mine = gather(own & mask) >> int(np.int64(shift))
            theirs = gather(opp & mask) >> int(np.int64(shift))
        index += PIECE_MULT[k] * (B3[mine] + 2 * B3[theirs])
    return index


@njit
def instance_range(size: int) -> tuple[int, int]:
    """The first and last + 1 instance of a board size."""
    if size == 8:
        return INSTANCES[1], INSTANCES[2]
    return INSTANCES[0], INSTANCES[1]


@njit
def features(
    own: np.uint64, opp: np.uint64, own_moves: int, opp_moves: int, empties: int,
    size: int, width: int, out: np.ndarray,
) -> None:
    """Fill ``out`` with the entries of a phase's block that the position reads: one per
    pattern instance, then both moves tables and the parity table (the training side of
    :func:`score`)."""
    own_t, opp_t = transpose(own), transpose(opp)
    first, end = instance_range(size)
    sym = -1
    own_image, opp_image = own, opp
    for i in range(first, end):
        if INST_SYM[i] != sym:
            sym = INST_SYM[i]
            own_image, opp_image = image(own, own_t, sym, size), image(opp, opp_t, sym, size)
        out[i - first] = INST_OFFSET[i] + instance_index(own_image, opp_image, INST_FAMILY[i])
    n = end - first
    moves = _moves_offset(size)
    out[n] = moves + min(own_moves, MOVES_CAP - 1)
    out[n + 1] = moves + MOVES_CAP + min(opp_moves, MOVES_CAP - 1)
    out[n + 2] = moves + 2 * MOVES_CAP + empties % width


@njit
def _moves_offset(size: int) -> int:
    return int(MOVES_OFFSET[1] if size == 8 else MOVES_OFFSET[0])


@njit
def features_of_positions(
    own: np.ndarray, opp: np.ndarray, t: np.ndarray, size: int, width: int, out: np.ndarray,
    values: np.ndarray,
) -> None:
    """:func:`features` of many positions into the rows of ``out``, and the hand-written
    terms' values (``t``: the board's mask tables) into ``values``: training's feature
    matrix. It lives here, not in training/, because numba caches a kernel with what it
    calls compiled in, and only this package's caches are dropped when a kernel source
    changes (:mod:`.cache_guard`): cached elsewhere, it would go on reading the patterns
    it was first compiled with."""
    mask = t[T_MASK]
    for i in range(own.size):
        o, p = own[i], opp[i]
        own_moves = popcount(legal_moves(o, p, mask))
        opp_moves = popcount(legal_moves(p, o, mask))
        features(o, p, own_moves, opp_moves, popcount(mask & ~(o | p)), size, width, out[i])
        found = terms(o, p, own_moves, opp_moves, t)
        for k in range(TERMS):
            values[i, k] = found[k]
