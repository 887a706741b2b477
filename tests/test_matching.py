"""Adversarial cases for the span matcher and the answer-fact matcher."""

from __future__ import annotations

import datetime as dt

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from evidence_eval.coverage.subquestions import answer_result, stage_evidence
from evidence_eval.match.facts import analyze_answer, match_fact
from evidence_eval.match.spans import find_spans, prepare_items
from evidence_eval.models import AnswerFact, Document, Item, Snapshot, Span, SubQuestion
from evidence_eval.models.options import MatchOptions
from evidence_eval.text.segment import segmenter_for

DEADLINE = "管理机构应当自受理申请之日起十五个工作日内作出审核决定。需要现场查勘的，查勘时间不计入办理时限。"
QUOTE = "自受理申请之日起十五个工作日内作出审核决定"
OPTIONS = MatchOptions()


def doc_span(text=DEADLINE, quote=QUOTE, doc_id="deadline"):
    start = text.index(quote)
    return Span(doc_id=doc_id, start=start, end=start + len(quote), quote=quote)


def snapshot(**docs):
    return Snapshot(
        [
            Document(doc_id=k, version="1", **({"text": v} if isinstance(v, str) else v))
            for k, v in docs.items()
        ]
    )


def search(items, spans=None, snap=None, as_of=None, scope=None):
    prepared = prepare_items([Item(**i) for i in items], snap, as_of=as_of, scope=scope or {}, language="zh")
    return find_spans(spans or [doc_span()], prepared, fuzzy_threshold=90)


def test_exact_match_reports_offsets_in_the_item_text():
    item_text = "前文。" + DEADLINE
    result = search([{"text": item_text}])
    match = result.matches[0]
    piece = match.pieces[0]
    assert match.route == "exact" and item_text[piece.start : piece.end] == QUOTE


def test_reformatted_context_line_breaks_and_full_width_digits():
    text = "管理机构应当自受理申请之日起\n１５个工作日内\n作出审核决定。"
    span = doc_span(
        quote="自受理申请之日起15个工作日内作出审核决定",
        text="应当自受理申请之日起15个工作日内作出审核决定。",
    )
    result = search([{"text": text}], [span])
    match = result.matches[0]
    assert match.route == "exact"
    piece = match.pieces[0]
    assert text[piece.start : piece.end] == "自受理申请之日起\n１５个工作日内\n作出审核决定"


TRADITIONAL_DEADLINE = (
    "管理機構應當自受理申請之日起十五個工作日內作出審核決定。需要現場查勘的，查勘時間不計入辦理時限。"
)
TRADITIONAL_QUOTE = "自受理申請之日起十五個工作日內作出審核決定"


@pytest.mark.parametrize(
    ("document", "quote", "item_text", "held"),
    [
        (DEADLINE, QUOTE, "前文。" + TRADITIONAL_DEADLINE, TRADITIONAL_QUOTE),
        (TRADITIONAL_DEADLINE, TRADITIONAL_QUOTE, "前文。" + DEADLINE, QUOTE),
    ],
    ids=["traditional_item", "traditional_quote"],
)
def test_quote_in_one_script_matches_the_item_in_the_other_exactly(document, quote, item_text, held):
    result = search([{"text": item_text}], [doc_span(text=document, quote=quote)])
    match = result.matches[0]
    piece = match.pieces[0]
    assert match.route == "exact" and item_text[piece.start : piece.end] == held


def test_span_cut_midway_by_truncation_is_missing():
    cut = DEADLINE[: DEADLINE.index("工作日")]
    assert search([{"text": cut}]).matches == {}


def test_span_split_across_two_adjacent_chunks_of_one_document():
    middle = DEADLINE.index("工作日")
    items = [
        {"doc_id": "deadline", "text": DEADLINE[:middle]},
        {"doc_id": "deadline", "text": DEADLINE[middle:]},
    ]
    match = search(items).matches[0]
    assert match.route == "split" and [p.item for p in match.pieces] == [0, 1]
    assert "".join(items[p.item]["text"][p.start : p.end] for p in match.pieces) == QUOTE


