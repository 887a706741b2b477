"""Retrieval benchmark (issue 3): 10,000 queries x 100 items, K=10, hit + RR + recall, whole
process from TREC files, beside pytrec_eval and ranx on the same files in one run.

    python bench/bench_retrieval.py [--queries N] [--runs R] [--skip TOOL] [--cpus 0]
"""

from __future__ import annotations

import argparse
import json
import shutil
import sys
from pathlib import Path

HERE = Path(__file__).parent
sys.path.insert(0, str(HERE))

from make_trec import main as make_trec  # noqa: E402
from timing import measure_all  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--queries", type=int, default=10_000)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--skip", action="append", default=[], help="leave a tool out (e.g. ranx)")
    parser.add_argument("--cpus", help="run every tool under `taskset -c CPUS` (e.g. 0 for one core)")
    args = parser.parse_args()
    data = HERE / "out" / f"trec-{args.queries}"
    if not (data / "run.txt").exists():
        make_trec(str(data), args.queries)
    qrels, run = str(data / "qrels.txt"), str(data / "run.txt")
    ours = shutil.which("evidence-eval") or "evidence-eval"
    commands = {
        "evidence_eval": [ours, "retrieval", qrels, run, "--k", "10", "--format", "json"],
        "pytrec_eval": [sys.executable, str(HERE / "peers_trec.py"), "pytrec_eval", qrels, run],
        "ranx": [sys.executable, str(HERE / "peers_trec.py"), "ranx", qrels, run],
    }
    commands = {name: command for name, command in commands.items() if name not in args.skip}
    if args.cpus:
        commands = {name: ["taskset", "-c", args.cpus, *command] for name, command in commands.items()}
    results: dict = measure_all(commands, args.runs)
    fastest_peer = min(results[name]["median_s"] for name in results if name != "evidence_eval")
    results["ratio_vs_fastest_peer"] = round(results["evidence_eval"]["median_s"] / fastest_peer, 3)
    print(json.dumps(results, indent=2))


if __name__ == "__main__":
    main()
