"""Readers of QA sets that already break a question into steps or mark answer passages:
MuSiQue (`question_decomposition`) and DuReader (`answer_spans`, `most_related_para`).

Both give a corpus, traces (the passages the set came with, in its order, no answer: answer
facts are not applicable until a system's answers are scored) and a draft annotation set
whose sub-questions are marked `needs_review`.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

from ..errors import InputError, Location
from ..io import iter_jsonl, read_json
from ..text.language import guess_language
from .common import annotation_set, draft_name

Outputs = dict[str, Any]

_STEP_REFERENCE = re.compile(r"#(\d+)")
_WHITESPACE = re.compile(r"\s")


def read_records(path: str) -> Iterator[tuple[Location, dict[str, Any]]]:
    """A JSON list of objects, or JSON Lines (one object per line)."""
    with open(path, "rb") as handle:
        first = handle.read(64).lstrip(b"\xef\xbb\xbf \t\r\n")[:1]
    if first == b"[":
        records = read_json(path)
        for index, record in enumerate(records):
            where = Location(path, json_path=f"$[{index}]")
            if not isinstance(record, dict):
                raise InputError(where, f"expected an object, found {type(record).__name__}")
            yield where, record
        return
    for line, record in iter_jsonl(path):
        yield Location(path, line), record


def _field(record: dict[str, Any], key: str, where: Location, kind: type) -> Any:
    value = record.get(key)
    if not isinstance(value, kind):
        found = "nothing" if value is None else type(value).__name__
        raise InputError(
            Location(where.path, where.line, f"{where.json_path or '$'}.{key}"),
            f"expected {kind.__name__}, found {found}",
        )
    return value


_ABBREVIATIONS = {
    "mr",
    "mrs",
    "ms",
    "dr",
    "st",
    "jr",
    "sr",
    "vs",
    "etc",
    "no",
    "co",
    "inc",
    "ltd",
    "mt",
    "ft",
}


def _outputs(path: str, traces: list[Any], corpus: list[Any], queries: list[dict[str, Any]]) -> Outputs:
    if not queries:
        raise InputError(Location(path), "no records")
    language = guess_language(q["text"] for q in queries[:200])
    return {
        "traces.jsonl": traces,
        "corpus.jsonl": corpus,
        "draft.annotations.json": annotation_set(draft_name(path), language, queries, "corpus.jsonl"),
    }


def sentence_ends(text: str) -> list[int]:
    """Offsets just after each sentence end: `。！？` always; `.!?` (with closing quotes or
    brackets) before a space or the end, unless the word before a period is an initial
    (`G.`) or a common abbreviation (`Dr.`, `St.`)."""
    ends = []
    for match in re.finditer(r"[。！？]+[”’」』）)]*|[.!?]+[\"'”’)\]]*(?=\s|$)", text):
        if match.group()[0] == ".":
            word = re.search(r"([A-Za-z]+)$", text[: match.start()])
            if word and (
                len(word.group(1)) == 1 and word.group(1).isupper() or word.group(1).lower() in _ABBREVIATIONS
            ):
                continue
        ends.append(match.end())
    return ends


def sentence_holding(text: str, answer: str) -> tuple[int, int] | None:
    """(start, end) of the sentences around the first occurrence of `answer` (case folded)
    in `text`, spaces at the edges left out; None when `answer` does not occur."""
    wanted = answer.casefold().strip()
    position = text.casefold().find(wanted) if wanted else -1
    if position < 0 or len(text.casefold()) != len(text):
        return None
    ends = sentence_ends(text)
    start = max([end for end in ends if end <= position], default=0)
    end = min([end for end in ends if end >= position + len(wanted)], default=len(text))
    while start < end and text[start].isspace():
        start += 1
    while end > start and text[end - 1].isspace():
        end -= 1
    return (start, end) if end > start else None


# --- MuSiQue --------------------------------------------------------------------------------


def from_musique(path: str, *, system: str = "musique") -> Outputs:
    """MuSiQue records (`id`, `question`, `paragraphs` [{idx, title, paragraph_text,
    is_supporting}], `question_decomposition` [{question, answer, paragraph_support_idx}],
    `answer`, `answer_aliases`, `answerable`) -> one document per paragraph, one trace per
    question (its paragraphs, in order, as stage `paragraphs`), and one sub-question per
    decomposition step: `#k` replaced by step k's answer, the answer as a fact (the last step
    also takes `answer_aliases`), the supporting paragraph's sentence holding the answer as
    evidence (the whole paragraph when no sentence holds it). Supporting paragraphs are
    judged 1, the others 0. An unanswerable question gets no sub-question."""
    corpus: list[dict[str, Any]] = []
    traces: list[dict[str, Any]] = []
    queries: list[dict[str, Any]] = []
    for where, record in read_records(path):
        query_id = str(_field(record, "id", where, str))
        paragraphs = _field(record, "paragraphs", where, list)
        docs = _musique_documents(query_id, paragraphs, where)
        corpus.extend(docs.values())
        traces.append(
            {
                "query_id": query_id,
                "system": system,
                "stages": [{"name": "paragraphs", "items": [{"doc_id": d["doc_id"]} for d in docs.values()]}],
            }
        )
        judgments = {
            docs[int(p["idx"])]["doc_id"]: int(bool(p.get("is_supporting"))) for p in paragraphs if "idx" in p
        }
        subs = _musique_steps(record, docs, where) if record.get("answerable", True) else []
        queries.append(
            {
                "query_id": query_id,
                "text": str(_field(record, "question", where, str)),
                "doc_judgments": judgments,
                "sub_questions": subs,
            }
        )
    return _outputs(path, traces, corpus, queries)


def _musique_documents(query_id: str, paragraphs: list[Any], where: Location) -> dict[int, dict[str, Any]]:
    docs: dict[int, dict[str, Any]] = {}
    for p, paragraph in enumerate(paragraphs):
        pwhere = Location(where.path, where.line, f"{where.json_path or '$'}.paragraphs[{p}]")
        if not isinstance(paragraph, dict):
            raise InputError(pwhere, "expected {idx, title, paragraph_text, is_supporting}")
        idx = paragraph.get("idx", p)
        if not isinstance(idx, int) or idx in docs:
            raise InputError(
                Location(pwhere.path, pwhere.line, f"{pwhere.json_path}.idx"), "expected a unique integer"
            )
        doc = {
            "doc_id": f"{query_id}#p{idx}",
            "version": "musique",
            "text": str(_field(paragraph, "paragraph_text", pwhere, str)),
        }
        if paragraph.get("title"):
            doc["title"] = str(paragraph["title"])
        docs[idx] = doc
    return docs


def _musique_steps(
    record: dict[str, Any], docs: dict[int, dict[str, Any]], where: Location
) -> list[dict[str, Any]]:
    steps = _field(record, "question_decomposition", where, list)
    answers: list[str] = []
    subs = []
    for s, step in enumerate(steps):
        swhere = Location(where.path, where.line, f"{where.json_path or '$'}.question_decomposition[{s}]")
        if not isinstance(step, dict):
            raise InputError(swhere, "expected {question, answer, paragraph_support_idx}")
        answer = str(_field(step, "answer", swhere, str))
        question = _STEP_REFERENCE.sub(
            lambda m: answers[int(m.group(1)) - 1] if 0 < int(m.group(1)) <= len(answers) else m.group(),
            str(_field(step, "question", swhere, str)),
        )
        answers.append(answer)
        aliases = [str(a) for a in record.get("answer_aliases") or []] if s == len(steps) - 1 else []
        sub: dict[str, Any] = {
            "id": f"step{s + 1}",
            "kind": "step",
            "text": question,
            "needs_review": True,
            "answer_facts": [{"id": "answer", "text": answer, "aliases": aliases}] if answer.strip() else [],
        }
        support = step.get("paragraph_support_idx")
        if isinstance(support, int):
            if support not in docs:
                raise InputError(
                    Location(swhere.path, swhere.line, f"{swhere.json_path}.paragraph_support_idx"),
                    f"no paragraph with idx {support}",
                )
            sub["evidence"] = [[_answer_span(docs[support], [answer, *aliases])]]
        subs.append(sub)
    return subs


def _answer_span(doc: dict[str, Any], answers: list[str]) -> dict[str, Any]:
    text = doc["text"]
    for answer in answers:
        found = sentence_holding(text, answer)
        if found:
            start, end = found
            break
    else:
        start = len(text) - len(text.lstrip())
        end = len(text.rstrip())
    return {"doc_id": doc["doc_id"], "start": start, "end": end, "quote": text[start:end]}


# --- DuReader -------------------------------------------------------------------------------


def from_dureader(path: str, *, system: str = "dureader") -> Outputs:
    """DuReader records (`question_id`, `question`, `documents` [{title, paragraphs,
    is_selected, most_related_para, bs_rank_pos}], `answers`, `answer_docs`, `answer_spans`,
    `fake_answers`) -> one document per search result (paragraphs joined by newlines, one
    chunk per paragraph), one trace per question (the results in `bs_rank_pos` order, stage
    `search`), and one sub-question `answer` whose facts are the human answers (any one of
    them answers: `answer_mode: any`) and whose evidence alternatives are the answer spans
    (`fake_answers` placed in `most_related_para`, whitespace ignored) or, without spans, the
    most related paragraph of each selected document. Selected documents are judged 1."""
    corpus: list[dict[str, Any]] = []
    traces: list[dict[str, Any]] = []
    queries: list[dict[str, Any]] = []
    seen: set[str] = set()
    for where, record in read_records(path):
        query_id = _question_id(record, where)
        if query_id in seen:
            raise InputError(
                Location(where.path, where.line, f"{where.json_path or '$'}.question_id"),
                "duplicate question_id",
            )
        seen.add(query_id)
        documents = _field(record, "documents", where, list)
        docs = [_dureader_document(query_id, d, doc, where) for d, doc in enumerate(documents)]
        corpus.extend(docs)
        order = sorted(range(len(documents)), key=lambda d: (documents[d].get("bs_rank_pos", d), d))
        traces.append(
            {
                "query_id": query_id,
                "system": system,
                "stages": [{"name": "search", "items": [{"doc_id": docs[d]["doc_id"]} for d in order]}],
            }
        )
        queries.append(
            {
                "query_id": query_id,
                "text": str(_field(record, "question", where, str)),
                "doc_judgments": {
                    doc["doc_id"]: int(bool(d.get("is_selected"))) for d, doc in zip(documents, docs)
                },
                "sub_questions": _dureader_subs(record, documents, docs, where),
            }
        )
    return _outputs(path, traces, corpus, queries)


def _question_id(record: dict[str, Any], where: Location) -> str:
    value = record.get("question_id")
    if isinstance(value, bool) or not isinstance(value, (int, str)) or str(value) == "":
        raise InputError(
            Location(where.path, where.line, f"{where.json_path or '$'}.question_id"),
            "expected a number or a string",
        )
    return str(value)


def _dureader_document(query_id: str, index: int, document: Any, where: Location) -> dict[str, Any]:
    dwhere = Location(where.path, where.line, f"{where.json_path or '$'}.documents[{index}]")
    if not isinstance(document, dict):
        raise InputError(dwhere, "expected {title, paragraphs, ...}")
    paragraphs = [str(p) for p in _field(document, "paragraphs", dwhere, list)]
    doc_id = f"{query_id}-d{index}"
    chunks, position = [], 0
    for p, paragraph in enumerate(paragraphs):
        chunks.append({"chunk_id": f"{doc_id}#p{p}", "start": position, "end": position + len(paragraph)})
        position += len(paragraph) + 1
    doc: dict[str, Any] = {
        "doc_id": doc_id,
        "version": "dureader",
        "text": "\n".join(paragraphs),
        "chunks": chunks,
    }
    if document.get("title"):
        doc["title"] = str(document["title"])
    return doc


def _dureader_subs(
    record: dict[str, Any], documents: list[dict[str, Any]], docs: list[dict[str, Any]], where: Location
) -> list[dict[str, Any]]:
    answers = [str(a).strip() for a in record.get("answers") or [] if str(a).strip()]
    if not answers:
        return []
    alternatives: list[list[dict[str, Any]]] = []
    fake = record.get("fake_answers") or []
    for k, d in enumerate(record.get("answer_docs") or []):
        if not isinstance(d, int) or not 0 <= d < len(docs) or k >= len(fake):
            continue
        span = _place_ignoring_spaces(str(fake[k]), docs[d], documents[d].get("most_related_para"))
        if span and span not in (alt[0] for alt in alternatives):
            alternatives.append([span])
    if not alternatives:
        for document, doc in zip(documents, docs):
            paragraph_span = _chunk_span(doc, document.get("most_related_para"))
            if document.get("is_selected") and paragraph_span is not None:
                alternatives.append([paragraph_span])
    sub: dict[str, Any] = {
        "id": "answer",
        "kind": "answer",
        "text": str(record.get("question", "")),
        "needs_review": True,
        "answer_facts": [{"id": f"a{i}", "text": answer} for i, answer in enumerate(answers, 1)],
        "answer_mode": "any",
    }
    if alternatives:
        sub["evidence"] = alternatives
    return [sub]


def _chunk_span(doc: dict[str, Any], paragraph: Any) -> dict[str, Any] | None:
    if not isinstance(paragraph, int) or not 0 <= paragraph < len(doc["chunks"]):
        return None
    chunk = doc["chunks"][paragraph]
    text = doc["text"]
    start, end = chunk["start"], chunk["end"]
    while start < end and text[start].isspace():
        start += 1
    while end > start and text[end - 1].isspace():
        end -= 1
    if end <= start:
        return None
    return {"doc_id": doc["doc_id"], "start": start, "end": end, "quote": text[start:end]}


def _place_ignoring_spaces(answer: str, doc: dict[str, Any], paragraph: Any) -> dict[str, Any] | None:
    """The answer's place in the most related paragraph (else anywhere in the document),
    whitespace ignored: DuReader's spans come from its segmented, space-free tokens."""
    wanted = _WHITESPACE.sub("", answer)
    if not wanted:
        return None
    text = doc["text"]
    ranges = [(0, len(text))]
    if isinstance(paragraph, int) and 0 <= paragraph < len(doc["chunks"]):
        chunk = doc["chunks"][paragraph]
        ranges.insert(0, (chunk["start"], chunk["end"]))
    for low, high in ranges:
        kept = [i for i in range(low, high) if not text[i].isspace()]
        found = "".join(text[i] for i in kept).find(wanted)
        if found >= 0:
            start, end = kept[found], kept[found + len(wanted) - 1] + 1
            return {"doc_id": doc["doc_id"], "start": start, "end": end, "quote": text[start:end]}
    return None
