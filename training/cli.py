"""The training pipeline's command line (training/README.md).

    python -m training [--config full] [--data DIR] run [--install]
    python -m training generate [--set train|bench] [--rounds N] [--size 8] [--player K]
    python -m training fit --size 8 --iteration K
    python -m training label --size 8 --iteration K [--empties LEAST MOST]
    python -m training install [--iteration K] [--size 8]
    python -m training show
    python -m training exact-set --size 8 [--positions N] [--jobs 2]
"""

from __future__ import annotations

import argparse
import json
import logging
import shutil
from concurrent.futures import ProcessPoolExecutor
from dataclasses import replace
from pathlib import Path

from shared.ai.kernel.evaluate import tables_with
from shared.ai.kernel.weights import PACKAGED, packaged_weights
from shared.ai.kernel.weights import load as load_weights
from training.bootstrap import ALL_EMPTIES, label_all
from training.config import CONFIGS, Config
from training.exact_set import make_set, set_path
from training.pipeline import fit_path, fit_size, iterate, labels_path
from training.selfplay import shard_path, write_shard

DEFAULT_DATA = Path("training-data")
JOBS_HELP = "processes working on shards side by side (default 1)"


def generate(
    config: Config, data: Path, bench: bool, rounds: int, sizes: tuple[int, ...] = (6, 8),
    player: int | None = None, jobs: int = 1,
) -> None:
    """Play ``rounds`` rounds of self-play shards of these board ``sizes`` (skipping the
    shards that exist), the moves chosen with fit ``player`` (None: the hand-written
    evaluation, before there is a fit), in ``jobs`` processes."""
    plans = [p for p in (config.bench if bench else config.selfplay) if p.games.size in sizes]
    seed = config.seed + 1 if bench else config.seed
    root = data / ("bench" if bench else "selfplay")
    tables, names = {}, {}
    for play in plans:
        size = play.games.size
        weights = None if player is None else load_weights(fit_path(data, player, size))
        tables[size] = tables_with(size, weights)
        names[size] = "hand-written" if player is None else f"fit {player}"
    with ProcessPoolExecutor(jobs) as pool:
        done = [
            pool.submit(write_shard, play.games, seed, index * play.shards_per_round + k, root,
                        tables[play.games.size], names[play.games.size])
            for index in range(rounds) for play in plans for k in range(play.shards_per_round)
            if not shard_path(root, play.games.size, index * play.shards_per_round + k).exists()
        ]
        for future in done:
            future.result()


