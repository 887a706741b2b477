"""English sentences without spaCy (`text.english_sentences`) are spaCy's: the spans of
`spacy.blank("en")` with the sentencizer (`segment.spacy_sentence_spans`, the path kept for
other languages) on every English text of the shared data and the annotation examples, and on
texts drawn from punctuation, emoticons, abbreviations of spaCy's exceptions, URLs and odd
whitespace; the tokens too, where the port gives them. The rules are kept in the temp folder:
a missing, damaged or foreign file is read from spaCy again. (`bench/english_sentences.py`
checks the benchmark inputs too.)"""

from __future__ import annotations

import importlib.util
import marshal
import subprocess
import sys

import pytest
from conftest import ROOT, SHARED_DATA
from drawn import HARD, Letters, joined_pieces
from hypothesis import HealthCheck, given, settings

from evidence_eval.text import english_sentences as port
from evidence_eval.text import segment
from evidence_eval.text.segment import _pipeline, _spaced_for_spacy, english_sentences, spacy_sentence_spans


@pytest.fixture(scope="module")
def nlp():
    return _pipeline("en")


@pytest.fixture(scope="module")
def sentences():
    found = english_sentences()
    assert found is not None, "spaCy's English tokenizer is one the port mirrors"
    return found


def english_texts(*, shared: bool) -> list[str]:
    """The project's own texts (the English annotation example, the rule cases of both
    languages, the importers' fixtures) and, with `shared`, MuSiQue's questions, paragraphs and
    answers, RAGChecker's inputs and REALSumm's summaries, facts and texts, as the benchmark's
    check (`bench/english_sentences.py`, which adds the benchmark inputs) reads them."""
    spec = importlib.util.spec_from_file_location(
        "english_sentences_check", ROOT / "bench" / "english_sentences.py"
    )
    assert spec is not None and spec.loader is not None
    check = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(check)
    return check.english_texts([], shared=shared)  # type: ignore[no-any-return]


def _same(nlp, sentences, text: str) -> None:
    spaced = _spaced_for_spacy(text)
    assert sentences.spans(spaced) == spacy_sentence_spans(nlp, text)
    tokens = [(token.idx, token.idx + len(token.text), token.text) for token in nlp.tokenizer(spaced)]
    assert sentences.tokens(spaced) == tokens


def _differ(nlp, sentences, texts: list[str]) -> list[str]:
    return [
        text for text in texts if sentences.spans(_spaced_for_spacy(text)) != spacy_sentence_spans(nlp, text)
    ]


def test_every_text_of_the_project_has_spacys_sentences(nlp, sentences):
    texts = english_texts(shared=False)
    assert len(texts) > 5_000
    assert _differ(nlp, sentences, texts) == []


@pytest.mark.skipif(
    not (SHARED_DATA / "musique").exists(), reason="the shared data sets are not on this machine"
)
def test_every_english_text_of_the_shared_data_has_spacys_sentences(nlp, sentences):
    """The texts the project's own do not hold (those are the test above's)."""
    texts = sorted(set(english_texts(shared=True)) - set(english_texts(shared=False)))
    assert len(texts) > 9_000
    assert _differ(nlp, sentences, texts) == []


@pytest.mark.parametrize(
    "text",
    [
        "13.5 cm/s. Next",  # "s." a special case again after the infix cut (spaCy #7694)
        "x:) y Mr.. z a.m.) (e.g., i.e.; U.S.A. and/or w/o 10a.m.)",
        "Hi! : ) there. :-) ok. ( : oh. ...Mr. so.\n\n\tEnd  ",
        "Wait!!! \"Yes.\" ' No. ' 'Cause it's 5p.m.; o'clock. <3 <33 </3",
        "see http://a.b/c.d?e=f. and www.x.org! me@x.com. (http://y.z).",
        " lead.\xa0 nbsp.\u2029para. \u3000wide. a\u200bb. end.",
        "so >:(& then.",  # a special case again once a suffix is off: '>:(' '&'
        "a +(:'(*/ b.",  # the phrase pass's overlap filter: ":'(" kept whole
    ],
)
def test_tricky_texts_have_spacys_tokens_and_sentences(nlp, sentences, text):
    _same(nlp, sentences, text)


PIECES = [
    *".,;:!?'\"()[]{}\u2026\u2013\u2014/\\-_@#$%&*+=<>~`",
    " ", "  ", "\n", "\n\n", "\t", "\xa0", " \n ", "\r\n",
    "U.S.", "e.g.", "i.e.", "Mr.", "Dr.", "a.m.", "p.m.", "10a.m.", "o'clock", "it's", "can't", "'s",
    "Ph.D.", "vs.", "and/or", "w/o", "a.", "s.",
    ":)", ":-)", ";)", "<3", ":(", "=)", "8)", "._.", "(^_^)",
    "http://example.com/a.b", "www.example.org", "me@example.com",
    "\U0001f600", "\u4e2d\u6587", "\u3002", "\uff01", "\u00bf", "\u00a1",
]  # fmt: skip
KINDS = [PIECES, Letters("abcXYZ019", 4), HARD]


