"""The pygame window of `taikyoku play`: app (the frame loop), screens, board, widgets.

Importing this package does not import pygame; `match` is pure so the terminal
client can share its sentences.
"""
