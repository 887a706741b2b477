"""TREC files: qrels (`qid iter docid grade`) and runs (`qid Q0 docid rank score tag`).

A run is ordered by its rank column, ties kept in file order (trec_eval instead sorts by
score, descending, and breaks ties by docid: see the README).
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

from ..errors import InputError, Location


def _lines(path: str | Path) -> Iterator[tuple[int, list[str]]]:
    try:
        handle = open(path, "rb")
    except OSError as exc:
        raise InputError(Location(str(path)), f"cannot read: {exc.strerror}") from None
    with handle:
        for number, raw in enumerate(handle, start=1):
            try:
                text = raw.decode("utf-8-sig" if number == 1 else "utf-8")
            except UnicodeDecodeError as exc:
                raise InputError(Location(str(path), number),
                                 f"invalid UTF-8 at byte {exc.start}") from None
            fields = text.split()
            if fields:
                yield number, fields


def read_qrels(path: str | Path) -> dict[str, dict[str, int]]:
    qrels: dict[str, dict[str, int]] = {}
    for number, fields in _lines(path):
        if len(fields) != 4:
            raise InputError(Location(str(path), number),
                             f"expected 4 columns `qid iter docid grade`, found {len(fields)}")
        qid, _, docid, grade = fields
        try:
            value = int(grade)
        except ValueError:
            raise InputError(Location(str(path), number),
                             f"grade {grade!r} is not an integer") from None
        qrels.setdefault(qid, {})[docid] = value
    if not qrels:
        raise InputError(Location(str(path)), "the qrels file is empty")
    return qrels


@dataclass
class RunQuery:
    entries: list[tuple[int, int, str]] = field(default_factory=list)  # (rank, order, docid)
    first_line: int = 0

    def ranking(self) -> list[str]:
        return [docid for _, _, docid in sorted(self.entries)]


def read_run(path: str | Path) -> dict[str, dict[str, RunQuery]]:
    """tag -> qid -> entries. Rejects a docid twice in one query's ranking."""
    runs: dict[str, dict[str, RunQuery]] = {}
    seen: dict[tuple[str, str], set[str]] = {}
    for number, fields in _lines(path):
        if len(fields) != 6:
            raise InputError(Location(str(path), number),
                             f"expected 6 columns `qid Q0 docid rank score tag`, found {len(fields)}")
        qid, _, docid, rank, score, tag = fields
        try:
            rank_value = int(rank)
            score_value = float(score)
        except ValueError:
            raise InputError(Location(str(path), number),
                             f"rank {rank!r} must be an integer and score {score!r} a number") from None
        if not math.isfinite(score_value):
            raise InputError(Location(str(path), number), f"score {score!r} is not finite")
        docs = seen.setdefault((tag, qid), set())
        if docid in docs:
            raise InputError(Location(str(path), number),
                             f"docid {docid!r} appears twice for query {qid!r} in run {tag!r}")
        docs.add(docid)
        query = runs.setdefault(tag, {}).setdefault(qid, RunQuery(first_line=number))
        query.entries.append((rank_value, len(query.entries), docid))
    if not runs:
        raise InputError(Location(str(path)), "the run file is empty")
    return runs
