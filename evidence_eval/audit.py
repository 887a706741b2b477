"""`audit`: a release gate. Every rule of a policy, checked on every system it names."""

from __future__ import annotations

import operator
import xml.etree.ElementTree as ET
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from .errors import UsageError
from .models.policy import Policy, Rule
from .models.report import Report, SubQuestionResult, SystemReport

_OPERATORS: dict[str, Callable[[float, float], bool]] = {
    ">=": operator.ge,
    ">": operator.gt,
    "<=": operator.le,
    "<": operator.lt,
    "==": operator.eq,
}
WORST_SHOWN = 10


@dataclass(frozen=True)
class Offender:
    query_id: str
    sub_question: str | None
    status: str
    lost_at: str | None


@dataclass
class RuleOutcome:
    rule: Rule
    system: str
    measured: float | None
    passed: bool
    worst: list[Offender] = field(default_factory=list)

    def line(self) -> str:
        verdict = "PASS" if self.passed else "FAIL"
        measured = "n/a" if self.measured is None else f"{self.measured:.4g}"
        return f"{verdict}  [{self.system}] {self.rule.label()}: measured {measured}"


def audit(report: Report, policy: Policy) -> list[RuleOutcome]:
    outcomes = []
    for rule in policy.rules:
        systems = [s for s in report.systems if rule.systems is None or s.system in rule.systems]
        if rule.systems:
            unknown = sorted(set(rule.systems) - {s.system for s in report.systems})
            if unknown:
                raise UsageError(f"rule {rule.label()!r} names systems not in the traces: {unknown}")
        for system in systems:
            measured = figure_value(system, rule.figure)
            passed = measured is not None and _OPERATORS[rule.op](measured, rule.value)
            worst = [] if passed else offenders(system, rule.figure)
            outcomes.append(RuleOutcome(rule, system.system, measured, passed, worst))
    return outcomes


def figure_value(system: SystemReport, figure: str) -> float | None:
    """The number a dotted path names in the summary (a Ratio gives its share, a list its
    length); an unknown path is a usage error that lists what exists at that level."""
    node: Any = system.summary.model_dump(mode="json")
    walked: list[str] = []
    for part in figure.split("."):
        if not isinstance(node, dict) or part not in node:
            choices = ", ".join(sorted(node)) if isinstance(node, dict) else "nothing (a value)"
            where = ".".join(walked) or "the summary"
            raise UsageError(
                f"figure {figure!r}: no {part!r} under {where} of system {system.system!r}; "
                f"there is {choices}"
            )
        node = node[part]
        walked.append(part)
    if isinstance(node, dict) and "share" in node:
        return node["share"]
    if isinstance(node, list):
        return float(len(node))
    if isinstance(node, (int, float)) and not isinstance(node, bool):
        return float(node)
    if node is None:
        return None
    raise UsageError(f"figure {figure!r} is not a number: add a level (e.g. .all, .vital)")


def offenders(system: SystemReport, figure: str) -> list[Offender]:
    """The sub-questions (or queries) behind a failed figure, worst first."""
    parts = figure.split(".")
    if parts[0] == "missing_traces":
        return [Offender(q, None, "missing trace", None) for q in system.summary.missing_traces][:WORST_SHOWN]
    kind = parts[1] if parts[0] == "by_kind" and len(parts) > 1 else None
    rest = parts[2:] if kind else parts[1:]
    vital = "vital" in rest
    stage = rest[1] if len(rest) > 1 and rest[0] == "stages" else None

    def failing(sq: SubQuestionResult) -> str | None:
        if "contradicted" in rest:
            return "contradicted" if sq.answer.status == "contradicted" else None
        if "answer_without_evidence" in rest:
            return "answer without evidence" if sq.answer_without_evidence else None
        if "uncertain" in rest:
            return "uncertain" if sq.answer.status == "uncertain" else None
        if stage is not None:
            evidence = sq.stages[stage].status if stage in sq.stages else "missing"
            return None if evidence == "supported" else f"{stage} {evidence}"
        if "answer" in rest:
            answer = sq.answer.status
            return None if answer in ("supported", "not_applicable") else f"answer {answer}"
        return None

    found = []
    for query in system.queries:
        for sq in query.sub_questions:
            if (kind and sq.kind != kind) or (vital and sq.importance != "vital"):
                continue
            status = failing(sq)
            if status:
                found.append(Offender(query.query_id, sq.id, status, sq.lost_at))
    order = {"vital": 0, "okay": 1}
    importance: dict[tuple[str, str | None], str] = {
        (q.query_id, sq.id): sq.importance for q in system.queries for sq in q.sub_questions
    }
    found.sort(
        key=lambda o: (
            order.get(importance.get((o.query_id, o.sub_question), "okay"), 1),
            o.query_id,
            o.sub_question or "",
        )
    )
    return found[:WORST_SHOWN]


def junit_xml(outcomes: list[RuleOutcome], policy: Policy) -> str:
    suite = ET.Element(
        "testsuite",
        name=f"evidence-eval audit: {policy.name}",
        tests=str(len(outcomes)),
        failures=str(sum(not o.passed for o in outcomes)),
    )
    for outcome in outcomes:
        case = ET.SubElement(suite, "testcase", classname=outcome.system, name=outcome.rule.label())
        if not outcome.passed:
            failure = ET.SubElement(case, "failure", message=outcome.line())
            failure.text = "\n".join(
                f"{o.query_id} / {o.sub_question or '-'}: {o.status} (lost at {o.lost_at or '-'})"
                for o in outcome.worst
            )
    return ET.tostring(suite, encoding="unicode", xml_declaration=True) + "\n"
