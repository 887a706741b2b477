"""`audit`: a release gate. Every rule of a policy, checked on every system it names."""

from __future__ import annotations

import operator
import xml.etree.ElementTree as ET
from collections.abc import Callable
from dataclasses import dataclass, field

from ..errors import UsageError
from ..metrics.measures import Queries, parse_measure
from ..models.policy import Policy, Rule
from ..models.report import Report, SystemReport

_OPERATORS: dict[str, Callable[[float, float], bool]] = {
    ">=": operator.ge,
    ">": operator.gt,
    "<=": operator.le,
    "<": operator.lt,
    "==": operator.eq,
}
WORST_SHOWN = 10
# Worst first: a wrong answer before an absent one, an absent one before a hedged or partial
# one; evidence lost entirely before evidence partly there.
_SEVERITY = ("contradicted", "missing", "unsupported", "uncertain", "partial")


@dataclass(frozen=True)
class Offender:
    query_id: str
    sub_question: str | None
    status: str
    lost_at: str | None

    def line(self) -> str:
        """`q / sq: status (lost at stage)`; a query alone (a missing trace) names no more."""
        where = self.query_id if self.sub_question is None else f"{self.query_id} / {self.sub_question}"
        return f"{where}: {self.status}" + (f" (lost at {self.lost_at})" if self.lost_at else "")


@dataclass
class RuleOutcome:
    rule: Rule
    system: str
    measured: float | None
    passed: bool
    worst: list[Offender] = field(default_factory=list)
    offender_count: int = 0
    not_applicable: str | None = None  # why the figure has no value: the rule then fails

    def line(self) -> str:
        verdict = "PASS" if self.passed else "FAIL"
        if self.measured is None:
            measured = f"n/a: {self.not_applicable}" if self.not_applicable else "n/a"
        else:
            measured = f"{self.measured:.4g}"
        return f"{verdict}  [{self.system}] {self.rule.label()}: measured {measured}"

    def offender_lines(self) -> list[str]:
        """The worst offenders, one line each, and how many more were not shown."""
        lines = [offender.line() for offender in self.worst]
        if self.offender_count > len(self.worst):
            lines.append(f"… and {self.offender_count - len(self.worst)} more")
        return lines


def audit(report: Report, policy: Policy) -> list[RuleOutcome]:
    outcomes = []
    for rule in policy.rules:
        systems = [s for s in report.systems if rule.systems is None or s.system in rule.systems]
        if rule.systems:
            unknown = sorted(set(rule.systems) - {s.system for s in report.systems})
            if unknown:
                raise UsageError(f"rule {rule.label()!r} names systems not in the traces: {unknown}")
        for system in systems:
            measured, reason = figure_value(system, rule.figure)
            passed = measured is not None and _OPERATORS[rule.op](measured, rule.value)
            found = [] if passed else offenders(system, rule.figure)
            outcomes.append(
                RuleOutcome(rule, system.system, measured, passed, found[:WORST_SHOWN], len(found), reason)
            )
    return outcomes


def figure_value(system: SystemReport, figure: str) -> tuple[float | None, str | None]:
    """The value of the measure `figure` names (see `metrics.measures`), or None and why it is
    not applicable: a figure over nothing (no sub-question, no answer, no query in the mean)
    fails a rule, since a count of 0 contradicted among no answers is no pass."""
    measure = parse_measure(figure, system.summary, system.system)
    reason = measure.not_applicable(system.summary)
    return (None, reason) if reason else (measure.value(system.summary), None)


def offenders(system: SystemReport, figure: str) -> list[Offender]:
    """Every sub-question (or query) behind a failed figure, worst first: by the severity of
    its status, vital before okay, then in the report's order."""
    measure = parse_measure(figure, system.summary, system.system)
    if isinstance(measure, Queries):
        if measure.what != "missing_traces":
            return []
        return [Offender(q, None, "missing trace", None) for q in system.summary.missing_traces]
    found = [
        (_severity(status), sq.importance != "vital", Offender(query.query_id, sq.id, status, sq.lost_at))
        for query in system.queries
        for sq in query.sub_questions
        if (status := measure.failing(sq))
    ]
    found.sort(key=lambda entry: entry[:2])  # stable: ties keep the report's order
    return [offender for _, _, offender in found]


def _severity(status: str) -> int:
    last_word = status.rsplit(" ", 1)[-1]
    return _SEVERITY.index(last_word) if last_word in _SEVERITY else len(_SEVERITY)


def junit_xml(outcomes: list[RuleOutcome], policy: Policy) -> str:
    """JUnit XML of the outcomes; characters XML 1.0 forbids (control characters, lone
    surrogates) are removed from every name and message, so the file is always well-formed."""
    from .inert import xml_text

    suite = ET.Element(
        "testsuite",
        name=xml_text(f"evidence-eval audit: {policy.name}"),
        tests=str(len(outcomes)),
        failures=str(sum(not o.passed for o in outcomes)),
    )
    for outcome in outcomes:
        case = ET.SubElement(
            suite, "testcase", classname=xml_text(outcome.system), name=xml_text(outcome.rule.label())
        )
        if not outcome.passed:
            failure = ET.SubElement(case, "failure", message=xml_text(outcome.line()))
            failure.text = xml_text("\n".join(outcome.offender_lines()))
    return ET.tostring(suite, encoding="unicode", xml_declaration=True) + "\n"