def test_halves_from_different_documents_do_not_join():
    middle = DEADLINE.index("工作日")
    items = [{"doc_id": "a", "text": DEADLINE[:middle]}, {"doc_id": "b", "text": DEADLINE[middle:]}]
    assert search(items).matches == {}


def test_offsets_that_claim_the_span_but_text_that_does_not_hold_it():
    span = doc_span()
    truncated = DEADLINE[:20]
    items = [{"doc_id": "deadline", "start": 0, "end": len(DEADLINE), "text": truncated}]
    result = search(items, [span])
    assert result.matches == {}
    assert result.offset_conflicts and result.offset_conflicts[0].reason == "offset_conflict"


def test_id_only_items_are_resolved_through_the_snapshot():
    snap = snapshot(deadline=DEADLINE)
    match = search([{"doc_id": "deadline"}], snap=snap).matches[0]
    assert match.route == "id" and match.text_source == "snapshot"


def test_fuzzy_match_never_accepts_a_different_number():
    near = "管理机构应当自受理申请之日起十个工作日内作出审核决定。"
    assert search([{"text": near}]).matches == {}


def test_fuzzy_match_accepts_a_small_rewording():
    reworded = "管理机构应当自受理申请之日起十五个工作日以内作出审核决定。"
    match = search([{"text": reworded, "doc_id": "deadline"}]).matches[0]
    assert match.route == "fuzzy" and 90 <= match.score <= 100


def test_fuzzy_match_of_an_item_without_doc_id_needs_its_source_confirmed():
    reworded = "管理机构应当自受理申请之日起十五个工作日以内作出审核决定。"
    result = search([{"text": reworded}])  # no snapshot: nothing can confirm whose text it is
    assert result.matches == {} and result.rejected[0].reason == "ambiguous_source"
    confirmed = search([{"text": reworded}], snap=snapshot(deadline=DEADLINE))
    assert confirmed.matches[0].route == "fuzzy"


def test_stale_and_out_of_scope_documents_do_not_support():
    snap = snapshot(
        old={"text": DEADLINE, "valid_to": dt.date(2023, 12, 31)},
        beijing={"text": DEADLINE, "scope": {"region": "北京"}},
    )
    stale = search([{"doc_id": "old", "text": DEADLINE}], snap=snap, as_of=dt.date(2024, 6, 1))
    assert stale.matches == {} and stale.rejected[0].reason == "stale"
    other = search([{"doc_id": "beijing", "text": DEADLINE}], snap=snap, scope={"region": "上海"})
    assert other.matches == {} and other.rejected[0].reason == "out_of_scope"


def test_three_chunks_of_the_same_document_support_only_its_own_sub_question():
    materials = "申请须提交申请书。申请须提交预算书。申请须提交身份证明。"
    chunks = [{"doc_id": "m", "text": part + "。"} for part in materials.split("。") if part]
    sub_materials = SubQuestion(
        id="m", kind="materials", text="", evidence=[[doc_span(materials, "申请须提交预算书", "m")]]
    )
    sub_deadline = SubQuestion(id="d", kind="deadline", text="", evidence=[[doc_span()]])
    prepared = prepare_items([Item(**c) for c in chunks], None, as_of=None, scope={})
    assert stage_evidence(sub_materials, prepared, OPTIONS).status == "supported"
    assert stage_evidence(sub_deadline, prepared, OPTIONS).status == "missing"


def test_partial_when_some_spans_of_the_best_alternative_are_present():
    second = "查勘时间不计入办理时限"
    sub = SubQuestion(id="d", kind="deadline", text="", evidence=[[doc_span(), doc_span(quote=second)]])
    prepared = prepare_items([Item(text=DEADLINE[:30])], None, as_of=None, scope={})
    evidence = stage_evidence(sub, prepared, OPTIONS)
    assert evidence.status == "partial" or evidence.status == "missing"
    prepared = prepare_items([Item(text=QUOTE)], None, as_of=None, scope={})
    evidence = stage_evidence(sub, prepared, OPTIONS)
    assert (evidence.status, evidence.spans_found, evidence.spans_needed) == ("partial", 1, 2)


