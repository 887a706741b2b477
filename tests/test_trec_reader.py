"""The vectorised TREC reader against the line parser: same result on every file both read,
and every file the fast path cannot read goes to the line parser (which names bad lines)."""

from __future__ import annotations

from unittest.mock import patch

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from evidence_eval.errors import InputError
from evidence_eval.io import table, trec
from evidence_eval.models.columns import JudgmentColumns


def rankings(runs):
    return {tag: {qid: query.ranking() for qid, query in queries.items()} for tag, queries in runs.items()}


def both_run_readers(tmp_path, text, *, regular=True):
    path = tmp_path / "run.txt"
    path.write_bytes(text.encode("utf-8"))
    fast = trec._read_regular_run(path.read_bytes())
    assert (fast is not None) == regular
    slow = trec._read_run_lines(path)
    if fast is not None:
        assert rankings(fast) == rankings(slow)
    assert rankings(trec.read_run(path)) == rankings(slow)
    return rankings(slow)


def both_qrels_readers(tmp_path, text, *, regular=True):
    path = tmp_path / "qrels.txt"
    path.write_bytes(text.encode("utf-8"))
    judgments = trec.read_judgments(path)
    assert isinstance(judgments, JudgmentColumns) == regular
    fast = trec.qrels_dict(judgments) if isinstance(judgments, JudgmentColumns) else judgments
    slow: dict = {}
    trec._read_qrels_into(path, slow)
    if regular:
        assert fast == slow
    assert trec.read_qrels(path) == slow
    return slow


def test_ranks_order_the_ranking_and_ties_keep_file_order(tmp_path):
    text = "q1 Q0 C 3 1 r\nq1 Q0 A 1 3 r\nq1 Q0 B 1 2 r\nq2 Q0 X 1 1 r\n"
    assert both_run_readers(tmp_path, text) == {"r": {"q1": ["A", "B", "C"], "q2": ["X"]}}


def test_a_query_split_over_the_file_is_one_ranking(tmp_path):
    text = "q1 Q0 A 1 3 r\nq2 Q0 X 1 1 r\nq1 Q0 B 2 2 r\n"
    assert both_run_readers(tmp_path, text) == {"r": {"q1": ["A", "B"], "q2": ["X"]}}


def test_several_tags_are_several_runs(tmp_path):
    text = "q1 Q0 A 1 3 bm25\nq1 Q0 B 1 3 dense\nq1 Q0 C 2 2 bm25\n"
    assert both_run_readers(tmp_path, text) == {"bm25": {"q1": ["A", "C"]}, "dense": {"q1": ["B"]}}


@pytest.mark.parametrize(
    "text",
    [
        "\ufeffq1 Q0 A 1 1.5 r\r\nq1 Q0 B 2 -0.5 r\r\n",  # BOM and CRLF
        "\n\nq1\tQ0\tA\t1\t+1. r\n  \nq1 Q0 B 2 .5 r",  # blank lines, tabs, no final newline
        "q1 Q0 A 007 1 r\nq1 Q0 B 10 1 r\n",  # leading zeros
    ],
)
def test_regular_files_in_every_layout(tmp_path, text):
    assert both_run_readers(tmp_path, text) == {"r": {"q1": ["A", "B"]}}


@pytest.mark.parametrize(
    "text",
    [
        "q1 Q0 A 1 1e-3 r\nq1 Q0 B 2 1 r\n",  # an exponent: Python's float() decides
        "q1 Q0 A +1 1 r\nq1 Q0 B 2 1 r\n",  # a signed rank
        "q1 Q0 A 1_0 1 r\nq1 Q0 B 20 1 r\n",  # int() accepts underscores
        "q1 Q0 A 1 1 r\rq1 Q0 B 2 1 r\r",  # old Mac line ends: universal newlines
        "q1 Q0 Ä 1 1 r\nq1 Q0 B 2 1 r\n",  # non-ASCII
        "q1 Q0 A\u3000x 1 1 r\n",  # unicode whitespace splits for str.split() only
    ],
)
def test_irregular_files_go_to_the_line_parser(tmp_path, text):
    path = tmp_path / "run.txt"
    path.write_bytes(text.encode("utf-8"))
    assert trec._read_regular_run(path.read_bytes()) is None
    assert outcome(lambda: trec.read_run(path)) == outcome(lambda: trec._read_run_lines(path))


