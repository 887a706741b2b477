"""One alignment of a fact's claim with one answer sentence, as every rule reads it."""

from __future__ import annotations

from dataclasses import dataclass

from ..lang import Lexicon, lexicon
from ..models import AnswerFact
from ..text.cues import clause_around
from ..text.normalize import normalize_cached
from ..text.tokens import Token
from .align import Assessment
from .claims import Claim
from .lazy import lazy
from .sentences import AnalyzedSentence


@dataclass(eq=False)
class Reading:
    """One alignment of a claim with a sentence, as every rule reads it (made for every
    alignment judged: a plain dataclass, whose construction costs a third of a frozen one's)."""

    fact: AnswerFact
    claim: Claim
    sentence: AnalyzedSentence
    found: Assessment
    upper: float
    wording_ok: bool | None = None  # `fact_rules._wording_ok`, once worked out

    @lazy
    def region(self) -> tuple[int, int]:
        return self.found.region or (0, 0)

    @property
    def text(self) -> str:
        return self.sentence.norm.text

    @lazy
    def lex(self) -> Lexicon:
        return lexicon(self.sentence.language)

    @lazy
    def clause(self) -> tuple[int, int]:
        return clause_around(self.text, *self.region)

    def stated(self, token: Token) -> str:
        """A token of the sentence as the answer writes it."""
        return self.sentence.original(token)

    def claimed(self, token: Token) -> str:
        """A token of the claim as the fact writes it."""
        return claim_text(token, self.claim)


def claim_text(token: Token, claim: Claim) -> str:
    if token.value is not None and claim.required_value is None and token.value.start == token.value.end:
        return token.value.describe()
    norm = normalize_cached(claim.surface)
    begin, finish = norm.original_span(token.start, token.end)
    return (
        claim.surface[begin:finish]
        if finish > begin
        else (token.value.describe() if token.value else token.key)
    )


def expected_negations(fact: AnswerFact, claim: Claim) -> int:
    """`polarity: negated` on a text without a negation asserts its negation; a text that
    carries its negation already ("不予受理") is read as written."""
    own = claim.own_negations
    return own if own else int(fact.polarity == "negated")
