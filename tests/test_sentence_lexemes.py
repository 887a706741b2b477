"""English sentences come from `spacy.blank("en")` with the sentencizer whose vocabulary
computes only `is_punct` for a new word (`segment._only_punctuation_read`): the definition is
the same pipeline with every attribute getter spaCy gives it. Both must give the same tokens
(offset and text), the same `is_punct` and the same sentence starts on every text tried here."""

from __future__ import annotations

import json
from collections.abc import Iterable
from pathlib import Path

import pytest
from conftest import EN, SHARED_DATA
from hypothesis import given, settings
from hypothesis import strategies as st

from evidence_eval.testing.score_inputs import build
from evidence_eval.testing.strings import strings_of
from evidence_eval.text.normalize import normalize_cached
from evidence_eval.text.segment import _pipeline, _spaced_for_spacy

# What is compared of each token: its offset, its text (the hash both vocabularies give it),
# `is_punct` and whether it starts a sentence, as `Doc.to_array` reads them (no Token objects).
_READ = ["IDX", "ORTH", "IS_PUNCT", "SENT_START"]

MUSIQUE = SHARED_DATA / "musique" / "qa_train.json"

# Real-shaped English (MuSiQue's paragraphs and answers, as the realistic bench uses them).
REAL_SHAPED = [
    "The Journal of Mathematical Physics is a peer-reviewed journal published monthly by the "
    "American Institute of Physics. The journal was first published bimonthly beginning in "
    "January 1960; it became a monthly publication in 1963. Its 2018 Impact Factor is 1.355",
    "Person - centered therapy, also known as client - centered therapy, is a form of "
    "psychotherapy developed by Carl Rogers beginning in the 1940s. It seeks to facilitate a "
    "client's self - actualizing tendency, ``an inbuilt proclivity toward growth '', via acceptance.",
    "The Hernando County Courthouse, built in 1913, is an historic courthouse located in "
    "Brooksville, Florida, It was designed by Atlanta-based architect William A. Edwards.",
    "Between March 2016 and March 2017 he was President of the Senate of Chile.",
    "U.S. Route 1 (US 1) runs from Key West, Fla. to Fort Kent, Me.; it's ~2,369 mi. long!",
    'Dr. Smith (b. 1950) said: "No." Then?? He left... at 5 p.m. e.g. Mon.-Fri.',
    "Answer:\n1. The band formed in 1990.\n2. Their album sold 3.5 million copies!\n\nSee www.example.com.",
    "«Quoted» — dashes – and ellipses… also: 10% of $1.5bn (approx.) vs. 12.5%?!",
    "it's the city's mayor's office; wasn't it? yes. ok",
    "   leading spaces.  Two spaces.\tA tab. End  ",
]


def _texts(path: Path) -> set[str]:
    text = path.read_text(encoding="utf-8")
    try:
        documents = [json.loads(text)]
    except json.JSONDecodeError:
        documents = [json.loads(line) for line in text.splitlines() if line.strip()]
    return _with_normalised(string for document in documents for string in strings_of(document))


def _with_normalised(strings: Iterable[str]) -> set[str]:
    """The strings, and each as the matcher normalises it (the text the segmenter is given)."""
    found = set(strings)
    return found | {normalize_cached(string).text for string in found}


@pytest.fixture(scope="module")
def every_getter():
    """The definition: spaCy's blank English pipeline with the sentencizer, as spaCy makes it."""
    import spacy

    nlp = spacy.blank("en")
    nlp.add_pipe("sentencizer")
    return nlp


def _read(nlp, text: str) -> list[list[int]]:
    return nlp(_spaced_for_spacy(text)).to_array(_READ).tolist()


def _assert_same(every_getter, texts: set[str] | list[str]) -> None:
    ours = _pipeline("en")
    different = [text for text in sorted(texts) if _read(ours, text) != _read(every_getter, text)]
    assert not different, different[:3]


def test_the_pipeline_computes_only_punctuation():
    from spacy.attrs import IS_PUNCT

    assert list(_pipeline("en").vocab.lex_attr_getters) == [IS_PUNCT]


def test_real_shaped_and_bundled_english_read_alike(every_getter, tmp_path):
    build(tmp_path, 20, zh=False, seed=11)
    texts = set(REAL_SHAPED).union(*(_texts(path) for path in [*EN.iterdir(), *tmp_path.rglob("*.json*")]))
    assert sum(map(len, texts)) > 50_000
    _assert_same(every_getter, texts)


@pytest.mark.skipif(not MUSIQUE.exists(), reason="shared MuSiQue data not present")
def test_real_english_paragraphs_read_alike(every_getter):
    """Every fourth MuSiQue question with its 20 paragraphs and answers (465 of the 1.8 million
    characters): the words of real paragraphs (names, numbers, quotes, dashes, abbreviations)
    recur across questions (an en dash taken as no punctuation changes 28 of these texts), and
    the random texts below reach the rarer forms."""
    records = json.loads(MUSIQUE.read_text(encoding="utf-8"))[::4]
    texts = {text for text in _with_normalised(strings_of(records)) if len(text) > 20}
    assert sum(map(len, texts)) > 400_000
    _assert_same(every_getter, texts)


_PIECES = st.sampled_from(
    [
        *"word Word U.S. Dr. e.g. 1.5 3 's n't can't ... … . ! ? ; : , ( ) `` '' - – — % $ € # @".split(),
        *'" www.x.com a@b.org 。 ！ ？ ¿ ¡ « » 🙂 \u00a0'.split(" "),
    ]
)
_GAPS = st.sampled_from(["", " ", "  ", "\n", "\n\n", "\t", " \n "])


@settings(max_examples=300, deadline=None)
@given(st.lists(st.tuples(_PIECES, _GAPS), max_size=30))
def test_random_english_reads_alike(every_getter, pieces):
    _assert_same(every_getter, ["".join(piece + gap for piece, gap in pieces)])
