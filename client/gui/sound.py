"""The window's sounds, made in code: a knock for a move, a ripple of clicks for a
capture, a two-note chime when it becomes your turn and a rising arpeggio at the end.

Synthesised once at start-up (a few short decaying sine partials each, numpy) into
pygame.mixer Sounds, so nothing is bundled and nothing is loaded from disk. Without an
audio device, or where the mixer cannot start, the window is silent: playing is then
a no-op, never an error, the reason is told once (not the audio library's own lines on
stderr, which the start-up catches) and the sound button says there is no sound.
Which cues a new `state` calls for is decided by :func:`cues`, which is pure.
"""

from __future__ import annotations

import enum
import logging
import os
import sys
import tempfile
from dataclasses import dataclass
from typing import Final

import numpy as np
import numpy.typing as npt
import pygame

from client.common.words import words
from shared.protocol import MatchState

log = logging.getLogger(__name__)

Wave = npt.NDArray[np.float64]
"""Mono samples in [-1, 1]."""
EMPTY = "."


class Cue(enum.Enum):
    MOVE = "move"
    """A mark or disc is placed and nothing turns over (tic-tac-toe)."""
    CAPTURE = "capture"
    """A move turned discs over (every Othello move)."""
    YOUR_TURN = "your_turn"
    END = "end"


def cues(before: MatchState | None, after: MatchState, seat: int | None) -> list[Cue]:
    """What to play when ``after`` replaces ``before`` (None: the first state of a match
    on this screen); ``seat`` is ours, None when watching.

    A move (a larger ply) knocks, or ripples when it turned discs; the end of the game
    plays the end; it becoming our turn chimes (also when the opponent had to pass,
    and on arriving at a game where we are to move). Nothing plays for a state that
    only changed who is connected.
    """
    if before is not None and before.match != after.match:
        before = None
    played: list[Cue] = []
    if before is not None and after.ply > before.ply and len(before.board) == len(after.board):
        turned = any(EMPTY not in (a, b) and a != b for a, b in zip(before.board, after.board))
        played.append(Cue.CAPTURE if turned else Cue.MOVE)
    ours = seat is not None and after.status == "playing" and after.to_move == seat
    if ours and (before is None or before.status != "playing" or before.to_move != seat
                 or after.ply > before.ply):
        played.append(Cue.YOUR_TURN)
    if after.status == "over" and before is not None and before.status != "over":
        played.append(Cue.END)
    return played


PEAK: Final = 0.45
"""Each cue's loudest sample: room for two cues at once without clipping."""
KNOCK: Final = ((1.0, 1.0), (2.76, 0.5), (5.4, 0.25))
"""A wood block's inharmonic partials (frequency ratio, amplitude)."""
BELL: Final = ((1.0, 1.0), (2.0, 0.35), (3.0, 0.12))


@dataclass(frozen=True)
class Note:
    start: float
    """Seconds into the cue."""
    frequency: float
    length: float
    decay: float
    """The time constant of its exponential fade, in seconds."""
    partials: tuple[tuple[float, float], ...]


SCORES: Final[dict[Cue, tuple[Note, ...]]] = {
    Cue.MOVE: (Note(0.0, 520.0, 0.09, 0.018, KNOCK),),
    Cue.CAPTURE: (Note(0.0, 420.0, 0.09, 0.018, KNOCK), Note(0.045, 880.0, 0.06, 0.012, KNOCK),
                  Note(0.085, 1040.0, 0.06, 0.012, KNOCK)),
    # starts after a short rest, so when it sounds with a capture it follows the clicks
    Cue.YOUR_TURN: (Note(0.14, 659.26, 0.25, 0.08, BELL), Note(0.26, 880.0, 0.4, 0.12, BELL)),
    Cue.END: (Note(0.0, 523.25, 0.5, 0.2, BELL), Note(0.12, 659.26, 0.5, 0.2, BELL),
              Note(0.24, 783.99, 0.6, 0.25, BELL), Note(0.36, 1046.5, 0.9, 0.35, BELL)),
}

FADE_SECONDS = 0.005
"""Every note ends with a short fade, so cutting its tail off does not click."""


