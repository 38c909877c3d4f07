"""The learned evaluation's weights: the file format, its checks, and the packaged files.

A weights file is a numpy ``.npz`` (no pickles) holding:

- ``format``: 1; ``size``: the board (6 or 8); ``width``: empties per phase (at most
  :data:`~.patterns.PARITY_CAP`); ``families``: the pattern families' names, joined by
  ``;`` (a file made for other patterns is refused, not misread; one made for some of
  today's families, before others were added, reads as zero for the others: it
  evaluates as it did, and a fit can start from it);
- ``weights``: ``int16``, one row per phase (phase ``p`` serves ``p * width`` to
  ``p * width + width - 1`` empties; the last row serves all beyond), one column per
  distinct weight of :func:`~.patterns.canonical_map` (for the file's families), in
  ``UNIT`` (hundredths of a disc);
- ``provenance``: a JSON text saying how the weights were made (the script and its
  config, the commit, the games and positions, the held-out error).

The package ships ``learned/othello6.npz`` and ``learned/othello8.npz``, made by
``python -m training`` (training/README.md). A file that breaks any rule above raises
:class:`WeightsError` when loaded: the expert would rather stop than play on misread
weights.
"""

from __future__ import annotations

import json
import zipfile
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

import numpy as np

from shared.ai.kernel.patterns import FAMILIES, PARITY_CAP, canonical_map, distinct_counts

FORMAT = 1
PACKAGED = Path(__file__).parent / "learned"
"""Where the package's weights files live."""


class WeightsError(ValueError):
    """A weights file that cannot be used."""


def family_names(size: int) -> str:
    """The families' names as a weights file records them."""
    return ";".join(family.name for family in FAMILIES[size])


@dataclass(frozen=True)
class Weights:
    """One board size's learned weights, one row per phase of distinct weights."""

    size: int
    width: int
    table: np.ndarray
    provenance: dict[str, Any]

    def __post_init__(self) -> None:
        if self.size not in FAMILIES:
            raise WeightsError(f"no learned evaluation for {self.size}x{self.size}")
        if not 1 <= self.width <= PARITY_CAP:
            raise WeightsError(f"width {self.width} is not within 1..{PARITY_CAP}")
        _, distinct = canonical_map(self.size)
        table = self.table
        if table.dtype != np.int16 or table.ndim != 2 or table.shape[1] != distinct:
            raise WeightsError(
                f"weights must be int16 of shape (phases, {distinct}), not {table.dtype}"
                f" {table.shape}"
            )
        if not 1 <= table.shape[0] <= 64 // self.width + 1:
            raise WeightsError(f"{table.shape[0]} phases for width {self.width}")

    def expanded(self) -> np.ndarray:
        """The weights per phase and entry of a block (as the kernel reads them)."""
        slots, _ = canonical_map(self.size)
        return np.ascontiguousarray(self.table[:, slots])

    def save(self, path: Path) -> None:
        """Write the file (see the module's docstring)."""
        np.savez_compressed(
            path, format=np.int64(FORMAT), size=np.int64(self.size),
            width=np.int64(self.width), families=np.array(family_names(self.size)),
            weights=self.table, provenance=np.array(json.dumps(self.provenance, indent=1)),
        )


def load(path: Path) -> Weights:
    """Read and check a weights file; :class:`WeightsError` if it is not one."""
    try:
        with np.load(path, allow_pickle=False) as data:
            fields = {key: data[key] for key in data.files}
    except (OSError, ValueError, zipfile.BadZipFile, EOFError) as error:
        raise WeightsError(f"{path}: not a weights file ({error})") from error
    missing = {"format", "size", "width", "families", "weights", "provenance"} - set(fields)
    if missing:
        raise WeightsError(f"{path}: missing {', '.join(sorted(missing))}")
    try:
        if int(fields["format"]) != FORMAT:
            raise WeightsError(f"{path}: format {fields['format']}, expected {FORMAT}")
        size = int(fields["size"])
        provenance = json.loads(str(fields["provenance"]))
        table = _with_todays_families(size, str(fields["families"]), fields["weights"], path)
        return Weights(size, int(fields["width"]), table, provenance)
    except (TypeError, KeyError, json.JSONDecodeError) as error:
        raise WeightsError(f"{path}: malformed ({error})") from error


def _with_todays_families(size: int, names: str, table: np.ndarray, path: Path) -> np.ndarray:
    """A file's table in today's layout: a family it lacks gets zero weights; a family it
    has that today's patterns lack, or a table not shaped for its families, is refused."""
    if names == family_names(size):
        return table
    known = [family.name for family in FAMILIES[size]]
    theirs = names.split(";")
    if not set(theirs) <= set(known) or len(set(theirs)) != len(theirs):
        raise WeightsError(f"{path}: made for other patterns ({names})")
    counts = distinct_counts(size)
    starts = np.cumsum((0, *counts))
    rest = canonical_map(size)[1] - int(starts[-1])
    columns = [np.arange(starts[known.index(name)], starts[known.index(name) + 1])
               for name in theirs]
    columns.append(np.arange(int(starts[-1]), int(starts[-1]) + rest))
    source = np.concatenate(columns)
    if table.ndim != 2 or table.shape[1] != source.size:
        raise WeightsError(f"{path}: weights of shape {table.shape} for {len(theirs)} "
                           f"families ({names}) need {source.size} columns")
    out = np.zeros((table.shape[0], canonical_map(size)[1]), dtype=table.dtype)
    out[:, source] = table
    return out


@cache
def packaged_weights(size: int) -> Weights | None:
    """The package's weights for a board size, or None if it has none (4x4)."""
    path = PACKAGED / f"othello{size}.npz"
    return load(path) if path.exists() else None
