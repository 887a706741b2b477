"""One-off: tests/adversarial/*.py (Python literals, filed by probe round) -> tests/cases/**/*.jsonl
(one case a line, filed by what it tests, with a stable id, its source round, its weak mark and
its known limit). Run once from the repository root; kept in history only."""

from __future__ import annotations

import hashlib
import importlib
import json
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
OUT = ROOT / "tests" / "cases"

# module -> (source, test group rule for weak marks)
FACT_SOURCES = {
    "fact_cases_en": "issue-14",
    "fact_cases_zh": "issue-14",
    "probe_facts": "probe-1",
    "probe_facts_en2": "probe-2",
    "probe_facts_zh2": "probe-2",
    "probe_facts_round3": "probe-3",
    "probe_rag_answers": "probe-rag",
}
SPAN_SOURCES = {"span_cases": "issue-15", "probe_spans": "probe-1", "probe_spans2": "probe-2"}

FACT_GROUPS = {
    "numbers": "value_only value_in_text explicit_value_nearby numerals magnitudes decimal_points_zh numbers units percentages num_notation num_zh number_format zh_number fullwidth codes",
    "dates_times": "dates durations times dates_times deadlines rel_date",
    "bounds_quantities": "ranges_bounds ranges bounds comparisons quantifiers",
    "negation": "negation_scope double_negation lookalike_negation negation_lexical polarity neg_idiom neg_zh next_denial markdown_neg",
    "modality_conditions": "modal_verbs modal conditions cond_pos cond_zh condition hedges_questions hedge_rag corrections",
    "entities_reference": "entities roles aliases_value pronoun_ref pronoun_zh pronoun zh_pronoun subject_swap entity_inside zh_entity place_suffix content_swap",
    "scope_structure": "narrow_pos narrow_zh fronted fronted_scope zh_fronted_scope contrast zh_contrast coord_swap coord_zh coordination respectively parallel participle appositive passive inversion",
    "wording": "paraphrase token_boundaries segmentation synonym parentheses citation mixed traditional context",
    "realistic_answers": "long real_rag real_response summary zh_summary zh_dureader zh_policy lists list_or list_md zh_list tables table_md zh_table markdown",
    "false_negatives": "fn_en fn_zh",
}
SPAN_GROUPS = {
    "changed_tokens": "changed_word_short changed_word_medium changed_word_long changed_value changed_bound changed_modal changed_quant changed_condition changed_negation changed_word changed_code changed_time changed_date changed_duration word_changed function_word inserted_word lemma negation double_negation other_entity",
    "cuts": "truncation tail_cut head_cut middle_drop short_spans short",
    "splits": "split_at_space overlapping_chunks idless_split nonadjacent_split split reorder",
    "offsets_documents": "lying_offsets other_doc embedded",
    "formatting": "reformatting reformat token_boundaries",
    "long_real": "long_span long_quote real",
}

# tests/test_adversarial.py's KNOWN_PROBE_LIMITS (probe-1, probe-2, probe-rag), with the reason
# its comments gave.
NARROWING = "a modifier inside the matched clause that narrows a noun phrase is not told from one that only describes it"
FRONTED = "a fronted scope or bold label often restates the query's own case, so alone it does not limit the fact"
PROBE_LIMITS = {
    "condition added (unless)": "a lenient reader accepts it too (the prober marked it weak)",
    "时间条件(弱)": "a lenient reader accepts it too (the prober marked it weak)",
    "C in C+ (value-only letter)": "a letter grade C inside C+ (a value-only fact of one letter)",
    "narrowed to 本市户籍": NARROWING,
    "经审核通过的": NARROWING,
    "所有正式员工 narrows": NARROWING,
    "但…闭馆": "a contrasting clause with another predicate (闭馆 for 开放)",
    "fronted PP restricts the number to one state": FRONTED,
    "fronted restrictive PP": FRONTED,
    "markdown bold label restricts scope": FRONTED,
    "加粗标签限定范围": FRONTED,
    "the other treaty's city and year": "words inserted inside a multi-word name",
}
ROUND3_LIMIT = "a rule matcher v3 lacks (third probe round): the next rules to build"
ID_FREE = ("id", "source", "weak", "known_limit")


def case_id(case: dict) -> str:
    content = {k: v for k, v in case.items() if k not in ID_FREE}
    digest = hashlib.sha256(json.dumps(content, sort_keys=True, ensure_ascii=False).encode()).hexdigest()
    return f"{case['family']}-{case['lang']}-{digest[:8]}"


def weak(module: str, note: str) -> bool:
    """Where today's tests let a weak case stay `found`."""
    if module in ("probe_facts", "probe_facts_en2", "probe_facts_zh2"):
        return "(weak)" in note
    if module in ("probe_facts_round3", "probe_rag_answers"):
        return "(weak" in note
    return False


def known_limit(module: str, note: str, round3_limits: set[str]) -> str | None:
    if module in ("probe_facts", "probe_facts_en2", "probe_facts_zh2", "probe_rag_answers"):
        return PROBE_LIMITS.get(note)
    if module == "probe_facts_round3" and note in round3_limits:
        return ROUND3_LIMIT
    return None


def convert(sources: dict[str, str], groups: dict[str, str], kind: str) -> int:
    group_of = {family: group for group, families in groups.items() for family in families.split()}
    files: defaultdict[str, list[dict]] = defaultdict(list)
    round3 = importlib.import_module("tests.adversarial.probe_facts_round3").KNOWN_LIMITS
    for module, source in sources.items():
        for case in importlib.import_module(f"tests.adversarial.{module}").CASES:
            record = {"id": case_id(case), "source": source, **case}
            if weak(module, case["note"]):
                record["weak"] = True
            limit = known_limit(module, case["note"], round3)
            if limit:
                record["known_limit"] = limit
            files[group_of[case["family"]]].append(record)
    (OUT / kind).mkdir(parents=True, exist_ok=True)
    for group, records in files.items():
        lines = [json.dumps(record, ensure_ascii=False) for record in records]
        (OUT / kind / f"{group}.jsonl").write_text("\n".join(lines) + "\n", encoding="utf-8")
    return sum(map(len, files.values()))


if __name__ == "__main__":
    print("facts", convert(FACT_SOURCES, FACT_GROUPS, "facts"))
    print("spans", convert(SPAN_SOURCES, SPAN_GROUPS, "spans"))
