"""What the fuzzy route's window tokens cost a (quote, item) window (`tokens.window_tokens`)
against the whole item's tokens cut to the window (the definition), on the windows a real
`score` run asks for; checks every window's tokens are identical (all fields).

The windows are recorded from the CLI's `score` over the benchmark's annotations and traces;
then each path tokenises all of them, passes interleaved, the token caches cleared before each
pass (the words' templates and the normalised texts stay warm, as in a run). Prints the median
µs a window of each path.

    python bench/bench_window_tokens.py [--runs 5] [--data bench/out/realistic-1000/en]
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
import time
from pathlib import Path

from evidence_eval import cli
from evidence_eval.match import spans
from evidence_eval.text import tokens as tokens_module
from evidence_eval.text import values
from evidence_eval.text.normalize import normalize_cached
from evidence_eval.text.segment import segmenter_for
from evidence_eval.text.tokens import Token, starting_in, tokenize, window_tokens

HERE = Path(__file__).parent
Window = tuple[str, str, int, int]


def recorded_windows(data: Path) -> list[Window]:
    windows: list[Window] = []

    def recording(text: str, language: str, lo: int, hi: int) -> tuple[Token, ...]:
        windows.append((text, language, lo, hi))
        return window_tokens(text, language, lo, hi)

    spans.window_tokens = recording  # type: ignore[assignment]
    try:
        with tempfile.TemporaryDirectory() as folder:
            arguments = ["score", str(data / "bench.annotations.json"), str(data / "bench.traces.jsonl")]
            cli.main(
                [*arguments, "--format", "json", "-o", str(Path(folder) / "out.json")], standalone_mode=False
            )
    finally:
        spans.window_tokens = window_tokens
    return list(dict.fromkeys(windows))


def whole_then_cut(text: str, language: str, lo: int, hi: int) -> tuple[Token, ...]:
    """The definition: the whole text's tokens that start in [lo, hi)."""
    return starting_in(tokenize(text, language), lo, hi)


def cut_from_the_whole_text(window: Window) -> bool:
    """Whether `window_tokens` falls back on the whole text's tokens (a post-pass reaches in)."""
    text, language, lo, hi = window
    norm = normalize_cached(text)
    found = tokens_module._english_tokens_in(norm, segmenter_for(language), lo, hi)
    return tokens_module._a_post_pass_may_change(found, norm.text)


def fields(tokens: tuple[Token, ...]) -> list[tuple[object, ...]]:
    return [
        (t.start, t.end, t.key, t.category, t.negates, t.stem, t.value, t.critical, t.weight) for t in tokens
    ]


def _clear() -> None:
    tokenize.cache_clear()
    tokens_module._unnamed_tokens.cache_clear()
    values._find_values.cache_clear()


def one_pass(windows: list[Window], windowed: bool) -> tuple[float, list[tuple[Token, ...]]]:
    _clear()
    path = window_tokens if windowed else whole_then_cut
    started = time.process_time()
    found = [path(*window) for window in windows]
    return time.process_time() - started, found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--data", type=Path, nargs="+", default=[HERE / "out" / "realistic-1000" / "en"])
    options = parser.parse_args()
    windows = [window for data in options.data for window in recorded_windows(data)]
    _, reference = one_pass(windows, windowed=False)
    whole_texts = sum(map(cut_from_the_whole_text, windows))
    print(f"{len(windows)} windows, {whole_texts} cut from the whole text (a post-pass reaches them)")
    times: dict[bool, list[float]] = {False: [], True: []}
    for _ in range(options.runs):
        for windowed in (False, True):
            seconds, found = one_pass(windows, windowed)
            times[windowed].append(seconds)
            assert [fields(t) for t in found] == [fields(t) for t in reference], "tokens differ"
    for windowed, label in ((False, "whole item, cut"), (True, "window_tokens")):
        print(f"{label:16} {1e6 * statistics.median(times[windowed]) / len(windows):8.1f} µs a window")


if __name__ == "__main__":
    main()
