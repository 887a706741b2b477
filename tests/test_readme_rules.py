"""README's rule table is the one the registries generate: a rule added, removed, reordered or
re-documented without regenerating it fails here."""

from __future__ import annotations

from pathlib import Path

from evidence_eval.match.docs import END, START, rules_markdown

ROOT = Path(__file__).resolve().parent.parent


def test_the_readme_rule_table_is_generated_from_the_registries():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    shown = readme[readme.index(START) : readme.index(END) + len(END)]
    assert shown == rules_markdown(ROOT / "tests" / "rules"), (
        "README's rule table is stale: regenerate it with python -m evidence_eval.match.docs tests/rules"
    )