@settings(max_examples=60, deadline=None)
@given(st.text(max_size=40), st.text(max_size=40))
def test_a_quote_inserted_verbatim_is_always_found(prefix, suffix):
    """Unless what comes right before it negates it ("NO" + the quote is refused, rightly), or
    the text frames it in its clause segment (a negation or hedge around it: "… FALSE")."""
    from evidence_eval.match.align import negated_before
    from evidence_eval.match.spans import framing
    from evidence_eval.text.normalize import normalize

    assume(not negated_before(normalize(prefix + QUOTE).text, len(normalize(prefix).text), "zh"))
    whole, before = normalize(prefix + QUOTE + suffix).text, normalize(prefix).text
    at = whole.find(normalize(QUOTE).text, max(0, len(before) - 1))
    assume(at < 0 or not framing(whole, at, at + len(normalize(QUOTE).text), "zh"))
    text = prefix + QUOTE + suffix
    result = search([{"text": text}])
    piece = result.matches[0].pieces[0]
    assert result.matches[0].score == 100.0
    from evidence_eval.text.normalize import normalize

    assert normalize(text[piece.start : piece.end]).text == normalize(QUOTE).text


@settings(max_examples=30, deadline=None)
@given(st.permutations(range(4)))
def test_statuses_do_not_depend_on_item_order(order):
    texts = ["无关内容。", DEADLINE, "停车收费标准。", "其他。"]
    items = [{"text": texts[i]} for i in order]
    assert set(search(items).matches) == {0}


# --- answer facts ----------------------------------------------------------------------

ZH = segmenter_for("zh")
EN = segmenter_for("en")


def fact_status(answer, fact, segmenter):
    return match_fact(fact, analyze_answer(answer, segmenter), segmenter, lower=70, upper=90)


FIFTEEN = AnswerFact(
    id="f", text="15个工作日内作出审核决定", value={"type": "duration", "amount": 15, "unit": "workday"}
)


@pytest.mark.parametrize(
    ("answer", "status"),
    [
        ("管理机构在十五个工作日内作出审核决定。", "found"),
        ("管理机构在１５个工作日内作出审核决定。", "found"),
        ("管理机构在十个工作日内作出审核决定。", "contradicted"),
        ("管理机构在15天内作出审核决定。", "contradicted"),
        # the rest of the fact is there, only its deadline is not: addressed, for a person to read
        ("管理机构会尽快作出审核决定。", "uncertain"),
        ("请携带身份证。", "missing"),
    ],
)
def test_deadline_value_in_chinese(answer, status):
    result = fact_status(answer, FIFTEEN, ZH)
    assert result.status == status
    if status == "uncertain":
        assert "value not stated" in (result.reason or "") and "15个工作日" in (result.reason or "")


def test_a_traditional_answer_states_the_simplified_fact():
    fact = AnswerFact(id="t", text="维修资金使用申请书须于十五个工作日内提交")
    answer = "業主委員會說明：維修資金使用申請書須於十五個工作日內提交。"
    result = fact_status(answer, fact, ZH)
    assert result.status == "found"
    assert answer[result.start : result.end] == "維修資金使用申請書須於十五個工作日內提交"
    assert fact_status("管理機構在十個工作日內作出審核決定。", FIFTEEN, ZH).status == "contradicted"


def test_contradiction_says_what_was_stated():
    result = fact_status("管理机构在十个工作日内作出审核决定。", FIFTEEN, ZH)
    assert "十个工作日" in result.reason


@pytest.mark.parametrize(
    ("answer", "status"),
    [
        ("Damage from misuse is not covered.", "found"),
        # The items of a list between the subject and its negated predicate are no edit.
        ("Damage from misuse, accidents or liquid isn't covered.", "found"),
        ("Damage from misuse, accidents or liquid is covered.", "contradicted"),
        ("Damage from misuse is covered.", "contradicted"),
    ],
)
def test_flipped_polarity_in_english(answer, status):
    fact = AnswerFact(id="m", text="damage from misuse is not covered", polarity="negated")
    assert fact_status(answer, fact, EN).status == status


