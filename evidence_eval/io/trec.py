"""TREC files: qrels (`qid iter docid grade`) and runs (`qid Q0 docid rank score tag`).

A run is ordered by its rank column, ties kept in file order (trec_eval instead sorts by
score, descending, and breaks ties by docid: see the README).

Both are parsed in blocks of whole lines with bulk operations (split, zip, map run in C);
a block that does not parse cleanly is read again line by line to name the bad line.
"""

from __future__ import annotations

import gc
import math
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from itertools import chain, compress
from operator import ne
from pathlib import Path

from ..errors import InputError, Location

BLOCK_CHARS = 1 << 23


def _blocks(path: str | Path) -> Iterator[tuple[int, list[str]]]:
    """(number of the first line, lines) for blocks of whole lines, decoded as UTF-8."""
    try:
        handle = open(path, encoding="utf-8-sig", newline=None)
    except OSError as exc:
        raise InputError(Location(str(path)), f"cannot read: {exc.strerror}") from None
    first = 1
    carry = ""
    try:
        with handle:
            while True:
                chunk = handle.read(BLOCK_CHARS)
                if not chunk:
                    break
                text = carry + chunk
                cut = text.rfind("\n") + 1
                if cut == 0:
                    carry = text
                    continue
                carry = text[cut:]
                lines = text[:cut].split("\n")[:-1]
                yield first, lines
                first += len(lines)
            if carry:
                yield first, [carry]
    except UnicodeDecodeError:
        raise InputError(
            Location(str(path), _bad_utf8_line(path)), "invalid UTF-8", "save the file as UTF-8"
        ) from None


@contextmanager
def _no_cycle_collection() -> Iterator[None]:
    """Millions of small acyclic objects: the cycle collector would rescan them again and
    again while they are made (it dominated the parse time), and finds nothing to free."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        gc.freeze()  # what was parsed lives to the end of the run: never rescan it
        if enabled:
            gc.enable()


def _bad_utf8_line(path: str | Path) -> int:
    with open(path, "rb") as handle:
        for number, raw in enumerate(handle, start=1):
            try:
                raw.decode("utf-8")
            except UnicodeDecodeError:
                return number
    return 0


def _columns(
    path: str | Path,
    first: int,
    lines: list[str],
    width: int,
    check: Callable[[str | Path, int, list[str]], None],
) -> list[list[str]]:
    """The block's columns; on any irregularity, `check` each line to raise a located error."""
    rows = list(map(str.split, lines))
    widths = set(map(len, rows))
    if 0 in widths:
        rows = [row for row in rows if row]
        widths.discard(0)
    if not rows:
        return [[] for _ in range(width)]
    if widths != {width}:
        _locate(path, first, lines, check)
    flat = list(chain.from_iterable(rows))  # far cheaper than zip(*rows) on many rows
    return [flat[column::width] if column != 1 else [] for column in range(width)]


def _locate(
    path: str | Path, first: int, lines: list[str], check: Callable[[str | Path, int, list[str]], None]
) -> None:
    for offset, line in enumerate(lines):
        fields = line.split()
        if fields:
            check(path, first + offset, fields)
    raise InputError(Location(str(path)), "could not parse the file")  # pragma: no cover


def _check_qrels_line(path: str | Path, number: int, fields: list[str]) -> None:
    if len(fields) != 4:
        raise InputError(
            Location(str(path), number), f"expected 4 columns `qid iter docid grade`, found {len(fields)}"
        )
    try:
        int(fields[3])
    except ValueError:
        raise InputError(Location(str(path), number), f"grade {fields[3]!r} is not an integer") from None


def _check_run_line(path: str | Path, number: int, fields: list[str]) -> None:
    if len(fields) != 6:
        raise InputError(
            Location(str(path), number),
            f"expected 6 columns `qid Q0 docid rank score tag`, found {len(fields)}",
        )
    rank, score = fields[3], fields[4]
    try:
        int(rank)
        value = float(score)
    except ValueError:
        raise InputError(
            Location(str(path), number), f"rank {rank!r} must be an integer and score {score!r} a number"
        ) from None
    if not math.isfinite(value):
        raise InputError(Location(str(path), number), f"score {score!r} is not finite")


