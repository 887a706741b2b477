"""The rules that read the answer as a whole, after the best sentence is chosen: a fact said
through a pronoun or a participle phrase, restated otherwise or denied in another sentence,
corrected after the match, or stated only across two sentences.

Each is registered in `ANSWER_RULES` and run in `manifest.FACTS`' order; each reads the best
judgement so far and returns the one that replaces it, or None.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, replace
from itertools import chain

from ..lang import lexicon
from ..models import AnswerFact
from ..text.tokens import Token
from ..text.values import Value
from .claims import Claim, claim_for, pairs_holding, worth_aligning
from .lazy import lazy
from .registry import Registry
from .sentences import AnalyzedAnswer, AnalyzedSentence, analyze_sentence, answer_of
from .units import Coverage, SentenceForms, answer_forms, best_coverage
from .verdicts import CONTRADICTED, FOUND, MISSING, UNCERTAIN, Judgement

# Cue categories by which a fact states a limit of its own: a next sentence's may restate it.
_LIMITS = frozenset({"cond", "quant", "neg"})
Judge = Callable[[Claim, AnalyzedSentence, int], Judgement]
_WORD_RE = re.compile(r"\b[A-Za-z][\w-]*")


@dataclass
class AnswerReading:
    """The answer's sentences, every judgement of them, and the best so far."""

    fact: AnswerFact
    sentences: Sequence[AnalyzedSentence]
    judgements: list[Judgement]
    best: Judgement
    language: str
    explicit: Value | None
    judge: Judge

    @property
    def chinese(self) -> bool:
        return self.language.startswith("zh")

    @lazy
    def forms(self) -> SentenceForms:
        """Each sentence's forms (`units.sentence_forms`): what states a fact's units."""
        return answer_forms(self.sentences)

    @lazy
    def coverage(self) -> Coverage:
        """How much of the fact's units (by rarity, critical tokens most) the answer states,
        anywhere and in its best sentence: the best of its surfaces."""
        return best_coverage([claim.units for claim in self.claims()], self.forms)

    def claims(self) -> list[Claim]:
        return [
            claim_for(surface, self.language, self.explicit)
            for surface in (self.fact.text, *self.fact.aliases)
        ]


ANSWER_RULES: Registry[AnswerReading, Judgement] = Registry("answer facts, whole answer")
rule = ANSWER_RULES.rule


@rule("plain_reading", gives=(FOUND, CONTRADICTED), reads="previous-sentence")
def plain_reading(a: AnswerReading) -> Judgement | None:
    """A fact a sentence states in a form the alignment cannot read as is (a `missing` or
    `uncertain` best), judged on the sentence written out plainly: a pronoun that opens it
    (row `pronoun`) replaced by the name that opens the sentence before ("Hello Love is a 1974
    single. It was Snow's final number one."), or a participle phrase that opens it (row
    `participle_phrase`) said of its main clause's subject ("Founded in 1930 by X, Publix is …").
    A `found` or `contradicted` covers the whole sentence and says how it was read; every
    reading is weighed, and one that contradicts wins."""
    if a.best.status not in (MISSING, UNCERTAIN):
        return None
    readings: list[Judgement] = []
    answer = answer_of(a.sentences)
    for claim in a.claims():
        for index in _naming_or_after(claim, answer):
            sentence = answer[index]
            variants = chain(
                _pronoun_variants(claim, a.sentences, index, a.chinese),
                () if a.chinese else _participle_variants(claim, sentence, a.language),
            )
            for written, how in variants:
                resolved = a.judge(claim, analyze_sentence(sentence.start, written, a.language), index)
                if resolved.status in (FOUND, CONTRADICTED):
                    reason = f"{resolved.reason} ({how})" if resolved.reason else how
                    whole = (0, len(sentence.norm.text))
                    readings.append(replace(resolved, analyzed=sentence, region=whole, reason=reason))
    return min(readings, key=lambda j: (j.status != CONTRADICTED, j.sentence), default=None)


def _naming_or_after(claim: Claim, answer: AnalyzedAnswer) -> list[int]:
    """The sentences a plain reading may rewrite (`plainly_readable`) that hold one of the
    claim's names, or come right after one that does: only there can a pronoun or a participle
    phrase stand for it (the others give no reading)."""
    if not answer.plainly_readable:
        return []
    own = claim.named_keys
    return [
        index
        for index in answer.plainly_readable
        if not own.isdisjoint(answer[index].keys) or (index and not own.isdisjoint(answer[index - 1].keys))
    ]


