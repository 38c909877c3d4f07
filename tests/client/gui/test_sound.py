"""The window's sounds: which cue a new state calls for, the synthesised samples, and
playing them through SDL's dummy audio driver, or silently with no audio at all."""

from __future__ import annotations

from typing import Any, Iterator

import numpy as np
import pygame
import pytest

from client.gui.sound import (
    PEAK,
    SAMPLE_TYPES,
    SCORES,
    Cue,
    Sounds,
    cues,
    synthesize,
    to_buffer,
)
from shared.protocol import MatchState


def state(board: str, ply: int, to_move: int, status: str = "playing", **extra: Any) -> MatchState:
    fields: dict[str, Any] = dict(
        match="K7QXM2", game="othello" if len(board) > 9 else "tictactoe",
        size=int(len(board) ** 0.5), ply=ply, board=board, to_move=to_move, legal=[],
        moves=[], status=status, score=[0, 0], players=[])
    return MatchState(**(fields | extra))


OTHELLO_START = "....." + "OX..XO" + "....."
AFTER_BLACK = "....X" + "XX..XO" + "....."  # Black played 4, turning 5 over
AFTER_PASS = AFTER_BLACK  # (used with a ply two higher: White had to pass)


@pytest.mark.parametrize(
    ("before", "after", "seat", "expected"),
    [
        # the opponent marks a square in tic-tac-toe: a knock, then it is our turn
        (state("X........", 1, 1), state("X...O....", 2, 0), 0, [Cue.MOVE, Cue.YOUR_TURN]),
        # our own Othello move turns a disc: a capture, and now the opponent moves
        (state(OTHELLO_START, 0, 0), state(AFTER_BLACK, 1, 1), 0, [Cue.CAPTURE]),
        # watching: only the move
        (state(OTHELLO_START, 0, 0), state(AFTER_BLACK, 1, 1), None, [Cue.CAPTURE]),
        # our move, and the opponent had to pass: our turn again
        (state(OTHELLO_START, 0, 0), state(AFTER_PASS, 2, 0), 0, [Cue.CAPTURE, Cue.YOUR_TURN]),
        # the last move ends the game
        (state("XX.OO....", 4, 0), state("XXXOO....", 5, 1, "over"), 1, [Cue.MOVE, Cue.END]),
        # a resignation ends it without a move
        (state("X........", 1, 1), state("X........", 1, 1, "over"), 0, [Cue.END]),
        # someone's connection dropped: the same position, nothing to hear
        (state("X........", 1, 0), state("X........", 1, 0), 0, []),
        # the second player joined and we move first
        (state(OTHELLO_START, 0, 0, "waiting"), state(OTHELLO_START, 0, 0), 0, [Cue.YOUR_TURN]),
        # arriving at a game where we are to move; at a finished one, silence
        (None, state("X...O....", 2, 0), 0, [Cue.YOUR_TURN]),
        (None, state("XXXOO....", 5, 1, "over"), 0, []),
        # another match is an arrival too, not a move
        (state("X........", 1, 1), state("X...O....", 2, 0, match="OTHER2"), 0, [Cue.YOUR_TURN]),
    ],
)
def test_cues(before: MatchState | None, after: MatchState, seat: int | None,
              expected: list[Cue]) -> None:
    assert cues(before, after, seat) == expected


@pytest.mark.parametrize("rate", [22050, 44100])
@pytest.mark.parametrize("cue", list(Cue))
def test_each_cue_is_a_short_clean_sound(cue: Cue, rate: int) -> None:
    wave = synthesize(cue, rate)
    seconds = max(note.start + note.length for note in SCORES[cue])
    assert len(wave) == round(seconds * rate) and seconds < 1.5
    assert np.all(np.isfinite(wave))
    assert np.max(np.abs(wave)) == pytest.approx(PEAK)
    assert abs(wave[-1]) < 1e-3  # faded out: no click when it stops
    first = round(min(note.start for note in SCORES[cue]) * rate)
    assert np.all(wave[:first] == 0.0) and abs(wave[first]) < 1e-3  # and none when it starts


def test_the_chime_waits_for_a_capture_played_with_it() -> None:
    capture_ends = max(n.start + n.length for n in SCORES[Cue.CAPTURE])
    chime_starts = min(n.start for n in SCORES[Cue.YOUR_TURN])
    assert chime_starts >= capture_ends - 0.01


@pytest.mark.parametrize("size", sorted(SAMPLE_TYPES))
@pytest.mark.parametrize("channels", [1, 2])
def test_samples_in_each_mixer_format(size: int, channels: int) -> None:
    wave = np.array([0.0, 0.5, -0.5, 1.0, -1.0])
    kind, scale, offset = SAMPLE_TYPES[size]
    raw = np.frombuffer(to_buffer(wave, size, channels), dtype=kind).reshape(-1, channels)
    assert raw.shape == (5, channels)
    assert all((raw[:, 0] == raw[:, c]).all() for c in range(channels))  # same on each
    assert raw[0, 0] == offset  # silence is mid-scale in unsigned formats
    assert np.allclose((raw[:, 0].astype(np.float64) - offset) / scale, wave, atol=0.01)


def test_an_unknown_sample_format_is_refused() -> None:
    with pytest.raises(ValueError, match="24-bit"):
        to_buffer(np.zeros(3), 24, 1)


@pytest.fixture
def fresh_mixer(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """No mixer running, and SDL's dummy audio driver unless the test picks another."""
    monkeypatch.setenv("SDL_AUDIODRIVER", "dummy")
    pygame.mixer.quit()
    yield
    pygame.mixer.quit()


def test_sounds_play_through_the_dummy_driver(fresh_mixer: None) -> None:
    sounds = Sounds()
    assert sounds.available and sounds.silent_because is None
    assert sounds.play(Cue.CAPTURE)
    before, after = state("X........", 1, 1), state("X...O....", 2, 0)
    assert sounds.play_for(before, after, seat=0) == [Cue.MOVE, Cue.YOUR_TURN]
    sounds.muted = True
    assert not sounds.play(Cue.END)
    assert sounds.play_for(before, after, seat=0) == []


def test_sounds_follow_a_mixer_already_running_in_another_format(fresh_mixer: None) -> None:
    pygame.mixer.init(frequency=22050, size=8, channels=1)
    sounds = Sounds(muted=True)
    assert sounds.available and sounds.muted and not sounds.play(Cue.END)
    made = sounds._sounds[Cue.END]
    assert made.get_raw() == to_buffer(synthesize(Cue.END, 22050), 8, 1)
    seconds = max(note.start + note.length for note in SCORES[Cue.END])
    assert made.get_length() == pytest.approx(seconds, abs=1e-3)


def test_without_audio_the_window_is_silent_not_broken(
    fresh_mixer: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("SDL_AUDIODRIVER", "no-such-audio-driver")
    sounds = Sounds()
    assert not sounds.available and sounds.silent_because
    assert not sounds.play(Cue.YOUR_TURN)
    assert sounds.play_for(None, state("X...O....", 2, 0), seat=0) == []
