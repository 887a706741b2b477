"""Named rules, run in a declared order by one small interpreter (after spaCy's registries and
pySBD's rule sets).

A `Rule` has a name, the verdicts it may give, what it reads and its docstring; `Registry.rule`
registers one. A `Manifest` names a matcher version: the ordered rule names it runs, its
constants and a digest of everything that can change a verdict (each rule's code, the
lexicon rows, the cue table, the constants). The signature carries `Manifest.label`; two
reports whose labels differ are not compared.
"""

from __future__ import annotations

import hashlib
import inspect
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Generic, TypeVar

from .lazy import lazy

Context = TypeVar("Context")
Outcome = TypeVar("Outcome")

PACKAGE = Path(__file__).resolve().parent.parent
# The modules whose code decides a verdict: a change to any of them changes the digest (the
# compiled alignment's C source too: it must give what its Python fallback gives, but a change
# to it is a change to the matcher).
DECIDING = ("match", "text", "lang")
DECIDING_SUFFIXES = ("*.py", "*.c")


@dataclass(frozen=True)
class Rule(Generic[Context, Outcome]):
    name: str
    gives: tuple[str, ...]  # the verdicts (or span outcomes) it may give
    reads: str  # what it reads: "match", "clause", "sentence", "answer"...
    check: Callable[[Context], Outcome | None]

    @property
    def doc(self) -> str:
        return inspect.cleandoc(self.check.__doc__ or "")

    @property
    def summary(self) -> str:
        return self.doc.split("\n\n")[0].replace("\n", " ")


@dataclass
class Registry(Generic[Context, Outcome]):
    """The rules of one matcher, by name."""

    family: str
    rules: dict[str, Rule[Context, Outcome]] = field(default_factory=dict)

    def rule(
        self, name: str, *, gives: tuple[str, ...], reads: str
    ) -> Callable[[Callable[[Context], Outcome | None]], Callable[[Context], Outcome | None]]:
        def register(check: Callable[[Context], Outcome | None]) -> Callable[[Context], Outcome | None]:
            if name in self.rules:
                raise ValueError(f"{self.family}: a rule named {name!r} is registered already")
            self.rules[name] = Rule(name, gives, reads, check)
            return check

        return register

    def ordered(self, names: tuple[str, ...]) -> tuple[Rule[Context, Outcome], ...]:
        unknown = [name for name in names if name not in self.rules]
        if unknown:
            raise KeyError(f"{self.family}: the manifest names rules nobody registered: {unknown}")
        return tuple(self.rules[name] for name in names)


@dataclass(frozen=True)
class Manifest:
    """One matcher version: `name` (e.g. `fact-align.v4`) names exactly one behaviour."""

    name: str
    stages: Mapping[str, tuple[str, ...]]  # stage -> ordered rule names
    constants: Mapping[str, object]

    @lazy
    def digest(self) -> str:
        """A hash of the rule order, the constants, and every deciding module's code and data."""
        return self.digest_of(PACKAGE)

    def digest_of(self, package: Path) -> str:
        """`digest` over the package at `package` (a copy, in tests)."""
        hasher = hashlib.sha256(repr((self.name, dict(self.stages), dict(self.constants))).encode())
        for path in _deciding_sources(package):
            hasher.update(path.relative_to(package).as_posix().encode())
            hasher.update(path.read_bytes())
        return hasher.hexdigest()

    @property
    def label(self) -> str:
        """What the signature carries: the name and the digest's first 12 hex digits."""
        return f"{self.name}#{self.digest[:12]}"

    def rule_names(self) -> Iterator[str]:
        for names in self.stages.values():
            yield from names


def _deciding_sources(package: Path) -> list[Path]:
    folders = [package / folder for folder in DECIDING]
    paths = (path for folder in folders for suffix in DECIDING_SUFFIXES for path in folder.rglob(suffix))
    return sorted(path for path in paths if path.name != "probe.py")  # the case runner decides nothing
