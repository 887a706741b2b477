"""CPU of a segmenter's start-up and of the text a run meets for the first time (issue 32).

`python bench/bench_segmenter_start.py [DIR] [--runs R] [--queries N] [--other LABEL=PYTHON@FOLDER]`
runs, in a fresh process each time (what a scoring process pays once), over the realistic
workload (`bench/make_realistic.py`'s `DIR/{zh,en}`):
- `start zh` / `start en`: `segmenter_for(language)`: jieba's dictionary and posseg's word tags
  (Chinese), spaCy's blank pipeline and the lemma table (English);
- `sentences en`: the sentences of the first N answers, each met for the first time (spaCy
  makes a lexeme for every new word);
- `tokens zh` / `tokens en`: `tokenize` of the answers' sentences, and of the first N
  queries' fact texts and quotes with names marked (each text once: what a run saves by
  tokenising a text once for both, with and without names, is not in this figure).
Medians of R runs of process CPU, interleaved with each `--other` checkout (its Python run in
its folder, e.g. `--other s10=/work/wt-s10/.venv/bin/python@/work/wt-s10`).
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
from pathlib import Path

DEFAULT = Path(__file__).parent / "out" / "realistic-300"

_CHILD = r"""
import json, sys, time
from pathlib import Path
folder, queries = Path(sys.argv[1]), int(sys.argv[2])
from evidence_eval.text.normalize import normalize_cached
from evidence_eval.text.segment import segmenter_for
from evidence_eval.text.tokens import tokenize

def inputs(language):
    answers = []
    with open(folder / language / "bench.traces.jsonl", encoding="utf-8") as lines:
        for number, line in enumerate(lines):
            if number >= queries:
                break
            answers.append(json.loads(line).get("answer") or "")
    annotations = json.loads((folder / language / "bench.annotations.json").read_text(encoding="utf-8"))
    named = []
    for query in annotations["queries"][:queries]:
        for sub_question in query["sub_questions"]:
            named += [fact["text"] for fact in sub_question.get("answer_facts", [])]
            named += [span["quote"] for group in sub_question["evidence"] for span in group]
    return [text for text in answers if text], list(dict.fromkeys(text for text in named if text))

result = {}
for language in ("zh", "en"):
    answers, named = inputs(language)
    texts = [normalize_cached(text).text for text in answers]
    start = time.process_time()
    segmenter = segmenter_for(language)
    result["start " + language] = time.process_time() - start
    start = time.process_time()
    sentences = [sentence.text for text in texts for sentence in segmenter.sentences(text)]
    if language == "en":
        result["sentences en"] = time.process_time() - start
    start = time.process_time()
    for text in sentences:
        tokenize(text, language)
    for text in named:
        tokenize(text, language, names=True)
    result["tokens " + language] = time.process_time() - start
print(json.dumps(result))
"""


def _once(python: str, folder: str, data: Path, queries: int) -> dict[str, float]:
    done = subprocess.run(
        [python, "-c", _CHILD, str(data), str(queries)],
        cwd=folder,
        capture_output=True,
        text=True,
        check=True,
    )
    return json.loads(done.stdout.splitlines()[-1])  # type: ignore[no-any-return]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("folder", nargs="?", type=Path, default=DEFAULT)
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--queries", type=int, default=100)
    parser.add_argument("--other", action="append", default=[], help="LABEL=PYTHON@FOLDER")
    args = parser.parse_args()
    setups = {"this": (sys.executable, str(Path(__file__).resolve().parent.parent))}
    for other in args.other:
        label, _, spec = other.partition("=")
        python, _, folder = spec.partition("@")
        setups[label] = (python, folder)
    runs: dict[str, list[dict[str, float]]] = {label: [] for label in setups}
    for _ in range(args.runs):
        for label, (python, folder) in setups.items():
            runs[label].append(_once(python, folder, args.folder.resolve(), args.queries))
    for label, results in runs.items():
        shown = "  ".join(
            f"{name} {statistics.median(result[name] for result in results):.3f}" for name in results[0]
        )
        print(f"{label:8s} CPU s (median of {args.runs}): {shown}")


if __name__ == "__main__":
    main()