@pytest.mark.parametrize(
    ("answer", "status"),
    [
        ("施工期间的申请不予受理。", "found"),
        ("施工期间的申请予以受理。", "contradicted"),
    ],
)
def test_flipped_polarity_in_chinese(answer, status):
    fact = AnswerFact(id="x", text="施工期间的申请不予受理", polarity="negated")
    assert fact_status(answer, fact, ZH).status == status


def test_a_neighbouring_negation_does_not_flip_an_affirmed_fact():
    answer = "自受理之日起15个工作日内作出审核决定，需要现场查勘的，查勘时间不计入办理时限。"
    assert fact_status(answer, FIFTEEN, ZH).status == "found"


def test_english_number_words_and_business_days():
    fact = AnswerFact(
        id="t",
        text="a decision within 15 business days",
        value={"type": "duration", "amount": 15, "unit": "workday"},
    )
    assert fact_status("You get a decision within fifteen working days.", fact, EN).status == "found"
    assert fact_status("You get a decision within ten working days.", fact, EN).status == "contradicted"


def test_inflection_receipts_matches_receipt():
    fact = AnswerFact(id="r", text="original receipt")
    result = fact_status("Keep the original receipts and send them.", fact, EN)
    assert result.status == "found"


def test_fact_offsets_point_into_the_answer():
    answer = "材料如下。管理机构在十五个工作日内作出审核决定。"
    result = fact_status(answer, FIFTEEN, ZH)
    assert answer[result.start : result.end].endswith("作出审核决定")


def test_uncertain_when_reworded_beyond_the_budget_is_never_supported():
    fact = AnswerFact(id="u", text="保修期内的维修项目不予受理", polarity="negated")
    answer = "维修项目尚在保修期内的，不予受理。"
    sentences = analyze_answer(answer, ZH)
    result = match_fact(fact, sentences, ZH, lower=70, upper=90)
    assert result.status == "uncertain" and "another order" in result.reason
    sub = SubQuestion(id="s", kind="exclusion", text="", evidence=[], answer_facts=[fact])
    assert answer_result(sub, sentences, answer, ZH, OPTIONS).status == "uncertain"


def test_answer_mode_at_least():
    facts = [AnswerFact(id=str(i), text=t) for i, t in enumerate(["申请书", "预算书", "身份证明"])]
    sub = SubQuestion(id="s", kind="materials", text="", answer_facts=facts, answer_mode={"at_least": 2})
    sentences = analyze_answer("请提交申请书和预算书。", ZH)
    result = answer_result(sub, sentences, "请提交申请书和预算书。", ZH, OPTIONS)
    assert (result.status, result.found, result.needed) == ("supported", 2, 2)
    sub_all = sub.model_copy(update={"answer_mode": "all"})
    assert answer_result(sub_all, sentences, "", ZH, OPTIONS).status == "partial"


_ITEMS = st.lists(
    st.tuples(st.sampled_from(["d1", "d2", None]), st.sampled_from(["x y", None])).filter(
        lambda pair: pair != (None, None)
    ),
    max_size=12,
)


@settings(max_examples=200)
@given(_ITEMS)
def test_prepared_stage_keeps_the_items_with_text_in_order(pairs):
    items = [Item(doc_id=doc, text=text) for doc, text in pairs]
    stage = prepare_items(items, None, as_of=None, scope={})
    assert [item.index for item in stage.with_text] == [i for i, (_, text) in enumerate(pairs) if text]


# --- found by a review of matcher v2: each once came out supported -----------------------


@pytest.mark.parametrize(
    ("fact", "answer"),
    [
        # a word that merely starts like a negating prefix is no negation
        ("The company did not close the deal in 2020.", "The company did disclose the deal in 2020."),
        ("The patient was not discharged on Monday.", "The patient was charged on Monday."),
        # a negation inside a condition does not cancel the predicate's
        (
            "Employees may work remotely.",
            "Employees cannot work remotely if they have not completed the training.",
        ),
        # an old value, marked as such before the match
        (
            "The deadline is 15 days.",
            "Originally, the deadline was 15 days; the current deadline is 10 days.",
        ),
        # integers keep every digit
        ("Call the hotline 4001234567 for help.", "Call the hotline 4001234568 for help."),
        # one letter apart is another word, not a typo
        (
            "Patients with hypertension should take this medication daily with water.",
            "Patients with hypotension should take this medication daily with water.",
        ),
    ],
)
def test_review_findings_are_never_supported(fact, answer):
    assert fact_status(answer, AnswerFact(id="r", text=fact), EN).status != "found"


