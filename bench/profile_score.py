"""Where `score`'s time goes: cProfile of the whole command (start-up included) on the
benchmark's generated inputs, the top functions by cumulative and by own time.

    python bench/profile_score.py [--queries 300] [--lang zh en] [--top 15] [--save DIR]

Run it with another checkout's interpreter (`/work/wt-base/.venv/bin/python bench/profile_score.py`)
to profile that checkout on the same files (generate them first with this tree's interpreter:
`bench/make_score.py` needs `evidence_eval.testing.score_inputs`). cProfile adds a fixed cost
per Python call, so code made of many small calls looks slower than it runs: compare call
counts and the shape of the profile, and take times from `bench_score.py` (CPU, medians).
"""

from __future__ import annotations

import argparse
import contextlib
import cProfile
import io
import os
import pstats
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).parent


def profile(folder: Path, save: Path | None) -> pstats.Stats:
    arguments = ["score", str(folder / "bench.annotations.json"), str(folder / "bench.traces.jsonl")]
    profiler = cProfile.Profile()
    with open(os.devnull, "w") as sink, contextlib.redirect_stdout(sink):
        profiler.enable()
        try:
            from evidence_eval.cli import main  # its import is start-up too

            main(arguments + ["--format", "json"], standalone_mode=False)
        finally:
            profiler.disable()
    if save:
        save.parent.mkdir(parents=True, exist_ok=True)
        profiler.dump_stats(save)
    return pstats.Stats(profiler)


# By cumulative time the top is the command's own wrappers; these are the parts worth reading.
PARTS = r"evidence_eval/(match|text|lang|coverage)/|wordfreq/|jieba/"


def top(stats: pstats.Stats, order: str, count: int, parts: str | None = None) -> str:
    out = io.StringIO()
    stats.stream = out  # type: ignore[attr-defined]
    stats.sort_stats(order).print_stats(*((parts,) if parts else ()), count)
    text = out.getvalue()
    return text[text.find("   ncalls") :].replace(str(Path.cwd()) + "/", "")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--queries", type=int, default=300, help="per language (bench/out/score-N)")
    parser.add_argument("--lang", nargs="+", default=["zh", "en"])
    parser.add_argument("--top", type=int, default=15)
    parser.add_argument("--save", type=Path, help="folder for the raw profiles (LANG.prof)")
    parser.add_argument("--workload", choices=["synthetic", "realistic"], default="synthetic")
    args = parser.parse_args()
    maker = "make_score.py" if args.workload == "synthetic" else "make_realistic.py"
    data = HERE / "out" / f"{'score' if args.workload == 'synthetic' else 'realistic'}-{args.queries}"
    if not (data / "en" / "bench.traces.jsonl").exists():
        sys.exit(f"{data}: no inputs; make them with: python bench/{maker} {data} {args.queries}")
    if len(args.lang) > 1:  # one process a language: the first would warm the second's caches
        for lang in args.lang:
            again = [sys.executable, __file__, "--queries", str(args.queries), "--top", str(args.top)]
            again += ["--workload", args.workload]
            subprocess.run(
                [*again, "--lang", lang, *(["--save", str(args.save)] if args.save else [])], check=True
            )
        return
    lang = args.lang[0]
    save = args.save / f"{lang}.prof" if args.save else None
    stats = profile(data / lang, save)
    print(f"== {lang}: {stats.total_calls:,} calls, {stats.total_tt:.2f} s profiled")  # type: ignore[attr-defined]
    print(f"-- by cumulative time, {PARTS}")
    print(top(stats, "cumulative", args.top, PARTS))
    print("-- by own time")
    print(top(stats, "tottime", args.top))


if __name__ == "__main__":
    main()
