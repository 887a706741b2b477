"""The rules that judge one token alignment of a span's quote with an item's text (the fuzzy
route of `spans`): a span is a quote, so the stretch must cover it from its first word to its
last, every critical token equal, negations in the same parity, and word for word (`strict`).

Each rule is registered by name in `SPAN_RULES` and run in `manifest.SPANS`' order; the first
that says something decides (a `truncated`, `conflict` or `wording` outcome with its reason);
none: the quote is there (`ok`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache

from ..lang import every_language
from ..models.statuses import SpanProblem
from ..text.tokens import Token, polarity_of
from .align import Alignment, Assessment, Pair, negations
from .lazy import lazy
from .registry import Registry

SHORT_QUOTE = 4  # quotes of fewer units than this need every token, no insertion
# Tokens that qualify a statement: one the item adds to a quote changes what it says.
QUALIFYING = frozenset({"hedge", "cond", "correction", "approx"})
# Categories compared as written (their key is a lemma: "best" and "better" share one).
AS_WRITTEN = frozenset({"word", "function"})

SpanOutcome = tuple[SpanProblem, str]


@dataclass(frozen=True)
class QuoteReading:
    """One alignment of a quote's tokens (`claim`, into the normalised `quote`) with an item's
    normalised `text` and its tokens."""

    claim: Sequence[Token]
    quote: str
    text_tokens: Sequence[Token]
    found: Assessment
    text: str
    threshold: float
    strict: bool

    @lazy
    def region(self) -> tuple[int, int]:
        return self.found.region or (0, 0)

    @lazy
    def lead(self) -> int:
        weighted = [p for p in self.found.alignment.pairs if p.claim is not None]
        return _edge_deletions(weighted, self.claim, self.strict)

    @lazy
    def tail(self) -> int:
        weighted = [p for p in self.found.alignment.pairs if p.claim is not None]
        return _edge_deletions(list(reversed(weighted)), self.claim, self.strict)

    @property
    def edge_punctuation(self) -> str:
        return _edge_punctuation()

    def said(self, token: Token) -> str:
        return self.quote[token.start : token.end]

    def written(self, token: Token) -> str:
        return self.text[token.start : token.end]

    def ends_with_item(self) -> bool:
        return not self.text[self.region[1] :].strip(self.edge_punctuation)


SPAN_RULES: Registry[QuoteReading, SpanOutcome] = Registry("evidence spans, fuzzy route")
rule = SPAN_RULES.rule


@rule("item_ends_inside_last_word", gives=("truncated",), reads="quote")
def item_ends_inside_last_word(q: QuoteReading) -> SpanOutcome | None:
    """The item stops right after the match and its last word is not the quote's last word
    whole ("parent" is not the end of "... both parents."; a value, the same value whole:
    "4,500元" ends as "4500元" does, "three year" does not)."""
    if not q.ends_with_item() or _ends_as_quote_ends(q):
        return None
    start, end = q.region
    ending = q.text[max(start, end - 12) : end]
    return "truncated", f"the item ends inside the quote's last word ({ending!r})"


@rule("cut_at_item_edge", gives=("truncated",), reads="quote")
def cut_at_item_edge(q: QuoteReading) -> SpanOutcome | None:
    """The item holds the quote with its head or tail cut where the item itself begins or ends
    (an unmatched stop word at an edge counts when `strict`)."""
    start, _ = q.region
    if (q.tail and q.ends_with_item()) or (q.lead and not q.text[:start].strip()):
        cut = "tail" if q.tail else "head"
        return (
            "truncated",
            f"the item holds the quote with its {cut} cut ({max(q.lead, q.tail)} words missing)",
        )
    return None


@rule("another_name", gives=("conflict",), reads="quote")
def another_name(q: QuoteReading) -> SpanOutcome | None:
    """A name of the quote stated as another name."""
    names = [(c, s) for c, s in q.found.conflicts if c.category == "name"]
    if not names:
        return None
    claim_token, stated = names[0]
    return "conflict", f"names {q.written(stated)!r}, the quote has {q.said(claim_token)!r}"


@rule("critical_conflict", gives=("conflict",), reads="quote")
def critical_conflict(q: QuoteReading) -> SpanOutcome | None:
    """A critical token (value, modal, bound...) of the quote stated with another value."""
    if not q.found.conflicts:
        return None
    claim_token, stated = q.found.conflicts[0]
    return "conflict", f"states {q.written(stated)!r}, the quote has {q.said(claim_token)!r}"


@rule("critical_absent", gives=("conflict",), reads="quote")
def critical_absent(q: QuoteReading) -> SpanOutcome | None:
    """A critical token of the quote is not there."""
    if not q.found.absent:
        return None
    return "conflict", f"the quote's {q.said(q.found.absent[0])!r} is not there"


@rule("edge_words_missing", gives=("truncated",), reads="quote")
def edge_words_missing(q: QuoteReading) -> SpanOutcome | None:
    """The quote's first or last words are not in the stretch."""
    if not (q.lead or q.tail):
        return None
    return (
        "truncated",
        f"the quote's {'first' if q.lead else 'last'} {max(q.lead, q.tail)} words are not there",
    )


