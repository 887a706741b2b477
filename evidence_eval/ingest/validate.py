"""`validate`: every problem of an annotation set against its snapshot, all in one run."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from ..errors import InputError, Location, one_line, shown
from ..models import AnnotationSet, Query, Snapshot, Span
from ..text.language import cjk_share
from ..text.values import parse_value


@dataclass(frozen=True)
class Finding:
    json_path: str
    message: str
    query_id: str | None = None
    sub_question: str | None = None
    draft_may_score: bool = False  # a draft's sub-question still waiting for its evidence

    def describe(self, path: str) -> str:
        where = [f"{path}: {self.json_path}"]
        if self.query_id:
            where.append(f"query {self.query_id}")
        if self.sub_question:
            where.append(f"sub-question {self.sub_question}")
        return f"{', '.join(where)}: {self.message}"


NO_EVIDENCE = "no evidence: the sub-question can never be supported"


def validate(annotations: AnnotationSet, snapshot: Snapshot | None) -> list[Finding]:
    findings: list[Finding] = []
    unchecked = _unchecked_spans(annotations) if snapshot is None else None
    if unchecked:
        findings.append(unchecked)
    findings.extend(_languages_unlike_texts(annotations))
    if (
        snapshot
        and annotations.corpus
        and annotations.corpus.sha256
        and (annotations.corpus.sha256 != snapshot.sha256)
    ):
        findings.append(
            Finding(
                "$.corpus.sha256",
                f"the annotation set was made on snapshot {annotations.corpus.sha256[:12]}, this "
                f"corpus is {snapshot.sha256[:12]} (run `evidence-eval migrate`, or give the right corpus)",
            )
        )
    seen_queries: set[str] = set()
    for qi, query in enumerate(annotations.queries):
        qpath = f"$.queries[{qi}]"
        if query.query_id in seen_queries:
            findings.append(Finding(f"{qpath}.query_id", "duplicate query_id", query.query_id))
        seen_queries.add(query.query_id)
        if snapshot:
            for doc_id in query.doc_judgments:
                if snapshot.get(doc_id) is None:
                    findings.append(
                        Finding(
                            f"{qpath}.doc_judgments.{doc_id}",
                            f"doc_id {shown(doc_id)} is not in the snapshot",
                            query.query_id,
                        )
                    )
            for chunk_id in query.chunk_judgments:
                if chunk_id not in snapshot.chunks:
                    findings.append(
                        Finding(
                            f"{qpath}.chunk_judgments.{chunk_id}",
                            f"chunk_id {shown(chunk_id)} is not in the snapshot",
                            query.query_id,
                        )
                    )
        seen_subs: set[str] = set()
        for si, sub in enumerate(query.sub_questions):
            spath = f"{qpath}.sub_questions[{si}]"

            def add(path: str, message: str, _sub: str = sub.id, _q: str = query.query_id) -> None:
                findings.append(Finding(path, message, _q, _sub))

            if sub.id in seen_subs:
                add(f"{spath}.id", "duplicate sub-question id in this query")
            seen_subs.add(sub.id)
            if not sub.evidence:
                findings.append(
                    Finding(f"{spath}.evidence", NO_EVIDENCE, query.query_id, sub.id, draft_may_score=True)
                )
            elif not any(sub.evidence):
                add(f"{spath}.evidence", NO_EVIDENCE)
            for ai, alternative in enumerate(sub.evidence):
                if not alternative:
                    add(f"{spath}.evidence[{ai}]", "empty alternative (give at least one span)")
                for pi, span in enumerate(alternative):
                    _check_span(span, f"{spath}.evidence[{ai}][{pi}]", snapshot, add)
            fact_ids = [fact.id for fact in sub.answer_facts]
            for fi, fact in enumerate(sub.answer_facts):
                fpath = f"{spath}.answer_facts[{fi}]"
                if fact_ids.count(fact.id) > 1 and fact_ids.index(fact.id) != fi:
                    add(f"{fpath}.id", f"duplicate fact id {shown(fact.id)}")
                if isinstance(fact.value, str) and parse_value(fact.value) is None:
                    add(
                        f"{fpath}.value",
                        f"cannot parse value {shown(fact.value)} (write it typed, e.g. "
                        '{"type": "duration", "amount": 15, "unit": "workday"})',
                    )
            needed = sub.required_facts()
            if needed > len(sub.answer_facts):
                add(
                    f"{spath}.answer_mode",
                    f"needs {needed} facts but only {len(sub.answer_facts)} are listed",
                )
    return findings


MIN_LETTERS = 20  # fewer letters than this in one language's texts: their script is not told
CHINESE_AT_LEAST = 0.5  # a set marked English whose letters are half Han characters is Chinese
CHINESE_BELOW = 0.05  # a set marked Chinese with almost no Han letter is not


def _languages_unlike_texts(annotations: AnnotationSet) -> list[Finding]:
    """A language code its texts (queries, sub-questions, quotes, facts) plainly contradict:
    Chinese marked `en` or the reverse is segmented and matched by the other language's rules."""
    texts: dict[tuple[str, int | None], list[str]] = {}  # (language, index of the query naming it)
    for index, query in enumerate(annotations.queries):
        key: tuple[str, int | None] = (
            (query.language, index) if query.language else (annotations.language, None)
        )
        texts.setdefault(key, []).extend(_texts_of(query))
    findings = []
    for (language, owner), written in texts.items():
        if sum(char.isalpha() for text in written for char in text) < MIN_LETTERS:
            continue
        share = cjk_share(written) or 0.0
        chinese = language.startswith("zh")
        if (share < CHINESE_BELOW) if chinese else (share >= CHINESE_AT_LEAST):
            path = "$.language" if owner is None else f"$.queries[{owner}].language"
            findings.append(
                Finding(
                    path,
                    f"language {shown(language)}, but {'only ' if chinese else ''}{share:.0%} of the "
                    "letters of its texts are Han characters: "
                    + ("set en if they are English" if chinese else "set zh if they are Chinese"),
                    None if owner is None else annotations.queries[owner].query_id,
                )
            )
    return findings


