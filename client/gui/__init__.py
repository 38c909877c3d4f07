"""The pygame window of `taikyoku play`: play (the command), app (the frame loop), actions
(what a screen may ask of the window), the screens, board, widgets.

Importing this package does not import pygame. What the window says about a match
comes from :mod:`client.common.match_view`, which the terminal shares.
"""
