"""Start-up: the faster loading paths of `text.segment` give what spaCy and jieba give.

A Chinese segmenter imports no spaCy (stop words read from spaCy's file, sentence marks
written out), the English lemma table is read from spacy-lookups-data's file, and jieba's
dictionary from jieba's cache in one piece: each is compared here with the slow path."""

from __future__ import annotations

import json
import marshal
import re
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Callable, Iterator
from pathlib import Path
from types import SimpleNamespace

import pytest

from evidence_eval.text import segment
from tests.conftest import EN_ANN, EN_TRACES, ROOT, ZH_ANN
from tests.jieba_dictionary import write_small_dictionary


def test_sentence_marks_are_the_sentencizers():
    from spacy.pipeline import Sentencizer

    assert frozenset(Sentencizer.default_punct_chars) == segment.PUNCT_CHARS


@pytest.mark.parametrize(("language", "defaults"), [("zh", "Chinese"), ("en", "English")])
def test_stop_words_read_from_spacys_file_are_spacys(language, defaults):
    import spacy
    from spacy.util import get_lang_class

    folder = Path(spacy.__file__).parent
    assert get_lang_class(language).__name__ == defaults
    assert segment.stop_words_file(folder, language) == get_lang_class(language).Defaults.stop_words
    assert segment.stop_words_file(folder, "no-such-language") is None


def test_english_lemmas_are_spacys_table():
    from spacy.lookups import load_lookups

    table = load_lookups("en", ["lemma_lookup"]).get_table("lemma_lookup")
    ours = segment.english_lemmas()
    assert len(ours) == len(table)  # keys hashed apart in spaCy's table: none lost to a clash
    assert all(table.get(word) == lemma for word, lemma in ours.items())
    words = _example_words()
    assert len(words) > 100
    english = segment.segmenter_for("en")
    assert [english.lemma(word) for word in words] == [table.get(word, word) for word in words]


def _example_words() -> list[str]:
    """The lower-case words of the bundled English example (annotations and traces)."""
    text = EN_ANN.read_text(encoding="utf-8") + EN_TRACES.read_text(encoding="utf-8")
    return sorted({word.lower() for word in re.findall(r"[^\W\d_]+(?:'[^\W\d_]+)?", text)})


@pytest.fixture(scope="module")
def small_dictionary(tmp_path_factory) -> Path:
    """The small dictionary (`write_small_dictionary`) for the caches' tests, with the word
    they read (北京大学, "nt"); `test_jiebas_own_dictionary_is_cached_whole` loads jieba's own."""
    return write_small_dictionary(tmp_path_factory.mktemp("small-dictionary") / "dict.txt", ("北京大学",))


def _word_tags(dictionary: Path) -> dict[str, str]:
    """The word tag table posseg reads from `dictionary`: each line's word and tag."""
    lines = dictionary.read_text(encoding="utf-8").splitlines()
    return {word: tag for word, _, tag in (line.split(" ") for line in lines)}


def _fresh_tokenizer(folder: Path | None, built=None):
    """A jieba tokenizer whose cache lives in `folder`; with `built`, building its dictionary
    from jieba's dictionary file gives that at once (1.5 s saved per test where only the way
    to the dictionary is tested: `small_build` where the cache's, 9 MB for jieba's own, is
    read back); with `NOT_BUILT`, building it fails the test."""
    import jieba

    tokenizer = jieba.Tokenizer()
    tokenizer.tmp_dir = None if folder is None else str(folder)
    if built is not None:
        tokenizer.gen_pfdict = lambda file: _built_from(file, built)
    return tokenizer


NOT_BUILT = object()  # `_fresh_tokenizer(folder, NOT_BUILT)`: its dictionary is to be read, not built


def _built_from(file, built):
    """`built`, as jieba's `gen_pfdict` would give it from `file`, which must be jieba's dictionary."""
    import jieba

    with file:
        assert built is not NOT_BUILT, "the dictionary was built again, not read from the cache"
        assert file.read() == Path(jieba.__file__).with_name(jieba.DEFAULT_DICT_NAME).read_bytes()
    return built


@pytest.fixture(scope="module")
def small_build(small_dictionary):
    """(FREQ, total) as jieba builds them from the small dictionary."""
    import jieba

    with small_dictionary.open("rb") as file:
        return jieba.Tokenizer.gen_pfdict(file)


