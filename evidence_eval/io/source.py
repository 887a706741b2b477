"""Opening input files: each is read once, hashed as it is read, and bounded in size.

A regular file is hashed while it is parsed: `sha256_file` then answers from what was read
(the SHA-256 a report records is of the bytes the tool saw), as long as the file has not
changed since. A pipe (`<(cmd)`, `/dev/stdin` fed by `cmd |`) can be read only once: it is
drained into a spool at its first opening, hashed on the way, and every later opening (the
hash, a second pass of the TREC reader) reads the spool. A device (`/dev/zero`, a terminal)
is refused: it never ends, or waits for a person.

What was read is remembered for one reading session (`reading_inputs`: an API call, a CLI
command): when the last open session ends, spools and digests are dropped, so a long-lived
caller that reuses a path (`/dev/fd/3`, a named FIFO, a file rewritten between runs) reads
what is there now. A file that changes while it is read, or between its reading and its
hashing, is refused rather than hashed as another file.

Sizes are bounded so that a wrong file fails with one clear line instead of filling memory:
a line (JSONL, TREC) at most MAX_LINE_BYTES, a whole JSON document at most MAX_JSON_BYTES,
any file at most MAX_FILE_BYTES; each can be raised with an environment variable.
"""

from __future__ import annotations

import contextlib
import hashlib
import io
import os
import stat
import tempfile
import threading
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import BinaryIO

from ..errors import InputError, Location, UsageError, shown

_BAD_LIMITS: list[str] = []  # what a variable below held that is no size: refused on first input


def _limit(variable: str, default: int) -> int:
    raw = os.environ.get(variable, "")
    if not raw.strip():
        return default
    if raw.strip().isdecimal() and raw.strip().isascii() and int(raw) > 0:
        return int(raw)
    _BAD_LIMITS.append(
        f"{variable}={shown(raw)} is not a size: give a whole number of bytes above 0 "
        f"(the default is {variable}={default}), or unset it"
    )
    return default


MAX_LINE_BYTES = _limit("EVIDENCE_EVAL_MAX_LINE_BYTES", 256 << 20)
MAX_JSON_BYTES = _limit("EVIDENCE_EVAL_MAX_JSON_BYTES", 2 << 30)
MAX_FILE_BYTES = _limit("EVIDENCE_EVAL_MAX_FILE_BYTES", 64 << 30)
SPOOL_IN_MEMORY = 64 << 20  # a pipe up to this size stays in memory, a larger one goes to disk
_BLOCK = 1 << 20


def _mib(size: int) -> str:
    """A limit as written to a person: in MiB when it is a whole number of them, else in bytes."""
    if size % (1 << 20) == 0:
        return f"{size >> 20:,} MiB"
    return f"{size:,} bytes"


def too_large(path: str | Path, what: str, limit: int, variable: str, line: int | None = None) -> InputError:
    return InputError(
        Location(str(path), line),
        f"{what} is larger than {_mib(limit)}",
        f"is it the right file? raise the limit with {variable}=BYTES if it is",
    )


def line_too_long(path: str | Path, line: int) -> InputError:
    return too_large(path, f"line {line}", MAX_LINE_BYTES, "EVIDENCE_EVAL_MAX_LINE_BYTES", line)


@dataclass(frozen=True)
class _Identity:
    """What tells that a regular file is still the one that was read."""

    device: int
    inode: int
    size: int
    modified_ns: int

    @classmethod
    def of(cls, info: os.stat_result) -> _Identity:
        return cls(info.st_dev, info.st_ino, info.st_size, info.st_mtime_ns)


_read_digests: dict[str, tuple[_Identity, str]] = {}  # path -> (file when read, SHA-256 of it)
_spools: dict[str, _Spool] = {}  # path of a pipe -> what was drained from it
_sessions = 0  # reading sessions open (nested calls, threads)
_sessions_lock = threading.Lock()


@contextlib.contextmanager
def reading_inputs() -> Iterator[None]:
    """One reading session: inputs are read once and hashed as read inside it; what was read
    is forgotten when the last open session ends. Sessions nest (an API call inside a CLI
    command) and may overlap across threads."""
    global _sessions
    with _sessions_lock:
        _sessions += 1
    try:
        yield
    finally:
        with _sessions_lock:
            _sessions -= 1
            if _sessions == 0:
                forget_inputs()


def _changed(path: str | Path) -> InputError:
    return InputError(
        Location(str(path)),
        "changed while it was being read (the SHA-256 a report records must be of the bytes scored)",
        "run again once nothing is writing to it",
    )


def _key(path: str | Path) -> str:
    return os.path.abspath(os.fspath(path))


def open_input(path: str | Path) -> BinaryIO:
    """A binary handle on an input file, hashed as it is read (see the module's docstring).
    Raises InputError: no such file, a folder, a device, unreadable, too large; UsageError
    when a size limit's variable holds no size."""
    if _BAD_LIMITS:
        raise UsageError(_BAD_LIMITS[0])
    key = _key(path)
    if key in _spools:
        return _spools[key].reader()
    handle = _open_raw(path)
    info = os.fstat(handle.fileno())
    if stat.S_ISREG(info.st_mode):
        if info.st_size > MAX_FILE_BYTES:
            handle.close()
            raise too_large(path, "the file", MAX_FILE_BYTES, "EVIDENCE_EVAL_MAX_FILE_BYTES")
        return io.BufferedReader(_HashingReader(handle, path, _Identity.of(info)), _BLOCK)
    if stat.S_ISFIFO(info.st_mode) or stat.S_ISSOCK(info.st_mode):
        with handle:
            spool = _Spool.drain(handle, path)
        _spools[key] = spool
        return spool.reader()
    handle.close()
    kind = "a folder" if stat.S_ISDIR(info.st_mode) else "a device"
    raise InputError(Location(str(path)), f"is {kind}, not a file", "give a file, or a pipe")


