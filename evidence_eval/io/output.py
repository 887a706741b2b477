"""Writing output files: checked before any work, written atomically, never over an input.

An output path is refused (UsageError, or OutputExistsError for an existing file without
`overwrite`) when it is a folder, a device or a pipe, one of the command's inputs, a file in a
folder that does not exist or cannot be written, or a symbolic link, unless `overwrite` is
given and the link resolves to a regular file that is no input: that file is then replaced
and the link kept.

The content goes to a temporary file beside the target, renamed onto it when complete; the
temporary file is removed on an error, on Ctrl-C and on SIGTERM, and is named after the
target, the host and the process, so that a later run removes what a killed one (SIGKILL)
left. A new file gets the umask's permissions, a replaced one keeps its own.
"""

from __future__ import annotations

import errno
import io
import os
import re
import signal
import socket
import stat
import tempfile
import threading
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from pathlib import Path
from types import FrameType
from typing import IO, Any, TextIO

from ..errors import OutputExistsError, UsageError

PathLike = str | Path  # a path as a caller passes it

TEMPORARY_SUFFIX = ".evidence-eval.tmp"
_NAME_KEPT = 100  # characters of the target's name in a temporary file's name (NAME_MAX is 255)
_WRITE_ERRORS = {errno.ENOSPC, errno.EDQUOT, errno.EFBIG, errno.EROFS, errno.EIO, errno.EPIPE}


def check_output(
    path: str | Path, *, overwrite: bool = False, inputs: Iterable[str | Path | None] = ()
) -> Path:
    """Refuses, before any work, an output path that cannot be written as asked (see the
    module's docstring); returns the file to write (a symbolic link's target)."""
    target = Path(path)
    try:
        return _checked(target, overwrite, [Path(p) for p in inputs if p is not None and str(p) != "-"])
    except OSError as exc:  # a name too long, a loop of links, a folder that cannot be searched
        raise UsageError(f"{target}: cannot write there: {exc.strerror or exc}") from None
    except ValueError as exc:  # a NUL in the path
        raise UsageError(f"{target}: cannot write there: {exc}") from None


def _checked(target: Path, overwrite: bool, inputs: list[Path]) -> Path:
    if str(target).endswith(os.sep) or target.name in ("", ".", ".."):
        raise UsageError(f"{target}: is a directory; give the path of a file to write")
    try:
        link = os.lstat(target)
    except FileNotFoundError:
        _refuse_unwritable_folder(target)
        return target
    try:
        info = os.stat(target)  # follows links, /proc's magic ones (/dev/stdout) included
    except FileNotFoundError:
        raise UsageError(
            f"{target}: is a symbolic link to a file that does not exist; remove the link or write elsewhere"
        ) from None
    if stat.S_ISDIR(info.st_mode):
        raise UsageError(f"{target}: is a directory; give the path of a file to write")
    if not stat.S_ISREG(info.st_mode):
        raise UsageError(
            f"{target}: is a device or a pipe, not a file; give a file to write (or leave out -o for stdout)"
        )
    for given in inputs:
        if _same_file(info, given):
            raise UsageError(
                f"{target}: is also an input of this command ({given}); write the output elsewhere"
            )
    real = _link_target(target, overwrite) if stat.S_ISLNK(link.st_mode) else target
    if not overwrite:
        raise OutputExistsError(f"{target}: exists already; pass --overwrite to replace it")
    _refuse_unwritable_folder(real)
    return real


def _link_target(target: Path, overwrite: bool) -> Path:
    """The regular file a symbolic link leads to, once `overwrite` allows replacing it."""
    try:
        real = target.resolve(strict=True)
    except RuntimeError:  # Python < 3.13 on a loop of links
        raise UsageError(f"{target}: is a loop of symbolic links; write elsewhere") from None
    if not overwrite:
        raise OutputExistsError(
            f"{target}: is a symbolic link to {real}; pass --overwrite to replace that file"
        )
    return real


