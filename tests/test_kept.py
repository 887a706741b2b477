"""io.kept: the caches one run keeps for the next in the temp folder (jieba's tables, pattern codes)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from evidence_eval.io import kept
from evidence_eval.io.kept import read_kept, write_kept


def test_what_is_written_is_read_back(tmp_path: Path) -> None:
    path = tmp_path / "tables.cache"
    write_kept(path, ({"一": 3}, 7))
    assert read_kept(path) == ({"一": 3}, 7)
    assert [p.name for p in tmp_path.iterdir()] == ["tables.cache"]  # no temporary left behind


def test_a_missing_or_damaged_file_reads_as_none(tmp_path: Path) -> None:
    assert read_kept(tmp_path / "missing") is None
    damaged = tmp_path / "damaged"
    damaged.write_bytes(b"not marshal at all")
    assert read_kept(damaged) is None


@pytest.mark.skipif(not hasattr(os, "getuid"), reason="no file owners here")
def test_another_users_file_is_read_only_when_asked(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "codes"
    write_kept(path, {"a": 1})
    monkeypatch.setattr(kept.os, "getuid", lambda: os.getuid() + 1)
    assert read_kept(path) is None
    assert read_kept(path, own_only=False) == {"a": 1}  # jieba's own cache, read as jieba reads it


def test_an_unwritable_place_or_value_writes_nothing(tmp_path: Path) -> None:
    write_kept(tmp_path / "missing" / "codes", {"a": 1})  # quietly nothing
    assert not (tmp_path / "missing").exists()
    write_kept(tmp_path / "codes", object())  # marshal cannot write it: nothing
    assert list(tmp_path.iterdir()) == []
