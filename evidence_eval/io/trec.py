"""TREC files: qrels (`qid iter docid grade`) and runs (`qid Q0 docid rank score tag`).

A run is ordered by its rank column, ties kept in file order (trec_eval instead sorts by
score, descending, and breaks ties by docid: see the README).

A regular file (printable ASCII, the right number of fields on every line, plain integer
ranks and grades) is read with vectorised passes (`table.map_tables`); any other file is
parsed in blocks of whole lines with bulk operations (split, zip, map run in C), and a block
that does not parse cleanly is read again line by line to name the bad line.
"""

from __future__ import annotations

import io
import math
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from itertools import chain, compress
from operator import ne
from pathlib import Path

import numpy as np
import numpy.typing as npt

from ..errors import InputError, Location, shown
from ..models.columns import Ids, JudgmentColumns, RankingColumns
from . import source
from .source import line_too_long, open_input
from .table import Table, map_tables

BLOCK_CHARS = 1 << 23


def _blocks(path: str | Path) -> Iterator[tuple[int, list[str]]]:
    """(number of the first line, lines) for blocks of whole lines, decoded as UTF-8; a line
    longer than MAX_LINE_BYTES (in characters) is refused."""
    handle = io.TextIOWrapper(open_input(path), encoding="utf-8-sig", newline=None)
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
                    if len(text) > source.MAX_LINE_BYTES:
                        raise line_too_long(path, first)
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


def _bad_utf8_line(path: str | Path) -> int:
    with open_input(path) as handle:
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
            Location(str(path), number),
            f"expected 4 columns `qid iter docid grade`, found {len(fields)}",
            "a run's 6 columns: are QRELS and RUN swapped?" if len(fields) == 6 else None,
        )
    try:
        int(fields[3])
    except ValueError:
        raise InputError(Location(str(path), number), f"grade {shown(fields[3])} is not an integer") from None


def _check_run_line(path: str | Path, number: int, fields: list[str]) -> None:
    if len(fields) != 6:
        raise InputError(
            Location(str(path), number),
            f"expected 6 columns `qid Q0 docid rank score tag`, found {len(fields)}",
            "qrels' 4 columns: are QRELS and RUN swapped?" if len(fields) == 4 else None,
        )
    rank, score = fields[3], fields[4]
    try:
        int(rank)
        value = float(score)
    except ValueError:
        raise InputError(
            Location(str(path), number),
            f"rank {shown(rank)} must be an integer and score {shown(score)} a number",
        ) from None
    if not math.isfinite(value):
        raise InputError(Location(str(path), number), f"score {shown(score)} is not finite")


Qrels = dict[str, dict[str, int]]


def read_qrels(path: str | Path) -> Qrels:
    """qid -> docid -> grade. A pair judged twice with the same grade counts once; with two
    different grades it is refused (which one holds is for the assessor to say)."""
    judgments = read_judgments(path)
    return judgments if isinstance(judgments, dict) else qrels_dict(judgments)


def read_judgments(path: str | Path) -> JudgmentColumns | Qrels:
    """A regular file with no pair judged twice as columns (for `metrics.columnar`); any
    other as `read_qrels` reads it."""
    columns = _regular_columns(_read_bytes(path), 4, texts=(0, 2), integers=(3,))
    if columns is not None and not _may_repeat_pair(columns[0], columns[1]):
        return JudgmentColumns(*columns)
    qrels: Qrels = {}
    lines = _read_qrels_into(path, qrels)
    if not qrels:
        raise InputError(Location(str(path)), "the qrels file is empty")
    if sum(map(len, qrels.values())) < lines:
        _refuse_conflicting_judgments(path)
    return qrels


def qrels_dict(judgments: JudgmentColumns) -> Qrels:
    qids, docids = judgments.qids, judgments.docids.astype(np.str_).tolist()
    grades = judgments.grades.tolist()
    qrels: Qrels = {}
    for start, end in _array_segments(qids):
        qrels.setdefault(qids[start].decode(), {}).update(zip(docids[start:end], grades[start:end]))
    return qrels


def _read_bytes(path: str | Path) -> bytes:
    with open_input(path) as handle:
        return handle.read()


def _regular_columns(
    data: bytes,
    width: int,
    *,
    texts: tuple[int, ...],
    integers: tuple[int, ...],
    decimals: tuple[int, ...] = (),
) -> list[np.ndarray] | None:
    """The `texts` columns (bytes) then the `integers` columns (int64) of a regular file,
    read block by block; None when it has no rows, some block is not regular or a column is
    not of its kind (the line parser then reads it, and names what is wrong)."""

    def read(table: Table) -> list[np.ndarray] | None:
        if not all(map(table.all_decimal, decimals)):
            return None
        numbers = [number for number in map(table.integers, integers) if number is not None]
        if len(numbers) < len(integers):
            return None
        return [*map(table.raw, texts), *numbers]

    blocks = map_tables(data, width, read)
    if not blocks:
        return None
    columns = [np.concatenate(part) for part in zip(*blocks)]
    return columns if columns[0].size else None