def _pronoun_variants(
    claim: Claim, sentences: Sequence[AnalyzedSentence], index: int, chinese: bool
) -> Iterator[tuple[str, str]]:
    """A pronoun for the fact's subject. The pronoun must open its sentence (or a clause after
    and/but) and the subject must open the sentence before (or the same sentence): the
    antecedent a reader takes."""
    sentence = sentences[index]
    lex = lexicon(sentence.language)
    possessive = lex.pairs("possessive_pronoun")
    for pronoun in sentence.pronouns:
        opens = pronoun.start() == 0 or not sentence.text[: pronoun.start()].strip(" *_\"'“”")
        if opens and index == 0:
            continue
        source = sentences[index - 1] if opens else sentence
        subject = _opening_subject(claim, source)
        if subject is None or _another_candidate(source, subject):
            continue
        word = pronoun.group("pro")
        head, tail = sentence.text[: pronoun.start("pro")], sentence.text[pronoun.end("pro") :]
        written = head + subject + possessive.get(word.lower(), "") + tail
        yield written, f"its subject is the pronoun {word!r}, which stands for {subject!r}"


def _another_candidate(source: AnalyzedSentence, subject: str) -> bool:
    """The sentence a pronoun points back to names someone or something else a reader could take
    it for ("Queen Victoria married Prince Albert. He …", "Bill Gates founded Microsoft. It …"),
    or its subject is joined to another (row `joined`: "Kenya and Somalia …", 李明的父亲): the
    pronoun is not read. The sentence must say what its subject is (row `copula`); in Chinese it
    introduces nothing new (row `new_thing`)."""
    lex = lexicon(source.language)
    text = source.text
    at = text.find(subject)
    if at < 0 or lex.pattern("joined").match(text, at + len(subject)):
        return True
    rest = text[at + len(subject) :]
    if source.language.startswith("zh"):
        from ..text.segment import segmenter_for  # jieba's tagger: loaded only for Chinese

        names = segmenter_for(source.language).proper_names(rest)
        return bool(names) or lex.pattern("new_thing").search(rest) is not None
    if not lex.pattern("copula").match(rest):
        return True  # "Marie Curie married a physicist. He …": the object may be meant
    return any(word[:1].isupper() for word in _WORD_RE.findall(rest))


def _participle_variants(
    claim: Claim, sentence: AnalyzedSentence, language: str
) -> Iterator[tuple[str, str]]:
    """ "Founded in 1930 by X, Publix is …" also says "Publix was founded in 1930 by X", when the
    fact's name opens the main clause; not a phrase that reports, misreads or compares (rows
    `reported`, `not_participles`)."""
    lex = lexicon(language)
    fronted = sentence.participle
    if fronted is None:
        return
    subject = _opening_subject(claim, analyze_sentence(0, fronted.group("rest"), language))
    if subject is None:
        return
    phrase = fronted.group("phrase")
    first = phrase.split()[0].lower()
    if first in lex.words("not_participles") or lex.pattern("reported").search(phrase):
        return  # "Rumoured to have been founded in 1930, …", "Misreported as founded …": no statement
    yield (
        f"{subject} was {phrase[0].lower()}{phrase[1:]}.",
        f"said of {subject!r} in the phrase that opens the sentence",
    )


def _opening_subject(claim: Claim, sentence: AnalyzedSentence) -> str | None:
    """The claim's name that opens `sentence` (function words before and inside it allowed),
    as written there: the subject a pronoun in the next sentence stands for. Only a name: a
    pronoun for a common noun or a clause is not told apart from one for something else."""
    own = claim.named_keys
    taken: list[Token] = []
    for token in sentence.tokens:
        if token.key in own or token.stem in own:
            taken.append(token)
        elif token.weight:
            break  # the first other word ends the subject, or shows another one opens the sentence
    if not taken:
        return None
    begin, _ = sentence.norm.original_span(sentence.tokens[0].start, sentence.tokens[0].end)
    _, finish = sentence.norm.original_span(taken[-1].start, taken[-1].end)
    return sentence.text[begin:finish]


