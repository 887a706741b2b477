"""The literal strings every match of a pattern holds, read off the pattern itself: a cheap
exact test (`may_match`) before a costly regex that most texts cannot match (the not-knowing
and asking frames of `unasserted`, run on every answer sentence).

A requirement is a tuple of sets of literals: a text the pattern matches holds one literal of
each set. It is read from the parsed pattern: a run of literal characters is one literal, a
class of a few characters is a set of them, a group or a repeat of at least one holds what its
content holds, a lookaround's content is in the text too, and an alternation holds one literal
of the best set of one of its branches. Anything else (an optional part, a negated class, a
group with flags of its own) requires nothing. A pattern with nothing required is always run.
"""

from __future__ import annotations

import importlib
import re
from typing import Any

_parser: Any = importlib.import_module("re._parser")  # the parser `re.compile` uses
_C: Any = importlib.import_module("re._constants")

Need = frozenset[str]  # one of these literals is in every text the pattern matches


Gate = tuple[bool, tuple[re.Pattern[str], ...]] | None  # (lower-case the text?, one search per need)


def may_match(pattern: re.Pattern[str], text: str) -> bool:
    """False only when `pattern` cannot match `text` (it lacks a literal the pattern needs);
    True when it may. A case-insensitive pattern is tested on an ASCII text lower-cased, and
    always runs on any other text."""
    gate = _gate(pattern)
    if gate is None:
        return True
    lower, tests = gate
    if lower:
        if not text.isascii():
            return True
        text = text.lower()
    for test in tests:
        if test.search(text) is None:
            return False
    return True


# Each pattern's gate, by the pattern's id (a pattern's own hash digests its whole compiled code
# on every call), with the pattern, so that an id a freed pattern left is never read as its.
_GATES: dict[int, tuple[re.Pattern[str], Gate]] = {}


def _gate(pattern: re.Pattern[str]) -> Gate:
    """The pattern's gate, made once."""
    found = _GATES.get(id(pattern))
    if found is None or found[0] is not pattern:
        if len(_GATES) >= _MOST_GATES:
            _GATES.clear()
        found = _GATES[id(pattern)] = (pattern, _made_gate(pattern))
    return found[1]


_MOST_GATES = 256


def _made_gate(pattern: re.Pattern[str]) -> Gate:
    ignore_case = bool(pattern.flags & re.IGNORECASE)
    if ignore_case and not pattern.pattern.isascii():
        return None
    parsed = _parsed(pattern)  # once: a lexicon pattern's parse is most of a gate's making
    if _anchored(parsed, pattern.flags):
        return None
    needs = _sequence(parsed)
    if needs is None:
        return None
    if ignore_case and any(not lit.isascii() for need in needs for lit in need):
        return None  # an escape (`\u017f`) folds to an ASCII letter under IGNORECASE, not under lower()
    tests = tuple(_alternation({lit.lower() if ignore_case else lit for lit in need}) for need in needs)
    return ignore_case, tests


def _alternation(literals: set[str]) -> re.Pattern[str]:
    return re.compile("|".join(re.escape(lit) for lit in sorted(literals, key=lambda lit: (-len(lit), lit))))


def _parsed(pattern: re.Pattern[str]) -> list[tuple[Any, Any]]:
    return list(_parser.parse(pattern.pattern, pattern.flags))


def _anchored(parsed: list[tuple[Any, Any]], flags: int) -> bool:
    """The pattern (`parsed`) is tried at the text's start only (`^` without MULTILINE): its
    regex costs no more than a test would."""
    if not parsed or flags & re.MULTILINE:
        return False
    op, argument = parsed[0]
    return op is _C.AT and argument in (_C.AT_BEGINNING, _C.AT_BEGINNING_STRING)


def requirement(pattern: re.Pattern[str]) -> tuple[Need, ...] | None:
    """The sets of literals a text `pattern` matches holds one of each; None when none is known."""
    return _sequence(_parsed(pattern))


def _sequence(items: list[tuple[Any, Any]]) -> tuple[Need, ...] | None:
    """What a sequence of parsed items needs: every need of each item, a run of literal
    characters as one literal."""
    needs: list[Need] = []
    run: list[str] = []
    for op, argument in items:
        if op is _C.LITERAL:
            run.append(chr(argument))
            continue
        if run:
            needs.append(frozenset({"".join(run)}))
            run = []
        needs.extend(_item(op, argument) or ())
    if run:
        needs.append(frozenset({"".join(run)}))
    return tuple(needs) or None


def _item(op: Any, argument: Any) -> tuple[Need, ...] | None:
    if op is _C.SUBPATTERN:  # (group, flags added, flags removed, content)
        return None if argument[1] or argument[2] else _sequence(list(argument[3]))
    if op is _C.ASSERT:  # (direction, content): a lookahead or lookbehind that must hold
        return _sequence(list(argument[1]))
    if op in (_C.MAX_REPEAT, _C.MIN_REPEAT, _C.POSSESSIVE_REPEAT):  # (least, most, content)
        return _sequence(list(argument[2])) if argument[0] >= 1 else None
    if op is _C.BRANCH:
        return _branches(argument[1])
    if op is _C.IN:
        return _class(argument)
    return None


def _branches(branches: list[Any]) -> tuple[Need, ...] | None:
    """One literal of the best need of each branch (the branch taken holds all of its own)."""
    literals: set[str] = set()
    for branch in branches:
        needs = _sequence(list(branch))
        if needs is None:
            return None
        best: Need = max(needs, key=_selective)
        literals.update(best)
    return (_fewest(literals),)


def _class(members: list[tuple[Any, Any]]) -> tuple[Need, ...] | None:
    """A class of literal characters (not negated, no range or category)."""
    if not all(kind is _C.LITERAL for kind, _ in members):
        return None
    return (frozenset(chr(code) for _, code in members),)


def _selective(need: Need) -> tuple[int, int]:
    """Longer literals first, then fewer of them: the need fewest texts hold."""
    return min(map(len, need)), -len(need)


def _fewest(literals: set[str]) -> Need:
    """The literals that hold no other one of the set (a text holding "details" holds "detail")."""
    return frozenset(lit for lit in literals if not any(other != lit and other in lit for other in literals))
