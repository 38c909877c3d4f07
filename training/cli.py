"""The training pipeline's command line (training/README.md)."""

from __future__ import annotations

import argparse
import logging
from pathlib import Path

from shared.ai.kernel.evaluate import eval_tables
from training.config import CONFIGS
from training.selfplay import write_shard


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m training", description=__doc__)
    parser.add_argument("--config", choices=sorted(CONFIGS), default="full")
    parser.add_argument("--data", type=Path, default=Path("/work/data/training"))
    sub = parser.add_subparsers(dest="command", required=True)
    gen = sub.add_parser("generate", help="play self-play shards (resumes)")
    gen.add_argument("--shards", type=int, default=1000, help="shards per board size")
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")
    config = CONFIGS[args.config]
    if args.command == "generate":
        for index in range(args.shards):
            for play in config.selfplay:
                for k in range(play.shards_per_round):
                    shard = index * play.shards_per_round + k
                    tables = eval_tables(play.games.size)
                    write_shard(play.games, config.seed, shard, args.data / "selfplay", tables,
                                "hand-written")