@rule("restated_otherwise", gives=(CONTRADICTED,), reads="answer")
def restated_otherwise(a: AnswerReading) -> Judgement | None:
    """Another sentence that states the same slot (all of the fact's words, or a correction
    cue, and only one critical token apart) with another value or the opposite polarity makes
    the answer contradict itself; so does a correction after the match ("…30%，不对，应为20%").
    Only an explicit correction lets the later statement stand ("… 10 days. Correction: …
    15 days" supports 15 days)."""
    best = a.best
    if best.status != FOUND:
        return None
    for other in sorted(a.judgements, key=lambda j: j.sentence):
        if other.status != CONTRADICTED or other.sentence == best.sentence:
            continue
        if other.sentence < best.sentence and best.analyzed.correction:
            continue  # the answer corrected an earlier statement: its last word counts
        # The same slot: all of the fact's words within the edit budget, words the other sentence
        # adds counted ("must have lived in the state for at least 2 years" is another condition).
        same_slot = other.restates_slot and other.assessment.wording_ok and _names_the_slot(other)
        if len(other.assessment.conflicts) <= 1 and (same_slot or other.analyzed.correction):
            wanted = _first_critical(best)
            return replace(
                other,
                reason=f"sentence {best.sentence + 1} states {wanted!r}, sentence {other.sentence + 1} "
                f"states it otherwise: {other.reason}",
            )
    return _corrected_after(best, a.sentences)


def _first_critical(judgement: Judgement) -> str:
    return next(
        (
            judgement.analyzed.original(found)
            for claim, found in judgement.assessment.matched_tokens
            if claim.critical
        ),
        judgement.claim.surface,
    )


def _corrected_after(best: Judgement, sentences: Sequence[AnalyzedSentence]) -> Judgement | None:
    """A correction cue after the match, then a critical token of a matched one's category
    with another value, in the same or the next sentence. A number that is part of a name
    ("Barrio 18", "iPhone 15") is corrected only by one after the same name ("iPhone 16"), not
    by any number ("moved prisoners from two gangs")."""
    following_sentence = best.sentence + 1 < len(sentences) and best.analyzed is sentences[best.sentence]
    if not _correction_cue(best.analyzed, sentences[best.sentence + 1] if following_sentence else None):
        return None  # nothing to correct it
    named = _names_before_numbers(best.claim)
    stated = {
        c.category: (f, named.get(id(c)))
        for c, f in best.assessment.matched_tokens
        if c.critical and c.category != "name"
    }
    if not stated:
        return None
    following = [(best.analyzed, [t for t in best.analyzed.tokens if t.start >= best.region[1]])]
    if following_sentence:
        following.append((sentences[best.sentence + 1], list(sentences[best.sentence + 1].tokens)))
    corrected = False
    for sentence, tokens in following:
        for previous, token in zip([None, *tokens], tokens):
            corrected = corrected or token.category == "correction"
            before, name = stated.get(token.category, (None, None))
            if before is None or not corrected or token.key == before.key:
                continue
            if name is None or (previous is not None and name in (previous.key, previous.stem)):
                first, then = best.analyzed.original(before), sentence.original(token)
                reason = f"states {first!r}, then corrects it to {then!r}"
                return replace(best, status=CONTRADICTED, reason=reason, support=0.0)
    return None


def _correction_cue(sentence: AnalyzedSentence, following: AnalyzedSentence | None) -> bool:
    """The sentence, or the one after it, may hold a correction cue (its category is among
    their keys): where none is, no value after the match can correct it."""
    return "correction" in sentence.keys or (following is not None and "correction" in following.keys)


def _names_before_numbers(claim: Claim) -> dict[int, str]:
    """The claim's numbers right after one of its names, by id, with that name's key: part of
    the name ("Barrio 18", "Apollo 11")."""
    tokens = claim.tokens
    return {
        id(token): before.key
        for before, token in zip(tokens, tokens[1:])
        if token.category == "value:number" and before.category == "name"
    }


@rule("denied_next", gives=(CONTRADICTED,), reads="next-sentence")
def denied_next(a: AnswerReading) -> Judgement | None:
    """The sentence after the match only denies it (row `denial`: "Publix was founded in 1930.
    That is false.", 这一说法不对。)."""
    denial = _next_sentence_reading(a, "denial")
    if denial is None:
        return None
    reason = f"the next sentence denies it: {denial!r}"
    return replace(a.best, status=CONTRADICTED, reason=reason, support=0.0)