@rule("adds_qualifier", gives=("conflict",), reads="quote")
def adds_qualifier(q: QuoteReading) -> SpanOutcome | None:
    """The item adds a critical token or a qualifier (hedge, condition, correction,
    approximation) inside the quote."""
    inserted = _inserted(q.found, q.text_tokens, any_weight=True)
    added = [t for t in inserted if t.critical or t.category in QUALIFYING]
    return ("conflict", f"adds {q.written(added[0])!r}") if added else None


@rule("swaps_qualifier", gives=("conflict",), reads="quote")
def swaps_qualifier(q: QuoteReading) -> SpanOutcome | None:
    """A word of the quote replaced by a critical token or a qualifier."""
    for pair in q.found.alignment.pairs:
        if pair.kind != "substitute" or pair.claim is None or pair.text is None:
            continue
        now = q.text_tokens[pair.text]
        if now.critical or now.category in QUALIFYING:
            return "conflict", f"changes {q.said(q.claim[pair.claim])!r} to {q.written(now)!r}"
    return None


@rule("negation_parity", gives=("conflict",), reads="quote")
def negation_parity(q: QuoteReading) -> SpanOutcome | None:
    """One negation more or fewer in the item's stretch than in the quote."""
    quote_negations = polarity_of(q.claim) + q.found.flips
    if quote_negations % 2 != negations(q.text_tokens, *q.region) % 2:
        return "conflict", "the item's negations differ from the quote's (one more or one fewer)"
    return None


@rule("changed_word", gives=("conflict",), reads="quote")
def changed_word(q: QuoteReading) -> SpanOutcome | None:
    """A content word of the quote changed."""
    if not q.found.changed:
        return None
    claim_token, stated = q.found.changed[0]
    return "conflict", f"changes {q.said(claim_token)!r} to {q.written(stated)!r}"


@rule("dropped_word", gives=("conflict",), reads="quote")
def dropped_word(q: QuoteReading) -> SpanOutcome | None:
    """A content word of the quote left out."""
    return ("conflict", f"drops {q.said(q.found.dropped[0])!r}") if q.found.dropped else None


@rule("word_for_word", gives=("conflict",), reads="quote")
def word_for_word(q: QuoteReading) -> SpanOutcome | None:
    """`strict`: every word of the quote, whatever its weight, meets the same word as written
    (values and names by what they are), and the stretch adds none; only the rows
    `free_words` (articles, 的), a possessive stated as an article (row `possessives`) and the
    perfect's auxiliary may differ."""
    if not q.strict:
        return None
    unquoted = _not_word_for_word(q.claim, q.quote, q.text_tokens, q.text, q.found.alignment)
    return ("conflict", unquoted) if unquoted else None


@rule("short_quote", gives=("wording",), reads="quote")
def short_quote(q: QuoteReading) -> SpanOutcome | None:
    """A quote of fewer than `SHORT_QUOTE` units needs every token, nothing between."""
    found = q.found
    if found.units < SHORT_QUOTE and (found.matched < found.units or _inserted(found, q.text_tokens)):
        return "wording", "a short quote needs every token, nothing between"
    return None