def _array_segments(*keys: np.ndarray) -> list[tuple[int, int]]:
    """[start, end) of each run of equal consecutive rows (the keys are numpy columns)."""
    n = len(keys[0])
    if n == 0:
        return []
    change = np.zeros(n - 1, dtype=bool)
    for column in keys:
        change |= column[1:] != column[:-1]
    bounds = [0, *(np.flatnonzero(change) + 1).tolist(), n]
    return list(zip(bounds, bounds[1:]))


def _read_qrels_into(path: str | Path, qrels: dict[str, dict[str, int]]) -> int:
    """Fills `qrels` (a later line for a pair replaces an earlier one); returns the number of
    judgment lines read."""
    read = 0
    for first, lines in _blocks(path):
        qids, _, docids, grades = _columns(path, first, lines, 4, _check_qrels_line)
        try:
            values = list(map(int, grades))
        except ValueError:
            _locate(path, first, lines, _check_qrels_line)
        read += len(values)
        for start, end in _segments(qids):
            qrels.setdefault(qids[start], {}).update(zip(docids[start:end], values[start:end]))
    return read


def _refuse_conflicting_judgments(path: str | Path) -> None:
    """Names the first line that grades a pair otherwise than an earlier line (read again
    only when some pair is judged twice)."""
    seen: dict[tuple[str, str], tuple[int, int]] = {}
    for first, lines in _blocks(path):
        for offset, line in enumerate(lines):
            fields = line.split()
            if not fields:
                continue
            pair, grade = (fields[0], fields[2]), int(fields[3])
            number, before = seen.setdefault(pair, (first + offset, grade))
            if before != grade:
                raise InputError(
                    Location(str(path), first + offset),
                    f"query {shown(pair[0])}, docid {shown(pair[1])}: grade {grade} here, "
                    f"{before} on line {number}",
                    "keep one judgment per pair",
                )


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


class RunQuery:
    """One query's ranking in one run: docids by rank, ties in file order. A regular file
    keeps them as one numpy slice and decodes only what is asked for."""

    __slots__ = ("_docids",)

    def __init__(self, docids: list[str] | npt.NDArray[np.bytes_]) -> None:
        self._docids = docids

    def __len__(self) -> int:
        return len(self._docids)

    def ranking(self, limit: int | None = None) -> list[str]:
        head = self._docids[:limit]
        return head if isinstance(head, list) else [docid.decode() for docid in head.tolist()]


@dataclass
class _Lines:
    """A query's ranks and docids in file order, as the line parser collects them."""

    ranks: list[int] = field(default_factory=list)
    docids: list[str] = field(default_factory=list)

    def ranked(self) -> RunQuery:
        ranks = self.ranks
        if all(map(int.__le__, ranks, ranks[1:])):
            return RunQuery(self.docids)
        # sorted() is stable: equal ranks keep their file order.
        order = sorted(range(len(ranks)), key=ranks.__getitem__)
        return RunQuery([self.docids[index] for index in order])


class RankedRun(Mapping[str, RunQuery]):
    """One run (tag): qid -> ranking, queries in the order the file first names them. Read
    from a regular file, the rankings are columns (`columns`), which `metrics.columnar`
    scores all at once and from which a query's ranking is sliced only when asked for."""

    def __init__(
        self, rankings: dict[str, RunQuery] | None = None, columns: RankingColumns | None = None
    ) -> None:
        self._rankings = rankings
        self.columns = columns
        self._index = (
            {qid.decode(): index for index, qid in enumerate(columns.qids.tolist())} if columns else {}
        )

    def __getitem__(self, qid: str) -> RunQuery:
        if self._rankings is not None:
            return self._rankings[qid]
        index, columns = self._index[qid], self.columns
        if columns is None:  # pragma: no cover - one of rankings and columns is always given
            raise KeyError(qid)
        return RunQuery(columns.docids[columns.bounds[index] : columns.bounds[index + 1]])

    def __iter__(self) -> Iterator[str]:
        return iter(self._rankings if self._rankings is not None else self._index)

    def __len__(self) -> int:
        return len(self._rankings if self._rankings is not None else self._index)


Runs = dict[str, RankedRun]


def read_run(path: str | Path) -> Runs:
    """tag -> qid -> ranking. Rejects a docid twice in one query's ranking."""
    runs = _read_regular_run(_read_bytes(path))
    if runs is None:
        runs = _read_run_lines(path)
    if not runs:
        raise InputError(Location(str(path)), "the run file is empty")
    return runs


