"""Runs the adversarial cases of this folder through the matchers (shared by the tests and
by `bench/adversarial.py`, which prints agreement per family)."""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Iterable

from evidence_eval.match.facts import FactMatch, analyze_answer, match_fact
from evidence_eval.models import AnswerFact
from evidence_eval.text.segment import segmenter_for

NOT_FOUND = {"contradicted", "missing", "uncertain"}


def judge_fact(case: dict) -> FactMatch:
    segmenter = segmenter_for(case["lang"])
    fact = AnswerFact(id="fact", **case["fact"])
    return match_fact(fact, analyze_answer(case["answer"], segmenter), segmenter, lower=70, upper=90)


def fact_agrees(case: dict, result: FactMatch) -> bool:
    expect = case["expect"]
    status_ok = result.status in NOT_FOUND if expect == "not_found" else result.status == expect
    low, high = case.get("support_at_least", 0.0), case.get("support_at_most", 1.0)
    return status_ok and low <= result.support <= high


def false_support(case: dict, result: FactMatch) -> bool:
    """The worst disagreement: `found` where the case says it must not be."""
    return result.status == "found" and case["expect"] != "found"


def agreement(cases: Iterable[dict], agrees) -> dict[str, tuple[int, int]]:  # type: ignore[no-untyped-def]
    totals: Counter[str] = Counter()
    good: defaultdict[str, int] = defaultdict(int)
    for case in cases:
        totals[case["family"]] += 1
        good[case["family"]] += bool(agrees(case))
    return {family: (good[family], total) for family, total in sorted(totals.items())}


def judge_span(case: dict):  # type: ignore[no-untyped-def]
    """(supported, match or None, rejections) of a span case in one stage."""
    from evidence_eval.match.spans import find_spans, prepare_items
    from evidence_eval.models import Document, Item, Snapshot, Span

    documents = {"d1": case["doc"], **case.get("other_docs", {})}
    snapshot = Snapshot([Document(doc_id=k, version="1", text=v) for k, v in documents.items()])
    start = case["doc"].index(case["quote"])
    span = Span(doc_id="d1", start=start, end=start + len(case["quote"]), quote=case["quote"])
    stage = prepare_items(
        [Item(**item) for item in case["items"]], snapshot, as_of=None, scope={}, language=case["lang"]
    )
    search = find_spans([span], stage, fuzzy_threshold=90, evidence_from=case.get("evidence_from", "any"))
    match = search.matches.get(0)
    return match, [*search.rejected, *search.offset_conflicts]


def span_agrees(case: dict, match, rejections) -> bool:  # type: ignore[no-untyped-def]
    if case["expect"] == "supported":
        return match is not None and case.get("route", match.route) == match.route
    if match is not None:
        return False
    return "reason" not in case or any(r.reason == case["reason"] for r in rejections)
