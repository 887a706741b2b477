"""What the fuzzy route's window search costs a (quote, item) pair (`match.spans._windows`),
compiled bounds (`_ratio_kernel`) against the pure-Python path (rapidfuzz's LCS lengths and
search), on the pairs a run windows (a quote and the texts of a stage at a time).

The pairs are recorded from `find_spans` over the benchmark's trace lines (every stage, as
`bench_spans.py` searches them); each path then windows all of them, passes interleaved, and
the windows must be equal. Prints the median µs a pair of each path.

    python bench/bench_window.py [--queries 300] [--runs 5] [--data bench/out/realistic-300]
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Sequence
from pathlib import Path

from bench_spans import load

from evidence_eval.match import ratio_bound, spans

Batch = tuple[str, list[str], bool]  # a quote, the texts it is windowed in, Chinese


def recorded_batches(folder: Path, queries: int) -> list[Batch]:
    batches: list[Batch] = []
    windows = spans._windows

    def recording(quote: str, texts: Sequence[str], chinese: bool = False) -> list[tuple[int, int] | None]:
        batches.append((quote, list(texts), chinese))
        return windows(quote, texts, chinese)

    spans._windows = recording
    try:
        for job_spans, stage in load(folder, queries)():
            spans.find_spans(job_spans, stage)
    finally:
        spans._windows = windows
    return batches


def one_pass(batches: list[Batch], compiled: bool) -> tuple[float, list[tuple[int, int] | None]]:
    kernel = ratio_bound._KERNEL
    spans.COMPILED = compiled and kernel is not None
    ratio_bound._KERNEL = kernel if compiled else None
    try:
        started = time.process_time()
        windows = [window for batch in batches for window in spans._windows(*batch)]
        return time.process_time() - started, windows
    finally:
        spans.COMPILED, ratio_bound._KERNEL = kernel is not None, kernel


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--queries", type=int, default=300)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--data", type=Path, default=Path(__file__).parent / "out" / "realistic-300")
    parser.add_argument("--languages", nargs="+", default=["zh", "en"])
    args = parser.parse_args()
    if ratio_bound._KERNEL is None:
        raise SystemExit("_ratio_kernel is not built (or EVIDENCE_EVAL_PURE_PYTHON is set)")
    for language in args.languages:
        batches = recorded_batches(args.data / language, args.queries)
        pairs = sum(len(texts) for _, texts, _ in batches)
        times: dict[bool, list[float]] = {False: [], True: []}
        reference: list[tuple[int, int] | None] = []
        for _ in range(args.runs):
            for compiled in (False, True):
                spent, windows = one_pass(batches, compiled)
                times[compiled].append(spent)
                if compiled:
                    assert windows == reference, "the compiled bounds changed a window"
                else:
                    reference = windows
        pure, compiled = (statistics.median(times[flag]) * 1e6 / pairs for flag in (False, True))
        print(
            f"{language}: {pairs} pairs ({pairs / args.queries:.0f} a query), _windows "
            f"{pure:.2f} µs a pair pure Python, {compiled:.2f} compiled ({compiled / pure:.2f})"
        )


if __name__ == "__main__":
    main()
