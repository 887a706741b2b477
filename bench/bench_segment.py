"""CPU of Chinese segmentation and tokens on real texts, in process (issue 32).

`python bench/bench_segment.py [DIR] [--texts N] [--runs R]` reads the realistic workload
(`bench/make_realistic.py`'s `DIR/zh/bench.traces.jsonl` and `bench.annotations.json`) and
times, over the first N candidate chunks (~600 characters of DuReader text) and over the
answers, quotes and fact texts of the same queries, normalised as the matcher gives them:
`Segmenter.words` (jieba's cut), `Segmenter.proper_names` (jieba's tags), and `tokenize`
without and with names. The caches a scoring run empties are emptied before each run (a
run meets each text once, as a scoring process does); medians of R runs of process CPU time,
in µs a text and µs per 600 characters. The kernel's table of jieba's dictionary (made once
a run) is timed apart. Run it with another checkout's Python (in that checkout's folder) for
its figures.
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from collections.abc import Callable
from pathlib import Path

from evidence_eval.scoring.caches import TEXT_CACHES
from evidence_eval.text import tokens
from evidence_eval.text.normalize import normalize_cached
from evidence_eval.text.segment import Segmenter, segmenter_for

DEFAULT = Path(__file__).parent / "out" / "realistic-300"


def chunk_texts(folder: Path, count: int) -> list[str]:
    texts: list[str] = []
    with open(folder / "zh" / "bench.traces.jsonl", encoding="utf-8") as lines:
        for line in lines:
            for stage in json.loads(line)["stages"]:
                texts += [item["text"] for item in stage["items"] if item.get("text")]
            if len(texts) >= count:
                break
    return list(dict.fromkeys(texts))[:count]


def short_texts(folder: Path, queries: int) -> list[str]:
    """Answers, quotes and fact texts of the first `queries` queries."""
    texts: list[str] = []
    with open(folder / "zh" / "bench.traces.jsonl", encoding="utf-8") as lines:
        for number, line in enumerate(lines):
            if number >= queries:
                break
            texts.append(json.loads(line).get("answer") or "")
    annotations = json.loads((folder / "zh" / "bench.annotations.json").read_text(encoding="utf-8"))
    for query in annotations["queries"][:queries]:
        for sub_question in query["sub_questions"]:
            texts += [fact["text"] for fact in sub_question.get("answer_facts", [])]
            texts += [span["quote"] for group in sub_question["evidence"] for span in group]
    return [text for text in dict.fromkeys(texts) if text]


KEPT = {"normalize", "jieba dictionary table"}


def clear_caches() -> None:
    """Every cache a scoring run empties at its end but the normaliser's (the texts are given
    normalised: their normalisation is not timed) and the kernel's table of jieba's
    dictionary (made once a run, timed apart: `table_seconds`)."""
    for name, cached in TEXT_CACHES.items():
        if name not in KEPT:
            cached.cache_clear()


def table_seconds(segmenter: Segmenter, runs: int) -> float:
    """Median CPU seconds of making the kernel's table of jieba's dictionary, once a run
    (0 where there is none)."""
    table = TEXT_CACHES.get("jieba dictionary table")
    if table is None:
        return 0.0
    seconds = []
    for _ in range(runs):
        clear_caches()
        table.cache_clear()
        start = time.process_time()
        segmenter.words("维修资金")
        seconds.append(time.process_time() - start)
    return statistics.median(seconds)


def timed(work: Callable[[str], object], texts: list[str], runs: int) -> float:
    """Median CPU seconds of one pass over `texts`, caches emptied before each pass."""
    seconds = []
    for _ in range(runs):
        clear_caches()
        start = time.process_time()
        for text in texts:
            work(text)
        seconds.append(time.process_time() - start)
    return statistics.median(seconds)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("folder", nargs="?", type=Path, default=DEFAULT)
    parser.add_argument("--texts", type=int, default=300)
    parser.add_argument("--runs", type=int, default=7)
    args = parser.parse_args()
    segmenter = segmenter_for("zh")
    print(
        f"once a run: the kernel's table of jieba's dictionary {1e3 * table_seconds(segmenter, args.runs):.1f} ms"
    )
    sets = {
        "chunks": chunk_texts(args.folder, args.texts),
        "answers/quotes/facts": short_texts(args.folder, max(1, args.texts // 10)),
    }
    work: dict[str, Callable[[str], object]] = {
        "Segmenter.words": segmenter.words,
        "Segmenter.proper_names": segmenter.proper_names,
        "tokenize": lambda text: tokens.tokenize(text, "zh"),
        "tokenize names": lambda text: tokens.tokenize(text, "zh", True),
    }
    for label, raw in sets.items():
        texts = [normalize_cached(text).text for text in raw]
        characters = sum(map(len, texts))
        print(f"{label}: {len(texts)} texts, {characters / len(texts):.0f} characters each")
        for name, function in work.items():
            timed(function, texts[:20], 1)  # warm: imports, lexicons
            seconds = timed(function, texts, args.runs)
            per_text = 1e6 * seconds / len(texts)
            per_600 = 1e6 * seconds / characters * 600
            print(f"  {name:24s} {per_text:9.1f} µs a text  {per_600:9.1f} µs / 600 characters")


if __name__ == "__main__":
    main()
