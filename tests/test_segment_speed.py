"""Chinese words come from `segment.jieba_tokens`, a port of jieba's accurate cut with its
dictionary scan and best route in one loop, and their tags from `segment.jieba_tags`, a port
of jieba.posseg's cut on the same route: the same (word, start, end) as `jieba.tokenize` and
the same (word, flag) as `jieba.posseg.cut` on every text tried here, with jieba's dictionary
as it is or as a user changed it."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from conftest import SHARED_DATA, ZH
from hypothesis import given, settings
from hypothesis import strategies as st

from evidence_eval.testing.score_inputs import build
from evidence_eval.testing.strings import strings_of
from evidence_eval.text.normalize import normalize_cached
from evidence_eval.text.segment import _load_jieba_dictionary, jieba_tags, jieba_tokens
from tests.drawn import HARD

DUREADER = SHARED_DATA / "dureader" / "search.dev.json"


@pytest.fixture(scope="module")
def jieba():
    """jieba, its dictionary loaded, with posseg's Viterbi over a run of characters it has no
    word for computed once per run: its route depends on the run alone (posseg's fixed model
    tables), and runs recur across texts (DuReader's: 4,174 runs, 1,445 distinct), where it
    was most of the reference's time."""
    _load_jieba_dictionary()
    import jieba
    import jieba.posseg

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(jieba.posseg, "viterbi", _once_per_run(jieba.posseg.viterbi))
        yield jieba


def _once_per_run(viterbi: Callable[..., Any]) -> Callable[..., Any]:
    routes: dict[str, Any] = {}

    def route(run: str, *tables: Any) -> Any:
        if run not in routes:
            routes[run] = viterbi(run, *tables)
        return routes[run]

    return route


def _texts(path: Path, lines: int | None = None) -> set[str]:
    """Every string of a JSON or JSONL file (of its first `lines` lines), and each as the
    matcher normalises it (the text the segmenter is given)."""
    text = path.read_text(encoding="utf-8")
    try:
        documents = [json.loads(text)]
    except json.JSONDecodeError:
        documents = [json.loads(line) for line in text.splitlines()[:lines] if line.strip()]
    found = {string for document in documents for string in strings_of(document)}
    return found | {normalize_cached(string).text for string in found}


def _posseg(jieba, text: str) -> list[tuple[str, str]]:
    return [(pair.word, pair.flag) for pair in jieba.posseg.cut(text)]


def _assert_same(jieba, texts: set[str]) -> None:
    different = [text for text in sorted(texts) if jieba_tokens(text) != list(jieba.tokenize(text))]
    assert not different, different[:3]
    different = [text for text in sorted(texts) if jieba_tags(text) != _posseg(jieba, text)]
    assert not different, different[:3]


def test_the_bundled_example_and_generated_bench_cut_as_jieba(jieba, tmp_path):
    """Every string of the bundled example and of a generated bench, but for a third of the
    bench's documents (every third, of 440): they are drawn from a few dozen words, and the
    third holds every (word, tag) the 440 give (105 of 286 thousand characters)."""
    build(tmp_path, 20, zh=True, seed=7)
    generated = sorted(set().union(*(_texts(path) for path in tmp_path.rglob("*.json*"))))
    documents = [text for text in generated if len(text) >= 400]
    texts = set().union(*(_texts(path) for path in ZH.iterdir()), set(generated) - set(documents))
    texts |= set(documents[::3])
    assert sum(map(len, texts)) > 100_000
    _assert_same(jieba, texts)


@pytest.mark.skipif(not DUREADER.exists(), reason="shared DuReader data not present")
def test_real_chinese_search_results_cut_as_jieba(jieba):
    texts = _texts(DUREADER, lines=12)  # 12 queries and their documents: names, numbers, URLs
    assert sum(map(len, texts)) > 60_000
    _assert_same(jieba, texts)


_COMMON = "的一是在不了有和人这中大为上个国我以要他时来用们生到作地于出就分对成会可主发年动同工也能下过子说产种面而方后多定"
_WORDS = "申请 维修资金 工作日 中华人民共和国 北京大学 张伟 不动产 iPhone 3.5% C++".split()
_PIECES = st.one_of(
    st.text(st.sampled_from(_COMMON), min_size=1, max_size=8),
    st.sampled_from(_WORDS),
    st.text(st.characters(min_codepoint=0x4E00, max_codepoint=0x9FFF), min_size=1, max_size=3),
    st.text(st.sampled_from("abcXYZ0123456789+#&._%-"), min_size=1, max_size=5),
    st.text(st.sampled_from(" \t\r\n\u3000，。、；：！？“”（）《》,.;:!?()/'\"@"), min_size=1, max_size=3),
    st.sampled_from(HARD),
)


@settings(max_examples=150, deadline=None)
@given(st.lists(_PIECES, max_size=12).map("".join))
def test_random_mixed_text_cuts_as_jieba(jieba, text):
    """150 texts: posseg's Viterbi over the runs of random characters was nine tenths of the
    time, and those runs are checked on their own below (300 runs, `_tagged_run`)."""
    assert jieba_tokens(text) == list(jieba.tokenize(text))
    assert jieba_tags(text) == _posseg(jieba, text)


@pytest.fixture
def own_tokenizer(jieba, monkeypatch):
    """A jieba tokenizer with a copy of the default dictionary, and a posseg tagger on it,
    standing in for `jieba.dt` and `jieba.posseg.dt` (whose dictionaries other tests share)."""
    tokenizer = jieba.Tokenizer()
    tokenizer.FREQ, tokenizer.total = dict(jieba.dt.FREQ), jieba.dt.total
    tokenizer.initialized = True
    monkeypatch.setattr(jieba, "tokenize", tokenizer.tokenize)
    monkeypatch.setattr(jieba.finalseg, "Force_Split_Words", set())
    monkeypatch.setattr(jieba.posseg, "dt", jieba.posseg.POSTokenizer(tokenizer))
    return tokenizer


USER_TEXT = "石墨烯电池由李小福在云计算大会上发布，凱特琳與台中的創新辦公室合作，维修资金申请需5个工作日。"


def test_a_users_words_count_at_once(jieba, own_tokenizer):
    before = jieba_tokens(USER_TEXT)
    assert before == list(own_tokenizer.tokenize(USER_TEXT))
    own_tokenizer.add_word("石墨烯电池")
    own_tokenizer.add_word("凱特琳", 2000, "nr")
    own_tokenizer.del_word("工作日")
    own_tokenizer.suggest_freq(("维修", "资金"), tune=True)
    after = jieba_tokens(USER_TEXT)
    assert after == list(own_tokenizer.tokenize(USER_TEXT)) != before
    assert ("石墨烯电池", 0, 5) in after
    tags = jieba_tags(USER_TEXT)
    assert tags == _posseg(jieba, USER_TEXT)
    assert ("凱特琳", "nr") in tags and ("石墨烯电池", "x") in tags


def test_a_replaced_tokenize_or_tagger_is_called(jieba, monkeypatch):
    monkeypatch.setattr(jieba, "tokenize", lambda text: iter([(text, 0, len(text))]))
    assert jieba_tokens("维修资金") == [("维修资金", 0, 4)]

    class Tagger(jieba.posseg.POSTokenizer):
        def cut(self, sentence, HMM=True):
            yield jieba.posseg.pair(sentence, "nz")

    monkeypatch.setattr(jieba.posseg, "dt", Tagger(jieba.dt))
    assert jieba_tags("维修资金") == [("维修资金", "nz")]


@settings(max_examples=300, deadline=None)
@given(
    st.text(
        st.one_of(
            st.characters(min_codepoint=0x4E00, max_codepoint=0x9FA5),  # mostly runs jieba has no word for
            st.characters(min_codepoint=0x3400, max_codepoint=0x4DBF),  # rare: no HMM state table entry
            st.sampled_from("0123456789.abcXYZ+#&_"),
        ),
        min_size=1,
        max_size=30,
    )
)
def test_an_unknown_runs_tags_are_poseggs_hmm_tags(jieba, run):
    """`_tagged_run` (posseg's Viterbi as one loop, cached per run) tags a run as posseg's
    `__cut_detail` does, on runs of rare and unknown characters where its ties and -inf
    values are met."""
    from evidence_eval.text.segment import _tagged_run

    expected = tuple((pair.word, pair.flag) for pair in jieba.posseg.dt._POSTokenizer__cut_detail(run))
    assert _tagged_run.__wrapped__(run) == expected


@settings(max_examples=300, deadline=None)
@given(
    st.text(
        st.one_of(
            st.characters(min_codepoint=0x4E00, max_codepoint=0x9FD5),
            st.sampled_from(_COMMON),
            st.characters(min_codepoint=0x3400, max_codepoint=0x4DBF),  # no emission: MIN_FLOAT ties
            st.sampled_from("0123456789.%abcXYZ+#&_-"),
        ),
        min_size=1,
        max_size=30,
    )
)
def test_an_unknown_runs_words_are_finalsegs_words(jieba, run):
    """`_finalseg_words` (finalseg's Viterbi as one loop over its four states, cached per run)
    cuts a run as `jieba.finalseg.cut` does, ties and unseen characters included."""
    from evidence_eval.text.segment import _finalseg_words

    assert _finalseg_words.__wrapped__(run) == tuple(jieba.finalseg.cut(run))


def test_a_word_forced_apart_is_cut_by_finalseg(jieba, own_tokenizer):
    """A deleted word is forced apart by finalseg; the cached cut is then not used."""
    text = "石墨烯电池由李小福发布"
    own_tokenizer.del_word("李小福")
    assert jieba_tokens(text) == list(own_tokenizer.tokenize(text))
    assert jieba.finalseg.Force_Split_Words


def test_a_cached_route_follows_every_change_to_the_dictionary(jieba, own_tokenizer):
    """Routes and words are cached per block for the dictionary as it stands: each change
    jieba makes (a word added, deleted, added again and deleted again, a frequency tuned, a
    user dictionary loaded) is seen at once, as jieba sees it."""
    import io

    text = "石墨烯电池由李小福在云计算大会上发布，维修资金申请需5个工作日。李小福说，云计算大会很好。"

    def same() -> None:
        assert jieba_tokens(text) == list(own_tokenizer.tokenize(text))
        assert jieba_tags(text) == _posseg(jieba, text)

    same()
    cuts = {tuple(jieba_tokens(text))}
    for change in (
        lambda: own_tokenizer.add_word("石墨烯电池"),
        lambda: own_tokenizer.del_word("工作日"),
        lambda: own_tokenizer.add_word("工作日"),
        lambda: own_tokenizer.del_word("工作日"),
        lambda: own_tokenizer.del_word("云计算"),
        lambda: own_tokenizer.suggest_freq(("维修", "资金"), tune=True),
        lambda: own_tokenizer.load_userdict(io.BytesIO("李小福 2000 nr\n大会上 300\n".encode())),
        lambda: own_tokenizer.del_word("李小福"),
    ):
        change()
        same()
        cuts.add(tuple(jieba_tokens(text)))
    assert len(cuts) >= 5  # most changes change the cut