def _read_regular_run(data: bytes) -> Runs | None:
    """None when the file is not regular, or may repeat a docid: the line parser then reads
    it and names the line."""
    columns = _regular_columns(data, 6, texts=(0, 2, 5), integers=(3,), decimals=(4,))
    if columns is None:
        return None
    qids, docids, tags, ranks = columns
    segments = _array_segments(qids) if (tags == tags[:1]).all() else _array_segments(qids, tags)
    group_of: dict[tuple[bytes, bytes], int] = {}
    groups = [group_of.setdefault((tags[start], qids[start]), len(group_of)) for start, _ in segments]
    # Number the groups run by run (tags in order of appearance), so each run is one slice.
    tag_order = {tag: index for index, tag in enumerate(dict.fromkeys(tag for tag, _ in group_of))}
    keys = sorted(group_of, key=lambda key: (tag_order[key[0]], group_of[key]))
    renumber = np.empty(len(keys), dtype=np.int64)
    renumber[[group_of[key] for key in keys]] = np.arange(len(keys))
    lengths = np.array([end - start for start, end in segments], dtype=np.int64)
    row_group = np.repeat(renumber[groups], lengths)
    descends = (ranks[1:] < ranks[:-1]) & (row_group[1:] == row_group[:-1])
    if (row_group[1:] < row_group[:-1]).any() or descends.any():
        order = np.lexsort((ranks, row_group))  # stable: equal ranks keep their file order
        docids, row_group = docids[order], row_group[order]
    if _may_repeat(docids, row_group):
        return None
    bounds = np.flatnonzero(np.diff(row_group, prepend=-1, append=-1))
    return _ranked_runs(keys, bounds, docids)


def _ranked_runs(keys: list[tuple[bytes, bytes]], bounds: npt.NDArray[np.int64], docids: Ids) -> Runs:
    """Group i is `keys[i]` = (tag, qid), its ranking `docids[bounds[i]:bounds[i + 1]]`; the
    groups of one tag are consecutive."""
    runs: Runs = {}
    first = 0
    for index, (tag, _) in enumerate(keys):
        if index + 1 == len(keys) or keys[index + 1][0] != tag:
            qids = np.array([qid for _, qid in keys[first : index + 1]], dtype=np.bytes_)
            runs[tag.decode()] = RankedRun(columns=RankingColumns(qids, bounds[first : index + 2], docids))
            first = index + 1
    return runs


def _may_repeat(docids: npt.NDArray[np.bytes_], row_group: npt.NDArray[np.int64]) -> bool:
    """Whether some group may hold a docid twice: equal 64-bit hashes of (group, docid).
    False is certain; True (a repeat, or a rare collision) sends the file to the exact check."""
    with np.errstate(over="ignore"):
        keys = row_group.astype(np.uint64) * np.uint64(0x9E3779B97F4A7C15)
    return _has_equal(_hashed(docids, keys))


def _may_repeat_pair(qids: npt.NDArray[np.bytes_], docids: npt.NDArray[np.bytes_]) -> bool:
    """Whether some (qid, docid) may be judged twice, as `_may_repeat` tells it."""
    return _has_equal(_hashed(docids, _hashed(qids, np.zeros(qids.size, dtype=np.uint64))))


def _hashed(column: npt.NDArray[np.bytes_], keys: npt.NDArray[np.uint64]) -> npt.NDArray[np.uint64]:
    """`keys` extended, row by row, with the fixed-width bytes of `column` (FNV-style)."""
    cells = column.view(np.uint8).reshape(column.size, -1)
    with np.errstate(over="ignore"):
        for position in range(cells.shape[1]):
            keys = keys * np.uint64(1099511628211) + cells[:, position]
    return keys


def _has_equal(keys: npt.NDArray[np.uint64]) -> bool:
    keys = np.sort(keys)
    return bool((keys[1:] == keys[:-1]).any())


def _read_run_lines(path: str | Path) -> Runs:
    collected: dict[str, dict[str, _Lines]] = {}
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
            query = collected.setdefault(tags[start], {}).setdefault(qids[start], _Lines())
            query.ranks.extend(rank_values[start:end])
            query.docids.extend(docids[start:end])
    _refuse_duplicates(path, collected)
    return {
        tag: RankedRun({qid: query.ranked() for qid, query in queries.items()})
        for tag, queries in collected.items()
    }


def _refuse_duplicates(path: str | Path, runs: dict[str, dict[str, _Lines]]) -> None:
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
                        f"docid {shown(docid)} appears twice for query {shown(qid)} in run {shown(tag)}",
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
