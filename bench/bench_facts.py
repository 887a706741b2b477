"""CPU of the answer-fact path inside one `score` run: the whole command in process and
`match_fact` inside it (each call timed with `time.process_time`), per query.

    python bench/bench_facts.py [--workload synthetic|realistic] [--queries 300] [--lang zh en] [--runs 1]

Run it with another checkout's interpreter (`/work/wt-base/.venv/bin/python bench/bench_facts.py
--inputs DIR`) to time that checkout on the same files; interleave the checkouts and take
medians of CPU, not wall time. Each run is a fresh process: the per-text caches start empty, as
in a run whose texts never repeat.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).parent


def one_run(folder: Path) -> tuple[float, float, int]:
    """(CPU of the whole score command, CPU inside `match_fact`, its calls), in this process."""
    from evidence_eval.cli import main
    from evidence_eval.coverage import subquestions

    matched = subquestions.match_fact
    spent = [0.0, 0]
    clock = time.process_time

    def timed(*args, **kwargs):  # type: ignore[no-untyped-def]
        began = clock()
        try:
            return matched(*args, **kwargs)
        finally:
            spent[0] += clock() - began
            spent[1] += 1

    subquestions.match_fact = timed  # type: ignore[assignment]
    with tempfile.TemporaryDirectory() as scratch:
        out = Path(scratch) / "report.json"
        arguments = ["score", str(folder / "bench.annotations.json"), str(folder / "bench.traces.jsonl")]
        began = clock()
        with (
            open(os.devnull, "w") as sink,
            contextlib.redirect_stdout(sink),
            contextlib.redirect_stderr(sink),
        ):
            main([*arguments, "--format", "json", "-o", str(out), "--jobs", "1"], standalone_mode=False)
        whole = clock() - began
    return whole, float(spent[0]), int(spent[1])


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--workload", choices=["synthetic", "realistic"], default="synthetic")
    parser.add_argument("--queries", type=int, default=300)
    parser.add_argument("--lang", nargs="+", default=["zh", "en"])
    parser.add_argument("--runs", type=int, default=3, help="fresh processes a language")
    parser.add_argument(
        "--inputs", type=Path, default=HERE / "out", help="the folder holding score-N, realistic-N"
    )
    parser.add_argument("--one", action="store_true", help=argparse.SUPPRESS)  # a child: one run, one line
    args = parser.parse_args()
    prefix = "score" if args.workload == "synthetic" else "realistic"
    if args.one:
        whole, facts, calls = one_run(args.inputs / f"{prefix}-{args.queries}" / args.lang[0])
        print(whole, facts, calls)
        return
    for lang in args.lang:
        runs = []
        for _ in range(args.runs):
            again = [sys.executable, __file__, "--one", "--workload", args.workload]
            again += ["--queries", str(args.queries), "--lang", lang, "--inputs", str(args.inputs)]
            line = subprocess.run(again, check=True, capture_output=True, text=True).stdout.split()
            runs.append((float(line[0]), float(line[1]), int(line[2])))
        whole = statistics.median(run[0] for run in runs)
        facts = statistics.median(run[1] for run in runs)
        print(
            f"{args.workload} {lang} {args.queries} queries, median of {len(runs)}: score {whole:.2f} CPU s, "
            f"match_fact {facts:.2f} s ({runs[0][2]} calls, {1e6 * facts / args.queries:.0f} µs a query)"
        )


if __name__ == "__main__":
    main()
