"""The headless bot client, `taikyoku bot`: cli.py reads the flags and prints the
results, tournament.py runs many games at once, seat.py plays one seat of one match,
summary.py adds the results up."""
