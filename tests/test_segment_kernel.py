"""The compiled loops of jieba's cut (`text/_segment_kernel.c`) give what their Python
definitions in `segment.py` give (the fallback): the same best route through the dictionary
DAG, the same words and tags along it, finalseg's and posseg's Viterbi routes with their
floats and ties, on real-shaped Chinese (Latin, digits, punctuation, Traditional characters,
long unknown runs), on random text, and with the dictionary as a user changed it; without it
(not built, or EVIDENCE_EVAL_PURE_PYTHON=1) the fallback runs."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Iterator

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from evidence_eval.text import segment as S
from evidence_eval.text.segment import _load_chinese_tables, jieba_tags, jieba_tokens
from tests.drawn import SPACES, hard_texts

KERNEL = S._KERNEL
needs_kernel = pytest.mark.skipif(KERNEL is None, reason="the compiled kernel is not built here")

REAL = [
    "通过后再旁边设置密码,然后选择登陆。密码为了防止遗忘最好的是用注册号的后6位。用户名直接用注册后即可。",
    "4、当拍好了一张 Live Photos 照片以后，想要查看它的效果时，请在相片里用手指轻轻长按它，便可以看到动态效果了",
    "代码——经营范围及方式——联系人——联系电话。香港建立了港元发行与美元挂钩的联系汇率制度。外汇储备中欧元的数量",
    "专家认为,O型血的人普遍长寿;A型血的人几乎没有对天花的免疫力,蚊子也更爱叮咬他们;B型血的人很少得癌症;而AB型血的人",
    "绿色，见于婴儿消化不良等。上海第六人民医院骨科、上海长征医院骨科、上海长海医院骨科、上海第十人民医院骨科 、上海瑞金医院",
    "在订阅号回复HCG、孕酮查询)来判断胎儿和子宫环境,如果都正常就不必担心。4、以上问题都排除了,褐色分泌物还是时有时无,",
    "手心脚心发热是典型的肾阴虚症状。拿着租赁协议去gongshang局办理营业执照,到时需要你填写一些基本信息,一般没什么问",
    "而导演叶昭仪认为张含韵“漂亮,够清纯”,符合他心目中女主的形象。6、粪便胆红素：阳性，见于溶血性黄疽、阻塞性黄疽等。1、",
    "学研究、驯养繁殖、展览或者其他特殊情况下可准许饲养,且需要办理驯养繁殖许可证,目前尚不允许作为个人宠物饲养。5、为了保持",
    "林惊羽以一敌二,对付金瓶儿和青龙,关键时刻,金瓶儿倒戈,帮助了林惊羽,青龙受伤逃走,金瓶儿身受重伤倒在林惊羽的怀里,她笑",
    "日趋复杂,市场需求日益多样化、多变化,世界范围内的竞争日益激烈,这些因素使运营管理本身也在不断发生变化。尤其是近十几年来",
    "你可以用CA试试吧你好,如果是合成的视频,水印是无法去掉的!何润东188cm-范冰冰12cm(图片高跟)-20cm(两人",
    "册” (图3-1)  2、填写内容并保存(图3-2)  ①注册号只有15位,副本上注册号只填前15位数字。正常粪便由已消",
    "百度经验 > 生活/家居 > 生活常识百度经验:jingyan.baidu.com生肖鼠女一旦进入那美妙的世界,无论多怪",
    "1.在word中， 点击插入，选择“符号”，在弹出的“符号”对话框中，最后一行的“字符代码”框中输入221A就可以了。1",
    "ws.net/yule/19359.html本文来自藁城新闻网高伟光和热巴两人是什么关系?外汇投资中如何操作不被套?事件",
    "的糯米纸)温州网讯 “哇,温州也有人卖小猴子,养只宠物猴真是新奇又拉风啊。”近日,温州市民林小姐在微信朋友圈里看到有人发",
    "然后要补充维生素,就像人口腔溃疡一样,多吃蔬菜水果是一个道理。起源于间叶组织者称为肉瘤,约占大肠恶性病变的1%。3.浏览",
    "申请人应当在15个工作日内提交材料，逾期不予受理；维修资金的使用须经业主大会同意。",
    "凱特琳與台中的創新辦公室合作，於臺灣銷售iPhone 15 Pro，價格為新臺幣3.5萬元。",
    "鲲鹏鳐鲟鳜鲥鳊鲂鲶鳙鲢鳇鲼鳐鲻鲹鳓鲚鲱鲦鳀鲡鳗鲇鲿鳅鲀鳞",  # a long run jieba has no word for
    "㐀㐁㐂㐃㐄㐅㐆㐇欸乃龘靐齉爩麤",  # characters neither HMM has seen
    "C++与C#的区别，GB 4706.1-2005标准，第3.5%条，A&B公司_内部资料.pdf",
    "张三丰李四光王五麻子赵六钱七孙八在北京市海淀区中关村大街27号",
]


@pytest.fixture(scope="module")
def jieba():
    _load_chinese_tables()
    import jieba
    import jieba.posseg

    S._load_jieba_dictionary()  # jieba's own, not the kernel's table of it
    jieba.posseg.dt.makesure_userdict_loaded()  # posseg's own tags, not the kernel's table of them
    return jieba


def _dictionary(jieba) -> S._Dictionary:
    return S._Dictionary(jieba.dt, jieba.finalseg)


def _blocks(jieba, texts: list[str]) -> Iterator[str]:
    for text in texts:
        yield from (block for block in jieba.re_han_default.split(text) if jieba.re_han_default.match(block))


def _runs(text: str) -> Iterator[str]:
    """Every stretch of up to 12 characters of `text`'s Chinese runs."""
    for run in S._import_jieba().finalseg.re_han.findall(text):
        for start in range(0, len(run), 3):
            yield run[start : start + 12]


