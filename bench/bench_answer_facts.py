"""CPU of the answer-fact path on real texts, in process: per query, the answer analysed
(`analyze_answer`) and every fact of every sub-question matched (`match_fact`), every
per-text cache emptied before each pass (texts never repeat across queries in a real run).

    python bench/bench_answer_facts.py [--inputs bench/out] [--lang zh en] [--queries 300] [--runs 5]

Prints the median µs a query of each part and a digest of the verdicts (equal digests, equal
results): run it with another checkout's interpreter to compare, interleaved.
"""

from __future__ import annotations

import argparse
import hashlib
import statistics
import time
from pathlib import Path
from typing import Any

HERE = Path(__file__).parent


def _inputs(folder: Path, queries: int) -> tuple[Any, list[tuple[Any, str]]]:
    from evidence_eval.io import load_annotations
    from evidence_eval.models import Trace

    annotations = load_annotations(folder / "bench.annotations.json")
    by_id = {query.query_id: query for query in annotations.queries}
    work = []
    with open(folder / "bench.traces.jsonl") as lines:
        for _, line in zip(range(queries), lines):
            trace = Trace.model_validate_json(line)
            if trace.answer:
                work.append((by_id[trace.query_id], trace.answer))
    return annotations, work


def one_pass(work: list[tuple[Any, str]], segmenter: Any) -> tuple[float, float, str]:
    """(CPU of analyze_answer, CPU of match_fact, digest of the verdicts), caches emptied first."""
    from evidence_eval.match.facts import analyze_answer, match_fact
    from evidence_eval.scoring.caches import clear_caches

    clear_caches()
    clock = time.process_time
    analysing = matching = 0.0
    digest = hashlib.sha256()
    for query, answer in work:
        began = clock()
        sentences = analyze_answer(answer, segmenter)
        between = clock()
        found = [
            match_fact(fact, sentences, segmenter, lower=50.0, upper=80.0)
            for sub in query.sub_questions
            for fact in sub.answer_facts
        ]
        matching += clock() - between
        analysing += between - began
        digest.update(repr(found).encode())
    return analysing, matching, digest.hexdigest()[:16]


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--inputs", type=Path, default=HERE / "out")
    parser.add_argument("--lang", nargs="+", default=["zh", "en"])
    parser.add_argument("--queries", type=int, default=300)
    parser.add_argument("--runs", type=int, default=5)
    arguments = parser.parse_args()
    from evidence_eval.scoring.heap import frozen_heap
    from evidence_eval.text.segment import segmenter_for

    for language in arguments.lang:
        folder = arguments.inputs / f"realistic-1000/{language}"
        _, work = _inputs(folder, arguments.queries)
        segmenter = segmenter_for(language)
        one_pass(work[:20], segmenter)  # warm the pipelines
        with frozen_heap():  # the collector kept off the inputs, as a scoring run keeps it
            passes = [one_pass(work, segmenter) for _ in range(arguments.runs)]
        analyse = statistics.median(p[0] for p in passes) / len(work) * 1e6
        match = statistics.median(p[1] for p in passes) / len(work) * 1e6
        digests = {p[2] for p in passes}
        print(
            f"{language}: analyze_answer {analyse:,.0f} µs, match_fact {match:,.0f} µs a query; digest {digests}"
        )


if __name__ == "__main__":
    main()
