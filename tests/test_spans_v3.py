"""The rules of `evidence-align.v3` as minimal pairs (the faithful copy supported, the changed
one refused with its reason). The second span probe (source `probe-2` in tests/cases/spans/)
runs with every other span case in tests/test_adversarial.py."""

from __future__ import annotations

import pytest

from evidence_eval.match.spans import NAME, find_spans, prepare_items
from evidence_eval.models import Document, Item, Snapshot, Span
from evidence_eval.text.normalize import normalize

NEWS = (
    "Harbor Foods reported a profit of $310 million for the quarter. "
    "Chief executive Maria Lopez said her team will open 40 new stores in Canada next year. "
    "The new distribution centre in Ohio was designed by Kessler Architects and opened in March. "
    "The firm will cut 500 jobs at its headquarters in Tampa as part of the restructuring."
)
LEASE_ZH = "第三条 乙方应于每月5日前向甲方支付当月租金人民币4500元。第六条 未经甲方书面同意，乙方不得将房屋转租给第三人。"


def _search(doc: str, quote: str, items: list[dict], language: str = "en"):
    start = doc.index(quote)
    span = Span(doc_id="d1", start=start, end=start + len(quote), quote=quote)
    snapshot = Snapshot([Document(doc_id="d1", version="1", text=doc)])
    stage = prepare_items(
        [Item(**{"doc_id": "d1", **item}) for item in items],
        snapshot,
        as_of=None,
        scope={},
        language=language,
    )
    return find_spans([span], stage, fuzzy_threshold=90)


def _verdict(doc: str, quote: str, text: str, language: str = "en", **item) -> tuple[str, str]:
    """("supported", route) or (the first rejection's reason, its detail)."""
    search = _search(doc, quote, [{"text": text, **item}], language)
    if 0 in search.matches:
        return "supported", search.matches[0].route
    rejections = [*search.rejected, *search.offset_conflicts]
    return (rejections[0].reason, rejections[0].detail) if rejections else ("missing", "")


def _changed(doc: str, quote: str, old: str, new: str) -> str:
    return doc.replace(quote, quote.replace(old, new, 1))


def test_the_matcher_is_v4():
    assert NAME == "evidence-align.v4"


# -- A: every word of a quote, stop words too, meets the same word (fuzzy route)

REFLOWED = NEWS.replace(" Chief executive", "\n\nChief  executive").replace("$310", "$ 310")


@pytest.mark.parametrize(
    ("quote", "old", "new", "said"),
    [
        ("Chief executive Maria Lopez said her team will open 40 new stores", " her ", " his ", "her"),
        ("was designed by Kessler Architects and opened in March", " by ", " for ", "by"),
        ("The firm will cut 500 jobs at its headquarters in Tampa", " will cut", " cut", "will"),
    ],
)
def test_a_stop_word_changed_or_dropped_is_refused(quote, old, new, said):
    # the faithful copy is reflowed (not exact): it goes through the fuzzy route
    assert _verdict(NEWS, quote, REFLOWED.replace("$ 310", "$310") + " x")[0] == "supported"
    reason, detail = _verdict(NEWS, quote, _changed(NEWS, quote, old, new) + " x")
    assert reason == "conflict" and repr(said) in detail


def test_an_article_may_differ_and_a_possessive_may_stand_as_an_article():
    quote = "Chief executive Maria Lopez said her team will open 40 new stores in Canada next year."
    assert _verdict(NEWS, quote, _changed(NEWS, quote, "her team", "the team"))[0] == "supported"
    assert _verdict(NEWS, quote, _changed(NEWS, quote, "40 new", "40 the new"))[0] == "supported"
    assert _verdict(NEWS, quote, _changed(NEWS, quote, "her team", "his team"))[0] == "conflict"


def test_zh_function_characters_are_words_of_the_quote():
    quote = "第三条 乙方应于每月5日前向甲方支付当月租金人民币4500元。"
    assert _verdict(LEASE_ZH, quote, LEASE_ZH.replace("4500", "4,500"), "zh")[0] == "supported"
    reason, detail = _verdict(LEASE_ZH, quote, _changed(LEASE_ZH, quote, "向", "由"), "zh")
    assert reason == "conflict" and "'向'" in detail


# -- B: a word inserted inside the quote is refused like a changed one


@pytest.mark.parametrize(
    ("doc", "quote", "old", "new", "added", "language"),
    [
        (NEWS, "The new distribution centre in Ohio", "new distribution", "new regional distribution",
         "regional", "en"),
        (LEASE_ZH, "乙方不得将房屋转租给第三人", "房屋转租", "房屋整体转租", "整", "zh"),
    ],
)  # fmt: skip
def test_an_inserted_word_is_refused(doc, quote, old, new, added, language):
    reason, detail = _verdict(doc, quote, _changed(doc, quote, old, new), language)
    assert reason == "conflict" and detail.startswith("adds") and added in detail


def test_the_perfects_auxiliary_is_free_but_a_modal_is_not():
    doc = "This acquisition expanded the business scope of the company and its market reach."
    quote = doc[:-1]
    assert _verdict(doc, quote, doc.replace("acquisition expanded", "acquisition has expanded"))[0] == (
        "supported"
    )
    assert _verdict(doc, quote, doc.replace("acquisition expanded", "acquisition will expand"))[0] == (
        "conflict"
    )