def outcome(read):
    try:
        return rankings(read())
    except InputError as error:
        return str(error)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("q1 Q0 A 1 1 r\nq1 Q0 A 2 1 r\n", "run.txt:2: docid 'A' appears twice"),
        ("q1 Q0 A 1 1 r\nq1 Q0 B 2 r\n", "run.txt:2: expected 6 columns"),
        ("q1 Q0 A 1 nan r\n", "run.txt:1: score 'nan' is not finite"),
        ("q1 Q0 A 1.5 1 r\n", "run.txt:1: rank '1.5' must be an integer"),
    ],
)
def test_bad_runs_are_named_by_line(tmp_path, text, message):
    path = tmp_path / "run.txt"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(InputError) as caught:
        trec.read_run(path)
    assert message in str(caught.value)


def test_qrels_keep_negative_grades_and_a_pair_judged_twice_alike(tmp_path):
    text = "q1 0 A -1\nq1 0 B 2\nq2 0 A 0\nq1 0 B 2\n"
    expected = {"q1": {"A": -1, "B": 2}, "q2": {"A": 0}}
    assert both_qrels_readers(tmp_path, text, regular=False) == expected


@pytest.mark.parametrize("extra", ["", "q3 0 文档 1"])  # the column reader, then the line reader
def test_qrels_refuse_a_pair_judged_twice_otherwise(tmp_path, extra):
    path = tmp_path / "qrels.txt"
    path.write_text(f"q1 0 A 1\nq1 0 B 2\nq2 0 A 0\nq1 0 B 0\n{extra}\n", encoding="utf-8")
    with pytest.raises(InputError, match=r"qrels.txt:4: query 'q1', docid 'B': grade 0 here, 2 on line 2"):
        trec.read_qrels(path)


def test_integer_columns():
    parsed = one_table(b"1 -20 007\n18446744 0 -0\n", 3)
    assert parsed is not None
    assert parsed.integers(0).tolist() == [1, 18446744]
    assert parsed.integers(1).tolist() == [-20, 0]
    assert parsed.integers(2).tolist() == [7, 0]
    assert one_table(b"1 x\n", 2).integers(1) is None
    assert one_table(b"1 -\n", 2).integers(1) is None


def one_table(data, width):
    (parsed,) = table.map_tables(data, width, lambda whole: whole)
    return parsed


odd = st.text(alphabet="abX019_-+.e", min_size=1, max_size=6)
ranks = st.one_of(st.integers(-3, 120), st.integers(10**9, 10**15)).map(str)  # 1 or 2 words
scores = st.one_of(
    st.decimals(places=3, allow_nan=False, allow_infinity=False).map(str), st.integers().map(str)
)


def run_lines(rank, score):
    return st.lists(
        st.tuples(
            st.sampled_from(["q1", "q2", "q10", "query-with-a-long-identifier-17"]),
            st.text(alphabet="abcdefXYZ0129-_.", min_size=1, max_size=20),  # fields of 1-3 words
            rank,
            score,
            st.sampled_from(["r", "s"]),
            st.sampled_from([" ", "\t", "  "]),
        ),
        max_size=25,
        unique_by=lambda row: (row[0], row[1], row[4]),  # repeats have their own test
    )


# Half the files are clean (the fast path reads them), half may hold odd ranks and scores.
lines = st.one_of(
    run_lines(ranks, scores),
    run_lines(st.one_of(ranks, odd), st.one_of(scores, st.floats().map(repr), odd)),
)


@settings(max_examples=200, deadline=None)
@given(lines=lines, ending=st.sampled_from(["\n", "\r\n"]), block=st.sampled_from([1, 40, table.BLOCK_BYTES]))
def test_fast_and_line_readers_agree(tmp_path_factory, lines, ending, block):
    text = "".join(
        sep.join([qid, "Q0", docid, rank, score, tag]) + ending for qid, docid, rank, score, tag, sep in lines
    )
    path = tmp_path_factory.mktemp("run") / "run.txt"
    path.write_text(text, encoding="utf-8", newline="")
    expected = outcome(lambda: trec._read_run_lines(path))
    with patch.object(table, "BLOCK_BYTES", block):  # blocks of one line, a few lines, the file
        fast = trec._read_regular_run(path.read_bytes())
    if fast is not None:
        assert rankings(fast) == expected
    if expected != {}:  # an empty file is refused by read_run itself
        assert outcome(lambda: trec.read_run(path)) == expected
