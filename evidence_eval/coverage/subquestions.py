"""Per sub-question: evidence status in each stage, answer status, where it was lost.

stage status  = supported (all spans of some alternative found) | partial (some spans of
                the best alternative) | missing
answer status = contradicted (a fact stated with a conflicting value or polarity)
                | supported (answer_mode met) | uncertain (met only with uncertain facts)
                | partial (some facts) | missing | not_applicable (no answer facts)
lost_at       = the first stage, in trace order, then `answer`, where it is not supported
answer_without_evidence = the answer states it (supported/partial) but the context
                stage does not support it
"""

from __future__ import annotations

from collections.abc import Sequence

from ..match.facts import AnalyzedSentence, FactMatch, analyze_answer, match_fact
from ..match.spans import (
    ExactReadings,
    PreparedStage,
    Rejection,
    SpanMatch,
    SpanSearch,
    find_spans,
    prepare_items,
)
from ..match.verdicts import CONTRADICTED, FOUND, CriticalNote
from ..models import AnswerFact, Query, Snapshot, Span, SubQuestion, Trace
from ..models.options import MatchOptions
from ..models.report import (
    AnswerResult,
    CriticalToken,
    EvidenceMatch,
    EvidenceProblem,
    FactResult,
    StageEvidence,
    SubQuestionResult,
    assembled,
)
from ..models.statuses import AnswerStatus, StageStatus
from ..text.segment import Segmenter
from .statements import first_found

ANSWER = "answer"
NO_TRACE = "no_trace"
REVIEWED = "reviewed"  # the route of a fact an accepted statement of the answer supports


def evaluate_query(
    query: Query,
    trace: Trace,
    snapshot: Snapshot | None,
    segmenter: Segmenter,
    options: MatchOptions,
) -> list[SubQuestionResult]:
    exact_readings: ExactReadings = {}  # the exact route's readings, shared by the query's stages
    stages = [
        (
            stage.name,
            prepare_items(
                stage.items,
                snapshot,
                as_of=query.as_of,
                scope=query.scope,
                language=segmenter.language,
                exact_readings=exact_readings,
            ),
        )
        for stage in trace.stages
    ]
    context = trace.context_stage()
    context_name = context.name if context else None
    sentences = analyze_answer(trace.answer, segmenter) if trace.answer else []
    results = []
    for sub_question in query.sub_questions:
        evidence = {name: stage_evidence(sub_question, stage, options) for name, stage in stages}
        answer = answer_result(sub_question, sentences, trace.answer, segmenter, options)
        results.append(_result(sub_question, evidence, answer, context_name))
    return results


def missing_trace_results(query: Query) -> list[SubQuestionResult]:
    """A query with no trace line: nothing reached any stage or the answer (its graded
    answer score is 0, as each stage's share of spans found is)."""
    return [
        SubQuestionResult(
            id=sq.id,
            kind=sq.kind,
            importance=sq.importance,
            stages={},
            answer=(
                AnswerResult(status="missing", needed=sq.required_facts(), graded=0.0)
                if sq.answer_facts
                else AnswerResult(status="not_applicable")
            ),
            lost_at=NO_TRACE,
            answer_without_evidence=False,
        )
        for sq in query.sub_questions
    ]


NO_ANSWER_REASON = (
    "the trace has no answer (`answer` absent or null) while other traces of its system have one: "
    "a run that failed to answer, scored as an empty answer"
)


def failed_to_answer(sub_question: SubQuestion, result: SubQuestionResult) -> SubQuestionResult:
    """`result`, scored on a trace without an answer (answer facts not applicable), as an
    empty answer scores it: every fact missing, graded 0. For a trace of a system that
    answers on other lines; a system with no answer on any line (a TREC run) keeps its
    answer facts not applicable. `scoring.engine` decides which, once per system."""
    if not sub_question.answer_facts:
        return result
    facts = [
        FactResult(fact=fact.id, status="missing", score=0.0, support=0.0, reason=NO_ANSWER_REASON)
        for fact in sub_question.answer_facts
    ]
    answer = AnswerResult(status="missing", needed=sub_question.required_facts(), graded=0.0, matches=facts)
    return result.model_copy(
        update={"answer": answer, "lost_at": lost_at(result.stages, answer), "answer_without_evidence": False}
    )


def stage_evidence(sub_question: SubQuestion, stage: PreparedStage, options: MatchOptions) -> StageEvidence:
    best: tuple[int, int, SpanSearch] | None = None
    problems: list[EvidenceProblem] = []
    for alternative, spans in enumerate(sub_question.evidence):
        search = find_spans(spans, stage, evidence_from=options.evidence_from)
        problems.extend(
            _evidence_problem(alternative, rejection)
            for rejection in (*search.rejected, *search.offset_conflicts)
        )
        found = len(search.matches)
        if best is None or found > best[1]:
            best = (alternative, found, search)
        if found == len(spans):
            break
    if best is None:
        return StageEvidence(status="missing", problems=problems)
    alternative, found, search = best
    needed = len(sub_question.evidence[alternative])
    status: StageStatus = "supported" if found == needed else "partial" if found else "missing"
    spans = sub_question.evidence[alternative]
    matches = [_evidence_match(alternative, m, spans[m.span]) for _, m in sorted(search.matches.items())]
    return assembled(
        StageEvidence,
        {
            "status": status,
            "alternative": alternative if found else None,
            "spans_found": found,
            "spans_needed": needed,
            "matches": matches,
            "problems": problems,
        },
    )


