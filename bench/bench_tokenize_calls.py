"""CPU time of tokenisation as a scoring run calls it: every distinct `tokenize(text, language,
names)` call of `evidence_eval score` on a bench folder, made again with the tokens' and values'
caches cleared (the normaliser's and the segmenter's stay warm: their cost is not this one's);
and `find_values` alone over the same texts, normalised.

    python bench/bench_tokenize_calls.py bench/out/realistic-1000/en [--repeat 7]
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from evidence_eval.text import tokens as T
from evidence_eval.text import values as V
from evidence_eval.text.normalize import normalize_cached

Call = tuple[str, str, bool]


def scoring_calls(folder: Path) -> list[Call]:
    """The distinct tokenize calls of `score` on `folder` (the callers import `tokenize` when
    first imported, after the wrapper is in place)."""
    calls: dict[Call, None] = {}
    plain = T.tokenize

    def recording(text: str, language: str, names: bool = False) -> tuple[T.Token, ...]:
        calls[(text, language, bool(names))] = None
        return plain(text, language, names)

    recording.cache_clear = plain.cache_clear  # type: ignore[attr-defined]  # the run clears its caches
    recording.cache_info = plain.cache_info  # type: ignore[attr-defined]
    T.tokenize = recording  # type: ignore[assignment]
    try:
        from evidence_eval.cli import main

        with tempfile.TemporaryDirectory() as temp:
            arguments = ["score", str(folder / "bench.annotations.json"), str(folder / "bench.traces.jsonl")]
            try:
                main(
                    [*arguments, "--format", "json", "-o", str(Path(temp, "report.json"))],
                    standalone_mode=False,
                )
            except SystemExit:
                pass
    finally:
        T.tokenize = plain
    return list(calls)


def _clear() -> None:
    for cached in (
        T.tokenize,
        T._unnamed_tokens,
        T._named_tokens,
        V._find_values,
        T.word_template,
        T._english_stem,
    ):
        cached.cache_clear()


def cpu_ms(work: Callable[[], object], repeat: int) -> float:
    runs = []
    for _ in range(repeat):
        _clear()
        start = time.process_time()
        work()
        runs.append((time.process_time() - start) * 1000)
    return statistics.median(runs)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("folder", type=Path)
    parser.add_argument("--repeat", type=int, default=7)
    args = parser.parse_args()
    calls = scoring_calls(args.folder)
    texts = list(dict.fromkeys(normalize_cached(text).text for text, _, _ in calls))

    def tokenise() -> None:
        for text, language, names in calls:
            T.tokenize(text, language, names)

    def values() -> None:
        for text in texts:
            V.find_values(text)

    tokenise()  # the segmenter's caches warm
    print(f"{len(calls)} calls, {sum(len(text) for text, _, _ in calls)} characters")
    for label, work in (("tokenize", tokenise), ("find_values", values)):
        print(f"{label:12} {cpu_ms(work, args.repeat):8.1f} ms (median of {args.repeat})")


if __name__ == "__main__":
    main()
