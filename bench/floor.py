"""What one query costs, step by step, in one process (issue 21's floor).

For the benchmark's trace lines of each language, the CPU time a query takes (median of
`--runs` passes, after one warm-up pass) to:

- `parse_only`: decode the line with orjson (what `parse_only.py` times);
- `validate`: decode and validate it into a `Trace` (`io.loaders.parse_trace`);
- `answer_tokens`: cut the answer into sentences and tokens (`match.facts.analyze_answer`),
  the first step of judging any fact against it; Chinese text becomes one token a character;
- `score`: the whole per-trace scoring (`TraceScorer.score`: retrieval, every span in every
  stage, every fact against the answer).

Before each pass the per-text caches are emptied (tokens, normalised texts, values, claims,
fuzzy alignments), as in a run whose texts never repeat; per-word caches (word templates,
cues, jieba's weights) stay warm, as they are after the first few hundred queries of a run.
Ratios are to `parse_only`: issue 21 asks for a marginal cost of at most 10x parse-only.

    python bench/floor.py [--queries 300] [--runs 3] [--data bench/out/score-1000]
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from collections.abc import Callable
from pathlib import Path

import orjson

from evidence_eval.api import open_checked
from evidence_eval.io.loaders import parse_trace
from evidence_eval.match.facts import analyze_answer
from evidence_eval.models.options import ScoreOptions
from evidence_eval.scoring import caches
from evidence_eval.scoring.engine import TraceScorer

PER_TEXT = ("normalize", "values", "tokens", "claims", "fuzzy")


def _cpu_per_query(step: Callable[[int, str], object], lines: list[str], runs: int) -> float:
    """Median CPU milliseconds a line over `runs` passes, per-text caches emptied each pass."""
    for number, line in enumerate(lines, start=1):  # warm-up: imports, per-word caches
        step(number, line)
    times = []
    for _ in range(runs):
        for name in PER_TEXT:
            caches.TEXT_CACHES[name].cache_clear()
        start = time.process_time()
        for number, line in enumerate(lines, start=1):
            step(number, line)
        times.append((time.process_time() - start) * 1000 / len(lines))
    return statistics.median(times)


def measure(folder: Path, queries: int, runs: int) -> dict[str, float]:
    annotations, snapshot, _ = open_checked(folder / "bench.annotations.json", None)
    traces = folder / "bench.traces.jsonl"
    with open(traces, encoding="utf-8") as handle:
        lines = [line for _, line in zip(range(queries), handle)]
    scorer = TraceScorer(annotations, snapshot, ScoreOptions(), str(traces), spooling=False)
    segmenter = scorer.segmenter
    answers = {line: parse_trace(traces, 1, line).answer or "" for line in lines}
    steps: dict[str, Callable[[int, str], object]] = {
        "parse_only": lambda _, line: orjson.loads(line),
        "validate": lambda number, line: parse_trace(traces, number, line),
        "answer_tokens": lambda _, line: analyze_answer(answers[line], segmenter),
        "score": scorer.score,
    }
    return {name: _cpu_per_query(step, lines, runs) for name, step in steps.items()}


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--queries", type=int, default=300)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--data", type=Path, default=Path(__file__).parent / "out" / "score-1000")
    args = parser.parse_args()
    report = {}
    for language in ("zh", "en"):
        ms = measure(args.data / language, args.queries, args.runs)
        parse = ms["parse_only"]
        report[language] = {
            name: {"ms_per_query": round(value, 3), "x_parse_only": round(value / parse, 1)}
            for name, value in ms.items()
        }
    print(json.dumps(report, indent=2))


if __name__ == "__main__":
    main()
