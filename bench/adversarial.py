"""How the matchers agree with the adversarial suites of tests/adversarial/, per family.

    python bench/adversarial.py [--suite NAME ...] [--wrong]

For each suite: per family, the cases the matcher agrees with and the false supports (a
`found`/`supported` verdict where the case says it must not be: the worst disagreement).
`--wrong` lists every disagreeing case with the matcher's reason.
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.adversarial import (  # noqa: E402
    fact_cases_en,
    fact_cases_zh,
    probe_facts,
    probe_facts_en2,
    probe_facts_zh2,
    probe_rag_answers,
    probe_spans,
    probe_spans2,
    span_cases,
)
from tests.adversarial.judge import fact_agrees, false_support, judge_fact, judge_span, span_agrees  # noqa: E402

FACT_SUITES = {
    "fact_cases_en": fact_cases_en,
    "fact_cases_zh": fact_cases_zh,
    "probe_facts": probe_facts,
    "probe_facts_en2": probe_facts_en2,
    "probe_facts_zh2": probe_facts_zh2,
    "probe_rag_answers": probe_rag_answers,
}
SPAN_SUITES = {"span_cases": span_cases, "probe_spans": probe_spans, "probe_spans2": probe_spans2}


def _fact_outcome(case: dict) -> tuple[bool, bool, str]:
    result = judge_fact(case)
    return fact_agrees(case, result), false_support(case, result), f"{result.status}: {result.reason}"


def _span_outcome(case: dict) -> tuple[bool, bool, str]:
    match, rejections = judge_span(case)
    wrongly = match is not None and case["expect"] != "supported"
    said = f"{match.route} {match.score}" if match else "; ".join(r.reason for r in rejections) or "nothing"
    return span_agrees(case, match, rejections), wrongly, said


def report(
    name: str, cases: list[dict], outcome: Callable[[dict], tuple[bool, bool, str]], wrong: bool
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
            print(f"  {'FALSE SUPPORT ' if falsely else ''}{family}: {case['note']} -> {said}")
    print(f"{name}: {sum(agreed.values())}/{len(cases)} agree, {sum(false.values())} false supports")
    for family in sorted(totals):
        print(f"  {family:32} {agreed[family]:3}/{totals[family]:<3} false supports {false[family]}")
    return sum(false.values())


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--suite", action="append", choices=[*FACT_SUITES, *SPAN_SUITES])
    parser.add_argument("--wrong", action="store_true", help="list every disagreeing case")
    args = parser.parse_args()
    chosen = args.suite or [*FACT_SUITES, *SPAN_SUITES]
    for name in chosen:
        if name in FACT_SUITES:
            report(name, FACT_SUITES[name].CASES, _fact_outcome, args.wrong)
        else:
            report(name, SPAN_SUITES[name].CASES, _span_outcome, args.wrong)


if __name__ == "__main__":
    main()