def test_chinese_magnitudes_read_the_chinese_way():
    assert (
        fact_status("公司注册资本为3.5亿元。", AnswerFact(id="c", text="注册资本为三亿五千万元"), ZH).status
        == "found"
    )


def test_a_split_after_a_negation_does_not_support():
    quote = "refundable within 30 days of purchase"
    doc = "The deposit is " + quote + "."
    span = Span(doc_id="d", start=doc.index(quote), end=doc.index(quote) + len(quote), quote=quote)
    items = [
        {"doc_id": "d", "text": "The deposit is not refundable within 30"},
        {"doc_id": "d", "text": " days of purchase."},
    ]
    prepared = prepare_items([Item(**i) for i in items], None, as_of=None, scope={}, language="en")
    assert find_spans([span], prepared, fuzzy_threshold=90).matches == {}


@settings(max_examples=50, deadline=None)
@given(st.text(alphabet="第一二三十百千万亿兆〇零两", min_size=1, max_size=300))
def test_any_run_of_chinese_numerals_reads_without_error(text):
    from evidence_eval.text.values import find_values

    find_values(text)


@settings(max_examples=80, deadline=None)
@given(
    st.lists(
        st.sampled_from(list("维修资金申请材料不予受理十五个工作日内查勘时间不计入")), min_size=1, max_size=12
    ),
    st.lists(
        st.lists(
            st.sampled_from(list("维修资金申请材料不予受理十五个工作日内查勘时间不计入办理")),
            min_size=1,
            max_size=40,
        ),
        min_size=2,
        max_size=5,
    ),
)
def test_aligning_several_texts_at_once_gives_each_texts_alignment(claim_chars, texts_chars):
    """`align_many` pads the texts into one NumPy pass: every alignment must equal `align`'s."""
    from evidence_eval.match.align import align, align_many
    from evidence_eval.text.tokens import tokenize

    claim = tokenize("".join(claim_chars), "zh")
    texts = [tokenize("".join(chars), "zh") for chars in texts_chars]
    assume(claim and all(texts))
    assert align_many(claim, texts) == [align(claim, text) for text in texts]


@pytest.mark.parametrize(
    ("lang", "answer", "status"),
    [
        # The pronoun opens its sentence and the fact's name opens the one before: its antecedent.
        ("en", "Publix is a supermarket chain. It was founded in 1930 by George Jenkins.", "found"),
        # Another subject opens the sentence before: "It" is Kroger.
        ("en", "Kroger competes with Publix. It was founded in 1930.", "uncertain"),
        ("en", "Publix is a chain. Its rival was founded in 1930.", "uncertain"),  # addressed, not stated
        ("en", "Publix is a chain. It was not founded in 1930.", "contradicted"),
    ],
)
def test_a_pronoun_stands_for_the_name_that_opens_the_sentence_before(lang, answer, status):
    from evidence_eval.match.probe import judge_fact

    result = judge_fact({"lang": lang, "fact": {"text": "Publix was founded in 1930."}, "answer": answer})
    assert result.status == status, result.reason
    if status == "found":
        assert "pronoun 'It'" in (result.reason or "") and result.start is not None


@pytest.mark.parametrize(
    ("answer", "status"),
    [
        ("华为成立于1987年。其创始人为任正非。", "found"),
        ("华为成立于1987年。与其同年成立的公司的创始人为任正非。", "uncertain"),  # addressed, not stated
    ],
)
def test_qi_stands_for_the_name_that_opens_the_sentence_before(answer, status):
    from evidence_eval.match.probe import judge_fact

    assert (
        judge_fact({"lang": "zh", "fact": {"text": "华为的创始人是任正非"}, "answer": answer}).status
        == status
    )


