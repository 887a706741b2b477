"""CPU of `units.sentence_forms` (every form an answer sentence states, read by the graded
support) on real answer sentences, no cache: microseconds a sentence.

    python bench/bench_sentence_forms.py [--inputs bench/out] [--workload realistic synthetic] [--lang zh en]

Run it with another checkout's interpreter to time that checkout on the same texts; interleave
and compare medians. Prints a digest of the results: equal digests, equal results.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import statistics
import time
from pathlib import Path

HERE = Path(__file__).parent
PREFIX = {"synthetic": "score", "realistic": "realistic"}


def _sentences(folder: Path, language: str, queries: int) -> list[str]:
    from evidence_eval.match.sentences import analyze_answer
    from evidence_eval.text.segment import segmenter_for

    found: list[str] = []
    with open(folder / "bench.traces.jsonl") as lines:
        for _, line in zip(range(queries), lines):
            answer = json.loads(line)["answer"]
            found += [sentence.text for sentence in analyze_answer(answer, segmenter_for(language))]
    return found


def measure(folder: Path, language: str, queries: int, runs: int) -> str:
    from evidence_eval.match.units import sentence_forms

    texts = _sentences(folder, language, queries)
    made = [sentence_forms.__wrapped__(text, language) for text in texts]
    times = []
    for _ in range(runs):
        began = time.process_time()
        for text in texts:
            sentence_forms.__wrapped__(text, language)
        times.append(time.process_time() - began)
    digest = hashlib.sha256(repr([sorted(forms) for forms in made]).encode()).hexdigest()[:12]
    return f"sentence_forms {statistics.median(times) / len(texts) * 1e6:.1f} us a sentence ({len(texts)}), digest {digest}"


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--inputs", type=Path, default=HERE / "out")
    parser.add_argument("--workload", nargs="+", choices=sorted(PREFIX), default=["realistic", "synthetic"])
    parser.add_argument("--lang", nargs="+", default=["zh", "en"])
    parser.add_argument("--queries", type=int, default=300)
    parser.add_argument("--size", type=int, default=300)
    parser.add_argument("--runs", type=int, default=7)
    args = parser.parse_args()
    for workload in args.workload:
        for language in args.lang:
            folder = args.inputs / f"{PREFIX[workload]}-{args.size}" / language
            print(f"{workload} {language}: {measure(folder, language, args.queries, args.runs)}", flush=True)


if __name__ == "__main__":
    main()
