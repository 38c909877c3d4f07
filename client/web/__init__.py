"""The browser client: plain HTML, CSS and JavaScript modules, served as they are.

This package holds the page's files only (package data, no Python): the game server
serves them from the list in ``server/shell/page.py``, which also builds the games'
catalogue and the words the page reads (docs/hosting.md).
"""
