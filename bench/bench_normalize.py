"""CPU a call of `normalize` (its text, then its origin map) on real texts: the distinct item
texts, answers and quotes of a generated workload (`bench/make_realistic.py`).

    python bench/bench_normalize.py [--inputs bench/out/realistic-300] [--repeat 7]

Prints, per language and kind of text, the median over `--repeat` passes of the CPU µs a text
(`time.process_time`), after one warm-up pass (the fold table fills on first sight of a
character). Run it with another checkout's interpreter to compare two versions on one machine, or
with EVIDENCE_EVAL_PURE_PYTHON=1 for the whole-string Python path instead of the compiled pass.
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from collections.abc import Callable, Iterator
from pathlib import Path

from evidence_eval.text.normalize import normalize


def item_texts(traces: Path) -> list[str]:
    seen: dict[str, None] = {}
    with traces.open(encoding="utf-8") as lines:
        for line in lines:
            for stage in json.loads(line).get("stages", []):
                for item in stage.get("items", []):
                    seen.setdefault(item.get("text") or "", None)
    return [text for text in seen if text]


def answers(traces: Path) -> list[str]:
    with traces.open(encoding="utf-8") as lines:
        return list(dict.fromkeys(json.loads(line).get("answer") or "" for line in lines))


def quotes(annotations: Path) -> list[str]:
    data = json.loads(annotations.read_text(encoding="utf-8"))
    found: dict[str, None] = {}
    for query in data["queries"]:
        for sub in query.get("sub_questions", []):
            for group in sub.get("evidence", []):
                for span in group:
                    found.setdefault(span.get("quote") or "", None)
            for fact in sub.get("answer_facts", []):
                found.setdefault(fact.get("text") or "", None)
    return [text for text in found if text]


def cpu_per_text(texts: list[str], work: Callable[[str], object], repeat: int) -> float:
    for text in texts:  # warm-up
        work(text)
    passes = []
    for _ in range(repeat):
        start = time.process_time()
        for text in texts:
            work(text)
        passes.append(time.process_time() - start)
    return statistics.median(passes) / len(texts) * 1e6


def _text(text: str) -> object:
    return normalize(text).text


def _origin(text: str) -> object:
    return normalize(text).origin


def rows(inputs: Path, repeat: int) -> Iterator[str]:
    for language in sorted(path.name for path in inputs.iterdir() if path.is_dir()):
        folder = inputs / language
        kinds = {
            "items": item_texts(folder / "bench.traces.jsonl"),
            "answers": answers(folder / "bench.traces.jsonl"),
            "quotes+facts": quotes(folder / "bench.annotations.json"),
        }
        for kind, texts in kinds.items():
            size = sum(map(len, texts)) / len(texts)
            text_us = cpu_per_text(texts, _text, repeat)
            origin_us = cpu_per_text(texts, _origin, repeat)
            yield f"{language} {kind:13} {len(texts):6} texts {size:6.0f} chars  text {text_us:6.2f} µs  +origin {origin_us:6.2f} µs"


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--inputs", type=Path, default=Path("bench/out/realistic-300"))
    parser.add_argument("--repeat", type=int, default=7)
    arguments = parser.parse_args()
    for row in rows(arguments.inputs, arguments.repeat):
        print(row, flush=True)


if __name__ == "__main__":
    main()
