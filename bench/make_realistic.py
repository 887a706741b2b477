"""Inputs for the realistic `score` workload (issue 32), one folder per language, from real text:
Chinese from DuReader (`search.dev.json`: the documents' paragraphs and the answers), English
from MuSiQue (`qa_train.json`: the paragraphs, the answers and the sub-question answers).

Per query: 50 candidate chunks of ~600 characters with text, the first 10 reranked, the first 5
in the context; 4-6 sub-questions, each with one or two spans that are real sentences of an item
(mostly a context item, sometimes one ranked below the context, sometimes one never retrieved)
and one or two answer facts that are real answer sentences or names, stated in the answer or
not. The answer is real answer text with real sentences of the context items.

No text repeats across queries: the data holds about 0.3 M (zh) and 0.9 M (en) characters
against the 30 M a language that 1,000 queries of 50 chunks need, so a chunk is made of runs of
consecutive real sentences taken from random places, and every chunk and answer is checked to be
new. Sentences recur (each ~30-100 times); whole texts, which is what the matcher analyses and
caches, do not.

    python bench/make_realistic.py OUT_DIR [QUERIES_PER_LANGUAGE]
"""

from __future__ import annotations

import json
import random
import re
import sys
from pathlib import Path
from typing import Any

DATA = Path(__file__).resolve().parents[1].parent / "shared" / "data"
DUREADER = DATA / "dureader" / "search.dev.json"
MUSIQUE = DATA / "musique" / "qa_train.json"
CANDIDATES, RERANKED, CONTEXT = 50, 10, 5
CHUNK = 600
KINDS = ("definition", "process", "materials", "deadline", "eligibility", "exclusion")
_ZH_SENTENCE = re.compile(r"[^。！？!?\n]+[。！？!?]?")
_EN_SENTENCE = re.compile(r"\S.*?(?:[.!?](?=\s|$)|$)")


def _sentences(text: str, zh: bool) -> list[str]:
    pattern = _ZH_SENTENCE if zh else _EN_SENTENCE
    return [m.group(0).strip() for m in pattern.finditer(text) if len(m.group(0).strip()) >= 8]


def _zh_pools() -> tuple[list[str], list[str]]:
    """(sentences of the documents' paragraphs, sentences of the answers)."""
    text_sentences: list[str] = []
    answer_sentences: list[str] = []
    for line in DUREADER.read_text(encoding="utf-8").splitlines():
        record = json.loads(line)
        for doc in record["documents"]:
            for paragraph in doc["paragraphs"]:
                text_sentences.extend(_sentences(paragraph, True))
        for answer in record.get("answers", []):
            answer_sentences.extend(s for s in _sentences(answer, True) if len(s) <= 80)
    return text_sentences, answer_sentences


def _en_pools() -> tuple[list[str], list[str]]:
    """(sentences of the paragraphs, answers: the final and every sub-question's)."""
    text_sentences: list[str] = []
    answers: list[str] = []
    for record in json.loads(MUSIQUE.read_text(encoding="utf-8")):
        for paragraph in record["paragraphs"]:
            text_sentences.extend(_sentences(paragraph["paragraph_text"], False))
        answers.append(record["answer"])
        answers.extend(step["answer"] for step in record.get("question_decomposition", []))
    return text_sentences, sorted(set(a for a in answers if a.strip()))


class _Texts:
    """New chunks of runs of consecutive real sentences; never the same text twice."""

    def __init__(self, sentences: list[str], zh: bool, rng: random.Random) -> None:
        self.sentences, self.zh, self.rng = sentences, zh, rng
        self.seen: set[str] = set()
        self.joiner = "" if zh else " "

    def chunk(self) -> str:
        while True:
            parts: list[str] = []
            while sum(map(len, parts)) < CHUNK - 80:
                at = self.rng.randrange(len(self.sentences))
                parts.extend(self.sentences[at : at + self.rng.randint(1, 4)])
            text = self.joiner.join(parts)[: CHUNK + 40]
            if text not in self.seen:
                self.seen.add(text)
                return text

    def new(self, text: str) -> bool:
        if text in self.seen:
            return False
        self.seen.add(text)
        return True


def _span(doc_id: str, text: str, zh: bool, rng: random.Random) -> dict[str, Any]:
    """A real sentence of `text` as a span (its offsets in `text`)."""
    sentences = _sentences(text, zh)
    quote = rng.choice(sentences)[:160]
    start = text.index(quote)
    return {"doc_id": doc_id, "start": start, "end": start + len(quote), "quote": quote}


