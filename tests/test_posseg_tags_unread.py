"""posseg's word tag table is left unread at start-up where the kernel's table of it is kept
(0.25 s): the segmenter reads the kept table, and posseg, called directly, reads its own first
(what its import would have read), with the words a user added.

Each run takes a small dictionary for jieba's default one (`write_small_dictionary`: every
word of jieba's own found in the text cut here, 3,565 words, not 349,046), its caches in the
module's folder: posseg's tag table read from it is what is tested, not its size."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from evidence_eval.text import segment
from tests.conftest import ROOT
from tests.jieba_dictionary import write_small_dictionary

TEXT = "张伟说魔法词语在北京大学工作"

# jieba imported as segment imports it, the small dictionary (argv[1]) made its default one
# (jieba and segment join its name to jieba's folder) and its caches kept in argv[2]
_SMALL_JIEBA = """
import sys
from evidence_eval.text import segment
jieba = segment._import_jieba()
jieba.DEFAULT_DICT_NAME, jieba.dt.tmp_dir = sys.argv[1:3]
"""

_CALLED_DIRECTLY = (
    _SMALL_JIEBA
    + f"""
import json
chinese = segment.segmenter_for("zh")
import jieba.posseg as posseg
text = {TEXT!r}
unread = [segment._kept_tags(posseg.dt) is not None, len(posseg.dt.word_tag_tab), chinese.proper_names(text)]
if "added" in sys.argv:
    jieba.add_word("魔法词语", 5, "nr")  # the user's word and tag: posseg's table is read, with it
    unread.append(chinese.proper_names(text))
if "threads" in sys.argv:  # posseg's first cuts on four threads at once
    import threading
    segment._load_jieba_dictionary()  # jieba's dictionary loaded already: no cut waits for it
    start, cuts = threading.Barrier(4), []
    def cut():
        start.wait()
        cuts.append([tuple(pair) for pair in posseg.lcut(text)])
    threads = [threading.Thread(target=cut) for _ in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    unread.append(cuts)
pairs = [tuple(pair) for pair in posseg.lcut(text)]
own = posseg.POSTokenizer(jieba.dt).word_tag_tab
read = [segment._kept_tags(posseg.dt) is not None, posseg.dt.word_tag_tab == own, len(posseg.dt.word_tag_tab) - len(own)]
print(json.dumps([unread, pairs, read], ensure_ascii=False))
"""
)


_KEEP_TABLES = (
    _SMALL_JIEBA
    + """
builder = jieba.Tokenizer()
builder.tmp_dir = jieba.dt.tmp_dir
segment._load_jieba_dictionary(builder)  # jieba's cache, built and written
segment._load_chinese_tables()  # the tables' caches beside it, written
"""
)


@pytest.fixture(scope="module")
def kept_tables(tmp_path_factory) -> list[str]:
    """The small dictionary and the folder of its caches: jieba's cache, then the tables'
    caches beside it, written (as a first and a second run of the segmenter write them), in
    one process that cuts nothing."""
    folder = tmp_path_factory.mktemp("kept-tables")
    small = [str(write_small_dictionary(folder / "dict.txt", (TEXT,))), str(folder)]
    subprocess.run([sys.executable, "-c", _KEEP_TABLES, *small], check=True, capture_output=True, cwd=ROOT)
    return small


def _called_directly(small: list[str], *arguments: str) -> list:
    run = [sys.executable, "-c", _CALLED_DIRECTLY, *small, *arguments]
    out = subprocess.run(run, check=True, capture_output=True, text=True, cwd=ROOT)
    return json.loads(out.stdout)


@pytest.mark.skipif(segment._KERNEL is None, reason="the kernel's tables are kept where the kernel is built")
def test_posseg_called_directly_reads_its_own_tag_table(kept_tables):
    unread, pairs, read = _called_directly(kept_tables)
    assert unread == [True, 0, [[0, 2], [8, 12]]]  # the kept table read, posseg's left unread
    assert pairs == [
        ["张伟", "nr"],
        ["说", "v"],
        ["魔法", "n"],
        ["词语", "n"],
        ["在", "p"],
        ["北京大学", "nt"],
        ["工作", "vn"],
    ]
    assert read == [False, True, 0]  # posseg's own, read by its first cut


@pytest.mark.skipif(segment._KERNEL is None, reason="the kernel's tables are kept where the kernel is built")
def test_a_users_tagged_word_is_read_with_posseg_own_table(kept_tables):
    unread, pairs, read = _called_directly(kept_tables, "added")
    assert unread[:3] == [True, 0, [[0, 2], [8, 12]]]
    assert unread[3] == [[0, 2], [3, 7], [8, 12]]  # the user's name, tagged "nr"
    assert ["魔法词语", "nr"] in pairs
    assert read == [False, False, 1]  # posseg's own table and the user's word


@pytest.mark.skipif(segment._KERNEL is None, reason="the kernel's tables are kept where the kernel is built")
def test_posseg_first_cuts_on_several_threads_all_read_its_table(kept_tables):
    unread, pairs, read = _called_directly(kept_tables, "threads")
    assert unread[:3] == [True, 0, [[0, 2], [8, 12]]] and read == [False, True, 0]
    assert unread[3] == [pairs] * 4  # every thread's first cut tagged as the cut after
