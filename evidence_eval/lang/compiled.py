"""Patterns compiled once per machine, not once per run.

`re` compiles a pattern in Python (a parse, then code generation): the hundred patterns
`text.values` and `text.cues` build at import took ~80 ms of every run's start-up. A
`PatternCodes` keeps what compiling gave (the arguments `re` hands `_sre.compile`: the
pattern's source, flags, code and groups) in a marshal file in the temp folder, beside jieba's
caches, and later runs build each pattern from them (~3 ms for all): the same `re.Pattern`
(equal to `re.compile`'s: same source, flags and code). The file is named by the
interpreter (`sys.hexversion`, `_sre.MAGIC`), each entry by the pattern's source and flags: a
changed pattern is compiled anew. Whatever goes wrong (no writable folder, a damaged file, a
`re` that compiles another way) ends in `re.compile`.

`seed_re_cache` does the same for what others compile through `re.compile` (spaCy's tokenizer,
jieba, click, our own module-level patterns): it puts the patterns a former run left in `re`'s
own cache back into it, built from their codes, so that `re.compile` finds them there.
"""

from __future__ import annotations

import _sre
import re
import sys
import warnings
from pathlib import Path
from typing import Any

from ..io.kept import kept_path, read_kept, write_kept

# CPython's compiler module (`re._compiler`, `sre_compile` before 3.11); None: `re.compile` only.
_COMPILER: Any = getattr(re, "_compiler", None)

_BUILD: Any = _sre.compile  # what `re` builds a pattern with, from its compiled code

Arguments = tuple[Any, ...]  # (source, flags, code, groups, group index, index group)


def codes_path(name: str) -> Path | None:
    """Where the codes of `name`'s patterns are kept, for this Python's `re` (None: no temp
    folder at all)."""
    return kept_path(f"{name}.patterns", (sys.hexversion, _sre.MAGIC))


class PatternCodes:
    """`compile` as `re.compile`, from the codes a former run kept; `save` keeps new ones (or
    `save_all`, at the end of a run, for patterns compiled on first use)."""

    def __init__(self, name: str) -> None:
        self.path = codes_path(name)
        self._known: dict[tuple[str, int], Arguments] = _read(self.path) if self.path else {}
        self._new = False
        _EVERY.append(self)

    def compile(self, pattern: str, flags: int = 0) -> re.Pattern[str]:
        key = (pattern, int(flags))
        arguments = self._known.get(key)
        if arguments is not None and arguments[0] == pattern:
            try:
                return _BUILD(*arguments)  # type: ignore[no-any-return]
            except Exception:  # a damaged entry: compiled again below
                pass
        compiled, arguments = compiled_with_arguments(pattern, flags)
        if arguments is not None:
            self._known[key] = arguments
            self._new = True
        return compiled

    def save(self) -> None:
        """The codes written, if a pattern was compiled anew (quietly not where the folder is
        read-only: the next run compiles again)."""
        if self._new and self.path is not None:
            write_kept(self.path, self._known)
            self._new = False


_EVERY: list[PatternCodes] = []


def save_all() -> None:
    """Every `PatternCodes`'s new codes written (a pattern compiled on first use, after its
    module was imported), and the codes of the patterns in `re`'s cache, once seeded."""
    for codes in _RE_CACHE_CODES:
        _learn_re_cache(codes)
    for codes in _EVERY:
        codes.save()


# `re`'s cache of compiled patterns, {(type, source, flags): pattern} in CPython 3.11-3.13 (its
# `_compile` looks there first); where it is not such a dict, nothing is seeded.
_RE_CACHE: Any = getattr(re, "_cache", None)
_RE_CACHE_SIZE: int = getattr(re, "_MAXCACHE", 0)
_NOT_CACHED = re.DEBUG | getattr(re, "TEMPLATE", 0)  # `re` compiles these (and warns) every time
# Kept codes past which only those of `re`'s cache are kept: a pattern joined from a set (its
# order varies with the hash seed) is a new source each run, and would pile up.
_RE_CACHE_KEPT = 384
_RE_CACHE_ROOM = 128  # patterns a run may compile anew before `re` drops the oldest it caches
_RE_CACHE_CODES: list[PatternCodes] = []  # the codes of `re`'s cache, once read


