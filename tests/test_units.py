"""A fact's content units, the forms an answer may state them in, and what is made of them:
the graded support (`graded.v4`) and `missing` only when the answer does not address the fact."""

from __future__ import annotations

import pytest
from casebook import FACT_CASES, fact_result

from evidence_eval.match.answer_rules import ADDRESSED
from evidence_eval.match.claims import claim_for
from evidence_eval.match.probe import judge_fact
from evidence_eval.match.units import (
    _SUFFIXES,
    Coverage,
    Unit,
    _suffix_off,
    answer_forms,
    coverage,
    sentence_forms,
    word_forms,
)
from evidence_eval.text.rarity import CRITICAL_WEIGHT
from evidence_eval.text.segment import segmenter_for


def units_of(fact: str, language: str = "en") -> tuple[Unit, ...]:
    return claim_for(fact, language, None).units


def stated(fact: str, answer: str, language: str = "en") -> dict[str, float]:
    """Each unit of the fact (as written) and how much of it the answer states, anywhere."""
    from evidence_eval.match.sentences import analyze_answer

    forms = answer_forms(analyze_answer(answer, segmenter_for(language)))
    return {unit.written: max(unit.stated_in(f) for f in forms) for unit in units_of(fact, language)}


@pytest.mark.parametrize(
    ("one", "other"),
    [
        ("killed", "killer"),
        ("criticised", "criticized"),
        ("criticised", "criticism"),
        ("executioner", "executed"),
        ("deaths", "died"),
        ("councils", "council"),
        ("favourite", "favorite"),
        ("winner", "win"),
    ],
)
def test_inflections_and_derivations_share_a_form(one: str, other: str) -> None:
    assert word_forms(one, "en") & word_forms(other, "en")


@pytest.mark.parametrize(("one", "other"), [("general", "gene"), ("return", "retain"), ("station", "nation")])
def test_words_of_another_stem_share_none(one: str, other: str) -> None:
    assert not word_forms(one, "en") & word_forms(other, "en")


def _first_suffix_off(word: str) -> list[str]:
    """`_suffix_off` as its docstring reads: `_SUFFIXES` tried in order."""
    for suffix, instead in _SUFFIXES:
        if word.endswith(suffix) and len(word) - len(suffix) >= 3:
            return [word[: -len(suffix)] + replacement for replacement in instead]
    return []


def test_the_suffix_taken_off_is_the_first_of_the_table_that_fits() -> None:
    """The lookup by ending takes off the suffix the table's order gives: every suffix, and every
    one of its endings, after stems too short and long enough."""
    endings = {suffix[i:] for suffix, _ in _SUFFIXES for i in range(len(suffix))}
    words = [stem + ending for ending in endings for stem in ("", "a", "ab", "abc", "abcd", "organ")]
    words += ["criticisations", "executioners", "nationalisation", "informational", "is", "s", ""]
    assert [_suffix_off(word) for word in words] == [_first_suffix_off(word) for word in words]


def test_a_word_the_cutter_kept_whole_is_read_by_its_pieces() -> None:
    written = [unit.written for unit in units_of("Owens' daughter was over-interpreting the rules.")]
    assert {"owens", "daughter", "over", "interpreting"} <= set(written)
    found = stated("Owens' daughter was over-interpreting the rules.", "His daughter is interpreting it.")
    assert found["daughter"] == 1.0 and found["interpreting"] == 1.0 and found["owens"] == 0.0


def test_an_abbreviation_states_the_phrase_and_back() -> None:
    found = stated("Abby Bishop will play in the United States.", "She moves to the U.S. in May.")
    assert found["united states"] == 1.0  # a name: one unit
    fact = "Tariffs were imposed by the U.S. on Monday."
    (us,) = [unit.written for unit in units_of(fact) if "u.s" in unit.forms]
    assert stated(fact, "The United States imposed tariffs.")[us] == 1.0
    assert stated(fact, "France imposed tariffs.")[us] == 0.0


def test_a_name_is_one_unit_any_of_its_words_states() -> None:
    units = units_of("Barack Obama criticised the decision.")
    names = [unit for unit in units if unit.written == "barack obama"]
    assert len(names) == 1 and len(names[0].tokens) == 2
    assert stated("Barack Obama criticised the decision.", "Obama was critical of it.")["barack obama"] == 1.0


def test_a_value_is_stated_by_its_digits_inside_another_value() -> None:
    found = stated("Kevin Pietersen is 34.", "The 34-year-old Pietersen scored 170.")
    assert found["34"] == 1.0


def test_a_unit_is_counted_once() -> None:
    assert [unit.written for unit in units_of("The win was a Dundee win.")].count("win") == 1


def test_chinese_words_are_compared_by_their_bigrams() -> None:
    found = stated("维修资金的使用须经业主大会同意", "动用维修资金要开业主会议表决。", "zh")
    assert found["维修"] == 1.0 and found["资金"] == 1.0
    assert found["业主大会"] == pytest.approx(1 / 3)  # 业主 of 业主, 主大, 大会
    assert found["同意"] == 0.0


def test_a_chinese_word_inside_a_value_is_not_counted_again() -> None:
    written = [unit.written for unit in units_of("自受理之日起15个工作日内作出审核决定", "zh")]
    assert "15个工作日" in written and "工作日内" not in written


def test_a_short_form_of_a_chinese_name_states_it() -> None:
    assert stated("中华人民共和国成立于1949年", "中国成立于1949年。", "zh")["中华人民共和国"] == 1.0


