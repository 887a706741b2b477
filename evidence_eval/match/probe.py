"""The adversarial cases (`tests/cases/`) run through the matchers, for the tests and for
`bench/adversarial.py` and `bench/golden.py`: one case file format, one way to judge a case.

A case file is JSONL, one case a line. A fact case has `fact`, `answer` and `expect`
(`found`, `not_found`, or a pinned status); a span case has `doc`, `quote`, `items` and
`expect` (`supported` or `not_supported`). Every case has a stable `id`
(`<family>-<lang>-<hash of its content>`, see `case_id`).
"""

from __future__ import annotations

import hashlib
import json
from collections import Counter, defaultdict
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

from ..errors import InputError, Location
from ..models import AnswerFact, Document, Item, Snapshot, Span
from ..text.segment import segmenter_for
from .facts import FactMatch, analyze_answer, match_fact
from .spans import Rejection, SpanMatch, find_spans, prepare_items

Case = dict[str, Any]
Verdict = dict[str, Any]
NOT_FOUND = {"contradicted", "missing", "uncertain"}
# Fields that are about a case, not its content: the id stays when they change.
_NOT_CONTENT = ("id", "source", "weak", "known_limit")


def case_id(case: Case) -> str:
    """`<family>-<lang>-<8 hex digits of the SHA-256 of its content>`: set once when the case
    is added, from what it says, never from where it sits."""
    content = {key: value for key, value in case.items() if key not in _NOT_CONTENT}
    canonical = json.dumps(content, sort_keys=True, ensure_ascii=False)
    return f"{case['family']}-{case['lang']}-{hashlib.sha256(canonical.encode()).hexdigest()[:8]}"


def is_fact_case(case: Case) -> bool:
    return "fact" in case


def load_cases(folder: str | Path) -> list[Case]:
    """Every case of the `*.jsonl` files under `folder` (sorted by path, then line); an
    unreadable line or a repeated id is an `InputError` naming the file and line."""
    cases: list[Case] = []
    where: dict[str, Location] = {}
    for path in sorted(Path(folder).rglob("*.jsonl")):
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
            if not line.strip():
                continue
            location = Location(str(path), number)
            case = _parsed(line, location)
            if case["id"] in where:
                message = f"id {case['id']} repeats {where[case['id']]}"
                raise InputError(location, message, "give each case its own id")
            where[case["id"]] = location
            cases.append(case)
    return cases


def _parsed(line: str, location: Location) -> Case:
    try:
        case = json.loads(line)
    except json.JSONDecodeError as exc:
        raise InputError(location, f"not JSON: {exc.msg}", "one case a line, as a JSON object") from None
    if not isinstance(case, dict):
        raise InputError(location, "a case is a JSON object")
    missing = [key for key in ("id", "family", "lang", "expect", "note") if key not in case]
    if missing:
        hint = "bench/golden.py --assign-ids gives new cases their id" if missing == ["id"] else None
        raise InputError(location, f"the case lacks {', '.join(missing)}", hint)
    return case


def judge_fact(case: Case) -> FactMatch:
    segmenter = segmenter_for(case["lang"])
    fact = AnswerFact(id="fact", **case["fact"])
    return match_fact(fact, analyze_answer(case["answer"], segmenter), segmenter, lower=70, upper=90)


def fact_agrees(case: Case, result: FactMatch) -> bool:
    expect = case["expect"]
    status_ok = result.status in NOT_FOUND if expect == "not_found" else result.status == expect
    low, high = case.get("support_at_least", 0.0), case.get("support_at_most", 1.0)
    return status_ok and low <= result.support <= high


def false_support(case: Case, result: FactMatch) -> bool:
    """The worst disagreement: `found` where the case says it must not be."""
    return result.status == "found" and case["expect"] != "found"


def agreement(cases: Iterable[Case], agrees: Callable[[Case], bool]) -> dict[str, tuple[int, int]]:
    """(cases the matcher agrees with, cases) per family."""
    totals: Counter[str] = Counter()
    good: defaultdict[str, int] = defaultdict(int)
    for case in cases:
        totals[case["family"]] += 1
        good[case["family"]] += bool(agrees(case))
    return {family: (good[family], total) for family, total in sorted(totals.items())}


def judge_span(case: Case) -> tuple[SpanMatch | None, list[Rejection]]:
    """(the match or None, the rejections) of a span case in one stage."""
    documents = {"d1": case["doc"], **case.get("other_docs", {})}
    snapshot = Snapshot([Document(doc_id=k, version="1", text=v) for k, v in documents.items()])
    start = case["doc"].index(case["quote"])
    span = Span(doc_id="d1", start=start, end=start + len(case["quote"]), quote=case["quote"])
    stage = prepare_items(
        [Item(**item) for item in case["items"]], snapshot, as_of=None, scope={}, language=case["lang"]
    )
    search = find_spans([span], stage, fuzzy_threshold=90, evidence_from=case.get("evidence_from", "any"))
    return search.matches.get(0), [*search.rejected, *search.offset_conflicts]


def span_agrees(case: Case, match: SpanMatch | None, rejections: list[Rejection]) -> bool:
    if case["expect"] == "supported":
        return match is not None and case.get("route", match.route) == match.route
    if match is not None:
        return False
    return "reason" not in case or any(r.reason == case["reason"] for r in rejections)


def fact_verdict(result: FactMatch) -> Verdict:
    return {"status": result.status, "support": round(result.support, 3)}


def span_verdict(match: SpanMatch | None, rejections: list[Rejection]) -> Verdict:
    if match is not None:
        return {"route": match.route}
    return {"rejected": sorted({rejection.reason for rejection in rejections})}


def verdict(case: Case) -> Verdict:
    """What the matcher says of a case, as the golden file records it."""
    return fact_verdict(judge_fact(case)) if is_fact_case(case) else span_verdict(*judge_span(case))


def golden_drift(
    recorded: dict[str, Any], verdicts: dict[str, Verdict], version: str, command: str
) -> str | None:
    """Why the recorded golden verdicts no longer stand (None when they do): verdicts that
    changed under the same matcher version, or a version the golden file was not written for."""
    old: dict[str, Verdict] = recorded["verdicts"]
    changed = [case for case in sorted(verdicts.keys() | old.keys()) if verdicts.get(case) != old.get(case)]
    shown = ", ".join(f"{case} {_brief(old.get(case))}->{_brief(verdicts.get(case))}" for case in changed[:5])
    if recorded["version"] != version:
        differ = f"{len(changed)} verdicts differ" + (f": {shown}" if changed else "")
        return (
            f"the matcher version is {version!r}, the golden verdicts were written for "
            f"{recorded['version']!r} ({differ}); regenerate them with {command}"
        )
    if changed:
        return (
            f"{len(changed)} verdicts changed without a version bump: {shown}; "
            f"bump the matcher version and regenerate with {command}"
        )
    return None


def _brief(verdict: Verdict | None) -> str:
    if verdict is None:
        return "(none)"
    if "status" in verdict:
        return f"{verdict['status']}@{verdict['support']}"
    if "route" in verdict:
        return str(verdict["route"])
    return "rejected:" + (",".join(verdict["rejected"]) or "nothing")
