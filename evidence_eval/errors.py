"""Typed errors. Library code raises these; only the CLI prints them or exits.

Every error names where the problem is (file, line, JSON path) and what to do,
so that the CLI can print it as one line.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

SHOWN_CHARACTERS = 60  # of a value an error message quotes


def shown(value: object, limit: int = SHOWN_CHARACTERS) -> str:
    """`repr(value)` for an error message, cut in the middle when long: a one-line error
    never echoes a 1 MB value."""
    text = repr(value)
    if len(text) <= limit:
        return text
    keep = (limit - 5) // 2
    length = f" ({len(value)} characters)" if isinstance(value, str) else ""
    return f"{text[:keep]} ... {text[-keep:]}{length}"


_CONTROL = re.compile("[\x00-\x1f\x7f-\x9f\u2028\u2029]")


def one_line(text: str) -> str:
    """`text` with its control characters and line breaks escaped (`\\n`, `\\x1b`): a
    message quoting user data as it is (a key in a JSON path) stays one line."""
    return _CONTROL.sub(lambda match: match.group().encode("unicode_escape").decode("ascii"), text)


class EvidenceEvalError(Exception):
    """Base class of every error this package raises on purpose."""


class CountedPath(str):
    """A path whose `Location.line` numbers count something other than lines: the traces
    read from another tool's file (`counting="trace"`), named as "FILE: trace 3"."""

    counting: str

    def __new__(cls, path: str, counting: str) -> CountedPath:
        made = super().__new__(cls, path)
        made.counting = counting
        return made

    def __reduce__(self) -> tuple[type[CountedPath], tuple[str, str]]:
        return CountedPath, (str(self), self.counting)  # to come back from a worker


@dataclass(frozen=True)
class Location:
    """Where a problem is: a file, optionally a line (JSONL) and a JSON path."""

    path: str
    line: int | None = None
    json_path: str | None = None

    def __str__(self) -> str:
        text = str(self.path)
        if self.line is not None:
            counting = getattr(self.path, "counting", None)
            text += f":{self.line}" if counting is None else f": {counting} {self.line}"
        if self.json_path:
            text += f": {self.json_path}"
        return text


class InputError(EvidenceEvalError):
    """Unreadable or malformed input (exit code 2 in the CLI)."""

    def __init__(self, location: Location | str, message: str, hint: str | None = None):
        self.location = location
        self.message = message
        self.hint = hint
        text = f"{location}: {message}"
        if hint:
            text += f" ({hint})"
        super().__init__(text)

    def __reduce__(self) -> tuple[type[InputError], tuple[Location | str, str, str | None]]:
        return InputError, (self.location, self.message, self.hint)  # to come back from a worker


class UsageError(EvidenceEvalError):
    """Options that contradict each other or the data (exit code 2 in the CLI)."""


class PolicyError(EvidenceEvalError):
    """A declared policy refuses the data, e.g. `--zero-positive error` (exit 2)."""


class OutputExistsError(EvidenceEvalError):
    """Refusal to overwrite an existing result without `--overwrite` (exit 2)."""