def install(
    config: Config, data: Path, iteration: int | None, sizes: tuple[int, ...] = (6, 8)
) -> None:
    """Copy the last fit of each of these board sizes (or fit ``iteration``) into the
    package."""
    for play in config.selfplay:
        size = play.games.size
        if size not in sizes:
            continue
        if iteration is None:
            found = sorted(data.glob(f"fits/iter*/othello{size}.npz"),
                           key=lambda p: int(p.parent.name[4:]))
            if not found:
                raise SystemExit(f"no fit of size {size} under {data}")
            source = found[-1]
        else:
            source = fit_path(data, iteration, size)
        load_weights(source)  # refuse to install a broken file
        PACKAGED.mkdir(exist_ok=True)
        shutil.copyfile(source, PACKAGED / f"othello{size}.npz")
        logging.info("installed %s", source)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m training",
                                     description="The learned evaluation's pipeline.")
    parser.add_argument("--config", choices=sorted(CONFIGS), default="full")
    parser.add_argument("--data", type=Path, default=DEFAULT_DATA,
                        help=f"where the games, labels and fits go (default {DEFAULT_DATA})")
    sub = parser.add_subparsers(dest="command", required=True)
    run = sub.add_parser("run", help="the whole pipeline (resumes)")
    run.add_argument("--install", action="store_true", help="then install the last fits")
    gen = sub.add_parser("generate", help="play self-play shards (resumes)")
    gen.add_argument("--rounds", type=int, help="rounds of shards (default: the config's)")
    gen.add_argument("--set", choices=("train", "bench"), default="train",
                     help="training games, or the accuracy benchmark's (solved from more empties)")
    gen.add_argument("--size", type=int, choices=(6, 8), action="append",
                     help="only this board size (repeatable; default both)")
    gen.add_argument("--jobs", type=int, default=1, help=JOBS_HELP)
    gen.add_argument("--player", type=int, metavar="K",
                     help="choose the moves with fit K (default: the hand-written evaluation)")
    for name in ("fit", "label"):
        step = sub.add_parser(name, help=f"{name} one board size at one iteration")
        step.add_argument("--size", type=int, choices=(6, 8), required=True)
        step.add_argument("--iteration", type=int, default=0)
        if name == "label":
            step.add_argument("--jobs", type=int, default=1, help=JOBS_HELP)
            step.add_argument("--empties", type=int, nargs=2, metavar=("LEAST", "MOST"),
                              default=ALL_EMPTIES,
                              help="label only the positions with this many empties "
                                   "(default: all)")
            step.add_argument("--depth", type=int, metavar="PLIES",
                              help="plies of each labelling search (default: the config's)")
        else:
            step.add_argument("--prior", type=int, metavar="J",
                              help="pull the weights towards fit J's instead of towards zero")
            step.add_argument("--labels", type=int, nargs="+", metavar="K",
                              help="the bootstrap labels made on these fits, the first that "
                                   "labels a position wins (default: the previous iteration's)")
            step.add_argument("--labelled-only", action="store_true",
                              help="only the positions with an exact or a bootstrap label, "
                                   "none labelled by its game's value")
    parser.add_argument("--ridge", type=float, help="the fits' ridge (default: the config's)")
    parser.add_argument("--width", type=int, help="empties per phase (default: the config's)")
    parser.add_argument("--overlap", type=int,
                        help="empties either side a phase also learns from (default: the config's)")
    parser.add_argument("--smooth", type=float,
                        help="the pull between neighbouring phases' weights (default: the "
                             "config's)")
    inst = sub.add_parser("install", help="copy fits into the package")
    inst.add_argument("--iteration", type=int)
    inst.add_argument("--size", type=int, choices=(6, 8), action="append",
                      help="only this board size (repeatable; default both)")
    sub.add_parser("show", help="print the packaged weights' provenance")
    exact = sub.add_parser("exact-set", help="make the held-out exact set of a board size "
                           "(benchmarks/exact/, resumable)")
    exact.add_argument("--size", type=int, choices=(6, 8), required=True)
    exact.add_argument("--positions", type=int, default=2000,
                       help="games, rounded up to whole parts of 50 (default 2000)")
    exact.add_argument("--jobs", type=int, default=1, help=JOBS_HELP)
    exact.add_argument("--out", type=Path, help="the file (default: the committed set's)")
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")
    config = CONFIGS[args.config]
    for knob in ("ridge", "width", "overlap", "smooth"):
        if getattr(args, knob) is not None:
            config = replace(config, fit=replace(config.fit, **{knob: getattr(args, knob)}))
    data: Path = args.data
    if args.command == "generate":
        generate(config, data, args.set == "bench", args.rounds or config.rounds,
                 tuple(args.size or (6, 8)), args.player, args.jobs)
    elif args.command == "run":
        generate(config, data, False, config.rounds)
        iterate(config, data, config.iterations)
        if args.install:
            install(config, data, None)
    elif args.command == "fit":
        passes = args.labels or ([args.iteration - 1] if args.iteration else [])
        labels = [labels_path(data, k) for k in passes]
        prior = None if args.prior is None else fit_path(data, args.prior, args.size)
        fit_size(config, args.size, data, labels, fit_path(data, args.iteration, args.size),
                 args.iteration, prior, not args.labelled_only)
    elif args.command == "label":
        weights = load_weights(fit_path(data, args.iteration, args.size))
        label_all(data / "selfplay", labels_path(data, args.iteration), weights,
                  args.depth or config.label_depth, config.label_nodes, args.jobs,
                  tuple(args.empties))
    elif args.command == "install":
        install(config, data, args.iteration, tuple(args.size or (6, 8)))
    elif args.command == "exact-set":
        plan = next(p for p in config.selfplay if p.games.size == args.size)
        make_set(plan.games, config.seed, config.exact_set, args.positions, data / "exact",
                 args.out or set_path(args.size), args.jobs)
    elif args.command == "show":
        for size in (6, 8):
            packaged = packaged_weights(size)
            provenance = None if packaged is None else packaged.provenance
            print(f"{size}x{size}:", json.dumps(provenance, indent=1))
