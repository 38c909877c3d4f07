"""The asyncio shell around the room: connections, timers, the bot pool, HTTP, discovery.

It hands the room what happened with the current time and carries out the effects
the room returns (:mod:`server.shell.effect_runner`).
"""