def _same_route(dictionary: S._Dictionary, block: str) -> None:
    assert KERNEL is not None
    expected = S._best_route(block, dictionary.count_of, dictionary.weights)
    assert KERNEL.best_route(block, dictionary.freq, dictionary.weights, None) == expected
    table = S._freq_table(dictionary)
    assert table is not None
    assert KERNEL.best_route(block, dictionary.freq, dictionary.weights, table) == expected
    assert KERNEL.best_route(block, table, dictionary.weights, None) == expected  # the table alone


def _same_words(dictionary: S._Dictionary, block: str, tags: dict[str, str] | None) -> None:
    assert KERNEL is not None
    route = S._best_route(block, dictionary.count_of, dictionary.weights)
    hmm_cut = S._tagged_run if tags is not None else S._finalseg_words
    words: list[object] = []
    S._route_words(block, route, dictionary.count_of, hmm_cut, words)
    if tags is not None:
        words = [(word, tags.get(word, "x")) if type(word) is str else word for word in words]
    assert KERNEL.route_words(block, route, dictionary.freq, hmm_cut, tags) == words
    assert KERNEL.route_words(block, route, S._freq_table(dictionary), hmm_cut, tags) == words
    if tags:  # the kernel's table of the tags, as kept for the next run
        assert KERNEL.route_words(block, route, S._freq_table(dictionary), hmm_cut, _tag_table(tags)) == words


_TAG_TABLES: dict[int, tuple[dict[str, str], S._KeptTags | None]] = {}


def _tag_table(tags: dict[str, str]) -> S._KeptTags:
    """`S._tag_table(tags)`, made once for posseg's table of 349,045 words."""
    if id(tags) not in _TAG_TABLES:
        _TAG_TABLES[id(tags)] = (tags, S._tag_table(tags))  # held: its id stays its own
    table = _TAG_TABLES[id(tags)][1]
    assert table is not None
    return table


@needs_kernel
def test_real_blocks_route_and_words_as_the_definition(jieba):
    dictionary = _dictionary(jieba)
    tags = jieba.posseg.dt.word_tag_tab
    for block in _blocks(jieba, REAL):
        _same_route(dictionary, block)
        _same_words(dictionary, block, None)
        _same_words(dictionary, block, tags)


@needs_kernel
def test_real_runs_hmm_as_the_definition(jieba):
    for run in (run for text in REAL for run in _runs(text)):
        assert KERNEL.finalseg_cut(run, S._finalseg_tables()) == S._route_cut(run, S._finalseg_route(run))
        assert KERNEL.posseg_route(run, S._posseg_tables()) == S._viterbi(run)


_HAN = st.one_of(
    st.characters(min_codepoint=0x4E00, max_codepoint=0x9FD5),
    st.sampled_from(
        "的一是在不了有和人这中大为上个国我以要他时来用们生到作地于出就分对成会可主发年动同工也能下过子说产种面"
    ),
    st.characters(min_codepoint=0x3400, max_codepoint=0x4DBF),  # no emission: MIN_FLOAT ties
)


@needs_kernel
@settings(max_examples=300, deadline=None)
@given(
    st.text(
        st.one_of(_HAN, st.sampled_from("维修资金工作日申请北京大学张伟abcXYZ0123456789+#&._%-")), max_size=40
    )
)
def test_random_blocks_route_and_words_as_the_definition(jieba, block):
    dictionary = _dictionary(jieba)
    _same_route(dictionary, block)
    _same_words(dictionary, block, None)
    _same_words(dictionary, block, jieba.posseg.dt.word_tag_tab)