def _evidence_problem(alternative: int, rejection: Rejection) -> EvidenceProblem:
    return assembled(
        EvidenceProblem,
        {
            "alternative": alternative,
            "span": rejection.span,
            "item": rejection.item,
            "reason": rejection.reason,
            "detail": rejection.detail,
        },
    )


def _evidence_match(alternative: int, match: SpanMatch, span: Span) -> EvidenceMatch:
    first = match.pieces[0]
    split = match.route.startswith("split")
    return assembled(
        EvidenceMatch,
        {
            "alternative": alternative,
            "span": match.span,
            "doc_id": span.doc_id,
            "route": match.route,
            "score": float(match.score),
            "item": first.item,
            "start": first.start,
            "end": first.end,
            "text_source": match.text_source,
            "pieces": [(p.item, p.start, p.end) for p in match.pieces] if split else None,
            "other_document": match.other_document,
        },
    )


def answer_result(
    sub_question: SubQuestion,
    sentences: Sequence[AnalyzedSentence],
    answer: str | None,
    segmenter: Segmenter,
    options: MatchOptions,
) -> AnswerResult:
    """`answer` None: the trace has no answer (a run without answers), not an empty one."""
    needed = sub_question.required_facts()
    if not sub_question.answer_facts or answer is None:
        return AnswerResult(status="not_applicable")
    facts = [
        reviewed_or_matched(fact, sentences, answer, segmenter, options) for fact in sub_question.answer_facts
    ]
    found = sum(fact.status == "found" for fact in facts)
    uncertain = sum(fact.status == "uncertain" for fact in facts)
    status: AnswerStatus
    if any(fact.status == "contradicted" for fact in facts):
        status = "contradicted"
    elif found >= needed:
        status = "supported"
    elif found + uncertain >= needed:
        status = "uncertain"
    elif found:
        status = "partial"
    else:
        status = "uncertain" if uncertain else "missing"
    return assembled(
        AnswerResult,
        {
            "status": status,
            "needed": needed,
            "found": found,
            "graded": graded_answer([fact.support for fact in facts], needed),
            "matches": [_fact_result(fact, answer) for fact in facts],
        },
    )


def reviewed_or_matched(
    fact: AnswerFact,
    sentences: Sequence[AnalyzedSentence],
    answer: str,
    segmenter: Segmenter,
    options: MatchOptions,
) -> FactMatch:
    """The matcher's verdict, or `found` by review when the answer holds one of the fact's
    accepted statements whole. A contradiction the matcher finds outside that statement
    still wins: a reviewer's yes covers the words they read, not the rest of the answer."""
    matched = match_fact(fact, sentences, segmenter, lower=options.answer_lower, upper=options.answer_upper)
    found = first_found(answer, fact.accepted) if fact.accepted else None
    if found is None:
        return matched
    statement, start, end = found
    if matched.status == CONTRADICTED and not _inside(matched, start, end):
        return matched
    index = next((i for i, s in enumerate(sentences) if s.start <= start < s.end), None)
    reason = f"accepted on review by {statement.by} on {statement.at.isoformat()}"
    return FactMatch(
        fact.id, FOUND, 100.0, REVIEWED, index, start, end, statement.text, reason, 1.0, rule=REVIEWED
    )


def _inside(matched: FactMatch, start: int, end: int) -> bool:
    if matched.start is None or matched.end is None:
        return False
    return start <= matched.start <= matched.end <= end


def graded_answer(supports: Sequence[float], needed: int) -> float:
    """The mean support of the `needed` best-supported facts (all of them for mode `all`,
    the best one for `any`), in [0, 1]."""
    if not supports or needed <= 0:
        return 0.0
    best = sorted(supports, reverse=True)[:needed]
    return round(sum(best) / needed, 6)


def _fact_result(fact: FactMatch, answer: str) -> FactResult:
    text = answer[fact.start : fact.end] if fact.start is not None and fact.end is not None else None
    return assembled(
        FactResult,
        {
            "fact": fact.fact,
            "status": fact.status,
            "score": float(fact.score),
            "support": float(fact.support),
            "critical": [_critical_token(note) for note in fact.critical],
            "route": fact.route,
            "rule": fact.rule,
            "sentence": fact.sentence,
            "start": fact.start,
            "end": fact.end,
            "text": text,
            "reason": fact.reason,
        },
    )


def _critical_token(note: CriticalNote) -> CriticalToken:
    return assembled(
        CriticalToken,
        {
            "token": note.token,
            "status": note.status,
            "stated": note.stated,
            "start": note.start,
            "end": note.end,
        },
    )


def _result(
    sub_question: SubQuestion,
    evidence: dict[str, StageEvidence],
    answer: AnswerResult,
    context_name: str | None,
) -> SubQuestionResult:
    return assembled(
        SubQuestionResult,
        {
            "id": sub_question.id,
            "kind": sub_question.kind,
            "importance": sub_question.importance,
            "stages": evidence,
            "answer": answer,
            "lost_at": lost_at(evidence, answer),
            "answer_without_evidence": (
                answer.status in ("supported", "partial")
                and (context_name is None or evidence[context_name].status != "supported")
            ),
        },
    )


def lost_at(evidence: dict[str, StageEvidence], answer: AnswerResult) -> str | None:
    for name, stage in evidence.items():
        if stage.status != "supported":
            return name
    if answer.status not in ("supported", "not_applicable"):
        return ANSWER
    return None
