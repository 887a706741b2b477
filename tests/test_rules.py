"""Minimal pairs for every registered matcher rule, in English and Chinese (issue 28, item 6).

`tests/rules/facts/<rule>.json` holds the pairs of a rule of the answer-fact matcher (the
sentence rules of `match/fact_rules.py`, the answer rules of `match/answer_rules.py`),
`tests/rules/spans/<rule>.json` those of a rule of the span matcher's fuzzy route
(`match/span_rules.py`): the two registries share names (another_name, critical_conflict,
critical_absent). Each pair is a case where the rule decides and its twin, which differs in one
input only, where it does not. `tests/rules/README.md` describes the format.

The coverage tests fail when a registered rule has no file, a file names no registered rule, or
a language has neither a pair nor an explicit `"not applicable: …"` note.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from evidence_eval.match import spans
from evidence_eval.match.answer_rules import ANSWER_RULES
from evidence_eval.match.fact_rules import SENTENCE_RULES
from evidence_eval.match.probe import judge_fact, judge_span
from evidence_eval.match.registry import Rule
from evidence_eval.match.span_rules import SPAN_RULES
from evidence_eval.text.normalize import normalize_cached

RULES = Path(__file__).resolve().parent / "rules"
LANGUAGES = ("en", "zh")
NOT_APPLICABLE = "not applicable: "
THRESHOLD = 90.0  # the span route's fuzzy threshold in `judge_span`
REGISTERED = {
    "facts": {*SENTENCE_RULES.rules, *ANSWER_RULES.rules},
    "spans": set(SPAN_RULES.rules),
}
# The inputs of a case: a pair's twin differs from the case that fires in exactly one of them.
INPUTS = {"facts": ("fact", "answer"), "spans": ("doc", "quote", "item", "strict")}
SPAN_OUTCOMES = {"supported", "truncated", "conflict", "wording", "token_boundary", "other_document"}
FACT_STATUSES = {"found", "contradicted", "missing", "uncertain"}


@dataclass(frozen=True)
class RuleFile:
    matcher: str  # "facts" | "spans"
    rule: str
    path: Path
    data: dict[str, Any]

    @property
    def pairs(self) -> list[dict[str, Any]]:
        return self.data.get("pairs", [])


@dataclass(frozen=True)
class Case:
    file: RuleFile
    side: str  # "fires" | "twin"
    lang: str
    case: dict[str, Any]


def _rule_files() -> list[RuleFile]:
    files = []
    for path in sorted(RULES.glob("*/*.json")):
        data = json.loads(path.read_text(encoding="utf-8"))
        files.append(RuleFile(path.parent.name, path.stem, path, data))
    return files


FILES = _rule_files()


def _cases() -> Iterator[Case]:
    for file in FILES:
        for pair in file.pairs:
            for side in ("fires", "twin"):
                yield Case(file, side, pair["lang"], pair[side])


def _param(case: Case) -> Any:
    issue = case.case.get("known_issue")
    marks = [pytest.mark.xfail(reason=f"known issue: {issue}", strict=True)] if issue else []
    return pytest.param(case, id=case.case["id"], marks=marks)


CASES = [_param(case) for case in _cases()]


# --- coverage: every rule, every language ------------------------------------------------


def test_rule_files_are_found() -> None:
    assert len(FILES) >= sum(len(names) for names in REGISTERED.values())


@pytest.mark.parametrize("matcher", sorted(REGISTERED))
def test_every_registered_rule_has_a_file(matcher: str) -> None:
    have = {file.rule for file in FILES if file.matcher == matcher}
    missing = sorted(REGISTERED[matcher] - have)
    assert not missing, f"rules of {matcher} with no tests/rules/{matcher}/<rule>.json: {missing}"


def test_no_file_names_an_unregistered_rule() -> None:
    strays = [
        str(file.path.relative_to(RULES))
        for file in FILES
        if file.matcher not in REGISTERED
        or file.rule not in REGISTERED[file.matcher]
        or file.data.get("rule") != file.rule
        or file.data.get("matcher") != file.matcher
    ]
    assert not strays, f"files that name no registered rule (or disagree with their path): {strays}"


@pytest.mark.parametrize("file", FILES, ids=lambda f: f"{f.matcher}/{f.rule}")
def test_every_language_has_a_pair_or_a_note(file: RuleFile) -> None:
    for lang in LANGUAGES:
        note = file.data.get(lang)
        clean = [
            pair
            for pair in file.pairs
            if pair["lang"] == lang and not any("known_issue" in pair[side] for side in ("fires", "twin"))
        ]
        if note is None:
            assert clean, f"{file.path.name}: no {lang} pair without a known issue, and no '{lang}' note"
        else:
            assert isinstance(note, str) and note.startswith(NOT_APPLICABLE) and len(note) > 40, (
                f"{file.path.name}: '{lang}' must say {NOT_APPLICABLE!r} and why"
            )
            assert not any(pair["lang"] == lang for pair in file.pairs), (
                f"{file.path.name}: {lang} is noted not applicable but has pairs"
            )


@pytest.mark.parametrize("file", FILES, ids=lambda f: f"{f.matcher}/{f.rule}")
def test_pairs_are_well_formed(file: RuleFile) -> None:
    statuses = FACT_STATUSES if file.matcher == "facts" else SPAN_OUTCOMES
    for number, pair in enumerate(file.pairs):
        where = f"{file.path.name}: pairs[{number}]"
        assert pair.get("lang") in LANGUAGES, f"{where}: lang must be one of {LANGUAGES}"
        fires, twin = pair["fires"], pair["twin"]
        assert fires.get("rule") == file.rule, f"{where}.fires: rule must be {file.rule!r}"
        assert twin.get("rule") != file.rule, f"{where}.twin: the twin is where the rule does not decide"
        for side in (fires, twin):
            assert side.get("expect") in statuses, f"{where}: expect must be one of {sorted(statuses)}"
        differ = [key for key in INPUTS[file.matcher] if fires.get(key) != twin.get(key)]
        assert len(differ) == 1, f"{where}: a twin differs from its case in one input, not {differ}"


def test_case_ids_are_unique_and_say_where_they_are() -> None:
    ids = [case.case["id"] for case in _cases()]
    assert len(ids) == len(set(ids)), "case ids must be unique"
    for case in _cases():
        prefix = "span-" if case.file.matcher == "spans" else ""
        expected = f"{prefix}{case.file.rule}-{case.lang}-"
        assert case.case["id"].startswith(expected) and case.case["id"].endswith(f"-{case.side}")


# --- the pairs -------------------------------------------------------------------------------


@pytest.fixture
def span_rule_decided(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[str]]:
    """The names of the span rules that decided, in the order they did (one per alignment)."""
    decided: list[str] = []

    def recording(rule: Rule[Any, Any]) -> Rule[Any, Any]:
        def check(reading: Any) -> Any:
            outcome = rule.check(reading)
            if outcome is not None:
                decided.append(rule.name)
            return outcome

        return Rule(rule.name, rule.gives, rule.reads, check)

    monkeypatch.setattr(spans, "_SPAN_RULES", tuple(recording(rule) for rule in spans._SPAN_RULES))
    spans.fuzzy_in_text.cache_clear()  # a cached verdict runs no rule
    yield decided
    spans.fuzzy_in_text.cache_clear()


def _judge_span_case(lang: str, case: dict[str, Any]) -> tuple[str, str]:
    """(outcome, detail): `supported`, or the reasons the items were refused and why."""
    if case.get("strict", True):
        span_case = {"lang": lang, "doc": case["doc"], "quote": case["quote"]}
        span_case["items"] = [{"doc_id": "d1", "text": case["item"]}]
        match, rejections = judge_span(span_case)
        if match is not None:
            return "supported", match.route
        return "|".join(r.reason for r in rejections), " | ".join(r.detail for r in rejections)
    # the re-anchoring route (`locate_quote`): a quote placed in an edited text, not word for word
    found = spans.fuzzy_in_text(
        case["quote"], normalize_cached(case["item"]).text, lang, THRESHOLD, strict=False
    )
    if found is None:
        return "not found", ""
    verdict, detail = found[0], found[1]
    return ("supported" if verdict == "ok" else verdict), detail


@pytest.mark.parametrize("case", [c for c in CASES if c.values[0].file.matcher == "facts"])
def test_fact_pair(case: Case) -> None:
    given = case.case
    result = judge_fact({"lang": case.lang, "fact": given["fact"], "answer": given["answer"]})
    said = f"{result.status} by {result.rule}: {result.reason}"
    trail = (result.rule or "").split(" > ")  # the sentence rule, then the answer rules that followed
    assert result.status == given["expect"], said
    if "rule" in given:
        assert given["rule"] in trail, said
    if case.side == "twin":
        assert case.file.rule not in trail, said
    assert given.get("reason", "") in (result.reason or ""), said


@pytest.mark.parametrize("case", [c for c in CASES if c.values[0].file.matcher == "spans"])
def test_span_pair(case: Case, span_rule_decided: list[str]) -> None:
    given = case.case
    outcome, detail = _judge_span_case(case.lang, given)
    said = f"{outcome} ({detail}); rules that decided: {span_rule_decided}"
    assert outcome == given["expect"], said
    if "rule" in given:
        assert span_rule_decided[-1:] == [given["rule"]], said
    if case.side == "twin":
        assert case.file.rule not in span_rule_decided, said
    assert given.get("reason", "") in detail, said