@settings(max_examples=1500, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(joined_pieces(KINDS, 24))
def test_drawn_texts_have_spacys_tokens_and_sentences(nlp, sentences, text):
    if text.strip():
        _same(nlp, sentences, text)


def test_rules_are_read_again_from_spacy_where_the_kept_file_is_damaged_or_foreign(tmp_path, monkeypatch):
    monkeypatch.setattr("tempfile.tempdir", str(tmp_path))
    built = []

    def build():
        built.append(1)
        return _pipeline("en")

    first = port.kept_rules(build)
    assert built == [1] and first is not None
    assert port.kept_rules(build) == first and built == [1]  # kept: spaCy not read again
    path = port._kept_rules_path(port._defined_in(build))
    assert path is not None and path.parent == tmp_path
    name, digest, blob = marshal.loads(path.read_bytes())
    changed = marshal.loads(blob)
    changed["punct_chars"] = [".", "!"]
    for written in (
        b"not marshal",
        marshal.dumps(("another.cache", digest, blob)),  # another key's file
        marshal.dumps((name, digest, marshal.dumps(changed))),  # changed after its digest was taken
        marshal.dumps((name, digest, blob[:-9])),
    ):
        path.write_bytes(written)
        assert port.kept_rules(build) == first
    assert len(built) == 5


def test_a_tokenizer_the_port_does_not_mirror_leaves_the_sentences_to_spacy(tmp_path, monkeypatch):
    monkeypatch.setattr("tempfile.tempdir", str(tmp_path))
    nlp = _pipeline("en")
    assert port.rules_from_spacy(nlp) is not None
    plain_prefix = nlp.tokenizer.prefix_search
    monkeypatch.setattr(nlp.tokenizer, "prefix_search", lambda text: plain_prefix(text))
    assert port.rules_from_spacy(nlp) is None  # an affix function that is not a pattern's
    assert port.kept_rules(lambda: nlp) is None
    monkeypatch.undo()
    monkeypatch.setattr("tempfile.tempdir", str(tmp_path / "other"))
    (tmp_path / "other").mkdir()
    monkeypatch.setattr(port, "PROBE", "Mr. Smith left.")
    monkeypatch.setattr(port, "spacy_spans", lambda nlp, text: [(0, len(text))] * 2)  # spaCy disagrees
    assert port.kept_rules(lambda: nlp) is None
    monkeypatch.setattr(port, "rules_from_spacy", lambda nlp: nlp.no_such_attribute)  # spaCy changed
    assert port._checked_rules(nlp) == {}


def test_an_english_segmenter_imports_no_spacy_once_its_rules_are_kept():
    script = (
        "import sys\n"
        "from evidence_eval.text.segment import segmenter_for\n"
        "segmenter = segmenter_for('en')\n"
        "print([s.text for s in segmenter.sentences('It is 5 p.m. in the U.S. now. Yes!')])\n"
        "print(sorted(name for name in ('spacy', 'thinc', 'spacy_lookups_data') if name in sys.modules))\n"
    )
    runs = [
        subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True)
        for _ in range(2)
    ]
    sentences, imported = runs[1].stdout.splitlines()
    assert sentences == "['It is 5 p.m. in the U.S. now.', 'Yes!']"
    assert runs[0].stdout.splitlines()[0] == sentences
    assert imported == "[]"


def test_english_lemmas_are_kept_and_read_back_as_the_table(tmp_path, monkeypatch):
    monkeypatch.setattr("tempfile.tempdir", str(tmp_path))
    table, read_from = segment._lemma_table_file()
    assert read_from == segment._lemma_file()
    segment.english_lemmas.cache_clear()
    try:
        assert segment.english_lemmas() == table  # read from the package's file, and kept
        kept = list(tmp_path.glob(f"evidence_eval.{segment.ENGLISH_LEMMAS}.*.cache"))
        assert len(kept) == 1
        kept[0].write_bytes(kept[0].read_bytes()[:-5])  # damaged: read from the file again
        segment.english_lemmas.cache_clear()
        assert segment.english_lemmas() == table
        segment.english_lemmas.cache_clear()
        assert segment.english_lemmas() == table  # the one written again
    finally:
        segment.english_lemmas.cache_clear()
