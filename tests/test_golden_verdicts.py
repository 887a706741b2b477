"""The golden verdicts (tests/cases/golden.json): what the matcher said of every adversarial
case under its recorded version. A verdict that changes while the version stays the same
fails here; a new version fails until the golden file is regenerated (`python bench/golden.py`),
so that changing what the matcher says is a conscious act that rewrites the file."""

from __future__ import annotations

import json

import pytest
from casebook import CASES, GOLDEN, GOLDEN_COMMAND, verdict_of

from evidence_eval.match.manifest import matcher_names
from evidence_eval.match.probe import golden_drift

VERSION = matcher_names()
RECORDED = {
    "version": VERSION,
    "verdicts": {"numbers-en-1": {"status": "missing", "support": 0.5}, "split-zh-2": {"route": "exact"}},
}


def test_every_verdict_is_the_golden_one_under_the_same_matcher_version():
    if not GOLDEN.exists():
        pytest.fail(f"{GOLDEN} is missing: write it with {GOLDEN_COMMAND}")
    recorded = json.loads(GOLDEN.read_text(encoding="utf-8"))
    drift = golden_drift(recorded, {case["id"]: verdict_of(case) for case in CASES}, VERSION, GOLDEN_COMMAND)
    if drift:
        pytest.fail(drift, pytrace=False)


def test_a_verdict_changed_without_a_version_bump_is_named_with_its_old_and_new_verdict():
    now = {**RECORDED["verdicts"], "split-zh-2": {"rejected": ["truncated"]}}
    assert golden_drift(RECORDED, now, VERSION, GOLDEN_COMMAND) == (
        "1 verdicts changed without a version bump: split-zh-2 exact->rejected:truncated; "
        "bump the matcher version and regenerate with python bench/golden.py"
    )


def test_a_new_or_dropped_case_is_a_changed_verdict():
    now = {"numbers-en-1": {"status": "found", "support": 1.0}, "cuts-en-3": {"rejected": []}}
    drift = golden_drift(RECORDED, now, VERSION, GOLDEN_COMMAND) or ""
    assert drift.startswith("3 verdicts changed without a version bump: cuts-en-3 (none)->rejected:nothing, ")
    assert "numbers-en-1 missing@0.5->found@1.0, split-zh-2 exact->(none)" in drift


def test_another_matcher_version_asks_to_regenerate_the_golden_verdicts():
    drift = golden_drift(
        {**RECORDED, "version": "fact-align.v2"}, RECORDED["verdicts"], VERSION, GOLDEN_COMMAND
    )
    assert drift == (
        f"the matcher version is {VERSION!r}, the golden verdicts were written for 'fact-align.v2' "
        "(0 verdicts differ); regenerate them with python bench/golden.py"
    )


def test_the_same_verdicts_under_the_same_version_pass():
    assert golden_drift(RECORDED, dict(RECORDED["verdicts"]), VERSION, GOLDEN_COMMAND) is None