@pytest.mark.parametrize(
    ("fact", "answer", "status"),
    [
        (
            "Publix was founded in 1930.",
            "Founded in 1930 by George W. Jenkins, Publix is a private company.",
            "found",
        ),
        (
            "Publix was founded by George W. Jenkins.",
            "Founded in 1930 by George W. Jenkins, Publix is private.",
            "found",
        ),
        ("Publix was founded in 1931.", "Founded in 1930, Publix is a supermarket chain.", "contradicted"),
        # The phrase is said of the main clause's subject, not of a name later in it.
        ("Publix was founded in 1930.", "Founded in 1930, Kroger competes with Publix.", "uncertain"),
    ],
)
def test_a_fronted_participle_is_said_of_the_subject_after_it(fact, answer, status):
    from evidence_eval.match.probe import judge_fact

    assert judge_fact({"lang": "en", "fact": {"text": fact}, "answer": answer}).status == status


@pytest.mark.parametrize(
    ("lang", "fact", "answer"),
    [
        ("en", "Publix's founder was George Jenkins.", "Publix's founder was the son of George Jenkins."),
        ("en", "The drug was approved by the FDA.", "The drug was approved by the FDA's advisory panel."),
        ("zh", "华为的创始人是任正非", "华为的创始人是任正非之子。"),
        ("zh", "华为的创始人是任正非", "华为的创始人是任正非的儿子。"),
    ],
)
def test_something_of_the_facts_name_is_not_the_name(lang, fact, answer):
    from evidence_eval.match.probe import judge_fact

    result = judge_fact({"lang": lang, "fact": {"text": fact}, "answer": answer})
    # v4: the answer addresses the fact, so whether it is the same one is for a person
    assert result.status in ("missing", "uncertain") and "name" in (result.reason or ""), result.reason


@pytest.mark.parametrize(
    ("lang", "fact", "answer", "status"),
    [
        ("en", "Publix was founded in 1930.", "Publix was founded in 1930. That is false.", "contradicted"),
        ("en", "Publix was founded in 1930.", "Publix was founded in 1930. It was not.", "contradicted"),
        ("en", "Publix was founded in 1930.", "Publix was founded in 1930. That is when it opened.", "found"),
        ("zh", "华为成立于1987年", "华为成立于1987年。这一说法不对。", "contradicted"),
    ],
)
def test_a_sentence_that_only_denies_the_one_before_contradicts_it(lang, fact, answer, status):
    from evidence_eval.match.probe import judge_fact

    assert judge_fact({"lang": lang, "fact": {"text": fact}, "answer": answer}).status == status


@pytest.mark.parametrize(
    ("lang", "fact", "answer"),
    [
        # Found in review of v3: each was `found` before its rule was narrowed.
        ("zh", "顾客无需退货", "顾客可以免费退货。"),  # 可以免费 is no refusal
        ("en", "Publix was founded in 1930.", "If Publix is the oldest chain, it was founded in 1930."),
        ("zh", "公司成立于1930年", "如果公司是最老的，它成立于1930年。"),
        ("en", "Marie Curie was born in 1859.", "Marie Curie married a physicist. He was born in 1859."),
        (
            "en",
            "Publix was founded in 1883.",
            "Publix bought a small regional grocery chain. It was founded in 1883.",
        ),
        ("zh", "腾讯成立于1998年", "腾讯收购了一家公司。其成立于1998年。"),
        (
            "en",
            "Publix was founded in 1930.",
            "Publix is a chain. It was founded in 1930. Publix is big. It was actually founded in 1925.",
        ),
        (
            "en",
            "Publix was founded in 1930 by George Jenkins.",
            "Misreported as founded in 1930 by George Jenkins, Publix actually dates from 1925.",
        ),
        (
            "en",
            "The population was 5 million in 2020.",
            "The population was 5 million (2010) and 8 million (2020).",
        ),
        ("zh", "苏州的GDP为2.4万亿元", "苏州工业园区的GDP为2.4万亿元。"),
    ],
)
def test_v3_readings_never_support_what_the_answer_does_not_say(lang, fact, answer):
    from evidence_eval.match.probe import judge_fact

    assert judge_fact({"lang": lang, "fact": {"text": fact}, "answer": answer}).status != "found"
