"""CPU a text of value finding (`values._find_values`) and of the cue helpers on real texts.

    python bench/values_speed.py [--traces bench/out/realistic-1000/en/bench.traces.jsonl] [--runs 7]

The texts are the distinct item texts, answers and evidence quotes of the first trace lines
(3,000 item texts by default, as `normalize` gives them to the matcher); each function is timed
uncached over all of them, `runs` times, and the median CPU (`time.process_time`) a text is
printed. Run it from another checkout's tree (`cd OTHER && python THIS_FILE ...`) to compare.
"""

from __future__ import annotations

import argparse
import functools
import json
import statistics
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path

from evidence_eval.text import cues, values
from evidence_eval.text.normalize import normalize


def real_texts(traces: Path, items: int) -> list[str]:
    """The first `items` distinct item texts of `traces`, normalised, then its answers."""
    seen: dict[str, None] = {}
    answers: dict[str, None] = {}
    with traces.open(encoding="utf-8") as lines:
        for line in lines:
            trace = json.loads(line)
            answers[trace.get("answer") or ""] = None
            for stage in trace["stages"]:
                for item in stage["items"]:
                    if item.get("text"):
                        seen[item["text"]] = None
            if len(seen) >= items:
                break
    texts = list(seen)[:items] + [answer for answer in answers if answer]
    return [normalize(text).text for text in texts]


def cpu_per_text(function: Callable[[str], object], texts: list[str], runs: int) -> float:
    """Median CPU µs a text of `function` over `texts`."""
    samples = []
    for _ in range(runs):
        getattr(cues, "breaks_in", functools.lru_cache(lambda: None)).cache_clear()  # each run from nothing
        started = time.process_time()
        for text in texts:
            function(text)
        samples.append((time.process_time() - started) / len(texts) * 1e6)
    return statistics.median(samples)


def _segments(text: str) -> None:
    """`segment_around` at every 40th character, as the matcher asks it of a sentence."""
    for position in range(0, len(text), 40):
        cues.segment_around(text, position, position + 1)


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--traces", type=Path, nargs="+", default=[
        Path(f"bench/out/realistic-1000/{language}/bench.traces.jsonl") for language in ("en", "zh")
    ])  # fmt: skip
    parser.add_argument("--items", type=int, default=3000)
    parser.add_argument("--runs", type=int, default=7)
    arguments = parser.parse_args()
    find = getattr(values._find_values, "__wrapped__", values._find_values)
    for traces in arguments.traces:
        texts = real_texts(traces, arguments.items)
        chinese = "/zh/" in str(traces)
        figures = {
            "find_values": cpu_per_text(find, texts, arguments.runs),
            "phrase_cues": cpu_per_text(partial(cues.phrase_cues, chinese=chinese), texts, arguments.runs),
            "segment_around/40 chars": cpu_per_text(_segments, texts, arguments.runs),
        }
        shown = ", ".join(f"{name} {figure:.1f} µs" for name, figure in figures.items())
        print(
            f"{traces.parent.name}: {len(texts)} texts, {sum(map(len, texts)) / len(texts):.0f} chars; {shown}"
        )


if __name__ == "__main__":
    main()
