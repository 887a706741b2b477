"""The README's rule table, generated from the registries and manifests (never written by hand).

    python -m evidence_eval.match.docs tests/rules   # prints the table README.md holds

Each rule: its place in its manifest's order, its name, the verdicts it may give, what it does
(its docstring's first paragraph) and, from the minimal pairs under `pairs` (the folder
`tests/rules`), one example per language of a case where it decides.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

from .answer_rules import ANSWER_RULES
from .fact_rules import SENTENCE_RULES
from .manifest import FACTS, SPANS
from .registry import Registry
from .span_rules import SPAN_RULES

START, END = "<!-- rules:start -->", "<!-- rules:end -->"
HEADER = "| # | rule | gives | what it does | English | Chinese |"


def rules_markdown(pairs: Path | None = None) -> str:
    sections: list[tuple[str, Registry[Any, Any], tuple[str, ...], str]] = [
        (f"Answer facts, per sentence (`{FACTS.name}`: the first rule that speaks decides; none: `found`)",
         SENTENCE_RULES, FACTS.stages["sentence"], "facts"),
        (f"Answer facts, whole answer (`{FACTS.name}`: each may replace the verdict so far)",
         ANSWER_RULES, FACTS.stages["answer"], "facts"),
        (f"Evidence spans, fuzzy route (`{SPANS.name}`: the first rule that speaks refuses the item)",
         SPAN_RULES, SPANS.stages["quote"], "spans"),
    ]  # fmt: skip
    lines = [START]
    for title, registry, names, folder in sections:
        lines += ["", f"**{title}**", "", HEADER, "| --- | --- | --- | --- | --- | --- |"]
        for position, rule in enumerate(registry.ordered(names), start=1):
            examples = _examples(pairs / folder / f"{rule.name}.json") if pairs else {}
            cells = [
                str(position),
                f"`{rule.name}`",
                ", ".join(f"`{verdict}`" for verdict in rule.gives),
                _cell(_shortened(rule.summary)),
                examples.get("en", ""),
                examples.get("zh", ""),
            ]
            lines.append("| " + " | ".join(cells) + " |")
    lines += ["", END]
    return "\n".join(lines)


def _examples(path: Path) -> dict[str, str]:
    if not path.is_file():
        return {}
    found: dict[str, str] = {}
    for pair in json.loads(path.read_text(encoding="utf-8")).get("pairs", []):
        case = pair.get("fires") or {}
        if pair.get("lang") in found or "known_issue" in case:
            continue
        if "fact" in case:
            said = f"{_quoted(case['fact']['text'])} / {_quoted(case['answer'])} → `{case['expect']}`"
        else:
            quote, item = _quoted(case.get("quote", "")), _quoted(case.get("item", ""))
            said = f"{quote} / {item} → `{case.get('expect', '')}`"
        found[pair["lang"]] = said
    return found


def _shortened(text: str, limit: int = 260) -> str:
    """The docstring's first paragraph, cut at a sentence end before `limit` characters."""
    text = " ".join(text.split())
    if len(text) <= limit:
        return text
    cut = max(text.rfind(". ", 0, limit), text.rfind("; ", 0, limit))
    return text[: cut + 1] if cut > 0 else text[: limit - 1] + "…"


def _quoted(text: str, limit: int = 70) -> str:
    text = " ".join(text.split())
    return _cell(f"“{text if len(text) <= limit else text[: limit - 1] + '…'}”")


def _cell(text: str) -> str:
    return " ".join(text.split()).replace("|", "\\|")


if __name__ == "__main__":
    print(rules_markdown(Path(sys.argv[1]) if len(sys.argv) > 1 else None))
