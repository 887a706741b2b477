"""CPU of two parts of the answer-fact path on real texts, in process: `unasserted` per answer
sentence (the not-knowing and asking frames, no cache) and `best_coverage` per fact (the
coverage of its units by the answer's forms, a fresh form index per answer).

    python bench/bench_fact_parts.py [--inputs bench/out] [--workload realistic synthetic] [--lang zh en]

Run it with another checkout's interpreter (`/work/wt-s10/.venv/bin/python
bench/bench_fact_parts.py --inputs DIR`) to time that checkout on the same texts; interleave the
checkouts and compare medians. Prints a digest of the results: equal digests, equal results.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import statistics
import time
from pathlib import Path
from typing import Any

HERE = Path(__file__).parent
PREFIX = {"synthetic": "score", "realistic": "realistic"}


def _inputs(folder: Path, language: str, queries: int) -> list[tuple[list[Any], list[list[str]]]]:
    """Per query: the answer's sentences, and the surfaces (text and aliases) of each fact."""
    from evidence_eval.match.sentences import analyze_answer
    from evidence_eval.text.segment import segmenter_for

    annotations = json.loads((folder / "bench.annotations.json").read_text())
    facts = {
        query["query_id"]: [
            [fact["text"], *fact.get("aliases", [])]
            for sub in query["sub_questions"]
            for fact in sub.get("answer_facts", [])
        ]
        for query in annotations["queries"]
    }
    found = []
    with open(folder / "bench.traces.jsonl") as lines:
        for _, line in zip(range(queries), lines):
            trace = json.loads(line)
            sentences = analyze_answer(trace["answer"], segmenter_for(language))
            found.append((sentences, facts[trace["query_id"]]))
    return found


def _median_us(run: Any, count: int, runs: int) -> float:
    times = []
    for _ in range(runs):
        began = time.process_time()
        run()
        times.append(time.process_time() - began)
    return statistics.median(times) / count * 1e6


def measure(folder: Path, language: str, queries: int, runs: int) -> str:
    from evidence_eval.match.claims import claim_for
    from evidence_eval.match.unasserted import unasserted
    from evidence_eval.match.units import SentenceForms, answer_forms, best_coverage

    work = _inputs(folder, language, queries)
    texts = [sentence.norm.text for sentences, _ in work for sentence in sentences]
    per_answer = [
        (
            tuple(answer_forms(sentences)),
            [[claim_for(s, language, None).units for s in fact] for fact in facts],
        )
        for sentences, facts in work
    ]
    frames = [unasserted.__wrapped__(text, language) for text in texts]
    covered = [best_coverage(units, SentenceForms(forms)) for forms, claims in per_answer for units in claims]

    def frames_run() -> None:
        for text in texts:
            unasserted.__wrapped__(text, language)

    def coverage_run() -> None:
        for forms, claims in per_answer:
            fresh = SentenceForms(forms)
            for units in claims:
                best_coverage(units, fresh)

    facts = sum(len(claims) for _, claims in per_answer)
    digest = hashlib.sha256(repr((frames, covered)).encode()).hexdigest()[:12]
    frames_us = _median_us(frames_run, len(texts), runs)
    coverage_us = _median_us(coverage_run, facts, runs)
    return (
        f"unasserted {frames_us:.1f} us a sentence ({len(texts)}), "
        f"best_coverage {coverage_us:.1f} us a fact ({facts}), digest {digest}"
    )


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument(
        "--inputs", type=Path, default=HERE / "out", help="the folder holding score-N, realistic-N"
    )
    parser.add_argument("--workload", nargs="+", choices=sorted(PREFIX), default=["realistic", "synthetic"])
    parser.add_argument("--lang", nargs="+", default=["zh", "en"])
    parser.add_argument("--queries", type=int, default=300, help="of the inputs' queries, this many")
    parser.add_argument("--size", type=int, default=300, help="the inputs' size: score-SIZE, realistic-SIZE")
    parser.add_argument("--runs", type=int, default=7)
    args = parser.parse_args()
    for workload in args.workload:
        for language in args.lang:
            folder = args.inputs / f"{PREFIX[workload]}-{args.size}" / language
            print(f"{workload} {language}: {measure(folder, language, args.queries, args.runs)}", flush=True)


if __name__ == "__main__":
    main()
