"""The rarity weights a former run kept (`text.rarity._weights`) are the ones read from
wordfreq's list (`_list_weights`): the same words, the same floats; a kept file for another
list or another version of the module is another file, and a damaged one is read past."""

from __future__ import annotations

from pathlib import Path

import pytest

from evidence_eval.io import kept
from evidence_eval.text import rarity


def _list_path(language: str) -> Path:
    from importlib.util import find_spec

    spec = find_spec("wordfreq")
    assert spec is not None and spec.submodule_search_locations
    return Path(next(iter(spec.submodule_search_locations))) / "data" / f"large_{language}.msgpack.gz"


@pytest.mark.parametrize("language", ["zh", "en"])
def test_kept_weights_are_the_lists(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, language: str) -> None:
    monkeypatch.setattr(kept.tempfile, "tempdir", str(tmp_path))
    read = rarity._list_weights(_list_path(language))
    rarity._weights.cache_clear()
    try:
        first = rarity._weights(language)  # read from the list, and kept
        assert list(tmp_path.glob("evidence_eval.rarity.v1.*.cache"))
        rarity._weights.cache_clear()
        with monkeypatch.context() as unread:
            unread.setattr(rarity, "_list_weights", lambda path: pytest.fail("the list read again"))
            again = rarity._weights(language)  # from the kept file
        assert again is not first
        assert list(again.items()) == list(first.items()) == list(read.items())
    finally:
        rarity._weights.cache_clear()


def test_a_kept_file_is_named_by_the_list_and_the_module(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(kept.tempfile, "tempdir", str(tmp_path))
    zh, en = rarity._kept_weights_path(_list_path("zh")), rarity._kept_weights_path(_list_path("en"))
    assert zh is not None and en is not None and zh != en and zh.parent == tmp_path
    assert rarity._kept_weights_path(tmp_path / "missing.msgpack.gz") is None


def test_a_damaged_kept_file_is_read_past(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(kept.tempfile, "tempdir", str(tmp_path))
    path = rarity._kept_weights_path(_list_path("en"))
    assert path is not None
    path.write_bytes(b"not marshal")
    rarity._weights.cache_clear()
    try:
        assert rarity._weights("en") == rarity._list_weights(_list_path("en"))
    finally:
        rarity._weights.cache_clear()
