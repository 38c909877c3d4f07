"""The terminal client, `taikyoku tui`: terminal.py runs it (start-up, questions,
matches); input.py reads the keys, console.py waits for a typed line or a server
message and prints lines broken by line_wrap.py, lobby.py asks the questions before a
match, commands.py takes the commands typed beside a move, match_text.py and
textboard.py print matches and boards."""
