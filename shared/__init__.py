"""Pure game logic shared by the server and every client: rules, bots and the wire protocol.

Nothing in this package does I/O.
"""