def _note(note: Note, rate: int) -> Wave:
    t = np.arange(round(note.length * rate)) / rate
    tone = sum(amp * np.sin(2 * np.pi * note.frequency * ratio * t)
               for ratio, amp in note.partials)
    envelope = np.minimum(1.0, t / 0.002) * np.exp(-t / note.decay)
    envelope *= np.clip((note.length - t) / FADE_SECONDS, 0.0, 1.0)
    return np.asarray(tone * envelope, dtype=np.float64)


def synthesize(cue: Cue, rate: int) -> Wave:
    """The samples of ``cue`` at ``rate`` samples per second, peaking at PEAK."""
    notes = SCORES[cue]
    wave = np.zeros(round(max(n.start + n.length for n in notes) * rate))
    for note in notes:
        samples = _note(note, rate)
        first = round(note.start * rate)
        wave[first:first + len(samples)] += samples[:len(wave) - first]
    return np.asarray(wave * (PEAK / np.max(np.abs(wave))), dtype=np.float64)


SAMPLE_TYPES: Final[dict[int, tuple[type[np.generic], float, float]]] = {
    -16: (np.int16, 32767.0, 0.0),
    16: (np.uint16, 32767.0, 32768.0),
    -8: (np.int8, 127.0, 0.0),
    8: (np.uint8, 127.0, 128.0),
    -32: (np.float32, 1.0, 0.0),
}
"""pygame.mixer.get_init()'s sample size -> (numpy type, scale, offset); -32 is float."""


def to_buffer(wave: Wave, size: int, channels: int) -> bytes:
    """``wave`` as raw samples in the mixer's format (interleaved, the same on every
    channel). ValueError for a sample format this module does not write."""
    if size not in SAMPLE_TYPES:
        raise ValueError(words()("window-audio-format", bits=size,
                                 supported=", ".join(map(str, sorted(SAMPLE_TYPES)))))
    kind, scale, offset = SAMPLE_TYPES[size]
    samples = np.round(wave * scale + offset) if kind is not np.float32 else wave
    frames = np.repeat(samples.astype(kind)[:, None], channels, axis=1)
    return frames.tobytes()


def start_mixer() -> None:
    """``pygame.mixer.init()``, holding back what the audio library writes straight to
    file descriptor 2 (ALSA prints eight lines when there is no sound card): passed on
    when the mixer starts, dropped when it fails (the caller then tells the reason in one
    line). Without a file descriptor 2 (a desktop launcher) nothing is held back."""
    try:
        sys.stderr.flush()
        saved = os.dup(2)
    except (OSError, ValueError):
        pygame.mixer.init()
        return
    with tempfile.TemporaryFile() as held:
        os.dup2(held.fileno(), 2)
        try:
            pygame.mixer.init()
        finally:
            os.dup2(saved, 2)
            os.close(saved)
        held.seek(0)
        sys.stderr.write(held.read().decode(errors="replace"))


class Sounds:
    """The cues, ready to play; silent (never failing) when there is no audio."""

    def __init__(self, muted: bool = False) -> None:
        self.muted = muted
        self.silent_because: str | None = None
        """Why there is no sound at all (no audio device, ...); None when there is."""
        self._sounds: dict[Cue, pygame.mixer.Sound] = {}
        try:
            if pygame.mixer.get_init() is None:
                start_mixer()
            mixer = pygame.mixer.get_init()
            if mixer is None:
                raise pygame.error("the audio mixer did not start")
            rate, size, channels = mixer
            self._sounds = {
                cue: pygame.mixer.Sound(buffer=to_buffer(synthesize(cue, rate), size, channels))
                for cue in Cue
            }
        except (pygame.error, ValueError) as err:
            self.silent_because = str(err) or type(err).__name__
            log.warning("taikyoku: %s", words()("window-no-sound", why=self.silent_because))

    @property
    def available(self) -> bool:
        return bool(self._sounds)

    def play(self, cue: Cue) -> bool:
        """Start ``cue``; False when muted, silent, or every mixer channel is busy."""
        if self.muted or not self._sounds:
            return False
        return self._sounds[cue].play() is not None

    def play_for(self, before: MatchState | None, after: MatchState, seat: int | None) -> list[Cue]:
        """Play what ``after`` calls for (see :func:`cues`); the cues that started."""
        return [cue for cue in cues(before, after, seat) if self.play(cue)]
