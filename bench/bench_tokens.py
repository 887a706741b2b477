"""CPU time of English tokenisation (uncached `_tokens`, names marked or not) and of its
post-passes, over the real texts of a bench (items, answers, quotes, facts).

    python bench/bench_tokens.py bench/out/realistic-300/en [--repeat 5]
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from collections.abc import Callable
from pathlib import Path

from evidence_eval.text import tokens as T
from evidence_eval.text.normalize import normalize_cached
from evidence_eval.text.segment import segmenter_for


def real_texts(folder: Path) -> list[str]:
    """The distinct texts of a bench folder: retrieved items, answers, quotes and facts."""
    texts: list[str] = []
    for line in (folder / "bench.traces.jsonl").read_text(encoding="utf-8").splitlines():
        trace = json.loads(line)
        for stage in trace.get("stages", []):
            texts += [item["text"] for item in stage.get("items", []) if item.get("text")]
        if trace.get("answer"):
            texts.append(trace["answer"])
    annotations = json.loads((folder / "bench.annotations.json").read_text(encoding="utf-8"))
    for query in annotations["queries"]:
        for sub in query.get("sub_questions", []):
            texts += [
                span["quote"] for group in sub.get("evidence", []) for span in group if span.get("quote")
            ]
            texts += [fact["text"] for fact in sub.get("answer_facts", [])]
    return list(dict.fromkeys(texts))


def cpu_ms(work: Callable[[], object], repeat: int) -> float:
    runs = []
    for _ in range(repeat):
        start = time.process_time()
        work()
        runs.append((time.process_time() - start) * 1000)
    return statistics.median(runs)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("folder", type=Path)
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    texts = real_texts(args.folder)
    segmenter = segmenter_for("en")
    norms = [normalize_cached(text) for text in texts]
    plain = [T._tokens(norm, segmenter, False) for norm in norms]
    _ = [norm.origin for norm in norms]  # the origin map is the normaliser's cost, not ours

    def post_passes() -> None:
        for norm, tokens in zip(norms, plain):
            T._participles_after_determiners(T._nor_carries_on(list(tokens), norm.text), norm.text, segmenter)

    def unnamed() -> None:
        for norm in norms:
            T._tokens(norm, segmenter, False)

    def named() -> None:
        for norm, tokens in zip(norms, plain):
            T._mark_names(tokens, norm, segmenter, False)

    print(f"{len(texts)} texts, {sum(map(len, texts))} characters")
    for label, work in (("post-passes", post_passes), ("_tokens", unnamed), ("_mark_names", named)):
        print(f"{label:12} {cpu_ms(work, args.repeat):8.2f} ms (median of {args.repeat})")


if __name__ == "__main__":
    main()
