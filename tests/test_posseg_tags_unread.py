"""posseg's word tag table is left unread at start-up where the kernel's table of it is kept
(0.25 s): the segmenter reads the kept table, and posseg, called directly, reads its own first
(what its import would have read), with the words a user added."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from evidence_eval.text import segment
from tests.conftest import ROOT

_CALLED_DIRECTLY = """
import json, marshal, types
from evidence_eval.text import segment
chinese = segment.segmenter_for("zh")
import jieba, jieba.posseg as posseg
# jieba reads its cache in one piece when it loads its dictionary (the first cut): the same
# value as its own marshal.load, which reads 9 MB a few bytes at a time (1-2.5 s of CPU); it
# still writes one with marshal's own dump
jieba.marshal = types.SimpleNamespace(load=lambda file: marshal.loads(file.read()), dump=marshal.dump)
text = "张伟说魔法词语在北京大学工作"
unread = [segment._kept_tags(posseg.dt) is not None, len(posseg.dt.word_tag_tab), chinese.proper_names(text)]
if "added" in __import__("sys").argv:
    jieba.add_word("魔法词语", 5, "nr")  # the user's word and tag: posseg's table is read, with it
    unread.append(chinese.proper_names(text))
if "threads" in __import__("sys").argv:  # posseg's first cuts on four threads at once
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


_KEEP_TABLES = """
from evidence_eval.text import segment
jieba = segment._import_jieba()
if not segment._jieba_cache_path(jieba.dt).is_file():
    segment._load_jieba_dictionary(jieba.Tokenizer())  # jieba's cache, built and written
segment._load_chinese_tables()  # the tables' caches beside it, written where they are not
"""


@pytest.fixture(scope="module")
def kept_tables() -> None:
    """jieba's cache, then the tables' caches beside it, written where they were not (as a
    first and a second run of the segmenter write them), in one process that cuts nothing."""
    subprocess.run([sys.executable, "-c", _KEEP_TABLES], check=True, capture_output=True, cwd=ROOT)


def _called_directly(*arguments: str) -> list:
    run = [sys.executable, "-c", _CALLED_DIRECTLY, *arguments]
    out = subprocess.run(run, check=True, capture_output=True, text=True, cwd=ROOT)
    return json.loads(out.stdout)


@pytest.mark.skipif(segment._KERNEL is None, reason="the kernel's tables are kept where the kernel is built")
def test_posseg_called_directly_reads_its_own_tag_table(kept_tables):
    unread, pairs, read = _called_directly()
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
    unread, pairs, read = _called_directly("added")
    assert unread[:3] == [True, 0, [[0, 2], [8, 12]]]
    assert unread[3] == [[0, 2], [3, 7], [8, 12]]  # the user's name, tagged "nr"
    assert ["魔法词语", "nr"] in pairs
    assert read == [False, False, 1]  # posseg's own table and the user's word


@pytest.mark.skipif(segment._KERNEL is None, reason="the kernel's tables are kept where the kernel is built")
def test_posseg_first_cuts_on_several_threads_all_read_its_table(kept_tables):
    unread, pairs, read = _called_directly("threads")
    assert unread[:3] == [True, 0, [[0, 2], [8, 12]]] and read == [False, True, 0]
    assert unread[3] == [pairs] * 4  # every thread's first cut tagged as the cut after