def _refuse_unwritable_folder(target: Path) -> None:
    folder = target.parent
    if not folder.is_dir():
        raise UsageError(f"{target}: the folder {folder} does not exist; create it first")
    if not os.access(folder, os.W_OK | os.X_OK):
        raise UsageError(f"{target}: cannot write in the folder {folder} (permission denied or read-only)")


def _same_file(info: os.stat_result, given: Path) -> bool:
    try:
        other = os.stat(given)
    except (OSError, ValueError):
        return False
    return (other.st_dev, other.st_ino) == (info.st_dev, info.st_ino)


def _new_file_mode(target: Path) -> int:
    """The mode a file written by any other program would get: the replaced file's own, or
    0666 less the umask (mkstemp's 0600 would hide a report from a colleague or a CI server)."""
    try:
        return stat.S_IMODE(target.stat().st_mode)
    except OSError:
        umask = os.umask(0)
        os.umask(umask)
        return 0o666 & ~umask


@contextmanager
def atomic_writer(
    path: str | Path, *, overwrite: bool = False, inputs: Iterable[str | Path | None] = ()
) -> Iterator[IO[str]]:
    """A text handle on a temporary file beside the output, renamed onto it only when the
    block ends without an error; on an error the temporary file is removed and the output
    untouched. A character UTF-8 cannot hold (a lone surrogate) is written as its escape."""
    target = Path(path)
    real = check_output(target, overwrite=overwrite, inputs=inputs)
    remove_stale_temporaries(real)
    prefix = _temporary_prefix(real) + f"{_host()}-{os.getpid()}."
    try:
        descriptor, temporary = tempfile.mkstemp(prefix=prefix, suffix=TEMPORARY_SUFFIX, dir=real.parent)
    except OSError as exc:
        raise UsageError(f"{target}: cannot write in {real.parent}: {exc.strerror}") from None
    _LIVE.add(temporary)
    _guard_signals()
    try:
        try:
            os.fchmod(descriptor, _new_file_mode(real))
            with os.fdopen(descriptor, "w", encoding="utf-8", errors="backslashreplace") as handle:
                try:
                    yield handle
                except OSError as exc:
                    if exc.errno in _WRITE_ERRORS:
                        raise UsageError(f"{target}: cannot write: {exc.strerror}") from None
                    raise
                handle.flush()
                os.fsync(handle.fileno())
            os.replace(temporary, real)
        except OSError as exc:
            raise UsageError(f"{target}: cannot write: {exc.strerror or exc}") from None
    except BaseException:
        _remove(temporary)
        raise
    finally:
        _LIVE.discard(temporary)
        _unguard_signals()


def atomic_write(
    path: str | Path, content: str, *, overwrite: bool = False, inputs: Iterable[str | Path | None] = ()
) -> None:
    """Write through a temporary file in the same folder and rename: a reader never sees a
    half-written file. An existing file is kept unless `overwrite` is set."""
    with atomic_writer(path, overwrite=overwrite, inputs=inputs) as handle:
        handle.write(content)


def _temporary_prefix(real: Path) -> str:
    return f".{real.name[:_NAME_KEPT]}."


def _host() -> str:
    return re.sub(r"[^A-Za-z0-9]", "", socket.gethostname())[:24] or "host"


def remove_stale_temporaries(real: Path) -> list[Path]:
    """Removes the temporary files of `real` that a process of this host, no longer running,
    left (killed before it could clean up); returns them."""
    prefix = _temporary_prefix(real) + f"{_host()}-"
    removed = []
    try:
        names = [name for name in os.listdir(real.parent or ".") if name.startswith(prefix)]
    except OSError:
        return []
    for name in names:
        if not name.endswith(TEMPORARY_SUFFIX):
            continue
        pid = name[len(prefix) :].split(".", 1)[0]
        if pid.isdigit() and int(pid) != os.getpid() and not _running(int(pid)):
            stale = real.parent / name
            _remove(str(stale))
            removed.append(stale)
    return removed


