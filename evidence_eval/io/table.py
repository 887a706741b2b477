"""Whitespace-separated tables (TREC qrels and runs) read with vectorised numpy passes.

Only the regular case is handled here: a printable-ASCII file whose every non-blank line has
exactly `width` fields, and integer columns of plain decimal digits. For anything else
`map_tables` returns None and the caller reads the file with the line-by-line parser, which
accepts what Python's `str.split`/`int`/`float` accept and names the bad line. The two
paths must agree on every file both can read (a property test pins that).
"""

from __future__ import annotations

import os
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from typing import TypeVar, cast

import numpy as np
import numpy.typing as npt

BOM = b"\xef\xbb\xbf"
BLOCK_BYTES = 1 << 22
_MAX_DIGITS = 18  # fits int64 with room to spare

Array = npt.NDArray[np.int64]
R = TypeVar("R")


@dataclass(frozen=True)
class Table:
    """Field boundaries of a regular table: `starts[row, column]`, `lengths[row, column]`."""

    data: npt.NDArray[np.uint8]  # the file's bytes, then zeros past the longest field's last word
    starts: Array
    lengths: Array

    @property
    def rows(self) -> int:
        return int(self.starts.shape[0])

    def raw(self, column: int) -> npt.NDArray[np.bytes_]:
        """The column as a numpy bytes array (numpy drops the trailing NULs of the padding)."""
        cells = self._cells(self.starts[:, column], self.lengths[:, column])
        return cells.view(f"S{cells.shape[1]}").ravel()

    def integers(self, column: int) -> Array | None:
        """The column as int64 when every field is `-?[0-9]+` (at most 18 digits), else None."""
        if self.rows == 0:
            return np.zeros(0, dtype=np.int64)
        starts = self.starts[:, column]
        negative = self.data[starts] == ord("-")
        lengths = self.lengths[:, column] - negative
        width = int(lengths.max())
        if lengths.min() < 1 or width > _MAX_DIGITS:
            return None
        cells = self._cells(starts + negative, lengths)[:, :width]
        # Padding is NUL (the parser refuses NULs inside fields); anything but a digit is > 9.
        digits = np.where(cells != 0, cells - np.uint8(ord("0")), np.uint8(0))
        if (digits > 9).any():
            return None
        # Left-aligned and padded with zeros: the value times 10 ** (width - length).
        padded = digits.astype(np.int64) @ (10 ** np.arange(width - 1, -1, -1, dtype=np.int64))
        values = padded // 10 ** (width - lengths)
        return np.where(negative, -values, values)

    def all_decimal(self, column: int) -> bool:
        """Whether every field is `[+-]?[0-9]*.?[0-9]*` with at least one digit: a finite
        number for Python's float() (exponents and the like go to the line parser)."""
        if self.rows == 0:
            return True
        starts = self.starts[:, column]
        signed = _SIGNS[self.data[starts]]
        lengths = self.lengths[:, column] - signed
        if lengths.min() < 1:
            return False
        cells = self._cells(starts + signed, lengths)
        digit = cells - np.uint8(ord("0")) < 10  # wraps around: anything below "0" is > 9
        point = cells == ord(".")
        if not (digit | point | (cells == 0)).all():  # NUL is the padding
            return False
        # Per field, over its 8-byte words: some digit, and at most one point (the byte sum of
        # a word of 0/1 flags is its top byte after multiplying by 0x0101...01).
        has_digit = digit.view(np.uint64).any(axis=1)
        point_words = point.view(np.uint64) * np.uint64(0x0101010101010101) >> np.uint64(56)
        return bool(has_digit.all() and (point_words.sum(axis=1) <= 1).all())

    def _cells(self, starts: Array, lengths: Array) -> npt.NDArray[np.uint8]:
        """Each field's bytes from its start, left-aligned in rows of whole 8-byte words and
        padded with NULs: one unaligned 64-bit load per word, masked to the field's length
        (far cheaper than gathering byte windows)."""
        words = max(1, -(-int(lengths.max(initial=0)) // 8))
        loads = np.ndarray((self.data.size - 7,), dtype="<u8", buffer=self.data, strides=(1,))
        cells = np.empty((starts.size, words), dtype="<u8")
        for word in range(words):
            keep = _LOW_BYTES[np.clip(lengths - 8 * word, 0, 8)]
            np.bitwise_and(loads[starts + 8 * word], keep, out=cells[:, word])
        return cells.view(np.uint8)


# _LOW_BYTES[n]: a little-endian word mask keeping its first n bytes.
_LOW_BYTES = np.array([(1 << (8 * n)) - 1 for n in range(9)], dtype="<u8")

_SIGNS = np.zeros(256, dtype=np.int64)
_SIGNS[[ord("+"), ord("-")]] = 1


def map_tables(data: bytes, width: int, read: Callable[[Table], R | None]) -> list[R] | None:
    """`read` applied to the file's consecutive tables of whole lines (about BLOCK_BYTES
    each), in file order; None when some block is not regular or `read` refuses it.

    Blocks keep every temporary array small (touching fresh memory is much of what a large
    file costs), and they are parsed on up to two threads: numpy releases the GIL."""
    array = np.frombuffer(data, dtype=np.uint8)
    blocks = [array[start:end] for start, end in _block_bounds(data)]

    def one(block: npt.NDArray[np.uint8]) -> R | None:
        table = _parse(block, width)
        return None if table is None else read(table)

    if len(blocks) > 1 and (os.cpu_count() or 1) > 1:
        with ThreadPoolExecutor(max_workers=2) as pool:
            results = list(pool.map(one, blocks))
    else:
        results = list(map(one, blocks))
    return None if any(result is None for result in results) else cast("list[R]", results)


def _block_bounds(data: bytes) -> list[tuple[int, int]]:
    """[start, end) of blocks of whole lines, the BOM left out."""
    bounds = []
    offset = _bom_length(data)
    while offset < len(data):
        end = offset + BLOCK_BYTES
        if end < len(data):
            cut = data.rfind(b"\n", offset, end)
            end = cut + 1 if cut >= 0 else (data.find(b"\n", end) + 1 or len(data))
        bounds.append((offset, end))
        offset = end
    return bounds


def _bom_length(data: bytes) -> int:
    return len(BOM) if data.startswith(BOM) else 0


def _parse(array: npt.NDArray[np.uint8], width: int) -> Table | None:
    if array.size and array.max() > 126:
        return None
    # Below the space, only the whitespace both str.split() and bytes.split() know (\t-\r).
    controls = array[array < 32]
    if ((controls < 9) | (controls > 13)).any():
        return None
    # A lone \r ends a line for Python's universal newlines but not here: leave it to them.
    returns = np.flatnonzero(array == ord("\r"))
    if returns.size and (returns[-1] + 1 == array.size or (array[returns + 1] != ord("\n")).any()):
        return None
    # Padded with whitespace on both sides, the field boundaries alternate start, end.
    printable = np.zeros(array.size + 2, dtype=bool)
    printable[1:-1] = array > 32
    boundaries = np.flatnonzero(printable[1:] != printable[:-1])
    if boundaries.size % (2 * width):
        return None
    starts, ends = boundaries[0::2].reshape(-1, width), boundaries[1::2].reshape(-1, width)
    if not _one_row_a_line(starts, ends, np.flatnonzero(array == ord("\n"))):
        return None
    lengths = ends - starts
    # Room for the last field's last 8-byte load (see Table._cells).
    longest = int(lengths.max(initial=0))
    padded = np.concatenate((array, np.zeros(longest + 16, dtype=np.uint8)))
    return Table(padded, starts, lengths)


def _one_row_a_line(starts: Array, ends: Array, newlines: Array) -> bool:
    """Whether each row of `width` consecutive fields is exactly one line's fields."""
    rows = starts.shape[0]
    if rows == 0:
        return True
    if newlines.size in (rows - 1, rows):  # no blank lines: newline r must follow row r
        between = newlines[: rows - 1]
        if (between >= ends[:-1, -1]).all() and (between < starts[1:, 0]).all():
            return newlines.size == rows - 1 or bool(newlines[-1] >= ends[-1, -1])
    line_starts = np.concatenate(([0], newlines + 1))
    per_line = np.diff(np.searchsorted(starts.ravel(), line_starts), append=starts.size)
    return not ((per_line != 0) & (per_line != starts.shape[1])).any()
