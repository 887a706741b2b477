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
