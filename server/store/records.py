"""Game records as people and tools read them: a list line, text, GGF and JSON."""

from __future__ import annotations

import json
import time

from server.room.match import Seat, board_name
from server.room.wire import wire_move
from server.store.database import Record
from shared.games import GAMES, get_game, new_game, replay
from shared.games.base import SEAT_CHARS
from shared.words import DEFAULT_LANGUAGE, get_words, how_it_ended

FORMATS = ("text", "ggf", "json")


def _when(stamp: float | None) -> str:
    return "-" if stamp is None else time.strftime("%Y-%m-%d %H:%M", time.gmtime(stamp))


def _player(seat: Seat | None) -> str:
    if seat is None:
        return "(open)"
    return f"{seat.name} (bot level {seat.level})" if seat.kind == "bot" else seat.name


def result_text(record: Record) -> str:
    """How a finished match ended, in the catalogue's English words the clients show
    ("Hana won. Black 28, White 36 discs.", "Taro won. Hana resigned.", "No winner. The
    match was called off."), or the status of an unfinished one."""
    res = record.result
    if res is None:
        return record.status
    if record.game not in GAMES:  # no longer plugged in: its words went with it
        who = "No winner" if res.winner is None else f"{SEAT_CHARS[res.winner]} won"
        return f"{who} ({res.reason}, {res.score[0]}-{res.score[1]})."
    words = get_words(DEFAULT_LANGUAGE)
    names = [seat.name if seat is not None else words(f"{record.game}-side-{i}")
             for i, seat in enumerate(record.seats)]
    head = words("match-result", winner="none" if res.winner is None else "person",
                 who=names[res.winner or 0], side="", reason=res.reason)
    how = how_it_ended(words, record.game, res.winner, res.reason, res.score, names,
                      bool(record.moves))
    return f"{head} {how}"


def list_line(record: Record) -> str:
    """One line of `taikyoku records`."""
    return (f"{record.code}  {_when(record.created)}  {board_name(record.game, record.size):<14} "
            f"{_player(record.seats[0])} vs {_player(record.seats[1])}  "
            f"{len(record.moves)} moves  {result_text(record)}")


def protocol_moves(record: Record) -> list[int | str]:
    """The move list as the protocol's `state.moves` shows it (ints and "pass")."""
    return [wire_move(m) for m in record.moves]


def notation(record: Record) -> str:
    """The moves as people write them: squares named by coordinates in the game's
    compact standard record (Othello: f5d6c3pa), numbered slots one by one."""
    info = get_game(record.game)
    if info.coordinates:
        return "".join(info.name_square(m, record.size) for m in record.moves)
    return " ".join(info.move_name(m, record.size) for m in record.moves)


def _final_board(record: Record) -> str:
    start = new_game(record.game, record.size, record.start_board, record.start_to_move)
    board = replay(start, record.moves)[-1].board
    n = record.size
    return "\n".join(" ".join(board[r * n:(r + 1) * n]) for r in range(n))


def format_text(record: Record) -> str:
    lines = [
        f"match   {record.code}",
        f"game    {board_name(record.game, record.size)}",
        f"X       {_player(record.seats[0])}",
        f"O       {_player(record.seats[1])}",
        f"started {_when(record.created)} UTC",
        f"ended   {_when(record.ended)} UTC",
        f"result  {result_text(record)}",
        f"clock   {_clock_text(record)}",
        f"undone  {record.takebacks[0]} takebacks by X, {record.takebacks[1]} by O",
        f"start   {record.start_board} {'XO'[record.start_to_move]}",
        f"record  {notation(record)}",
        f"moves   {json.dumps(protocol_moves(record))}",
        "",
        _final_board(record),
    ]
    return "\n".join(lines)


def _clock_text(record: Record) -> str:
    clock = record.clock
    if clock is None:
        return "none"
    return f"{clock.initial:g} s each, {clock.increment:g} s more a move"


def _ggf_escape(text: str) -> str:
    return text.replace("\\", "\\\\").replace("]", "\\]")


def format_ggf(record: Record) -> str:
    """The Generic Game Format that Othello tools read (one game on one line), for a
    game whose entry names its GGF type (``GameInfo.ggf``)."""
    ggf_name = get_game(record.game).ggf
    if ggf_name is None:
        raise ValueError(f"GGF is a format for Othello-like games; match {record.code} is "
                         f"{record.game}")
    cells = record.start_board.replace(".", "-").replace("X", "*")
    side = "*O"[record.start_to_move]
    res = record.result
    if res is None:
        result = "?"
    else:
        diff = res.score[0] - res.score[1]
        if res.reason in ("resign", "left", "abandon", "time"):  # the winner's margin, >= 1
            margin = 0 if res.winner is None else max(abs(diff), 1)
            signed = -margin if res.winner == 1 else margin
            result = f"{signed:+d}.000" + (":r" if res.reason in ("resign", "left") else ":t")
        else:
            result = f"{diff:+d}.000"
    moves = []
    mover = record.start_to_move
    for move in record.moves:
        square = get_game(record.game).name_square(move, record.size).upper()  # PA: pass
        moves.append(f"{'BW'[mover]}[{square}]")
        mover = 1 - mover
    date = time.strftime("%Y.%m.%d_%H:%M:%S.UTC", time.gmtime(record.created))
    return (
        f"(;GM[{ggf_name}]PC[taikyoku]DT[{date}]"
        f"PB[{_ggf_escape(_player(record.seats[0]))}]"
        f"PW[{_ggf_escape(_player(record.seats[1]))}]"
        f"RE[{result}]TI[0:00//0:00]TY[{record.size}]"
        f"BO[{record.size} {cells} {side}]{''.join(moves)};)"
    )


def format_json(record: Record) -> str:
    data: dict[str, object] = {
        "match": record.code,
        "game": record.game,
        "size": record.size,
        "start": {"board": record.start_board, "to_move": record.start_to_move},
        "players": [None if s is None else s.to_json() for s in record.seats],
        "status": record.status,
        "result": None if record.result is None else {
            "winner": record.result.winner, "reason": record.result.reason,
            "score": record.result.score,
        },
        "created": record.created,
        "ended": record.ended,
        "moves": protocol_moves(record),
        "hints": record.hints,
        "clock": None if record.clock is None else {
            "initial": record.clock.initial, "increment": record.clock.increment,
            "remaining": record.remaining,
        },
        "takebacks": list(record.takebacks),
    }
    if get_game(record.game).coordinates:  # a standard compact record exists
        data["record"] = notation(record)
    return json.dumps(data, indent=2)


def format_record_as(record: Record, fmt: str) -> str:
    """One record in ``fmt`` ("text", "ggf" or "json"); ValueError otherwise."""
    if fmt == "text":
        return format_text(record)
    if fmt == "ggf":
        return format_ggf(record)
    if fmt == "json":
        return format_json(record)
    raise ValueError(f"unknown record format {fmt!r}; use one of {', '.join(FORMATS)}")