def _running(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True  # someone else's process
    return True


def _remove(path: str) -> None:
    try:
        os.unlink(path)
    except OSError:
        pass


# Temporary files being written, removed by the SIGTERM handler before the process dies.
_LIVE: set[str] = set()
_previous: dict[int, Any] = {}
_guards = 0


def _guard_signals() -> None:
    """While a temporary file exists, SIGTERM (and SIGHUP) remove it before the process
    ends as it would have (SIGINT already unwinds as KeyboardInterrupt). Only the main
    thread can set handlers; a handler set by the program itself is left alone."""
    global _guards
    if threading.current_thread() is not threading.main_thread():
        return
    _guards += 1
    if _guards > 1:
        return
    for number in (signal.SIGTERM, signal.SIGHUP):
        current = signal.getsignal(number)
        if current in (signal.SIG_DFL, None):
            _previous[number] = current
            signal.signal(number, _clean_and_die)


def _unguard_signals() -> None:
    global _guards
    if threading.current_thread() is not threading.main_thread() or _guards == 0:
        return
    _guards -= 1
    if _guards:
        return
    for number, handler in _previous.items():
        if signal.getsignal(number) is _clean_and_die:
            signal.signal(number, handler if handler is not None else signal.SIG_DFL)
    _previous.clear()


def _clean_and_die(number: int, frame: FrameType | None) -> None:
    for temporary in list(_LIVE):
        _remove(temporary)
    signal.signal(number, signal.SIG_DFL)
    os.kill(os.getpid(), number)


class _StandardStreamWriter(io.RawIOBase):
    """A standard stream's file descriptor, written as it is until its reader leaves (EPIPE:
    `| head` has the lines it wanted); what follows is then dropped, as all is when the
    descriptor was closed before the start (`>&-`: None). Any other write error (a full disk
    under `> report.json`) is raised, naming the stream. The descriptor stays open."""

    def __init__(self, descriptor: int | None, name: str) -> None:
        super().__init__()
        self._descriptor = descriptor
        self._name = name

    def writable(self) -> bool:
        return True

    def fileno(self) -> int:
        if self._descriptor is None:
            raise io.UnsupportedOperation(f"{self._name} was closed")
        return self._descriptor

    def isatty(self) -> bool:
        return self._descriptor is not None and os.isatty(self._descriptor)

    def write(self, data: Any) -> int:
        if self._descriptor is not None:
            try:
                return os.write(self._descriptor, data)
            except BrokenPipeError:
                self._descriptor = None
            except OSError as exc:
                raise OSError(exc.errno, exc.strerror, self._name) from None
        return memoryview(data).nbytes


def reader_may_leave(stream: TextIO | None, name: str, *, unbuffered: bool = False) -> TextIO:
    """`stream` (sys.stdout, sys.stderr; None when closed) as a text stream that outlives its
    reader (see `_StandardStreamWriter`), with the same encoding and line buffering, and
    `unbuffered` (stderr: every write on its way at once, as Python's own stderr) or buffered
    (stdout: a report in a few large writes); a stream without a file descriptor (a test
    runner's buffer) is returned as it is."""
    if stream is None:
        return io.TextIOWrapper(io.BufferedWriter(_StandardStreamWriter(None, name)), encoding="utf-8")
    try:
        descriptor = stream.fileno()
    except (AttributeError, OSError, ValueError):
        return stream
    stream.flush()
    writer = _StandardStreamWriter(descriptor, name)
    binary: Any = writer if unbuffered else io.BufferedWriter(writer)
    return io.TextIOWrapper(
        binary,
        encoding=stream.encoding,
        errors=stream.errors,
        line_buffering=bool(stream.line_buffering),
        write_through=unbuffered,
    )


if hasattr(os, "register_at_fork"):  # a forked worker inherits the handler, not the files
    os.register_at_fork(after_in_child=_LIVE.clear)
