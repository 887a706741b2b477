"""`parse_trace` reads a line as pydantic's own JSON path does (`Trace.model_validate_json`,
the definition), falling back to the slow, located reading where that refuses; a non-ASCII
line goes through `json` first, which must give the same trace wherever both take it."""

from __future__ import annotations

import json
import math
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from pydantic import ValidationError

from evidence_eval.errors import InputError, Location
from evidence_eval.io.jsonio import iter_lines
from evidence_eval.io.loaders import build, parse_object, parse_trace
from evidence_eval.models import Trace
from evidence_eval.scoring.engine import spooled_bytes, spooled_text


def _definition(text: str) -> Trace | str:
    """What parse_trace gives: pydantic's JSON path, else the slow way (its error); a line
    nested deeper than the slow way reads (MAX_DEPTH levels, as every JSON input) is refused
    as the slow way refuses it, wherever pydantic's own parser stops (some 200 levels)."""
    where = Location("t.jsonl", 3)
    try:
        trace = Trace.model_validate_json(text)
    except ValidationError:
        try:
            return build(Trace, parse_object(text, where), where)
        except InputError as error:
            return str(error)
    try:
        parse_object(text, where)
    except InputError as error:
        if "nested too deeply" in str(error):
            return str(error)
    return trace


def _parsed(text: str) -> Trace | str:
    try:
        return parse_trace("t.jsonl", 3, text)
    except InputError as error:
        return str(error)


def _same(text: str) -> None:
    expected, got = _definition(text), _parsed(text)
    if isinstance(expected, str):
        assert got == expected
    else:
        assert isinstance(got, Trace)
        assert got.model_dump_json() == expected.model_dump_json()
        assert repr(got) == repr(expected)


_ITEM = '{"doc_id":"d1","text":"王璐是2012年加入九鼎的","score":SCORE}'
_LINE = '{"query_id":"q","system":"s","stages":[{"name":"c","items":[ITEM]}]META}'


def _line(item: str = _ITEM, meta: str = "") -> str:
    return _LINE.replace("ITEM", item).replace("META", meta)


@pytest.mark.parametrize(
    "text",
    [
        _line(_ITEM.replace("SCORE", "5")),
        _line(_ITEM.replace("SCORE", "5.25")),
        _line(_ITEM.replace("SCORE", "-0.0")),
        _line(_ITEM.replace("SCORE", "1e400")),
        _line(_ITEM.replace("SCORE", "NaN")),
        _line(_ITEM.replace("SCORE", '"5"')),
        _line(_ITEM.replace("SCORE", "1").replace('"doc_id":"d1"', '"doc_id":"d1","doc_id":"d2"')),
        _line('{"text":"數據","start":1.0,"end":2}'),
        _line('{"text":"數據","start":true,"end":2}'),
        _line('{"text":"數據","start":3,"end":2}'),
        _line('{"text":"數據","start":3}'),
        _line('{"score":1}'),
        _line('{"text":"數據","stage":1}'),
        _line('{"text":"數據"}', ',"metadata":{"a":1,"a":2,"b":123456789012345678901234567890,"c":0.1}'),
        _line('{"text":"數據"}', ',"metadata":{"f":"\\ud800"}'),
        _line('{"text":"數據"}', ',"metadata":{"f":"\\ud83d\\ude00 \\u0000"}'),
        _line('{"text":"數據"}', ',"metadata":{"f":NaN,"g":-Infinity,"h":5e-324,"i":1e-400}'),
        _line('{"text":"數據"}', ',"metadata":{"f":' + "1" * 5000 + "}"),
        *(
            _line('{"text":"數據"}', ',"metadata":{"f":' + "[" * d + "]" * d + "}")
            for d in (98, 99, 100, 130, 300)
        ),
        '{"query_id":"數","system":"s","stages":[{"name":"c"},{"name":"c"}]}',
        '{"query_id":"數","system":"s","stages":[{"name":"c","items":[]}],"query_id":"r"}',
        '{"query_id":"數","system":"","answer":null}',
        '{"query_id":"數","system":"s","answer":"答"',
        '["數"]',
        '{"query_id":"數","system":"s"} x',
    ],
)
def test_edge_lines_read_as_before(text: str) -> None:
    _same(text)
    _same(text.encode("ascii", "backslashreplace").decode("ascii").replace("\\\\u", "\\u"))


_SCALARS = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-(10**30), max_value=10**30),
    st.floats(allow_nan=False, allow_infinity=False),
    st.text(max_size=8),
)
_METADATA = st.recursive(
    _SCALARS,
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=4), inner, max_size=3),
    max_leaves=8,
)
_ITEMS = st.fixed_dictionaries(
    {},
    optional={
        "doc_id": st.text(max_size=6),
        "chunk_id": st.text(max_size=6),
        "text": st.text(max_size=20),
        "start": st.integers(min_value=-2, max_value=30) | st.floats(-2, 30),
        "end": st.integers(min_value=-2, max_value=30),
        "score": st.floats(allow_nan=False) | st.integers(-(10**20), 10**20) | st.text(max_size=2),
        "metadata": _METADATA,
    },
)


@settings(max_examples=300, deadline=None)
@given(
    query_id=st.text(max_size=5),
    stages=st.lists(
        st.fixed_dictionaries(
            {"name": st.sampled_from(["a", "b", "上下文", ""]), "items": st.lists(_ITEMS, max_size=4)}
        ),
        max_size=3,
    ),
    answer=st.none() | st.text(max_size=10),
    metadata=_METADATA,
    ensure_ascii=st.booleans(),
)
def test_random_lines_read_as_before(
    query_id: str, stages: list[dict[str, object]], answer: str | None, metadata: object, ensure_ascii: bool
) -> None:
    data = {"query_id": query_id, "system": "系統", "stages": stages, "answer": answer, "metadata": metadata}
    _same(json.dumps(data, ensure_ascii=ensure_ascii))


def test_real_shaped_lines_read_as_before() -> None:
    texts = ["经验内容仅供参考,如果您需解决具体问题(尤其法律、医学等领域)", "Ein Café (2012)", "plain"]
    for score in (100.0, 3, 0.1 + 0.2, math.pi):
        items = [{"doc_id": f"zh-q0-c{i}", "text": text, "score": score} for i, text in enumerate(texts)]
        stages = [{"name": name, "items": items} for name in ("candidates", "reranked", "context")]
        _same(
            json.dumps(
                {"query_id": "zh-q0", "system": "realistic", "stages": stages, "answer": texts[0]},
                ensure_ascii=False,
            )
        )


def test_blank_lines_are_those_strip_empties(tmp_path: Path) -> None:
    lines = ["{}", "", " \t", "\u3000", "\x1c\x1d\x1e\x1f\x85", "\u2028 ", "a", "\ufeff"]
    path = tmp_path / "t.jsonl"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    expected = [(number, text + "\n") for number, text in enumerate(lines, 1) if (text + "\n").strip()]
    assert list(iter_lines(path)) == expected


def test_spooled_bytes_are_the_dumped_text() -> None:
    from evidence_eval.testing.html_report import synthetic

    report, _, _ = synthetic(6)
    for system in report.systems:
        for result in system.queries:
            expected = "        " + result.model_dump_json(indent=2).replace("\n", "\n        ")
            assert spooled_text(result) == expected
            assert spooled_bytes(result) == expected.encode("utf-8")