@rule("limited_next", gives=(UNCERTAIN,), reads="next-sentence")
def limited_next(a: AnswerReading) -> Judgement | None:
    """The sentence after the match refers back to it and restricts its scope (row
    `limiting_next`: "Employees receive a 10% discount. This applies only to full-time staff.",
    以上优惠仅限周末。): the answer states the fact only for some cases, unless the fact states a
    condition or limit of its own."""
    limit = _next_sentence_reading(a, "limiting_next")
    if limit is None or any(t.category in _LIMITS for claim in a.claims() for t in claim.tokens):
        return None
    return replace(a.best, status=UNCERTAIN, reason=f"the next sentence restricts it: {limit!r}")


def _next_sentence_reading(a: AnswerReading, row: str) -> str | None:
    """The sentence after a `found` match, when it opens with pattern row `row`."""
    best, sentences = a.best, a.sentences
    following = best.sentence + 1
    if best.status != FOUND or following >= len(sentences) or best.analyzed is not sentences[best.sentence]:
        return None
    text = sentences[following].text.strip()
    return text if lexicon(sentences[following].language).pattern(row).match(text) else None


@rule("across_sentences", gives=(UNCERTAIN,), reads="next-sentence")
def across_sentences(a: AnswerReading) -> Judgement | None:
    """A fact stated only over two adjacent sentences (every word of it in one or the other) is
    at most `uncertain`."""
    if a.best.status in (FOUND, CONTRADICTED):
        return None
    claims = a.claims()
    for index in pairs_holding(claims, a.sentences):
        joined = _joined(answer_of(a.sentences), index, a.language)
        for claim in claims:
            if not worth_aligning(claim, joined):
                continue
            judged = a.judge(claim, joined, index)
            if judged.status == FOUND:
                reason = f"stated only across sentences {index + 1} and {index + 2}"
                return replace(judged, status=UNCERTAIN, reason=reason)
    return None


def _joined(answer: AnalyzedAnswer, index: int, language: str) -> AnalyzedSentence:
    """Sentences `index` and `index + 1` read as one, analysed once for every fact of the answer."""
    name = f"joined {index}"
    found = answer.derived.get(name)
    if not isinstance(found, AnalyzedSentence):
        first, second = answer[index], answer[index + 1]
        gap = " " * (second.start - first.end)  # keeps the offsets of the answer
        found = answer.derived[name] = analyze_sentence(first.start, first.text + gap + second.text, language)
    return found


# From this coverage of the fact's units (`units.Coverage.support`: the mean of the weighted share
# the answer states anywhere and the share its best sentence states; words by rarity, values and
# cues most, a name by any of its words) on, the answer addresses the fact: it may state it in
# other words, and `missing` would be a guess. REALSumm: below it, people call 90% of the facts
# absent (one annotator against the others: 92%).
ADDRESSED = 0.2


@rule("addressed_in_answer", gives=(UNCERTAIN,), reads="answer")
def addressed_in_answer(a: AnswerReading) -> Judgement | None:
    """`missing` only when no sentence of the answer addresses the fact. An answer that states
    its units to `ADDRESSED` or more (words by rarity, values and cues most, a name by any of its
    words, each in any of its forms: lemma, stem, derivation, digits; the mean of the share
    anywhere in the answer and the share in its nearest sentence) may state it in other words:
    `uncertain`, with the nearest sentence and what the answer does not have. A value or a name
    not found is `missing` only when the rest of the fact is not addressed either."""
    best = a.best
    if best.status != MISSING or a.coverage.support < ADDRESSED:
        return None
    reason = f"{best.reason}; {addressed_reason(a.coverage)}: check the wording"
    return replace(best, status=UNCERTAIN, reason=reason)


def addressed_reason(coverage: Coverage) -> str:
    """How much of the fact the answer has, and what it does not: "its words (by rarity): 62% in
    the answer, 40% in one sentence; not 'executioner'"."""
    anywhere, best = f"{coverage.anywhere:.0%}", f"{coverage.best:.0%}"
    said = f"its words (by rarity): {anywhere} in the answer, {best} in one sentence"
    if not coverage.unstated:
        return said
    return said + "; not " + ", ".join(repr(written) for written in coverage.unstated[:4])


# The fact's own words (not its values or cues) another sentence must match to be read as
# stating the same slot: "Michael is 33." is not restated by "Michael spent £7,500".
SLOT_WORDS = 2


def _names_the_slot(other: Judgement) -> bool:
    return (
        sum(1 for claim, _ in other.assessment.matched_tokens if claim.weight and not claim.critical)
        >= SLOT_WORDS
    )
