"""The matcher's versions mean something: the signature names each manifest with a digest that
changes with any rule, order, constant or lexicon row, and `compare` refuses across them."""

from __future__ import annotations

import shutil
from dataclasses import replace
from pathlib import Path

import pytest

from evidence_eval.errors import UsageError
from evidence_eval.lang import ROWS, lexicon
from evidence_eval.match.answer_rules import ANSWER_RULES
from evidence_eval.match.fact_rules import SENTENCE_RULES
from evidence_eval.match.manifest import FACTS, SPANS
from evidence_eval.match.registry import PACKAGE, Manifest
from evidence_eval.match.span_rules import SPAN_RULES
from tests.conftest import run_cli

ROOT = Path(__file__).resolve().parent.parent
ZH_ANN = ROOT / "annotations/repair_zh/repair.annotations.json"
ZH_TRACES = ROOT / "annotations/repair_zh/repair.traces.jsonl"


def test_every_registered_rule_runs_in_a_manifest_and_every_manifest_rule_is_registered():
    registered = {*SENTENCE_RULES.rules, *ANSWER_RULES.rules, *SPAN_RULES.rules}
    declared = {*FACTS.rule_names(), *SPANS.rule_names()}
    assert registered == declared
    for registry in (SENTENCE_RULES, ANSWER_RULES, SPAN_RULES):
        for rule in registry.rules.values():
            assert rule.doc, f"rule {rule.name} has no docstring"


def test_the_digest_changes_with_the_order_a_constant_or_the_name():
    swapped = FACTS.stages["sentence"][1::-1] + FACTS.stages["sentence"][2:]
    variants = [
        Manifest(FACTS.name, {**FACTS.stages, "sentence": swapped}, FACTS.constants),
        Manifest(FACTS.name, FACTS.stages, {**FACTS.constants, "aligned_sentences": 5}),
        Manifest("fact-align.v99", FACTS.stages, FACTS.constants),
    ]
    assert len({FACTS.digest, *(variant.digest for variant in variants)}) == 4


def test_the_digest_changes_with_a_lexicon_row_or_a_rule_body(tmp_path):
    copy = tmp_path / "evidence_eval"
    shutil.copytree(PACKAGE, copy, ignore=shutil.ignore_patterns("__pycache__"))
    same = FACTS.digest_of(copy)
    assert same == FACTS.digest
    rows = copy / "lang/en/match.py"
    rows.write_text(rows.read_text(encoding="utf-8").replace('"may|could"', '"may|could|might"'), "utf-8")
    assert FACTS.digest_of(copy) != same
    shutil.copy(PACKAGE / "lang/en/match.py", rows)
    rules = copy / "match/fact_rules.py"
    rules.write_text(
        rules.read_text(encoding="utf-8").replace("stated only as a question", "a question"), "utf-8"
    )
    assert FACTS.digest_of(copy) != same


def test_the_digest_changes_with_the_compiled_alignment_source(tmp_path):
    copy = tmp_path / "evidence_eval"
    shutil.copytree(PACKAGE, copy, ignore=shutil.ignore_patterns("__pycache__", "*.so"))
    same = FACTS.digest_of(copy)
    kernel = copy / "match/_align_kernel.c"
    kernel.write_text(kernel.read_text(encoding="utf-8") + "\n/* changed */\n", "utf-8")
    assert FACTS.digest_of(copy) != same


def test_the_signature_names_both_manifests_with_their_digests(tmp_path):
    out = tmp_path / "report.json"
    assert run_cli("score", ZH_ANN, ZH_TRACES, "-o", out).returncode == 0
    text = out.read_text(encoding="utf-8")
    assert f"match:{SPANS.label}+{FACTS.label}+" in text


def test_compare_refuses_reports_whose_manifests_differ(tmp_path):
    from evidence_eval.api import compare, score

    report = score(ZH_ANN, ZH_TRACES)
    other = report.model_copy(
        update={"signature": report.signature.replace(FACTS.label, "fact-align.v2#000000000000")}
    )
    with pytest.raises(UsageError, match="not comparable.*match"):
        compare(report, other, system_a=report.systems[0].system, system_b=report.systems[0].system)


def test_evidence_threshold_is_gone_and_old_reports_still_read():
    from evidence_eval.models.options import MatchOptions

    result = run_cli("score", ZH_ANN, ZH_TRACES, "--evidence-threshold", "50")
    assert result.returncode == 2 and "evidence-threshold" in result.stderr
    assert MatchOptions.model_validate({"evidence_threshold": 90, "answer_lower": 70}).answer_lower == 70


def test_a_lexicon_row_name_no_language_has_is_refused():
    with pytest.raises(KeyError, match="no lexicon row named"):
        lexicon("en").words("no_such_row")
    assert lexicon("en").words("same_entity_suffixes") == frozenset()  # a Chinese-only row
    names = {row.name for rows in ROWS.values() for row in rows}
    assert "pronoun" in names


def test_every_pattern_row_compiles_in_its_language_and_across_languages_or_says_why():
    from evidence_eval.lang import every_language
    from evidence_eval.lang.rows import Pattern

    names = {row.name for rows in ROWS.values() for row in rows if isinstance(row, Pattern)}
    for name in sorted(names):
        for language in ("en", "zh"):
            lexicon(language).pattern(name)  # raises on a row that does not compile
    with pytest.raises(ValueError, match="'pronoun' cannot be read across languages"):
        every_language().pattern("pronoun")
    assert every_language().pattern("last_word").search("word")


def test_a_rule_reads_its_lexicon_row_not_a_literal():
    """Changing a row changes what the rule does: the lexicon is the rule's data."""
    from evidence_eval.match.facts import analyze_answer, match_fact
    from evidence_eval.models import AnswerFact
    from evidence_eval.text.segment import segmenter_for

    segmenter = segmenter_for("en")
    fact = AnswerFact(id="f", text="The store opens at 9 am.")
    answer = analyze_answer("The store could open at 9 am.", segmenter)
    assert match_fact(fact, answer, segmenter, lower=70, upper=90).rule == "hedged"
    english = lexicon("en")
    rows = tuple(replace(r, words=("may",)) if r.name == "may_as_hedge" else r for r in english.rows)
    original = english.rows
    try:
        english.rows = rows
        assert match_fact(fact, answer, segmenter, lower=70, upper=90).rule != "hedged"
    finally:
        english.rows = original