def _texts_of(query: Query) -> list[str]:
    found = [query.text]
    for sub in query.sub_questions:
        found.append(sub.text)
        found.extend(span.quote for alternative in sub.evidence for span in alternative)
        found.extend(fact.text for fact in sub.answer_facts)
    return found


def _span_count(annotations: AnnotationSet) -> int:
    return sum(len(alt) for q in annotations.queries for sq in q.sub_questions for alt in sq.evidence)


def _judgment_count(annotations: AnnotationSet) -> int:
    return sum(len(q.doc_judgments) + len(q.chunk_judgments) for q in annotations.queries)


def _unchecked_spans(annotations: AnnotationSet) -> Finding | None:
    """With no snapshot, a span's quote cannot be checked: a made-up quote, or a judgment for
    a document no corpus holds (which lowers recall), would be scored as written. A set with
    no span (judgments only, as from qrels) has nothing only a snapshot could check."""
    spans = _span_count(annotations)
    if not spans:
        return None
    return Finding(
        "$.corpus",
        f"schema only: no corpus snapshot, so none of its {spans} spans was checked, nor its "
        f"{_judgment_count(annotations)} judgments (give --corpus C, or name the snapshot at corpus.path)",
    )


def judgments_as_written(annotations: AnnotationSet, snapshot: Snapshot | None) -> str | None:
    """What `validate` says of a set with no span and no snapshot: its judgments, unchecked."""
    if snapshot is not None or _span_count(annotations):
        return None
    return (
        f"no corpus snapshot: its {_judgment_count(annotations)} judgments are taken as written "
        "(no span to check; give --corpus C to check the documents they name)"
    )


SHOWN_PROBLEMS = 3  # how many span problems a refusal to score lists


