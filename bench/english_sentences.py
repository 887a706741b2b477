"""Whether English sentences without spaCy (`text.english_sentences`) are spaCy's on every
English text at hand: each string of the shared data (MuSiQue, RAGChecker, REALSumm), of the
benchmark inputs' English folders (corpus, annotations, traces) and of the annotation
examples. Prints how many texts, how many differ (the first few shown) and the time each way;
exit 1 where one differs.

    python bench/english_sentences.py [--inputs bench/out/realistic-300 bench/out/realistic-1000 ...]
"""

from __future__ import annotations

import argparse
import csv
import sys
import time
from pathlib import Path

from evidence_eval.testing.strings import json_strings
from evidence_eval.text.segment import _pipeline, _spaced_for_spacy, english_sentences, spacy_sentence_spans

HERE = Path(__file__).parent
ROOT = HERE.parent
SHARED = ROOT.parent / "shared" / "data"
DEFAULT_INPUTS = [HERE / "out" / name for name in ("realistic-300", "realistic-1000", "score-300")]


def english_texts(inputs: list[Path], *, shared: bool = True) -> list[str]:
    """Every distinct non-blank string of the project's own English files (the annotation
    example, the rule cases (either language: the port must be spaCy on any text), the importers' fixtures), of the benchmark inputs' English
    folders, and (`shared`) of the shared data sets where they are on this machine."""
    files = sorted((ROOT / "annotations" / "warranty_en").glob("*.json*"))
    files += sorted((ROOT / "tests" / "cases").rglob("*.json*")) + sorted(
        (ROOT / "tests" / "data" / "importers").glob("*.json*")
    )
    files += [path for folder in inputs for path in sorted((folder / "en").glob("*.json*"))]
    if shared:
        files += [SHARED / "musique" / "qa_train.json", SHARED / "ragchecker" / "checking_inputs.json"]
    texts = {string for path in files if path.is_file() for string in json_strings(path)}
    for path in sorted((SHARED / "realsumm").rglob("*.csv")) if shared else []:
        with path.open(encoding="utf-8", newline="") as file:
            texts.update(cell for row in csv.reader(file) for cell in row)
    return sorted(text for text in texts if text.strip())


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--inputs", nargs="*", type=Path, default=DEFAULT_INPUTS)
    args = parser.parse_args()
    texts = english_texts(args.inputs)
    port, nlp = english_sentences(), _pipeline("en")
    if port is None:
        print("spaCy's English tokenizer is not one the port mirrors")
        return 1
    differ = 0
    port_time = spacy_time = 0.0
    for text in texts:
        started = time.process_time()
        ours = port.spans(_spaced_for_spacy(text))
        middle = time.process_time()
        theirs = spacy_sentence_spans(nlp, text)
        port_time += middle - started
        spacy_time += time.process_time() - middle
        if ours != theirs:
            differ += 1
            if differ <= 5:
                print(f"differs: {text[:160]!r}\n  port  {ours[:6]}\n  spaCy {theirs[:6]}")
    print(f"{len(texts)} texts, {differ} differ; CPU s: port {port_time:.1f}, spaCy {spacy_time:.1f}")
    return 1 if differ else 0


if __name__ == "__main__":
    sys.exit(main())