@needs_kernel
@settings(max_examples=300, deadline=None)
@given(st.text(_HAN, min_size=1, max_size=30))
def test_random_runs_hmm_as_the_definition(jieba, run):
    assert KERNEL.finalseg_cut(run, S._finalseg_tables()) == S._route_cut(run, S._finalseg_route(run))
    assert KERNEL.posseg_route(run, S._posseg_tables()) == S._viterbi(run)


@pytest.fixture
def pure_python(monkeypatch):
    """The Python definitions in place of the kernel (caches emptied on both sides)."""

    def clear() -> None:
        for cached in (S._block_route, S._block_words, S._finalseg_words, S._tagged_run):
            cached.cache_clear()

    clear()
    monkeypatch.setattr(S, "_KERNEL", None)
    yield
    clear()


def _cuts(texts: list[str]) -> list[object]:
    return [(jieba_tokens(text), jieba_tags(text)) for text in texts]


@needs_kernel
def test_the_states_a_character_was_seen_in_as_the_definition(jieba, monkeypatch):
    characters = {*"".join(REAL), "\U00020000", "a", "5"}
    compiled = {char: S._seen_in.__wrapped__(char) for char in characters}
    monkeypatch.setattr(S, "_KERNEL", None)
    assert {char: S._seen_in.__wrapped__(char) for char in characters} == compiled
    assert compiled["\U00020000"] is None and compiled["的"]


@needs_kernel
def test_the_cut_is_the_same_with_and_without_the_kernel(jieba, monkeypatch):
    compiled = _cuts(REAL)
    for cached in (S._block_route, S._block_words, S._finalseg_words, S._tagged_run):
        cached.cache_clear()
    with monkeypatch.context() as patch:
        patch.setattr(S, "_KERNEL", None)
        assert _cuts(REAL) == compiled
    for cached in (S._block_route, S._block_words, S._finalseg_words, S._tagged_run):
        cached.cache_clear()


@needs_kernel
def test_a_users_dictionary_routes_as_the_definition(jieba):
    tokenizer = jieba.Tokenizer()
    tokenizer.FREQ, tokenizer.total = dict(jieba.dt.FREQ), jieba.dt.total
    tokenizer.initialized = True
    text = "石墨烯电池由李小福在云计算大会上发布，凱特琳與台中的創新辦公室合作，维修资金申请需5个工作日。"
    for change in (
        lambda: tokenizer.add_word("石墨烯电池"),
        lambda: tokenizer.add_word("凱特琳", 2000, "nr"),
        lambda: tokenizer.del_word("工作日"),
        lambda: tokenizer.suggest_freq(("维修", "资金"), tune=True),
        lambda: tokenizer.add_word("创新办公室", 10**12),  # a count whose weight is not met before
        lambda: tokenizer.add_word("辦公", 10**30),  # a count beyond a C long
        lambda: tokenizer.add_word("台中", 0),  # a word deleted: a prefix
    ):
        change()
        dictionary = S._Dictionary(tokenizer, jieba.finalseg)
        for block in _blocks(jieba, [text, *REAL]):
            _same_route(dictionary, block)
            _same_words(dictionary, block, None)


_PACKED_AND_LOADED = """
import json, sys
from evidence_eval.text import segment as S
texts = json.loads(sys.stdin.read())
segmenter = S.segmenter_for("zh")
import jieba


def cuts():
    return [[S.jieba_tokens(text), S.jieba_tags(text), segmenter.words(text), segmenter.proper_names(text)] for text in texts]


packed = [S._PACKED_TABLE != [], jieba.dt.initialized]
from_table = cuts()
S._load_jieba_dictionary()
print(json.dumps([packed, jieba.dt.initialized, from_table == cuts()]))
"""


@needs_kernel
def test_the_kernels_table_cuts_and_tags_as_jiebas_dictionary():
    """A Chinese segmenter reads the kernel's table of jieba's dictionary, not the dictionary
    (a fresh process, its caches kept by the ones before: where there were none, the first
    writes jieba's cache, the second the tables'): its words, tags and names are the ones
    read from jieba's dictionary once loaded."""
    texts = [*REAL, "iPhone 15和GB 4706标准，之日起由李小福在北京发布", "凱特琳與台中", "", "abc 123"]
    for _ in range(3):
        result = subprocess.run(
            [sys.executable, "-c", _PACKED_AND_LOADED],
            input=json.dumps(texts),
            capture_output=True,
            text=True,
            check=True,
        )
        (packed, loaded_before), loaded, same = json.loads(result.stdout)
        if packed:
            break
    assert (packed, loaded_before, loaded, same) == (True, False, True, True)


def test_without_the_kernel_the_package_cuts_with_python():
    code = "from evidence_eval.text import segment as S; assert S._KERNEL is None; print(S.jieba_tokens('维修资金申请'))"
    environment = {**os.environ, "EVIDENCE_EVAL_PURE_PYTHON": "1"}
    result = subprocess.run(
        [sys.executable, "-c", code], env=environment, capture_output=True, text=True, check=True
    )
    assert "('维修', 0, 2)" in result.stdout


