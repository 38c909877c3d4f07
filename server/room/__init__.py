"""The match room without I/O: matches, seats, requests and their rules, clocks and holds.

Each entry point of :class:`server.room.room.Room` takes what happened and the time,
and returns effects (:mod:`server.room.effects`) for the shell to carry out; nothing
here touches a socket, a timer, the database or a process. The rules of the requests
see the room only through :class:`server.room.context.Context` (docs/architecture.md).
"""