@rule("wording_budget", gives=("wording",), reads="quote")
def wording_budget(q: QuoteReading) -> SpanOutcome | None:
    """Beyond the edit budget, or (not `strict`: a re-anchored or placed quote) fewer than
    `threshold`% of the quote's tokens."""
    found = q.found
    if not found.wording_ok or 100.0 * found.support < q.threshold:
        edits = f"{found.wording_edits} edits ({found.budget} allowed)"
        return "wording", f"{found.support:.0%} of the quote's tokens, {edits}"
    return None


@cache
def _edge_punctuation() -> str:
    return "".join(sorted(every_language().words("edge_punctuation")))


def _ends_as_quote_ends(q: QuoteReading) -> bool:
    weighted = [token for token in q.claim if token.weight]
    if not weighted:
        return True
    end = q.region[1]
    last = weighted[-1]
    said = q.said(last)
    if last.category.startswith("value"):
        ending = next((t for t in reversed(q.text_tokens) if t.end <= end), None)
        if ending is not None and ending.end == end and ending.key == last.key:
            # the same value as written but for its digit grouping ("three year" is cut)
            return _ungrouped(q.written(ending)) == _ungrouped(said)
    return q.text[:end].rstrip(q.edge_punctuation).endswith(said)


def _ungrouped(surface: str) -> str:
    return surface.replace(",", "").replace(" ", "")


def _edge_deletions(pairs: Sequence[Pair], claim: Sequence[Token], strict: bool) -> int:
    """The quote's words missing at one edge: `strict`, stop words too ("Everyone ..." is
    not "... one")."""
    count = 0
    for pair in pairs:
        if pair.kind != "delete" or pair.claim is None:
            break
        token = claim[pair.claim]
        count += not _free(token) if strict else token.weight
    return count


def _free(token: Token) -> bool:
    return token.category == "function" and token.key in every_language().words("free_words")


def _not_word_for_word(
    claim: Sequence[Token], quote: str, text_tokens: Sequence[Token], text: str, alignment: Alignment
) -> str | None:
    """Why the aligned stretch is not the quote word for word, or None."""
    inside = set(alignment.inserted_inside())
    possessives = every_language().words("possessives")
    for pair in alignment.pairs:
        if pair.claim is None:
            if pair.text in inside and not _free_at(text_tokens, pair.text):
                added = text_tokens[pair.text]
                return f"adds {text[added.start : added.end]!r}"
            continue
        said = claim[pair.claim]
        if pair.text is None:
            if not _free_at(claim, pair.claim):
                return f"drops {quote[said.start : said.end]!r}"
            continue
        stated = text_tokens[pair.text]
        if not _same_word(said, quote, stated, text) and not (said.key in possessives and _free(stated)):
            return f"changes {quote[said.start : said.end]!r} to {text[stated.start : stated.end]!r}"
    return None


def _free_at(tokens: Sequence[Token], index: int) -> bool:
    """An article, or the perfect's auxiliary before a word ("has expanded" for "expanded":
    the word itself must still be the same)."""
    token = tokens[index]
    if _free(token):
        return True
    following = tokens[index + 1] if index + 1 < len(tokens) else None
    auxiliary = token.key in every_language().words("perfect_auxiliary")
    return auxiliary and following is not None and following.category == "word"


def _same_word(said: Token, quote: str, stated: Token, text: str) -> bool:
    """Values and names by what they are ("4,500" is 4500); words as written (their key is a
    lemma: "best" and "better" share one); cues as written in English ("can" is not "may",
    "up to" not "within"), by meaning in Chinese, whose word cutter may cut 以内 as 内."""
    if said.key != stated.key:
        return False
    if said.category.startswith("value") or said.category == "name":
        return True
    written, copied = quote[said.start : said.end], text[stated.start : stated.end]
    if said.category not in AS_WRITTEN and not (written.isascii() and copied.isascii()):
        return True
    return _bare(written) == _bare(copied)


def _bare(surface: str) -> str:
    return surface.replace(" ", "").replace("-", "")


def _inserted(found: Assessment, text_tokens: Sequence[Token], *, any_weight: bool = False) -> list[Token]:
    """Tokens the item adds inside the aligned stretch (content words only, unless
    `any_weight`: hedges and conditions weigh nothing but change what a quote says)."""
    added = [text_tokens[index] for index in found.alignment.inserted_inside()]
    return added if any_weight else [token for token in added if token.weight]
