"""Patterns built from kept codes (`lang.compiled.PatternCodes`) are `re.compile`'s patterns:
equal (same source, flags and code) and matching alike; a missing, damaged or foreign file,
a read-only folder or another `re` fall back to compiling."""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from evidence_eval.io import kept
from evidence_eval.lang import compiled
from evidence_eval.lang.compiled import PatternCodes, compiled_with_arguments
from evidence_eval.report import inert
from evidence_eval.text import cues, values

TEXTS = [
    "2021年3月5日下午3点半，价格上涨了百分之十二点五，约1.5万元。",
    "第三十二届会议于二〇二一年举行，共有三分之二的代表出席。",
    "He was born on June 5th, 1990 and moved twice, about 3-4 km, for $1,200 a month.",
    "Between 10 and 20 percent of the 1990s releases ran Python 3.10; one of the deepest lakes.",
    "公元前221年，秦统一六国；不超过 30 天内需要提交材料吗？",
    "A half-hour later, two thirds of them had left at 5:30 p.m. on Monday.",
]


def _module_patterns() -> list[re.Pattern[str]]:
    found = [
        p for module in (values, cues, inert) for p in vars(module).values() if isinstance(p, re.Pattern)
    ]
    found += [pattern for _, pattern, _ in values._PATTERNS]
    found += list(values._STARTS.values()) + list(values._GATES.values())
    return found


def test_the_modules_patterns_equal_re_compile() -> None:
    patterns = _module_patterns()
    assert len(patterns) > 80
    for pattern in patterns:
        expected = re.compile(pattern.pattern, pattern.flags)
        assert pattern == expected
        for text in TEXTS:
            assert [m.span() for m in pattern.finditer(text)] == [m.span() for m in expected.finditer(text)]


