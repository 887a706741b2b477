"""`review`: what needs a human, and applying the human's decisions as a new annotation version.

The queue (JSONL) has one line per thing to look at, each with `type`, the query, what a
reviewer needs to decide, and a `decision` to fill in (null where there is nothing to
decide):

- `unjudged`: a returned unit with no judgment for its query (every returned unit of a
  query with no positive judgment yet, as in a converted draft); `decision` is a
  `doc_judgment` or `chunk_judgment` whose `grade` is null until a person sets it
  (0 = not relevant). Never added as a positive automatically.
- `uncertain_answer`, `missing_answer`: a fact matched between the thresholds, or missing
  with at least `answer_lower`% graded support; with the matcher's `status`, `reason`,
  `critical` tokens in words and the `nearest` answer sentence (offsets into the answer).
  `decision` is a `statement` (that sentence) with `accept: null`: set `accept` to true (cut
  `statement` to the clauses that state the fact if needed) or false. `review --apply`
  records it on the fact (`accepted` / `rejected`, with who and when): an answer holding an
  accepted statement whole is then `supported` by review, and a rejected one is not queued again.
- `partial_evidence`, `answer_without_evidence`: to read, `decision` null.

The queue itself is a decisions file: lines whose decision is still undecided (grade or
accept null) or null are skipped and counted. A decisions file may also hold bare decisions,
one per line: `{"type": "doc_judgment", "query_id", "doc_id", "grade"}`,
`{"type": "chunk_judgment", "query_id", "chunk_id", "grade"}`,
`{"type": "alias", "query_id", "sub_question", "fact", "alias"}`,
`{"type": "statement", "query_id", "sub_question", "fact", "statement"}` (`accept` defaults to
true there). The JSON Schema of a line is `schemas/decisions.schema.json`.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..coverage.statements import find_statement, statement_core
from ..errors import InputError, Location
from ..io import build, iter_jsonl, iter_traces, load_annotations, reading_inputs
from ..io.output import PathLike
from ..models import AnnotationSet, AnswerFact, Query, Snapshot, Trace
from ..models.decisions import (
    AliasDecision,
    ChunkJudgment,
    DecisionsLine,
    DocJudgment,
    QueueEntry,
    StatementDecision,
)
from ..models.report import FactResult, Report
from ..report.critical import token_in_words
from ..text.segment import Segmenter, Sentence, segmenter_for
from ..text.tokens import tokenize

QUEUE_TYPES = (
    "unjudged",
    "partial_evidence",
    "uncertain_answer",
    "missing_answer",
    "answer_without_evidence",
)


@reading_inputs()
def review_queue(
    annotations: PathLike,
    traces: PathLike | Iterable[Trace],
    corpus: PathLike | None = None,
    *,
    traces_format: str = "jsonl",
    **score_arguments: Any,
) -> list[dict[str, Any]]:
    """What needs a human, from traces scored as `score` scores them (same arguments, so the
    same options: the uncertain band is the report's, not a default). A query with no positive
    judgment yet (a converted draft) lists every unit its stages returned as unjudged."""
    from ..ingest.traces import read_foreign_traces
    from ..scoring.run import score

    report = score(annotations, traces, corpus, traces_format=traces_format, **score_arguments)
    annotation_set = load_annotations(annotations)
    again = {**(score_arguments.get("trace_import") or {}), "on_import": None}  # summary shown once
    scored: Iterable[Trace]
    if isinstance(traces, (str, Path)):
        scored = (
            (trace for _, trace in iter_traces(traces))
            if traces_format == "jsonl"
            else read_foreign_traces(
                traces,
                traces_format,
                annotations=annotation_set,
                on_error="skip" if score_arguments.get("skip_bad_lines") else "fail",
                **again,
            )
        )
    else:
        scored = traces
    return list(queue(report, annotation_set, scored))


def queue(
    report: Report, annotations: AnnotationSet, traces: Iterable[Trace] | None = None
) -> Iterator[dict[str, Any]]:
    """The review queue of a scored report. With `traces` (the ones scored), a query whose
    stage was not scored for retrieval (no positive judgment yet: a converted draft) lists
    every unit that stage returned and that has no judgment, in rank order."""
    queries = {q.query_id: q for q in annotations.queries}
    answers: dict[tuple[str, str], str] = {}
    returned = _returned_units(traces, report.options.retrieval.unit, answers) if traces is not None else {}
    lower = report.options.matching.answer_lower
    segmenters: dict[str, Segmenter] = {}

    def segmenter_of(query: Query) -> Segmenter:
        language = query.language or annotations.language
        if language not in segmenters:
            segmenters[language] = segmenter_for(language)
        return segmenters[language]

    unjudged_seen: set[tuple[str, str]] = set()
    for system in report.systems:
        for result in system.queries:
            query = queries[result.query_id]
            subs = {sq.id: sq for sq in query.sub_questions}
            judged = (
                query.chunk_judgments if report.options.retrieval.unit == "chunk" else query.doc_judgments
            )
            for stage_name, stage in result.retrieval.items():
                for k, unit in _stage_unjudged(
                    stage, returned.get((system.system, result.query_id, stage_name))
                ):
                    if (result.query_id, unit) in unjudged_seen or unit in judged:
                        continue
                    unjudged_seen.add((result.query_id, unit))
                    yield {
                        "type": "unjudged",
                        "query_id": result.query_id,
                        "query": query.text,
                        "unit": report.options.retrieval.unit,
                        "id": unit,
                        "first_seen": {"system": system.system, "stage": stage_name, "k": k},
                        "decision": _judgment_template(report, result.query_id, unit),
                    }
            for sq in result.sub_questions:
                annotated = subs[sq.id]
                for stage_name, evidence in sq.stages.items():
                    if evidence.status == "partial" and evidence.alternative is not None:
                        spans = annotated.evidence[evidence.alternative]
                        found = {m.span for m in evidence.matches}
                        yield {
                            "type": "partial_evidence",
                            "query_id": result.query_id,
                            "query": query.text,
                            "system": system.system,
                            "stage": stage_name,
                            "sub_question": sq.id,
                            "kind": sq.kind,
                            "missing_spans": [s.model_dump() for i, s in enumerate(spans) if i not in found],
                            "problems": [p.model_dump() for p in evidence.problems],
                            "decision": None,
                        }
                for fact in sq.answer.matches:
                    if _to_review(fact, lower):
                        wanted = next(f for f in annotated.answer_facts if f.id == fact.fact)
                        answer = answers.get((system.system, result.query_id))
                        line = _answer_line(
                            query, sq.id, system.system, fact, wanted, answer, segmenter_of(query)
                        )
                        if line is not None:
                            yield line
                if sq.answer_without_evidence:
                    yield {
                        "type": "answer_without_evidence",
                        "query_id": result.query_id,
                        "query": query.text,
                        "system": system.system,
                        "sub_question": sq.id,
                        "kind": sq.kind,
                        "answer_status": sq.answer.status,
                        "stated": [f.text for f in sq.answer.matches if f.text],
                        "decision": None,
                    }


def _returned_units(
    traces: Iterable[Trace], unit: str, answers: dict[tuple[str, str], str]
) -> dict[tuple[str, str, str], list[str]]:
    """(system, query_id, stage) -> the distinct units the stage returned, in rank order;
    each trace's answer put in `answers` by (system, query_id) on the way."""
    found: dict[tuple[str, str, str], list[str]] = {}
    for trace in traces:
        if trace.answer:
            answers[(trace.system, trace.query_id)] = trace.answer
        for stage in trace.stages:
            ids = (item.chunk_id if unit == "chunk" else item.doc_id for item in stage.items)
            found[(trace.system, trace.query_id, stage.name)] = list(dict.fromkeys(i for i in ids if i))
    return found


def _stage_unjudged(stage: Any, returned: list[str] | None) -> Iterator[tuple[int | None, str]]:
    """(K where first seen, unit) for the unjudged units of one query's stage: the report's
    own list per K when the query has a positive judgment, else (no judgment to score by,
    whatever the zero-positive policy) every unit the stage returned, K None."""
    if stage.relevant > 0:
        for k, cut in stage.at.items():
            for unit in cut.unjudged_ids:
                yield int(k), unit
    elif returned:
        for unit in returned:
            yield None, unit


def _to_review(fact: FactResult, lower: float) -> bool:
    """Uncertain, or missing with at least `lower`% graded support (nearly stated)."""
    if fact.status == "uncertain":
        return True
    return fact.status == "missing" and fact.support is not None and 100 * fact.support >= lower


def _answer_line(
    query: Query,
    sub_question: str,
    system: str,
    fact: FactResult,
    wanted: AnswerFact,
    answer: str | None,
    segmenter: Segmenter,
) -> dict[str, Any] | None:
    """The `uncertain_answer` or `missing_answer` line of a fact; None when the nearest
    sentence holds a statement a reviewer already rejected for the fact."""
    nearest = nearest_sentence(answer, fact, wanted.text, segmenter) if answer else None
    if answer and _rejected_before(answer, wanted, nearest):
        return None
    statement = (nearest.text if nearest else None) or fact.text
    language = segmenter.language
    return {
        "type": f"{fact.status}_answer",
        "query_id": query.query_id,
        "query": query.text,
        "system": system,
        "sub_question": sub_question,
        "fact": fact.fact,
        "expected": wanted.text,
        "aliases": wanted.aliases,
        "status": fact.status,
        "reason": fact.reason,
        "score": fact.score,
        "support": fact.support,
        "critical": [
            {"token": token_in_words(c.token, wanted.text, language), "status": c.status, "stated": c.stated}
            for c in fact.critical
        ],
        "found": fact.text,
        "start": fact.start,
        "end": fact.end,
        "nearest": {"sentence": nearest.text, "start": nearest.start, "end": nearest.end}
        if nearest
        else None,
        "decision": {
            "type": "statement",
            "query_id": query.query_id,
            "sub_question": sub_question,
            "fact": fact.fact,
            "statement": statement,
            "accept": None,
        }
        if statement
        else None,
    }


def _where(sentence: Sentence | None) -> dict[str, Any] | None:
    if sentence is None:
        return None
    return {"sentence": sentence.text, "start": sentence.start, "end": sentence.end}


def nearest_sentence(answer: str, fact: FactResult, fact_text: str, segmenter: Segmenter) -> Sentence | None:
    """The answer's sentence the matcher matched or nearly matched (the one holding its
    offsets), else the one sharing most of the fact's words (None when none shares any)."""
    sentences = [_trimmed(s) for s in segmenter.sentences(answer)]
    if fact.start is not None:
        return next((s for s in sentences if s.start <= fact.start < s.end), None)
    words = _words(fact_text, segmenter.language)
    shared = [(len(words & _words(s.text, segmenter.language)), -i) for i, s in enumerate(sentences)]
    best = max(shared, default=(0, 0))
    return sentences[-best[1]] if best[0] else None


def _trimmed(sentence: Sentence) -> Sentence:
    text = sentence.text
    lead = len(text) - len(text.lstrip())
    kept = text.strip()
    return Sentence(sentence.start + lead, sentence.start + lead + len(kept), kept)


def _words(text: str, language: str) -> set[str]:
    return {t.key for t in tokenize(text, language) if any(c.isalnum() for c in t.key)}


def _rejected_before(answer: str, wanted: AnswerFact, nearest: Sentence | None) -> bool:
    """Whether a statement rejected for the fact stands in the sentence the line would show
    (anywhere in the answer when there is none)."""
    for rejected in wanted.rejected:
        found = find_statement(answer, rejected.text)
        if found is not None and (nearest is None or (found[0] < nearest.end and nearest.start < found[1])):
            return True
    return False


def _judgment_template(report: Report, query_id: str, unit: str) -> dict[str, Any]:
    if report.options.retrieval.unit == "chunk":
        return {"type": "chunk_judgment", "query_id": query_id, "chunk_id": unit, "grade": None}
    return {"type": "doc_judgment", "query_id": query_id, "doc_id": unit, "grade": None}


Decision = DocJudgment | ChunkJudgment | AliasDecision | StatementDecision


@dataclass
class DecisionsFile:
    """What a decisions file holds: the decisions to apply, and the lines left aside."""

    decisions: list[tuple[Location, Decision]] = field(default_factory=list)
    undecided: int = 0  # grade or accept still null
    rejected: int = 0  # aliases (left out) and statements (recorded as rejected) with accept false
    to_read: int = 0  # queue lines with nothing to decide


def read_decisions_file(path: str) -> DecisionsFile:
    """Bare decisions and review-queue lines alike; a bare judgment whose grade is null is an
    error (it says nothing), a queue line left undecided is counted and skipped. Two lines
    deciding one thing differently (two grades for a document, an alias accepted and
    rejected) are refused: which one holds is for the reviewer to say."""
    result = DecisionsFile()
    decided: dict[tuple[str, ...], tuple[Location, Decision]] = {}
    for line, record in iter_jsonl(path):
        where = Location(path, line)
        parsed = build(DecisionsLine, record, where).root
        from_queue = isinstance(parsed, QueueEntry)
        decision = parsed.decision if isinstance(parsed, QueueEntry) else parsed
        if decision is None:
            result.to_read += 1
        elif _undecided(decision):
            if not from_queue:
                raise InputError(
                    Location(path, line, "$.grade"),
                    "grade is still null: fill in a grade (0 = not relevant) or drop the line",
                )
            result.undecided += 1
        else:
            _refuse_conflict(decided, where, decision)
            if isinstance(decision, AliasDecision) and decision.accept is False:
                result.rejected += 1
            else:
                result.rejected += isinstance(decision, StatementDecision) and decision.accept is False
                result.decisions.append((where, decision))
    return result


def _refuse_conflict(
    decided: dict[tuple[str, ...], tuple[Location, Decision]], where: Location, decision: Decision
) -> None:
    """Records `decision`; refuses it when an earlier line decided the same thing otherwise."""
    key, value = _decided_thing(decision)
    earlier = decided.setdefault(key, (where, decision))
    if earlier[1] is decision:
        return
    before = _decided_thing(earlier[1])[1]
    if before != value:
        raise InputError(
            where,
            f"{decision.type} for query {decision.query_id!r}, {key[-1]!r}: {value} here, "
            f"{before} on line {earlier[0].line}",
            "keep one of the two decisions",
        )


def _decided_thing(decision: Decision) -> tuple[tuple[str, ...], str]:
    """What a decision is about, and what it says about it."""
    if isinstance(decision, (AliasDecision, StatementDecision)):
        words = decision.alias if isinstance(decision, AliasDecision) else decision.statement
        about = (decision.type, decision.query_id, decision.sub_question, decision.fact, words)
        return about, f"accept {str(decision.accept).lower()}"
    unit = decision.doc_id if isinstance(decision, DocJudgment) else decision.chunk_id
    return (decision.type, decision.query_id, unit), f"grade {decision.grade}"


def _undecided(decision: Decision) -> bool:
    if isinstance(decision, (AliasDecision, StatementDecision)):
        return decision.accept is None
    return decision.grade is None


def read_decisions(path: str) -> list[tuple[Location, Decision]]:
    """The decisions to apply; refuses a file with none (an untouched queue)."""
    found = read_decisions_file(path)
    if not found.decisions and not found.rejected:
        left = f" ({found.undecided} still undecided)" if found.undecided else ""
        raise InputError(
            Location(path),
            f"no decisions in the file{left}",
            "fill in `grade` or `accept` in the queue's decisions",
        )
    return found.decisions


def apply_decisions(
    annotations: AnnotationSet,
    decisions: list[tuple[Location, Decision]],
    *,
    version: str,
    snapshot: Snapshot | None = None,
    by: str = "reviewer",
    at: dt.date | None = None,
) -> AnnotationSet:
    """A new annotation set (new `version`); the given one is not changed. With the set's
    `snapshot`, a judgment for a document or chunk absent from it is refused. A statement
    decision is recorded on its fact as decided `by` someone `at` a date (today)."""
    if version == annotations.version:
        raise InputError(Location("--version"), f"the new version must differ from {version!r}")
    data = annotations.model_dump(mode="json", exclude_none=True)
    queries: dict[str, dict[str, Any]] = {q["query_id"]: q for q in data["queries"]}
    _refuse_opposite_statements(decisions)
    for where, decision in decisions:
        query = queries.get(decision.query_id)
        if query is None:
            raise InputError(where, f"query_id {decision.query_id!r} is not in the annotation set")
        if snapshot is not None:
            _refuse_unknown_unit(decision, snapshot, where)
        if isinstance(decision, DocJudgment):
            query.setdefault("doc_judgments", {})[decision.doc_id] = _grade(decision, where)
        elif isinstance(decision, ChunkJudgment):
            query.setdefault("chunk_judgments", {})[decision.chunk_id] = _grade(decision, where)
        elif isinstance(decision, StatementDecision):
            record = {"by": by, "at": (at or dt.date.today()).isoformat()}
            _record_statement(_fact_of(query, decision, where), decision, record, where)
        else:
            _add_alias(_fact_of(query, decision, where), decision)
    data["version"] = version
    return AnnotationSet.model_validate(data)


def _refuse_unknown_unit(decision: Decision, snapshot: Snapshot, where: Location) -> None:
    if isinstance(decision, DocJudgment) and snapshot.get(decision.doc_id) is None:
        raise InputError(
            Location(where.path, where.line, "$.doc_id"),
            f"doc_id {decision.doc_id!r} is not in the corpus snapshot",
            "judge a document of the snapshot the set names",
        )
    if isinstance(decision, ChunkJudgment) and decision.chunk_id not in snapshot.chunks:
        raise InputError(
            Location(where.path, where.line, "$.chunk_id"),
            f"chunk_id {decision.chunk_id!r} is not in the corpus snapshot",
            "judge a chunk of the snapshot the set names",
        )


def _grade(decision: DocJudgment | ChunkJudgment, where: Location) -> int:
    if decision.grade is None:
        raise InputError(Location(where.path, where.line, "$.grade"), "grade is null: not a decision")
    return decision.grade


def _refuse_opposite_statements(decisions: list[tuple[Location, Decision]]) -> None:
    """The same words of an answer both accepted and rejected for one fact: no decision."""
    seen: dict[tuple[str, str, str, str], tuple[Location, bool | None]] = {}
    for where, decision in decisions:
        if not isinstance(decision, StatementDecision):
            continue
        key = (decision.query_id, decision.sub_question, decision.fact, statement_core(decision.statement))
        earlier = seen.setdefault(key, (where, decision.accept))
        if earlier[1] != decision.accept:
            raise InputError(
                where,
                f"this statement is {'accepted' if decision.accept else 'rejected'} for fact "
                f"{decision.fact!r} and the other way on line {earlier[0].line}",
                "keep one of the two decisions",
            )


def _fact_of(
    query: dict[str, Any], decision: AliasDecision | StatementDecision, where: Location
) -> dict[str, Any]:
    for sub in query.get("sub_questions", []):
        if sub["id"] != decision.sub_question:
            continue
        for fact in sub.get("answer_facts", []):
            if fact["id"] == decision.fact:
                return fact  # type: ignore[no-any-return]
        raise InputError(where, f"no fact {decision.fact!r} in sub-question {decision.sub_question!r}")
    raise InputError(where, f"no sub-question {decision.sub_question!r} in query {decision.query_id!r}")


def _add_alias(fact: dict[str, Any], decision: AliasDecision) -> None:
    if decision.alias not in fact.setdefault("aliases", []):
        fact["aliases"].append(decision.alias)


def _record_statement(
    fact: dict[str, Any], decision: StatementDecision, record: dict[str, str], where: Location
) -> None:
    """Into the fact's `accepted` or `rejected` list (once per normalised text); a later
    decision on the same words replaces an earlier version's opposite one."""
    core = statement_core(decision.statement)
    if not core:
        raise InputError(
            Location(where.path, where.line, "$.decision.statement"),
            "the statement has no words",
            "give the answer's words that state the fact",
        )
    kept, other = ("accepted", "rejected") if decision.accept else ("rejected", "accepted")
    fact[other] = [s for s in fact.get(other, []) if statement_core(s["text"]) != core]
    if not any(statement_core(s["text"]) == core for s in fact.setdefault(kept, [])):
        fact[kept].append({"text": decision.statement, **record})
