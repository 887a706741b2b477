"""How the matchers agree with the adversarial cases of tests/cases/, per family.

    python bench/adversarial.py [--source NAME ...] [--wrong]

For each source (the round that wrote the cases: issue-14, issue-15, probe-1, probe-2,
probe-3, probe-rag), fact cases then span cases: per family, the cases the matcher agrees
with and the false supports (a `found`/`supported` verdict where the case says it must not
be: the worst disagreement). `--wrong` lists every disagreeing case with its id and the
matcher's reason.
"""

from __future__ import annotations

import argparse
from collections import Counter
from collections.abc import Callable
from pathlib import Path

from evidence_eval.match.probe import (
    Case,
    fact_agrees,
    false_support,
    is_fact_case,
    judge_fact,
    judge_span,
    load_cases,
    span_agrees,
)

CASES = Path(__file__).resolve().parent.parent / "tests" / "cases"


def _fact_outcome(case: Case) -> tuple[bool, bool, str]:
    result = judge_fact(case)
    return fact_agrees(case, result), false_support(case, result), f"{result.status}: {result.reason}"


def _span_outcome(case: Case) -> tuple[bool, bool, str]:
    match, rejections = judge_span(case)
    wrongly = match is not None and case["expect"] != "supported"
    said = f"{match.route} {match.score}" if match else "; ".join(r.reason for r in rejections) or "nothing"
    return span_agrees(case, match, rejections), wrongly, said


def report(
    name: str, cases: list[Case], outcome: Callable[[Case], tuple[bool, bool, str]], wrong: bool
) -> int:
    totals: Counter[str] = Counter()
    agreed: Counter[str] = Counter()
    false: Counter[str] = Counter()
    for case in cases:
        agrees, falsely, said = outcome(case)
        family = f"{case['lang']} {case['family']}"
        totals[family] += 1
        agreed[family] += agrees
        false[family] += falsely
        if wrong and not agrees:
            print(f"  {'FALSE SUPPORT ' if falsely else ''}{case['id']}: {case['note']} -> {said}")
    print(f"{name}: {sum(agreed.values())}/{len(cases)} agree, {sum(false.values())} false supports")
    for family in sorted(totals):
        print(f"  {family:32} {agreed[family]:3}/{totals[family]:<3} false supports {false[family]}")
    return sum(false.values())


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    cases = load_cases(CASES)
    sources = sorted({case["source"] for case in cases})
    parser.add_argument("--source", action="append", choices=sources, help="only the cases of this round")
    parser.add_argument("--wrong", action="store_true", help="list every disagreeing case")
    args = parser.parse_args()
    for source in args.source or sources:
        chosen = [case for case in cases if case["source"] == source]
        facts = [case for case in chosen if is_fact_case(case)]
        spans = [case for case in chosen if not is_fact_case(case)]
        if facts:
            report(f"{source} facts", facts, _fact_outcome, args.wrong)
        if spans:
            report(f"{source} spans", spans, _span_outcome, args.wrong)


if __name__ == "__main__":
    main()
