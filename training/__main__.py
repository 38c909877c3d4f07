"""python -m training: see training/README.md."""

from training.cli import main

main()