@needs_kernel
def test_a_count_the_table_cannot_hold_leaves_the_dict_probed(jieba):
    """A count that is not an int (FREQ edited by hand): no table; the route reads FREQ."""
    freq = dict(jieba.dt.FREQ)
    freq["维修资金"] = 7.5
    weights = S._log_weights(S.log(jieba.dt.total))
    assert KERNEL.freq_table(freq, weights) is None
    for block in _blocks(jieba, ["维修资金申请需5个工作日", *REAL]):
        expected = S._best_route(block, freq.get, weights)
        assert KERNEL.best_route(block, freq, weights, None) == expected


@needs_kernel
def test_keys_beyond_the_short_ones_are_in_the_table_too(jieba):
    """Keys of five characters or more, and keys with a character above U+FFFF, are read
    from the table's long keys."""
    tokenizer = jieba.Tokenizer()
    tokenizer.FREQ, tokenizer.total = dict(jieba.dt.FREQ), jieba.dt.total
    tokenizer.initialized = True
    tokenizer.add_word("\U00020000\U00020001", 5000)
    tokenizer.add_word("超长的用户词语一个", 5000)
    dictionary = S._Dictionary(tokenizer, jieba.finalseg)
    for block in ("在\U00020000\U00020001里", "这是超长的用户词语一个例子", "a\U00020000b"):
        _same_route(dictionary, block)


@needs_kernel
def test_names_found_along_the_route_are_the_tagged_ones(jieba):
    """`Segmenter.proper_names` (names read by the kernel along each route) gives the spans
    its definition finds in `jieba_tags`' pairs."""
    segmenter = S.segmenter_for("zh")
    texts = [*REAL, "iPhone 15和GB 4706标准，之日起由李小福在北京发布", "凱特琳與台中", "", "abc 123"]
    for text in texts:
        assert S._name_spans(text) is not None
        assert segmenter.proper_names(text) == S._tagged_names(text)


@needs_kernel
@settings(max_examples=200, deadline=None)
@given(
    st.text(st.one_of(_HAN, st.sampled_from("张伟北京大学李小福iPhone GB4706，。 abc0123")), max_size=40)
    | hard_texts()
)
def test_random_names_are_the_tagged_ones(jieba, text):
    assert S.segmenter_for("zh").proper_names(text) == S._tagged_names(text)


@needs_kernel
def test_names_read_from_the_kept_tag_table_are_the_dicts(jieba):
    """`route_names` with the kernel's table of posseg's tags (kept for the next run) finds
    the names it finds with posseg's dict, and with a table of other tags other names."""
    dictionary, tags = _dictionary(jieba), jieba.posseg.dt.word_tag_tab
    table, kept = S._freq_table(dictionary), _tag_table(tags)
    other_tags = {"北京": "nr", "大学": "ns", "工作": "x"}
    others = _tag_table(other_tags)
    found = 0
    for block in _blocks(jieba, [*REAL, "张伟在北京大学工作，李小福在北京工作"]):
        route = S._best_route(block, dictionary.count_of, dictionary.weights)
        names = KERNEL.route_names(block, route, table, S._tagged_run, tags, S._NAME_TAGS, 3)
        assert KERNEL.route_names(block, route, table, S._tagged_run, kept, S._NAME_TAGS, 3) == names
        other_names = KERNEL.route_names(block, route, table, S._tagged_run, other_tags, S._NAME_TAGS, 3)
        assert KERNEL.route_names(block, route, table, S._tagged_run, others, S._NAME_TAGS, 3) == other_names
        found += len(names) + len(other_names)
    assert found > 20


@needs_kernel
@settings(max_examples=200, deadline=None)
@given(st.lists(st.text(st.sampled_from([*"维修a1，", *"".join(SPACES)]), max_size=4), max_size=12))
def test_word_spans_are_the_unblank_tokens(words):
    """`word_spans` gives `Segmenter.words`' spans of `jieba_tokens`' words (blank ones left
    out as `str.strip` leaves them)."""
    tokens, start = [], 0
    for word in words:
        tokens.append((word, start, start + len(word)))
        start += len(word)
    assert KERNEL.word_spans(words) == [(begin, end) for word, begin, end in tokens if word.strip()]


@needs_kernel
def test_words_are_the_spans_of_jiebas_tokens(jieba):
    segmenter = S.segmenter_for("zh")
    for text in [*REAL, " 维修\u3000资金 \n申请 ", ""]:
        assert segmenter.words(text) == [
            (start, end) for word, start, end in jieba_tokens(text) if word.strip()
        ]