def seed_re_cache() -> None:
    """`re`'s cache given the patterns a former run left in it (leaving `_RE_CACHE_ROOM`),
    each built from its kept codes: `re.compile` (`re.match`, ...) of such a source and flags
    then returns it, equal to the pattern it would compile (spaCy's tokenizer's: 0.13 s of an
    English start-up). Once a process, by the command line alone (a library's host keeps its
    `re` to itself); `save_all` keeps the codes of what is cached then. Anything unexpected
    (another `re`, a damaged file) seeds nothing: `re` compiles as ever."""
    cache = _RE_CACHE
    if _RE_CACHE_CODES or type(cache) is not dict or _COMPILER is None:
        return
    try:
        codes = PatternCodes("re-cache")
        _RE_CACHE_CODES.append(codes)
        room = _RE_CACHE_SIZE - _RE_CACHE_ROOM - len(cache)
        for (source, flags), arguments in list(codes._known.items())[: max(room, 0)]:
            key = (str, source, flags)
            if key not in cache and not flags & _NOT_CACHED:
                cache[key] = _BUILD(*arguments)
    except Exception:  # noqa: BLE001 - a speed-up only: whatever is not seeded `re` compiles
        return


def _learn_re_cache(codes: PatternCodes) -> None:
    """The codes of the patterns `re`'s cache holds now and `codes` not yet. Past
    `_RE_CACHE_KEPT` kept, those of the cache alone are kept (patterns joined from a set differ
    from run to run; the ones every run compiles, seeded or not, stay). Quietly nothing on any
    error or warning: it runs as a run ends."""
    try:
        cached = [(source, flags) for kind, source, flags in list(_RE_CACHE) if kind is str]
        new = [key for key in cached if key not in codes._known and not key[1] & _NOT_CACHED]
        if not new:
            return
        if len(codes._known) + len(new) > _RE_CACHE_KEPT:
            codes._known = {key: codes._known[key] for key in cached if key in codes._known}
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            for source, flags in new:
                codes.compile(source, flags)
    except Exception:  # noqa: BLE001 - the next run compiles what is not kept
        return


class _Recorder:
    """Stands in for `_sre` in `re`'s compiler while one pattern compiles: keeps the arguments
    of its `compile`."""

    def __init__(self) -> None:
        self.arguments: Arguments | None = None

    def __getattr__(self, name: str) -> Any:
        return getattr(_sre, name)

    def compile(self, *arguments: Any) -> Any:
        self.arguments = arguments
        return _BUILD(*arguments)


def compiled_with_arguments(pattern: str, flags: int = 0) -> tuple[re.Pattern[str], Arguments | None]:
    """`re.compile(pattern, flags)`, and the arguments that build it again (None when they
    cannot be had or kept)."""
    compiler = _COMPILER
    if compiler is None or getattr(compiler, "_sre", None) is not _sre:
        return re.compile(pattern, flags), None
    recorder = _Recorder()
    compiler._sre = recorder
    try:
        compiled: re.Pattern[str] = compiler.compile(pattern, flags)
    finally:
        compiler._sre = _sre
    arguments = _plain(recorder.arguments)
    try:  # kept only when they build this very pattern (another thread may have compiled meanwhile)
        if arguments is None or _BUILD(*arguments) != compiled:
            return compiled, None
    except Exception:
        return compiled, None
    return compiled, arguments


def _plain(arguments: Arguments | None) -> Arguments | None:
    """The arguments as the builtin types marshal writes (the code's opcodes are int subclasses)."""
    if arguments is None or len(arguments) != 6:
        return None
    source, flags, code, groups, group_index, index_group = arguments
    try:
        return (
            source,
            int(flags),
            [int(op) for op in code],
            int(groups),
            dict(group_index),
            tuple(index_group),
        )
    except (TypeError, ValueError):
        return None


def _read(path: Path) -> dict[tuple[str, int], Arguments]:
    """The codes kept at `path`; none from a file another user wrote (their codes would be
    matched with)."""
    loaded = read_kept(path)
    if type(loaded) is not dict:
        return {}
    return {key: arguments for key, arguments in loaded.items() if _well_formed(key, arguments)}


def _well_formed(key: object, arguments: object) -> bool:
    """A kept entry of the shape `PatternCodes` writes: (source, flags) -> arguments of
    `_sre.compile`, the first the source (a file damaged or of another layout is read as far
    as it holds such entries)."""
    return (
        type(key) is tuple
        and len(key) == 2
        and type(key[0]) is str
        and type(key[1]) is int
        and type(arguments) is tuple
        and len(arguments) > 2
        and arguments[0] == key[0]
    )