@pytest.fixture(scope="module")
def jiebas_own():
    """(FREQ, total) as jieba builds them from its dictionary."""
    import jieba

    tokenizer = jieba.Tokenizer()
    return tokenizer.gen_pfdict(tokenizer.get_dict_file())


@pytest.fixture(scope="module")
def built_jieba_cache(tmp_path_factory, jiebas_own) -> Path:
    """jieba's cache of its dictionary, as `_load_jieba_dictionary` writes it, for the test of
    what is kept beside it (copied into its folder): its building (1.5 s of CPU in a fresh
    process) is the subject of other tests."""
    folder = tmp_path_factory.mktemp("jieba")
    segment._load_jieba_dictionary(_fresh_tokenizer(folder, jiebas_own))
    return folder / segment.JIEBA_CACHE


def _read_whole(file) -> object:
    """jieba's `marshal.load(file)` with the file read in one piece: the same value; jieba's own
    reads its 9 MB cache a few bytes at a time (1-2.5 s of CPU, where jieba is the reference)."""
    return marshal.loads(file.read())


# jieba's `marshal` where jieba is only the reference: its cache read in one piece, and written
# (where jieba builds it) with marshal's own dump
_JIEBAS_MARSHAL = SimpleNamespace(load=_read_whole, dump=marshal.dump)


def test_jieba_dictionary_is_built_cached_and_read_back(tmp_path, small_build, monkeypatch):
    """Built from jieba's dictionary file where there is no cache (the build itself, jieba's
    `gen_pfdict`, stood for by the small dictionary's: `small_build`), written, then read back
    by us and by jieba."""
    import jieba

    first = _fresh_tokenizer(tmp_path, small_build)
    segment._load_jieba_dictionary(first)
    assert first.initialized and (first.FREQ, first.total) == small_build
    assert (tmp_path / segment.JIEBA_CACHE).is_file()
    assert [path.name for path in tmp_path.iterdir()] == [segment.JIEBA_CACHE]  # no leftover
    second = _fresh_tokenizer(tmp_path, NOT_BUILT)
    segment._load_jieba_dictionary(second)
    assert (second.FREQ, second.total) == small_build
    by_jieba = _fresh_tokenizer(tmp_path, NOT_BUILT)  # jieba reads the cache written here
    monkeypatch.setattr(jieba, "marshal", _JIEBAS_MARSHAL)
    by_jieba.initialize()
    assert (by_jieba.FREQ, by_jieba.total) == small_build


def test_a_broken_jieba_cache_is_rebuilt(tmp_path, small_build):
    (tmp_path / segment.JIEBA_CACHE).write_bytes(b"\x00not marshal")
    tokenizer = _fresh_tokenizer(tmp_path, small_build)
    segment._load_jieba_dictionary(tokenizer)
    assert (tokenizer.FREQ, tokenizer.total) == small_build
    assert segment._read_jieba_cache(tmp_path / segment.JIEBA_CACHE) == small_build


def test_a_read_only_or_missing_temp_folder_still_loads_quietly(tmp_path, small_build, monkeypatch, capfd):
    missing = _fresh_tokenizer(tmp_path / "missing" / "folder", small_build)
    segment._load_jieba_dictionary(missing)
    assert (missing.FREQ, missing.total) == small_build

    def refused(*args, **kwargs):
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(tempfile, "mkstemp", refused)  # a read-only folder (the tests run as root)
    read_only = _fresh_tokenizer(tmp_path, small_build)
    segment._load_jieba_dictionary(read_only)
    assert (read_only.FREQ, read_only.total) == small_build
    assert not any(tmp_path.iterdir())

    def no_temp_folder():
        raise FileNotFoundError(2, "No usable temporary directory found")

    nowhere = _fresh_tokenizer(None, small_build)
    with monkeypatch.context() as patch:  # undone before pytest cleans tmp_path up
        patch.setattr(tempfile, "gettempdir", no_temp_folder)
        segment._load_jieba_dictionary(nowhere)
    assert (nowhere.FREQ, nowhere.total) == small_build
    assert capfd.readouterr() == ("", "")