def refuse_invalid(annotations: AnnotationSet, snapshot: Snapshot | None, where: str) -> None:
    """Before scoring: `score` never scores a set `validate` rejects (an empty alternative would
    be supported everywhere, a duplicated sub-question counted twice). A draft's sub-question
    with no evidence yet is the one exception: it scores `missing`, under a `+draft` signature."""
    problems = [
        finding
        for finding in validate(annotations, snapshot)
        if not (annotations.draft and finding.draft_may_score)
    ]
    if problems:
        listed = "; ".join(one_line(f"{p.json_path}: {p.message}") for p in problems[:SHOWN_PROBLEMS])
        more = f" and {len(problems) - SHOWN_PROBLEMS} more" if len(problems) > SHOWN_PROBLEMS else ""
        raise InputError(
            Location(where),
            f"{len(problems)} problem(s) that `validate` rejects, not scored: {listed}{more}",
            "list them all with `evidence-eval validate ANNOTATIONS --corpus CORPUS` and fix them",
        )


def refuse_wrong_snapshot(
    annotations: AnnotationSet, snapshot: Snapshot, where: str, corpus: str = "the corpus given"
) -> None:
    """Before scoring: the snapshot must be the one the annotation set was made on. A set that
    names its snapshot's SHA-256 must match it; one that names none has every span's quote
    checked against the snapshot (the span checks of `validate`, without the rest)."""
    named = annotations.corpus.sha256 if annotations.corpus else None
    if named:
        if named != snapshot.sha256:
            raise InputError(
                Location(where, json_path="$.corpus.sha256"),
                f"the annotation set was made on snapshot sha256:{named}, {corpus} is "
                f"sha256:{snapshot.sha256}",
                "give the corpus it was made on, or re-anchor it with `evidence-eval migrate`",
            )
        return
    problems: list[Finding] = []

    def add(path: str, message: str) -> None:
        problems.append(Finding(path, message))

    for qi, query in enumerate(annotations.queries):
        for si, sub in enumerate(query.sub_questions):
            for ai, alternative in enumerate(sub.evidence):
                for pi, span in enumerate(alternative):
                    path = f"$.queries[{qi}].sub_questions[{si}].evidence[{ai}][{pi}]"
                    _check_span(span, path, snapshot, add, versions=False)
    if problems:
        listed = "; ".join(f"{p.json_path}: {p.message}" for p in problems[:SHOWN_PROBLEMS])
        more = ", ..." if len(problems) > SHOWN_PROBLEMS else ""
        raise InputError(
            Location(where),
            f"{len(problems)} span(s) do not match {corpus} (sha256:{snapshot.sha256[:12]}): {listed}{more}",
            "list them all with `evidence-eval validate ANNOTATIONS --corpus CORPUS`, or give the "
            "corpus the set was made on",
        )


def _check_span(
    span: Span,
    path: str,
    snapshot: Snapshot | None,
    add: Callable[[str, str], None],
    versions: bool = True,
) -> None:
    if snapshot is None:
        return
    doc = snapshot.get(span.doc_id)
    if doc is None:
        add(f"{path}.doc_id", f"doc_id {shown(span.doc_id)} is not in the snapshot")
        return
    if versions and span.version is not None and span.version != doc.version:
        add(
            f"{path}.version",
            f"anchored in version {shown(span.version)}, the snapshot has {shown(doc.version)}",
        )
    if span.end > len(doc.text):
        add(
            f"{path}.end",
            f"offset {span.end} is past the end of {shown(span.doc_id)} ({len(doc.text)} characters)",
        )
        return
    found = doc.text[span.start : span.end]
    if found != span.quote:
        hint = ""
        position = doc.text.find(span.quote)
        if position >= 0:
            hint = f"; the quote is at {position}-{position + len(span.quote)}"
        add(f"{path}.quote", f"quote does not equal text[{span.start}:{span.end}] = {shown(found)}{hint}")
