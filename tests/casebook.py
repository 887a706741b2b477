"""The adversarial cases of `tests/cases/` loaded once per process, and the matcher's result
on each unchanged case computed once (the per-case tests, the agreement and recall tests, the
property tests' material and the golden verdicts all read the same results)."""

from __future__ import annotations

from functools import cache
from pathlib import Path

from evidence_eval.match.facts import FactMatch
from evidence_eval.match.probe import (
    Case,
    Verdict,
    fact_verdict,
    is_fact_case,
    judge_fact,
    judge_span,
    load_cases,
    span_verdict,
)
from evidence_eval.match.spans import Rejection, SpanMatch

CASES_DIR = Path(__file__).resolve().parent / "cases"
GOLDEN = CASES_DIR / "golden.json"
GOLDEN_COMMAND = "python bench/golden.py"
CASES = load_cases(CASES_DIR)
BY_ID = {case["id"]: case for case in CASES}
FACT_CASES = [case for case in CASES if is_fact_case(case)]
SPAN_CASES = [case for case in CASES if not is_fact_case(case)]


def facts_from(*sources: str) -> list[Case]:
    return [case for case in FACT_CASES if case["source"] in sources]


def spans_from(*sources: str) -> list[Case]:
    return [case for case in SPAN_CASES if case["source"] in sources]


@cache
def fact_result(case_id: str) -> FactMatch:
    return judge_fact(BY_ID[case_id])


@cache
def span_result(case_id: str) -> tuple[SpanMatch | None, list[Rejection]]:
    return judge_span(BY_ID[case_id])


def verdict_of(case: Case) -> Verdict:
    if is_fact_case(case):
        return fact_verdict(fact_result(case["id"]))
    return span_verdict(*span_result(case["id"]))