def read_qrels(path: str | Path) -> dict[str, dict[str, int]]:
    qrels: dict[str, dict[str, int]] = {}
    with _no_cycle_collection():
        _read_qrels_into(path, qrels)
    if not qrels:
        raise InputError(Location(str(path)), "the qrels file is empty")
    return qrels


def _read_qrels_into(path: str | Path, qrels: dict[str, dict[str, int]]) -> None:
    for first, lines in _blocks(path):
        qids, _, docids, grades = _columns(path, first, lines, 4, _check_qrels_line)
        try:
            values = list(map(int, grades))
        except ValueError:
            _locate(path, first, lines, _check_qrels_line)
        for start, end in _segments(qids):
            qrels.setdefault(qids[start], {}).update(zip(docids[start:end], values[start:end]))


def _segments(*keys: list[str]) -> list[tuple[int, int]]:
    """[start, end) of each run of equal consecutive keys."""
    n = len(keys[0])
    if n == 0:
        return []
    changes: set[int] = set()
    for column in keys:
        changes.update(compress(range(1, n), map(ne, column[1:], column[:-1])))
    bounds = [0, *sorted(changes), n]
    return list(zip(bounds, bounds[1:]))


@dataclass
class RunQuery:
    """One query's ranking in one run, in file order, and the line where it started."""

    ranks: list[int] = field(default_factory=list)
    docids: list[str] = field(default_factory=list)
    first_line: int = 0

    def ranking(self) -> list[str]:
        ranks = self.ranks
        if all(map(int.__le__, ranks, ranks[1:])):
            return self.docids
        # sorted() is stable: equal ranks keep their file order.
        order = sorted(range(len(ranks)), key=ranks.__getitem__)
        return [self.docids[index] for index in order]


def read_run(path: str | Path) -> dict[str, dict[str, RunQuery]]:
    """tag -> qid -> ranking. Rejects a docid twice in one query's ranking."""
    runs: dict[str, dict[str, RunQuery]] = {}
    with _no_cycle_collection():
        _read_run_into(path, runs)
    if not runs:
        raise InputError(Location(str(path)), "the run file is empty")
    _refuse_duplicates(path, runs)
    return runs


def _read_run_into(path: str | Path, runs: dict[str, dict[str, RunQuery]]) -> None:
    for first, lines in _blocks(path):
        qids, _, docids, ranks, scores, tags = _columns(path, first, lines, 6, _check_run_line)
        try:
            rank_values = list(map(int, ranks))
            finite = all(map(math.isfinite, map(float, scores)))
        except ValueError:
            _locate(path, first, lines, _check_run_line)
        if not finite:
            _locate(path, first, lines, _check_run_line)
        keys = (qids,) if len(set(tags)) == 1 else (qids, tags)
        for start, end in _segments(*keys):
            by_query = runs.setdefault(tags[start], {})
            query = by_query.get(qids[start])
            if query is None:
                query = by_query[qids[start]] = RunQuery(first_line=first + start)
            query.ranks.extend(rank_values[start:end])
            query.docids.extend(docids[start:end])


def _refuse_duplicates(path: str | Path, runs: dict[str, dict[str, RunQuery]]) -> None:
    for tag, queries in runs.items():
        for qid, query in queries.items():
            docids = query.docids
            if len(set(docids)) == len(docids):
                continue
            seen: set[str] = set()
            for offset, docid in enumerate(docids):
                if docid in seen:
                    raise InputError(
                        Location(str(path), _line_of(path, tag, qid, offset)),
                        f"docid {docid!r} appears twice for query {qid!r} in run {tag!r}",
                    )
                seen.add(docid)


def _line_of(path: str | Path, tag: str, qid: str, offset: int) -> int:
    """The line of the offset-th entry of (tag, qid): read again only on this error path."""
    count = -1
    for first, lines in _blocks(path):
        for index, line in enumerate(lines):
            fields = line.split()
            if len(fields) == 6 and fields[0] == qid and fields[5] == tag:
                count += 1
                if count == offset:
                    return first + index
    return 0