def _open_raw(path: str | Path) -> io.FileIO:
    where = Location(str(path))
    try:
        return io.FileIO(path, "r")
    except FileNotFoundError:
        hint = "standard input is read as /dev/stdin" if str(path) == "-" else None
        raise InputError(where, "no such file", hint) from None
    except IsADirectoryError:
        raise InputError(where, "is a folder, expected a file") from None
    except OSError as exc:
        raise InputError(where, f"cannot read: {exc.strerror or exc}") from None
    except ValueError as exc:  # a NUL in the path
        raise InputError(where, f"cannot read: {exc}") from None


def sha256_file(path: str | Path) -> str:
    """The SHA-256 of the file as this process read it (read now when it was not read yet,
    or has changed since)."""
    key = _key(path)
    if key in _spools:
        return _spools[key].digest
    recorded = _read_digests.get(key)
    if recorded is not None:
        if recorded[0] != _current_identity(path):
            raise _changed(path)
        return recorded[1]
    with open_input(path) as handle:
        while handle.read(_BLOCK):
            pass
    if key in _spools:
        return _spools[key].digest
    return _read_digests[key][1]


def recorded_sha256(path: str | Path) -> str | None:
    """The SHA-256 of what was read of `path` to its end, if it was (no reading here)."""
    key = _key(path)
    if key in _spools:
        return _spools[key].digest
    recorded = _read_digests.get(key)
    return recorded[1] if recorded is not None else None


def forget_inputs() -> None:
    """Drops the spooled pipes and the recorded digests (a long-lived process that reads
    many pipes)."""
    for spool in _spools.values():
        spool.close()
    _spools.clear()
    _read_digests.clear()


def _current_identity(path: str | Path) -> _Identity | None:
    try:
        return _Identity.of(os.stat(path))
    except (OSError, ValueError):
        return None


class _HashingReader(io.RawIOBase):
    """A regular file's bytes, hashed as they pass; at the end the digest is recorded."""

    def __init__(self, raw: io.FileIO, path: str | Path, identity: _Identity) -> None:
        super().__init__()
        self._raw = raw
        self._path = path
        self._identity = identity
        self._digest = hashlib.sha256()
        self._count = 0

    def readable(self) -> bool:
        return True

    def readinto(self, buffer: memoryview) -> int:  # type: ignore[override]
        count = self._raw.readinto(buffer)
        if count is None:  # pragma: no cover - a regular file never blocks
            return 0
        if count == 0:
            if _Identity.of(os.fstat(self._raw.fileno())) != self._identity:
                raise _changed(self._path)
            _read_digests[_key(self._path)] = (self._identity, self._digest.hexdigest())
            return 0
        self._digest.update(buffer[:count])
        self._count += count
        if self._count > MAX_FILE_BYTES:  # the file grew while it was read
            raise too_large(self._path, "the file", MAX_FILE_BYTES, "EVIDENCE_EVAL_MAX_FILE_BYTES")
        return count

    def close(self) -> None:
        self._raw.close()
        super().close()


class _Spool:
    """A pipe's whole content, drained once: in memory, or in an unnamed temporary file."""

    def __init__(self, memory: bytes | None, disk: BinaryIO | None, digest: str) -> None:
        self._memory = memory
        self._disk = disk
        self.digest = digest

    @classmethod
    def drain(cls, handle: io.FileIO, path: str | Path) -> _Spool:
        """Reads to the end, refusing a line over MAX_LINE_BYTES (a pipe of zeros stops
        there) and a total over MAX_FILE_BYTES."""
        digest = hashlib.sha256()
        memory = io.BytesIO()
        disk: BinaryIO | None = None
        total = lines = since_newline = 0
        try:
            while block := handle.read(_BLOCK):
                digest.update(block)
                total += len(block)
                last = block.rfind(b"\n")
                lines += block.count(b"\n")
                since_newline = since_newline + len(block) if last < 0 else len(block) - last - 1
                if since_newline > MAX_LINE_BYTES:
                    raise line_too_long(path, lines + 1)
                if total > MAX_FILE_BYTES:
                    raise too_large(path, "the input", MAX_FILE_BYTES, "EVIDENCE_EVAL_MAX_FILE_BYTES")
                if disk is None and total > SPOOL_IN_MEMORY:
                    disk = tempfile.TemporaryFile(prefix="evidence-eval-pipe-")
                    disk.write(memory.getbuffer())
                    memory = io.BytesIO()
                (disk or memory).write(block)
        except BaseException:
            if disk is not None:
                disk.close()
            raise
        if disk is not None:
            disk.flush()
            return cls(None, disk, digest.hexdigest())
        return cls(memory.getvalue(), None, digest.hexdigest())

    def reader(self) -> BinaryIO:
        if self._memory is not None:
            return io.BytesIO(self._memory)
        assert self._disk is not None
        return io.BufferedReader(_PositionalReader(self._disk.fileno()), _BLOCK)

    def close(self) -> None:
        if self._disk is not None:
            self._disk.close()


class _PositionalReader(io.RawIOBase):
    """Reads a shared file descriptor from its own position (os.pread): readers of one
    spool do not move each other."""

    def __init__(self, descriptor: int) -> None:
        super().__init__()
        self._descriptor = descriptor
        self._position = 0

    def readable(self) -> bool:
        return True

    def readinto(self, buffer: memoryview) -> int:  # type: ignore[override]
        data = os.pread(self._descriptor, len(buffer), self._position)
        buffer[: len(data)] = data
        self._position += len(data)
        return len(data)

    def close(self) -> None:  # the descriptor is the spool's
        super().close()