def test_coverage_reads_anywhere_and_the_best_sentence() -> None:
    units = units_of("Paula Dunican bought a coat with a gecko inside.")
    forms = [
        sentence_forms("Paula Dunican bought a coat.", "en"),
        sentence_forms("A gecko was inside.", "en"),
    ]
    found = coverage(units, forms)
    assert found.anywhere == pytest.approx(1.0)
    assert 0 < found.best < found.anywhere and found.sentence == 0
    assert found.unstated == ()


def test_a_conflicting_unit_counts_as_not_stated_and_a_reversed_polarity_as_one_more() -> None:
    units = units_of("Refunds are issued within 30 days.")
    forms = [sentence_forms("Refunds are issued within 30 days.", "en")]
    whole = coverage(units, forms)
    value_at = {
        unit.tokens[0] for unit in units if unit.weight == CRITICAL_WEIGHT and unit.written == "30 days"
    }
    without_value = coverage(units, forms, leave_out=frozenset(value_at))
    reversed_polarity = coverage(units, forms, unstated_weight=CRITICAL_WEIGHT)
    assert whole.support == 1.0
    assert 0 < without_value.support < 1.0 and "30 days" in without_value.unstated
    assert 0 < reversed_polarity.support < 1.0


@pytest.mark.parametrize(
    ("fact", "answer"),
    [
        ("Refunds are issued within 30 days.", "Refunds are issued within 60 days."),
        ("Water damage is covered by the warranty.", "Water damage is not covered by the warranty."),
        ("退款将在7个工作日内原路退回", "审核通过后，退款将在15个工作日内原路退回。"),
    ],
)
def test_a_contradicted_fact_keeps_the_rest_of_its_support(fact: str, answer: str) -> None:
    language = "zh" if any("\u4e00" <= c <= "\u9fff" for c in fact) else "en"
    result = judge_fact({"lang": language, "fact": {"text": fact}, "answer": answer})
    assert result.status == "contradicted"
    assert 0.3 < result.support < 1.0


def test_a_paraphrase_is_graded_above_an_unrelated_answer() -> None:
    fact = {"text": "Two people died in the crash."}
    close = judge_fact({"lang": "en", "fact": fact, "answer": "The crash caused two deaths."})
    far = judge_fact({"lang": "en", "fact": fact, "answer": "Traffic was diverted for hours."})
    assert close.status == "uncertain" and far.status == "missing"
    assert close.support > 0.6 > far.support


@pytest.mark.parametrize("case", FACT_CASES, ids=lambda case: case["id"])
def test_missing_only_when_the_graded_support_is_low(case: dict) -> None:
    result = fact_result(case["id"])
    if result.status == "missing":
        assert result.support < ADDRESSED, result.reason


@pytest.mark.parametrize("extra", [-40, 13])
@pytest.mark.parametrize("language", ["en", "zh"])
def test_coverage_over_the_answer_index_gives_the_same_floats(language: str, extra: int) -> None:
    """Coverage is counted over the answer's form index (a short answer: only the sentences
    stating a unit; from `LONG_ANSWER` sentences on, with NumPy): the same anywhere, best
    share, nearest sentence and unstated units as sentence by sentence (below), to the bit."""
    from evidence_eval.match.sentences import LONG_ANSWER, analyze_answer

    if language == "en":
        facts = [
            "Refund requests must be submitted within 30 days of delivery.",
            "Kevin Pietersen was sacked by England.",
        ]
        pool = [
            "Refunds are paid within 30 days.",
            "Pietersen was sacked.",
            "The shop opens at 9 am.",
            "Requests for a refund need a receipt.",
            "England named a new captain on Monday.",
        ]
    else:
        facts = ["维修申请须在十五个工作日内提交。", "业主大会决定使用维修资金。"]
        pool = [
            "维修申请须在十个工作日内提交。",
            "业主大会通过了决定。",
            "维修资金由业主共同所有。",
            "申请材料包括身份证明。",
            "工作日不包括法定节假日。",
        ]
    answer = analyze_answer(
        " ".join(pool[i % 5] if i % 7 else pool[(i * 3) % 5] for i in range(LONG_ANSWER + extra)),
        segmenter_for(language),
    )
    forms = answer_forms(answer)
    assert (len(forms) >= LONG_ANSWER) == (extra > 0)
    for fact in facts:
        units = units_of(fact, language)
        for leave_out in (frozenset(), frozenset({0}), frozenset({1, 2})):
            counted = coverage(units, forms, leave_out=leave_out, unstated_weight=0.5)
            per_sentence = coverage_sentence_by_sentence(units, list(forms), leave_out, unstated_weight=0.5)
            assert counted == per_sentence
            assert type(counted.anywhere) is float and type(counted.best) is float


def coverage_sentence_by_sentence(
    units: tuple[Unit, ...],
    sentences: list[frozenset[str]],
    leave_out: frozenset[int],
    unstated_weight: float,
) -> Coverage:
    """`coverage` by its definition: every unit's `stated_in` of every sentence, added left to right."""

    def added(terms):
        total = 0.0
        for term in terms:
            total += term
        return total

    total = sum(unit.weight for unit in units) + unstated_weight
    stated = [
        [0.0] * len(sentences)
        if leave_out.intersection(unit.tokens)
        else [unit.stated_in(f) for f in sentences]
        for unit in units
    ]
    anywhere = added(unit.weight * max(row) for unit, row in zip(units, stated)) / total
    per_sentence = [
        added(unit.weight * row[index] for unit, row in zip(units, stated)) / total
        for index in range(len(sentences))
    ]
    best = max(per_sentence)
    unstated = tuple(unit.written for unit, row in zip(units, stated) if not any(row))
    return Coverage(anywhere, best, per_sentence.index(best), unstated)
