"""A score run's plumbing outside `evaluate_query`, before (the former code, inline) and now,
on the real lines of a benchmark folder (`bench/out/realistic-1000/zh`): reading and parsing
the trace lines, spooling each result, and the cycle collector's time over a whole run.

    python bench/bench_plumbing.py bench/out/realistic-1000/zh [lines] [--gc=20000]

CPU time (`time.process_time`), medians of 7 rounds, interleaved; ms per line / per query.
"""

from __future__ import annotations

import gc
import io
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

from evidence_eval.io import load_annotations
from evidence_eval.io.jsonio import iter_lines
from evidence_eval.io.loaders import parse_trace
from evidence_eval.models import Trace
from evidence_eval.models.options import ScoreOptions
from evidence_eval.scoring import heap
from evidence_eval.scoring.engine import TraceScorer, spooled_bytes

_INDENT = " " * 8


def _former_lines(raws: list[bytes]) -> list[tuple[int, str]]:
    """io.iter_lines and parse_trace's input as they were: decode, `strip()` for blank lines."""
    lines = []
    for number, raw in enumerate(raws, 1):
        text = raw.decode("utf-8-sig" if number == 1 else "utf-8")
        if text.strip():
            lines.append((number, text))
    return lines


def _former_parse(lines: list[tuple[int, str]]) -> list[Trace]:
    return [Trace.model_validate_json(text) for _, text in lines]


def _lines_now(raws: list[bytes]) -> list[tuple[int, str]]:
    lines = []
    for number, raw in enumerate(raws, 1):
        text = raw.decode("utf-8-sig" if number == 1 else "utf-8")
        if text and not text.isspace():
            lines.append((number, text))
    return lines


def _median_ms(rounds: dict[str, Callable[[], object]], count: int) -> dict[str, float]:
    times: dict[str, list[float]] = {name: [] for name in rounds}
    for _ in range(7):
        for name, work in rounds.items():
            start = time.process_time()
            work()
            times[name].append(time.process_time() - start)
    return {name: statistics.median(spent) / count * 1e3 for name, spent in times.items()}


def _collector_seconds(folder: Path, threshold: int) -> float:
    """The cycle collector's CPU over a whole `score` of the folder, young collections after
    `threshold` more objects inside the frozen heap."""
    from evidence_eval.scoring.run import score

    spent = [0.0, 0.0]

    def timed(phase: str, _: dict[str, int]) -> None:
        if phase == "start":
            spent[1] = time.process_time()
        else:
            spent[0] += time.process_time() - spent[1]

    heap.YOUNG_THRESHOLD, former = threshold, heap.YOUNG_THRESHOLD
    gc.callbacks.append(timed)
    try:
        score(folder / "bench.annotations.json", folder / "bench.traces.jsonl", json_out=io.StringIO())
    finally:
        gc.callbacks.remove(timed)
        heap.YOUNG_THRESHOLD = former
    return spent[0]


def main(folder: Path, count: int) -> None:
    traces = folder / "bench.traces.jsonl"
    raws = traces.read_bytes().splitlines(keepends=True)[:count]
    lines = _lines_now(raws)
    assert lines == list(iter_lines(traces))[: len(lines)]
    print(f"{folder}: {len(lines)} lines")
    read = _median_ms(
        {"read before": lambda: _former_lines(raws), "read now": lambda: _lines_now(raws)}, len(raws)
    )
    parse = _median_ms(
        {
            "parse before": lambda: _former_parse(lines),
            "parse now": lambda: [parse_trace(traces, number, text) for number, text in lines],
        },
        len(lines),
    )
    annotations = load_annotations(folder / "bench.annotations.json")
    scorer = TraceScorer(annotations, None, ScoreOptions(), str(traces), spooling=False)
    results = [scorer.score(number, text).result for number, text in lines[:100]]
    spooled = _median_ms(
        {
            "spool before": lambda: [
                (_INDENT + r.model_dump_json(indent=2).replace("\n", "\n" + _INDENT)).encode()
                for r in results
                if r
            ],
            "spool now": lambda: [spooled_bytes(r) for r in results if r],
        },
        len(results),
    )
    for name, ms in {**read, **parse, **spooled}.items():
        print(f"  {name:14s} {ms:.3f} ms")
    for argument in sys.argv:
        if argument.startswith("--gc="):  # one threshold a process: a second run would find warm tables
            threshold = int(argument.removeprefix("--gc="))
            print(f"  collector, young after {threshold:>9,}: {_collector_seconds(folder, threshold):.3f} s")


if __name__ == "__main__":
    main(Path(sys.argv[1]), int(sys.argv[2]) if len(sys.argv) > 2 and sys.argv[2].isdigit() else 300)