def test_codes_kept_build_the_same_patterns(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(kept.tempfile, "tempdir", str(tmp_path))
    sources = [(p.pattern, p.flags) for p in _module_patterns()]
    first = PatternCodes("test")
    made = [first.compile(source, flags) for source, flags in sources]
    assert first.path is not None and not first.path.exists()
    first.save()
    assert first.path.exists()
    again = PatternCodes("test")
    assert len(again._known) == len(set(sources))
    for (source, flags), pattern in zip(sources, made, strict=True):
        rebuilt = again.compile(source, flags)
        assert rebuilt == pattern == re.compile(source, flags)
        assert rebuilt.groupindex == pattern.groupindex and rebuilt.groups == pattern.groups
    assert not again._new  # nothing compiled anew: nothing to write


def test_a_damaged_or_foreign_file_is_compiled_past(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(kept.tempfile, "tempdir", str(tmp_path))
    path = compiled.codes_path("test")
    assert path is not None
    path.write_bytes(b"not marshal at all")
    assert PatternCodes("test").compile(r"\d+年") == re.compile(r"\d+年")
    # an entry whose code is not a pattern's: compiled again, and kept right
    codes = PatternCodes("test")
    codes._known[(r"\d+年", 0)] = (r"\d+年", 32, [1, 2, 3], 0, {}, (None,))
    assert codes.compile(r"\d+年") == re.compile(r"\d+年")
    assert codes._known[(r"\d+年", 0)] == compiled_with_arguments(r"\d+年")[1]
    if hasattr(os, "getuid"):  # another user's file is not read
        codes.save()
        monkeypatch.setattr(kept.os, "getuid", lambda: os.getuid() + 1)
        assert PatternCodes("test")._known == {}


def test_a_read_only_folder_or_another_re_compiles(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(kept.tempfile, "tempdir", str(tmp_path / "missing"))
    codes = PatternCodes("test")
    assert codes.compile("a|b", re.IGNORECASE) == re.compile("a|b", re.IGNORECASE)
    codes.save()  # quietly nothing
    monkeypatch.setattr(compiled, "_COMPILER", None)
    assert compiled_with_arguments("x+") == (re.compile("x+"), None)


_piece = st.sampled_from(
    [
        r"\d{1,3}",
        "(?P<n>[一二三]+)",
        "年",
        r"\b(?:one|two)\b",
        "[a-z]+",
        r"\s*",
        "(?<![\\d.])",
        "(a)\\1",
        "(?=x)",
    ]
)


@settings(max_examples=200, deadline=None)
@given(st.lists(_piece, min_size=1, max_size=5), st.sampled_from([0, re.IGNORECASE, re.MULTILINE]))
def test_random_patterns_rebuild_equal(pieces: list[str], flags: int) -> None:
    source = "|".join(pieces[:2]) + "".join(pieces[2:])
    try:
        expected = re.compile(source, flags)
    except re.error:
        return
    pattern, arguments = compiled_with_arguments(source, flags)
    assert pattern == expected and arguments is not None
    assert compiled._BUILD(*arguments) == expected


def test_lexicon_patterns_equal_re_compile() -> None:
    """The rows' patterns, compiled on first use through the lexicon's `PatternCodes`."""
    from evidence_eval.lang import ROWS, Pattern, lexicon

    for language in ("en", "zh"):
        for name in sorted({row.name for rows in ROWS.values() for row in rows if isinstance(row, Pattern)}):
            try:
                pattern = lexicon(language).pattern(name)
            except ValueError:
                continue
            assert pattern == re.compile(pattern.pattern, pattern.flags)


def test_save_all_keeps_the_codes_of_patterns_compiled_later(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(kept.tempfile, "tempdir", str(tmp_path))
    codes = PatternCodes("later")
    codes.compile("(?P<year>\\d{4})年")
    compiled.save_all()
    assert PatternCodes("later")._known.keys() == {("(?P<year>\\d{4})年", 0)}


def test_re_cache_seeded_from_a_former_run_gives_re_compile_patterns(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`seed_re_cache` puts back in `re`'s cache what a former run left there (its codes kept by
    `save_all`): `re.compile` then returns those patterns, equal to the ones it compiles."""
    monkeypatch.setattr(kept.tempfile, "tempdir", str(tmp_path))
    monkeypatch.setattr(compiled, "_RE_CACHE_CODES", [])
    monkeypatch.setattr(compiled, "_EVERY", [])
    sources = [(p.pattern, p.flags) for p in _module_patterns()][:40] + [
        ("(?P<n>[一二三]+)年", re.IGNORECASE)
    ]
    re.purge()
    compiled.seed_re_cache()  # nothing kept yet: nothing seeded
    former = [re.compile(source, flags) for source, flags in sources]
    compiled.save_all()
    known = PatternCodes("re-cache")._known
    assert {(source, int(flags)) for source, flags in sources} <= known.keys()

    re.purge()
    monkeypatch.setattr(compiled, "_RE_CACHE_CODES", [])
    compiled.seed_re_cache()
    seeded = {key[1:]: pattern for key, pattern in re._cache.items()}  # type: ignore[attr-defined]
    for (source, flags), pattern in zip(sources, former, strict=True):
        assert seeded[(source, int(flags))] == pattern
        assert re.compile(source, flags) is seeded[(source, int(flags))]
        for text in TEXTS:
            assert [m.span() for m in re.finditer(source, text, flags)] == [
                m.span() for m in pattern.finditer(text)
            ]
    re.purge()


def test_re_cache_codes_stop_growing(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Patterns joined from a set differ from run to run: past `_RE_CACHE_KEPT` kept, only the
    ones in `re`'s cache now are kept (at most `re`'s own bound), among them those every run
    compiles."""
    monkeypatch.setattr(kept.tempfile, "tempdir", str(tmp_path))
    monkeypatch.setattr(compiled, "_RE_CACHE_KEPT", 8)
    for run in range(3):
        monkeypatch.setattr(compiled, "_RE_CACHE_CODES", [])
        monkeypatch.setattr(compiled, "_EVERY", [])
        re.purge()
        compiled.seed_re_cache()
        re.compile("every-run")
        for index in range(5):
            re.compile(f"run{run}-{index}")
        if run == 2:
            cached = {source for _, source, _ in compiled._RE_CACHE}
        compiled.save_all()
    known = {source for source, _ in PatternCodes("re-cache")._known}
    assert {f"run2-{index}" for index in range(5)} | {"every-run"} <= known <= cached
    re.purge()


@pytest.mark.parametrize(
    "written",
    [{"not-a-pair": (1, 2)}, {("a", 0, "x"): ("a",)}, {("a", 0): 5}, {("a", 0): ("b", 0, [], 0, {}, ())}],
    ids=["key-not-a-pair", "key-of-three", "arguments-not-a-tuple", "arguments-of-another-source"],
)
def test_a_kept_file_of_another_shape_seeds_nothing_and_breaks_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, written: object
) -> None:
    import marshal

    monkeypatch.setattr(kept.tempfile, "tempdir", str(tmp_path))
    monkeypatch.setattr(compiled, "_RE_CACHE_CODES", [])
    monkeypatch.setattr(compiled, "_EVERY", [])
    path = compiled.codes_path("re-cache")
    assert path is not None
    path.write_bytes(marshal.dumps(written))
    re.purge()
    compiled.seed_re_cache()
    assert not compiled._RE_CACHE
    assert re.compile("a").match("a")
    compiled.save_all()
    re.purge()


def test_re_cache_seeding_leaves_room_for_a_runs_own_patterns(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Seeded patterns never fill `re`'s cache: `re` drops the oldest it caches when full."""
    monkeypatch.setattr(kept.tempfile, "tempdir", str(tmp_path))
    monkeypatch.setattr(compiled, "_RE_CACHE_CODES", [])
    monkeypatch.setattr(compiled, "_EVERY", [])
    re.purge()
    compiled.seed_re_cache()
    for index in range(10):
        re.compile(f"kept{index}")
    compiled.save_all()
    re.purge()
    monkeypatch.setattr(compiled, "_RE_CACHE_CODES", [])
    monkeypatch.setattr(compiled, "_RE_CACHE_SIZE", compiled._RE_CACHE_ROOM + 3)
    compiled.seed_re_cache()
    assert len(re._cache) == 3  # type: ignore[attr-defined]
    re.purge()