def _query(
    q: int, lang: str, zh: bool, texts: _Texts, answers: list[str], rng: random.Random
) -> tuple[dict[str, Any], dict[str, Any], list[dict[str, str]]]:
    """(annotation query, trace line, corpus documents) of query `q`."""
    items = [{"doc_id": f"{lang}-q{q}-c{i}", "text": texts.chunk()} for i in range(CANDIDATES)]
    absent = {"doc_id": f"{lang}-q{q}-x", "text": texts.chunk()}  # relevant, never retrieved
    n_subs = rng.randint(4, 6)
    holders = [rng.choice(items[:CONTEXT]) for _ in range(n_subs)]
    holders[-1] = rng.choice([rng.choice(items[CONTEXT:]), absent, holders[-1]])
    sentence_end = "。" if zh else "."
    while True:
        stated = [rng.choice(answers) for _ in range(rng.randint(2, 3))]
        unstated = [rng.choice(answers) for _ in range(n_subs)]
        quoted = [rng.choice(_sentences(rng.choice(items[:CONTEXT])["text"], zh)) for _ in range(3)]
        parts = [*stated, *quoted]
        rng.shuffle(parts)
        answer = texts.joiner.join(p if p[-1] in "。！？.!?" else p + sentence_end for p in parts)
        if texts.new(answer):
            break
    subs = []
    for s, holder in enumerate(holders):
        spans = [_span(holder["doc_id"], holder["text"], zh, rng) for _ in range(rng.randint(1, 2))]
        facts = [{"id": "f0", "text": stated[s] if s < len(stated) else unstated[s]}]
        if rng.random() < 0.5:  # a second fact: a sentence of the answer, or one it does not hold
            facts.append({"id": "f1", "text": rng.choice([*quoted, unstated[s]])})
        subs.append(
            {
                "id": f"s{s}",
                "kind": KINDS[s % len(KINDS)],
                "text": "?",
                "evidence": [spans],
                "answer_facts": facts,
            }
        )
    relevant = {h["doc_id"]: h["text"] for h in holders}
    query = {
        "query_id": f"{lang}-q{q}",
        "text": "?",
        "doc_judgments": {doc_id: 1 for doc_id in relevant},
        "sub_questions": subs,
    }
    with_score = [{**item, "score": round(100.0 - i, 1)} for i, item in enumerate(items)]
    trace = {
        "query_id": f"{lang}-q{q}",
        "system": "realistic",
        "stages": [
            {"name": "candidates", "items": with_score},
            {"name": "reranked", "items": items[:RERANKED]},
            {"name": "context", "items": items[:CONTEXT]},
        ],
        "answer": answer,
    }
    corpus = [{"doc_id": doc_id, "version": "1", "text": text} for doc_id, text in relevant.items()]
    return query, trace, corpus


def build(folder: Path, queries: int, zh: bool, seed: int) -> None:
    rng = random.Random(seed)
    lang = "zh" if zh else "en"
    sentences, answers = _zh_pools() if zh else _en_pools()
    texts = _Texts(sentences, zh, rng)
    folder.mkdir(parents=True, exist_ok=True)
    annotation_queries = []
    with (
        open(folder / "bench.traces.jsonl", "w", encoding="utf-8") as traces,
        open(folder / "corpus.jsonl", "w", encoding="utf-8") as corpus,
    ):
        for q in range(queries):
            query, trace, documents = _query(q, lang, zh, texts, answers, rng)
            annotation_queries.append(query)
            traces.write(json.dumps(trace, ensure_ascii=False) + "\n")
            for doc in documents:
                corpus.write(json.dumps(doc, ensure_ascii=False) + "\n")
    annotations = {
        "schema_version": "1",
        "name": f"realistic-{lang}",
        "version": "1",
        "language": lang,
        "corpus": {"path": "corpus.jsonl"},
        "queries": annotation_queries,
    }
    (folder / "bench.annotations.json").write_text(
        json.dumps(annotations, ensure_ascii=False), encoding="utf-8"
    )


def main(out: str, queries: int = 1000) -> None:
    build(Path(out) / "zh", queries, True, 1)
    build(Path(out) / "en", queries, False, 2)


if __name__ == "__main__":
    main(sys.argv[1], *(int(a) for a in sys.argv[2:]))
