"""Files one run keeps for the next, in the temp folder: caches (jieba's tables, compiled
pattern codes), never an input or a result. Marshal data, written in one step (a reader never
sees half of a file); where the folder is read-only or a file is damaged or another user's,
the caller builds what it wanted again."""

from __future__ import annotations

import hashlib
import marshal
import mmap
import os
import tempfile
from pathlib import Path
from typing import Any


def kept_path(name: str, key: object, folder: Path | None = None) -> Path | None:
    """Where `name`'s data for `key` is kept, in `folder` (the temp folder by default): `key`'s
    repr digested into the file's name (a changed key is another file). None: there is no
    temp folder."""
    if folder is None:
        try:
            folder = Path(tempfile.gettempdir())
        except OSError:
            return None
    digest = hashlib.sha256(repr(key).encode("utf-8", "surrogatepass")).hexdigest()[:20]
    return folder / KEPT_NAME.format(name, digest)


KEPT_NAME = "evidence_eval.{}.{}.cache"  # the name, the key's digest


def read_kept(path: Path, *, own_only: bool = True) -> Any:
    """What `path` holds; None when it is missing, unreadable or (with `own_only`) written by
    another user: the temp folder is shared, and what it holds is matched with."""
    try:
        with path.open("rb") as file:
            if own_only and hasattr(os, "getuid") and os.fstat(file.fileno()).st_uid != os.getuid():
                return None
            # mapped, not read: marshal copies out of the page cache once (jieba's tables: 36 MB)
            with mmap.mmap(file.fileno(), 0, access=mmap.ACCESS_READ) as mapped:
                return marshal.loads(mapped)
    except Exception:  # missing, empty, unreadable or damaged: built again
        return None


def write_kept(path: Path, value: Any) -> None:
    """`value` at `path`, replaced in one step; quietly nothing where it cannot be written."""
    try:
        blob = marshal.dumps(value)
        descriptor, temporary = tempfile.mkstemp(dir=path.parent)
    except (OSError, ValueError):
        return
    try:
        with os.fdopen(descriptor, "wb") as file:
            file.write(blob)
        os.replace(temporary, path)
    except OSError:
        Path(temporary).unlink(missing_ok=True)
