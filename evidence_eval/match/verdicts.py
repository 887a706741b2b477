"""What the answer-fact matcher says: a verdict per sentence (`Judgement`), and per fact
(`FactMatch`) with its critical tokens (`CriticalNote`)."""

from __future__ import annotations

from dataclasses import dataclass, field

from ..models.statuses import CriticalStatus, FactVerdict
from .align import Assessment
from .claims import Claim
from .sentences import AnalyzedSentence

FOUND: FactVerdict = "found"
UNCERTAIN: FactVerdict = "uncertain"
CONTRADICTED: FactVerdict = "contradicted"
MISSING: FactVerdict = "missing"
RANK = {FOUND: 0, CONTRADICTED: 1, UNCERTAIN: 2, MISSING: 3}


@dataclass(frozen=True)
class CriticalNote:
    """A critical token of the fact: found, conflicting (with what the answer states) or
    absent; offsets into the answer."""

    token: str
    status: CriticalStatus
    stated: str | None = None
    start: int | None = None
    end: int | None = None


@dataclass(frozen=True)
class FactMatch:
    fact: str
    status: FactVerdict
    score: float
    route: str | None = None
    sentence: int | None = None
    start: int | None = None
    end: int | None = None
    surface: str | None = None
    reason: str | None = None
    support: float = 0.0
    critical: tuple[CriticalNote, ...] = field(default=())
    # The registered rules that gave the verdict (`manifest.FACTS`): the sentence rule, then any
    # answer rule that replaced it, joined by " > ".
    rule: str | None = None


@dataclass(frozen=True)
class Finding:
    """What a rule says of one alignment: a verdict and its reason (`support` and `region`
    only when the rule reads the sentence otherwise than the alignment did)."""

    status: FactVerdict
    reason: str | None
    support: float | None = None
    region: tuple[int, int] | None = None


@dataclass(frozen=True)
class Judgement:
    status: FactVerdict
    reason: str | None
    support: float
    sentence: int
    analyzed: AnalyzedSentence
    assessment: Assessment
    claim: Claim
    region: tuple[int, int]  # in the sentence's normalised text
    restates_slot: bool = False  # all of its words matched: the same slot, whatever its value
    rule: str = ""  # the rule that gave the verdict
    # The sentence the assessment was made on (`analyzed`, unless an answer rule put the answer's
    # own sentence there for a reading of it written out): where its critical tokens are read.
    read: AnalyzedSentence | None = None