def test_a_chinese_run_imports_neither_spacy_nor_pkg_resources():
    """Segmenting Chinese imports no spaCy (0.6 s of start-up) and jieba without pkg_resources
    (0.1 s), whose absence only makes jieba open its dictionary with `open`: the same bytes."""
    code = (
        "import sys, pathlib\n"
        "from evidence_eval.text.segment import segmenter_for\n"
        "zh = segmenter_for('zh')\n"
        "words = zh.words('申请材料不予受理。请于十五个工作日内提交。')\n"
        "print(len(words), zh.is_stop_word('的'), zh.proper_names('张伟在北京大学工作'))\n"
        "print(sorted(name for name in ('spacy', 'thinc', 'pkg_resources') if name in sys.modules))\n"
        "import jieba, jieba._compat\n"
        "dictionary = pathlib.Path(jieba.__file__).with_name('dict.txt').read_bytes()\n"
        "print(jieba.dt.get_dict_file().read() == dictionary)\n"
        "import pkg_resources\n"  # still importable afterwards
        "print(pkg_resources.__name__)\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, check=False)
    assert done.returncode == 0, done.stderr
    counts, imported, same_bytes, later = done.stdout.splitlines()
    assert counts.startswith("1") and "True" in counts and "(0, 2)" in counts
    assert imported == "[]"
    assert same_bytes == "True" and later == "pkg_resources"


def test_an_english_run_loads_nothing_chinese_nor_spacys_command_line():
    """Scoring the English example imports no jieba or OpenCC, and spaCy without `spacy.cli`
    (typer, weasel, requests: 0.15-0.2 s); `spacy.cli` and `spacy.info` still work later."""
    code = (
        "import contextlib, io, sys\n"
        "from evidence_eval.cli import main\n"
        "with contextlib.redirect_stdout(io.StringIO()) as out:\n"
        f"    main(['score', {str(EN_ANN)!r}, {str(EN_TRACES)!r}, '--format', 'json'], standalone_mode=False)\n"
        "print(len(out.getvalue()) > 1000)\n"
        "prefixes = ('jieba', 'opencc', 'spacy.cli', 'typer', 'weasel', 'requests')\n"
        "print(sorted(name for name in sys.modules if name.startswith(prefixes)))\n"
        "import spacy, spacy.cli\n"
        "from spacy.cli.info import info\n"
        "print(callable(spacy.cli.download), isinstance(spacy.info(markdown=False, silent=True), dict))\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, check=False)
    assert done.returncode == 0, done.stderr
    scored, imported, later = done.stdout.splitlines()
    assert scored == "True"
    assert imported == "[]"
    assert later == "True True"


def test_the_chinese_example_is_segmented_as_with_spacys_pipeline(monkeypatch):
    """Words from `jieba.tokenize` and the stop words read from spaCy's file are the ones the
    spaCy pipeline with the jieba segmenter gives (its words, its `Defaults.stop_words`)."""
    import jieba
    import spacy

    monkeypatch.setattr(jieba, "marshal", _JIEBAS_MARSHAL)  # where spaCy loads jieba
    nlp = spacy.blank("zh", config={"nlp": {"tokenizer": {"segmenter": "jieba"}}})
    chinese = segment.segmenter_for("zh")
    texts = [json.dumps(json.loads(ZH_ANN.read_text(encoding="utf-8")), ensure_ascii=False)]
    for text in texts:
        ours = [text[start:end] for start, end in chinese.words(text)]
        assert ours == [token.text for token in nlp(text) if token.text.strip()]
        assert [chinese.is_stop_word(word) for word in ours] == [
            word in nlp.Defaults.stop_words and word not in segment._CONTENT_STOP_WORDS for word in ours
        ]


_FRESH_JIEBA_LOADS = """
import hashlib, json, marshal, sys
from pathlib import Path
from types import SimpleNamespace
from evidence_eval.text import segment
folder, dictionary = None, None  # where the caches are, and jieba's dictionary, given with each load
segment._jieba_cache_path = lambda tokenizer: Path(folder, segment.JIEBA_CACHE)
packed_cache_path = segment._packed_cache_path
own_tags, own_tag_table, jiebas_read = {}, {}, {}  # posseg's own tags and their table, by dictionary


def fresh_jieba():
    # jieba and posseg imported again: a new jieba.dt, loaded as a fresh process loads it
    for name in [name for name in sys.modules if name == "jieba" or name.startswith("jieba.")]:
        del sys.modules[name]
    jieba = segment._import_jieba()  # as segment imports it: without pkg_resources
    if dictionary:  # jieba's default dictionary, to jieba and segment: both join its name to
        jieba.DEFAULT_DICT_NAME = dictionary  # jieba's folder (pkg_resources would not)
    return jieba


def jiebas_reading(jieba):
    # [FREQ, total, the kernel's table of FREQ] as jieba reads its cache in `folder`: read by
    # jieba once for each content of the file (the same bytes, wherever and whenever written,
    # read the same), the kernel's table made once, where it is compared
    key = hashlib.sha256(Path(folder, segment.JIEBA_CACHE).read_bytes()).hexdigest()
    if key not in jiebas_read:
        by_jieba = jieba.Tokenizer()
        by_jieba.tmp_dir = folder
        jieba.marshal = SimpleNamespace(load=lambda file: marshal.loads(file.read()), dump=marshal.dump)
        by_jieba.initialize()
        jiebas_read.clear()  # the last one only: jieba's own is a dictionary of 350,000 words
        jiebas_read[key] = [by_jieba.FREQ, by_jieba.total, None]
    read = jiebas_read[key]
    if read[2] is None and segment._PACKED_TABLE:
        read[2] = segment._KERNEL.freq_table(read[0], segment._log_weights(segment.log(read[1])))
    return read


def tables(packed=True):
    jieba = fresh_jieba()
    segment._PACKED_TABLE.clear()
    if packed:
        segment._load_chinese_tables()
    else:  # the tables' cache alone: the kernel's table beside it (the next test's) neither
        segment._packed_cache_path = lambda tables_path: None  # read nor written, as where it cannot be
        try:
            segment._load_chinese_tables()
        finally:
            segment._packed_cache_path = packed_cache_path
    import jieba.posseg as posseg
    if dictionary not in own_tags:  # read from the dictionary file by posseg: the same file every time
        own_tags[dictionary] = posseg.POSTokenizer(jieba.dt).word_tag_tab
    kept = segment._kept_tags(posseg.dt)  # read in place of posseg's own, left unread
    if kept is not None and dictionary not in own_tag_table:  # the kernel's table of posseg's own
        own_tag_table[dictionary] = segment._tag_table(own_tags[dictionary])
    if kept is not None:
        table_same = kept == own_tag_table[dictionary]
    else:
        table_same = posseg.dt.word_tag_tab == own_tags[dictionary]
    tag = dict(segment.jieba_tags("北京大学")).get("北京大学")  # as the segmenter reads it
    freq, total, kernels = jiebas_reading(jieba)
    if jieba.dt.initialized:
        same = (jieba.dt.FREQ, jieba.dt.total) == (freq, total)
    else:  # not loaded: the kernel's table of it was read
        (packed,) = segment._PACKED_TABLE
        same = (packed.table, packed.total) == (kernels, total)
    return [table_same, kept is not None, "get_dict_file" in vars(jieba.dt), tag, same]


def packed_read():
    # only whether the kernel's kept table is taken for jieba's and posseg's (what a load
    # tries first), and whether anything of it was set: where it is not, the load goes on as
    # where the file is missing (the tables' cache read, the kernel's table written again)
    jieba = fresh_jieba()
    segment._PACKED_TABLE.clear()
    path = segment._tables_cache_path(jieba)
    taken = path is not None and segment._load_packed_tables(path)
    return [path and path.name, taken, bool(segment._PACKED_TABLE), "jieba.posseg" in sys.modules]


def loaded_before():
    jieba = fresh_jieba()
    segment._load_jieba_dictionary()
    jieba.add_word("魔法词语", 5)  # the user's own word: kept, and never cached
    segment._load_chinese_tables()
    import jieba.posseg as posseg
    return [jieba.dt.FREQ.get("魔法词语"), "get_dict_file" in vars(jieba.dt), len(posseg.dt.word_tag_tab)]


kinds = {
    "tables": tables,
    "tables, not packed": lambda: tables(packed=False),
    "packed read": packed_read,
    "loaded before": loaded_before,
}
for line in sys.stdin:
    kind, folder, dictionary = line.rstrip("\\n").split("\\t")
    print(json.dumps(kinds[kind]()), flush=True)
"""


@pytest.fixture(scope="module")
def fresh_jieba_loads() -> Iterator[Callable[[Path, Path | None], Callable[[str], list]]]:
    """`loads_in(folder, dictionary)(kind)`: jieba's tables loaded with their caches in
    `folder` and `dictionary` as jieba's default dictionary (None: jieba's own), in one
    process (for the module) that imports jieba again for each load (what a fresh process
    does, without paying for its start and for reading posseg's own tags each time):
    "tables" as `segment` loads them, compared with what jieba and posseg read themselves
    ("tables, not packed": with no kernel's table beside the tables' cache, read or written);
    "packed read": only whether the kernel's kept table is taken, the first step of a load;
    "loaded before" after the user loaded jieba and added a word."""
    process = subprocess.Popen(
        [sys.executable, "-c", _FRESH_JIEBA_LOADS],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        cwd=ROOT,
    )
    assert process.stdin is not None and process.stdout is not None and process.stderr is not None

    def loads_in(folder: Path, dictionary: Path | None) -> Callable[[str], list]:
        def load(kind: str) -> list:
            process.stdin.write(f"{kind}\t{folder}\t{dictionary or ''}\n")
            process.stdin.flush()
            line = process.stdout.readline()
            assert line, process.stderr.read()  # it stopped: its traceback
            return json.loads(line)

        return load

    try:
        yield loads_in
    finally:
        process.stdin.close()
        process.wait(timeout=60)
        process.stdout.close()
        process.stderr.close()


def test_jiebas_dictionary_and_poseggs_word_tags_are_cached_and_read_back_as_jieba_reads_them(
    tmp_path, fresh_jieba_loads, small_dictionary
):
    """jieba's dictionary and posseg's word tag table, read from their marshal cache, are the
    ones jieba reads from its cache and posseg from jieba's dictionary; a cache that is broken
    is written again, and one for another jieba cache is another file."""
    import marshal

    load = fresh_jieba_loads(tmp_path, small_dictionary)
    written = load("tables, not packed")  # jieba's cache written
    assert written == [True, False, False, "nt", True]
    assert [path.name for path in tmp_path.iterdir()] == [segment.JIEBA_CACHE]
    assert load("tables, not packed") == written  # the tables' cache written, beside it
    (cache,) = tmp_path.glob(segment.JIEBA_TABLES_CACHE.format("*"))
    name, freq, total, tags = marshal.loads(cache.read_bytes())
    assert name == cache.name and tags == _word_tags(small_dictionary)  # all of them
    assert load("tables, not packed") == written  # read back
    cache.write_bytes(marshal.dumps((name, freq, total, {"北京大学": "x"})))
    assert load("tables, not packed") == [False, False, False, "x", True]  # the cache is what is read
    cache.write_bytes(marshal.dumps(("another", freq, total, {"北京大学": "x"})))
    assert segment._read_tables_cache(cache) is None  # another's: not read, as a broken one
    cache.write_bytes(b"\x00not marshal")
    assert segment._read_tables_cache(cache) is None
    assert load("tables, not packed") == written  # broken: written again
    assert marshal.loads(cache.read_bytes()) == (name, freq, total, tags)
    jiebas = tmp_path / segment.JIEBA_CACHE
    jiebas.write_bytes(jiebas.read_bytes())  # jieba's cache written again: another key, another file
    assert load("tables") == written
    assert len(list(tmp_path.glob(segment.JIEBA_TABLES_CACHE.format("*")))) == 2
    packed = segment._KERNEL is not None  # the kernel's tables kept beside it, and read
    assert load("tables") == [True, packed, False, "nt", True]


def test_jiebas_own_dictionary_is_cached_whole(tmp_path, fresh_jieba_loads, built_jieba_cache):
    """The caches' tests load a small dictionary; this one loads jieba's own (350,000 words),
    once: written from it, the tables' cache holds, read back, jieba's dictionary as jieba
    reads its cache and posseg's tags as posseg reads the dictionary, and the kernel's tables
    (where it is built) the kernel's tables of those."""
    shutil.copyfile(built_jieba_cache, tmp_path / segment.JIEBA_CACHE)
    load = fresh_jieba_loads(tmp_path, None)
    loaded = [True, False, False, "nt", True]
    assert load("tables") == loaded  # written
    assert load("tables, not packed") == loaded  # the tables' cache read back
    assert load("tables") == [True, segment._KERNEL is not None, False, "nt", True]  # the kernel's tables


@pytest.mark.skipif(segment._KERNEL is None, reason="the kernel's table is kept where the kernel is built")
def test_the_kernels_table_is_kept_read_back_and_written_again_when_broken(
    tmp_path, fresh_jieba_loads, small_dictionary
):
    """The kernel's table of jieba's dictionary is kept beside the tables' cache, under its key;
    read back, it stands for jieba's dictionary (the table of what jieba reads from its cache)
    and its table of posseg's tags for posseg's own, left unread; one damaged (its checksum)
    or another's is not taken, and, as a missing one, written again."""
    import marshal

    load = fresh_jieba_loads(tmp_path, small_dictionary)
    load("tables")  # jieba's cache written
    written = load("tables")  # the tables' cache and the kernel's table written
    (tables,) = tmp_path.glob(segment.JIEBA_TABLES_CACHE.format("*"))
    (packed,) = tmp_path.glob(segment.JIEBA_PACKED_CACHE.format("*"))
    assert packed == segment._packed_cache_path(tables)  # the tables' key and the table's makers
    kept = marshal.loads(packed.read_bytes())
    name, total, checksum, table, tag_table, flags = kept
    assert name == packed.name and "nt" in flags
    from_kept = [True, True, False, "nt", True]
    assert load("tables") == from_kept  # read back: the same table and tags
    other_tags = segment._tag_table({"北京大学": "x"})
    assert other_tags is not None
    other_checksum = segment._packed_checksum(table, total, other_tags)
    packed.write_bytes(marshal.dumps((name, total, other_checksum, table, *other_tags)))
    assert load("tables") == [False, True, False, "x", True]  # the kernel's tables are what is read
    assert load("packed read") == [tables.name, True, True, True]  # taken: what is read above
    damaged = table[:100] + bytes([table[100] ^ 1]) + table[101:]
    damaged_tags = tag_table[:100] + bytes([tag_table[100] ^ 1]) + tag_table[101:]
    broken_ones = [
        (name, total, checksum, damaged, tag_table, flags),  # damaged: its checksum
        (name, total, checksum, table, damaged_tags, flags),
        (name, total, checksum, table, tag_table, flags[::-1]),  # flags the checksum was not taken of
        ("another", total, checksum, table, tag_table, flags),  # another's
        (name, total * 2, checksum, table, tag_table, flags),  # a total the checksum was not taken of
        (name, total, checksum, table, {"北京大学": "x"}),  # the tags of an older release
    ]
    for broken in broken_ones:  # each not taken, and nothing of it set: the load goes on as below
        packed.write_bytes(marshal.dumps(broken))
        assert load("packed read") == [tables.name, False, False, False]
    packed.write_bytes(marshal.dumps(broken_ones[0]))
    assert load("tables") == written  # read from the tables' cache, and written again
    assert marshal.loads(packed.read_bytes()) == kept
    packed.unlink()
    assert load("tables") == written  # missing: written again
    assert marshal.loads(packed.read_bytes()) == kept
    assert load("tables") == from_kept


def test_the_cached_tables_share_their_words():
    """The tag table's words are the dictionary's string objects (each made once on loading)."""
    import jieba
    import jieba.posseg as posseg

    segment.segmenter_for("zh")
    segment._load_jieba_dictionary()  # where the kernel's table was read instead
    posseg.dt.makesure_userdict_loaded()  # posseg's own tags, where the kernel's table of them was read
    _, _, tags = segment._shared_tables(jieba.dt, posseg.dt.word_tag_tab)
    assert len(tags) > 300_000
    words = {id(word) for word in jieba.dt.FREQ}
    assert all(id(word) in words for word in list(tags)[::997])


def test_a_jieba_loaded_before_keeps_its_words_and_is_not_cached(
    tmp_path, fresh_jieba_loads, small_dictionary
):
    """A tokenizer the user loaded (and added a word to) keeps its words; posseg's tags still
    come from the cache where there is one, and no cache is written from the user's words."""
    import marshal

    load = fresh_jieba_loads(tmp_path, small_dictionary)
    load("tables")  # jieba's cache written (and nothing beside it)
    count, patched, tags = load("loaded before")
    assert count == 5 and not patched and tags == len(_word_tags(small_dictionary))
    assert not list(tmp_path.glob(segment.JIEBA_TABLES_CACHE.format("*")))
    load("tables")
    (cache,) = tmp_path.glob(segment.JIEBA_TABLES_CACHE.format("*"))
    cached = marshal.loads(cache.read_bytes())[3]
    assert load("loaded before") == [5, False, len(cached)]  # the tags read from the cache