# -- C: what the item puts around the match, on every route


@pytest.mark.parametrize(
    ("frame", "language"),
    [
        ("It is not true that the {}", "en"),
        ("Reports that the {} are false.", "en"),
        ("并没有说{}", "zh"),
        ("关于{}的传言不实。", "zh"),
    ],
)
def test_a_negation_or_hedge_around_the_match_is_refused(frame, language):
    if language == "en":
        doc, quote = NEWS, "firm will cut 500 jobs at its headquarters in Tampa"
    else:
        doc, quote = "公告：公司将在华东地区新开40家门店。", "公司将在华东地区新开40家门店"
    assert _verdict(doc, quote, doc, language)[0] == "supported"
    reason, detail = _verdict(doc, quote, frame.format(quote), language)
    assert reason == "conflict" and "frames it" in detail


def test_a_frame_the_document_has_itself_is_faithful():
    doc = "It is not true that the firm will cut 500 jobs, a spokesman said."
    quote = "the firm will cut 500 jobs"
    assert _verdict(doc, quote, doc) == ("supported", "exact")


def test_an_unmatched_stop_word_at_the_edge_is_a_cut():
    doc = "Incident report. Everyone in the building was evacuated before the brigade arrived."
    quote = "Everyone in the building was evacuated before the brigade arrived."
    assert _verdict(doc, quote, doc.replace("Everyone", "No one"))[0] != "supported"


def test_a_word_run_into_a_sentence_the_quote_opens_is_refused():
    doc = "House rules. Smoking is prohibited inside the building."
    quote = "Smoking is prohibited inside the building."
    assert _verdict(doc, quote, doc)[0] == "supported"
    reason, detail = _verdict(doc, quote, doc.replace("Smoking", "Cigar smoking"))
    assert reason == "conflict" and "'cigar'" in detail


def test_a_split_quote_framed_by_its_first_item_is_refused():
    doc = "Reports say the firm will cut 500 jobs at its headquarters in Tampa."
    quote = "firm will cut 500 jobs at its headquarters in Tampa."
    halves = [
        {"text": "It is not true that the firm will cut 500"},
        {"text": " jobs at its headquarters in Tampa."},
    ]
    faithful = [
        {"text": "Reports say the firm will cut 500"},
        {"text": " jobs at its headquarters in Tampa."},
    ]
    assert _search(doc, quote, faithful).matches[0].route == "split"
    search = _search(doc, quote, halves)
    assert 0 not in search.matches and any("frames it" in r.detail for r in search.rejected)


# -- D: the offset route checks boundaries and negations as the exact route does


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("The booking fee is not refundable within 14 days of payment.", "token_boundary"),
        ("The booking fee is nonrefundable within 14 days of payment.", "token_boundary"),
    ],
)
def test_offsets_over_a_negated_or_cut_word_are_refused(text, reason):
    doc = "Booking terms, as agreed. The booking fee is refundable within 14 days of payment."
    quote = "refundable within 14 days of payment"
    at = text.index(quote)
    start = doc.index(quote) - at
    item = {"start": start, "end": start + len(text)}
    assert _verdict(doc, quote, doc, start=0, end=len(doc)) == ("supported", "offset")
    assert _verdict(doc, quote, text, **item)[0] == reason


# -- E: degree survives the lemma on the span route


@pytest.mark.parametrize(("old", "new"), [("best", "better"), ("worst", "worse"), ("worst", "wrong")])
def test_comparatives_and_superlatives_keep_their_own_word(old, new):
    doc = f"The tablets gave the {old} result for dental pain in the trial of 2019 overall."
    quote = doc[:-1]
    assert _verdict(doc, quote, doc.replace("pain in", "pain\nin") + " x")[0] == "supported"
    reason, detail = _verdict(doc, quote, doc.replace(old, new))
    assert reason == "conflict" and repr(old) in detail


# -- false negatives fixed: list markup, a thousands separator on the last value


def test_a_list_marker_at_the_start_of_a_line_is_markup():
    assert normalize("tablets\n- every four hours").text == "tablets every four hours"
    assert normalize("Rules:\n* no pets\n• no smoking").text == "rules:no pets no smoking"
    # a clause's number is a word of it; a dash before a number may be a sign
    assert normalize("terms.\n2. The rent").text == "terms.2.the rent"
    assert normalize("a\n- 5 degrees").text == "a-5 degrees"


def test_a_markdown_list_of_the_quote_is_supported():
    doc = "Adults and children over 12 years: take one or two tablets every four to six hours as required."
    item = "Adults and children over 12 years:\n- take one or two tablets\n- every four to six hours as required."
    assert _verdict(doc, doc, item)[0] == "supported"


def test_a_thousands_separator_on_the_last_value_is_the_same_value():
    quote = "第三条 乙方应于每月5日前向甲方支付当月租金人民币4500元。"
    assert _verdict(LEASE_ZH, quote, "**第三条** 乙方应于每月5日前向甲方支付当月租金人民币4,500元。", "zh")[
        0
    ] == ("supported")
    reason, _ = _verdict(LEASE_ZH, quote, "第三条 乙方应于每月5日前向甲方支付当月租金人民币4,5", "zh")
    assert reason != "supported"
