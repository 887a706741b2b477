"""The rules that judge one alignment of a fact's claim with one answer sentence.

Each rule is registered by name in `SENTENCE_RULES`; `manifest.FACTS` lists the order they run
in (the first that says something decides; none: the sentence states the fact). A rule reads a
`Reading`: the fact, its claim, the sentence (analysed once) and the alignment's assessment.
The positions a rule reads are named in its registration (`reads`) and its docstring; the words
it reads are rows of `lang/` (named in the docstring too).
"""

from __future__ import annotations

from ..text.cues import clause_around, segment_around
from ..text.normalize import normalize_cached
from ..text.tokens import Token
from .align import negations, tokens_in
from .attachment import among_others, another_time, another_time_stated, out_of_slot
from .names import entity_reason, extended_name
from .qualifiers import (
    alternative_inside,
    contrasted,
    exception_in_sentence,
    fronted_scope,
    limit_after,
    polarity,
    qualifier,
    rival_inside,
    value_after_contrast,
    value_in_clause,
)
from .reading import Reading, expected_negations
from .registry import Registry
from .unasserted import ASKED, QUESTION, REPORTED, Stretch, has_frame, inside, unasserted
from .verdicts import CONTRADICTED, MISSING, UNCERTAIN, Finding

SENTENCE_RULES: Registry[Reading, Finding] = Registry("answer facts, per sentence")
rule = SENTENCE_RULES.rule


# The rarity-weighted share of a fact's other words a sentence must have for another value
# in its place to contradict the fact when the wording is beyond the edit budget.
RESTATES_OTHERWISE = 0.6


# The share of the fact's words a sentence must state inside a frame that does not assert them
# for the frame to be what the sentence says of the fact (below it the wording rules judge).
FRAMED_SHARE = 0.5


@rule("question", gives=(UNCERTAIN,), reads="sentence")
def question(r: Reading) -> Finding | None:
    """Stated only as a question (the question a sentence ends with, from row `question_starts`
    on: "If that is so, why does …?", or from a quotation mark, row `reported_speech`: someone's
    question, which the sentence reports; its words keep their graded credit),
    inside an embedded question ("check whether …", "asked if …", 向客服确认是否…: rows
    `asking_frame`, `asking_closing`) or where the answer says it does not know ("The context
    does not say whether …", "It is unclear if …", "I could not find information about …",
    资料中没有提到是否…, 无法确定…, 是否…，文中未说明: rows `unknown_frame`, `unknown_closing`; the
    rest of the clause, up to row `frame_ends`): the sentence asserts nothing of the fact, so it
    neither states nor contradicts it (its negation, "does not say", bears on the saying) and
    gives it no graded support (`units.asserted_forms`). It speaks when most of the match (by
    weight) is in such a stretch and the match is about the fact: its names, and its wording
    within the budget, a value of it in another form, or `FRAMED_SHARE` of its words; not when
    the fact itself says so ("Officials did not say whether …")."""
    if not _about_the_fact(r):
        return None
    stretch = _framed(r)
    if stretch is None or has_frame(normalize_cached(r.claim.surface).text, r.sentence.language):
        return None
    if stretch.kind in (QUESTION, REPORTED):
        return Finding(UNCERTAIN, "stated only as a question", support=0.0)
    if stretch.kind == ASKED:
        return Finding(UNCERTAIN, f"stated only inside a question: {stretch.frame.strip()!r}", support=0.0)
    return Finding(UNCERTAIN, f"the answer says it does not know: {stretch.frame.strip()!r}", support=0.0)


def _about_the_fact(r: Reading) -> bool:
    """The match names the fact's names, and states its wording within the budget, a value of
    it in another form, or `FRAMED_SHARE` of its words."""
    found = r.found
    names = [t for t in found.absent if t.category == "name"]
    if names or any(c.category == "name" for c, _ in found.conflicts):
        return False  # about someone else: `another_name`
    return _wording_ok(r) or bool(found.conflicts) or found.support >= FRAMED_SHARE


def _framed(r: Reading) -> Stretch | None:
    """The stretch the sentence does not assert that holds most of the match, by weight."""
    stretches = unasserted(r.text, r.sentence.language)
    if not stretches:
        return None
    stated = [s for _, s in (*r.found.matched_tokens, *r.found.conflicts) if s.weight]
    held = [(inside(stretches, s.start, s.end), s.weight) for s in stated]
    framed = [(stretch, weight) for stretch, weight in held if stretch is not None]
    if 2 * sum(weight for _, weight in framed) < sum(weight for _, weight in held) or not framed:
        return None
    return framed[0][0]


@rule("value_differs", gives=(CONTRADICTED,), reads="clause")
def value_differs(r: Reading) -> Finding | None:
    """A fact written as a sentence, stated in other words beyond the edit budget, where the
    answer puts another amount of the same kind (money, a duration, a date, a share, a measure:
    not a bare number, whose slot the words do not tell) in the value's place (the alignment
    pairs them), the clause that holds it has most of the fact's other words
    (`RESTATES_OTHERWISE` of their weight, by rarity), the fact's names and polarity, and the
    sentence nowhere the fact's own value: it contradicts the fact, naming both values
    ("您需要在十个工作日内把维修申请交上来" for 维修申请须在十五个工作日内提交). Not a value of
    another year beside it, nor one of several the answer lists (`attachment.among_others`)."""
    found = r.found
    values = [(c, s) for c, s in found.conflicts if c.category in SLOT_VALUES]
    if not values or len(found.conflicts) > len(values) or _wording_ok(r):
        return None
    if any(t.category == "name" for t in found.absent) or polarity(r) is not None:
        return None
    claim_token, stated = values[0]
    if _states_the_value(r, claim_token) or _other_words_share(r, stated) < RESTATES_OTHERWISE:
        return None
    if another_time_stated(r) is not None or among_others(r, claim_token, stated) is not None:
        return None  # another year's value, or one of several: not the fact's slot
    reason = f"states {r.stated(stated)!r}, expected {r.claimed(claim_token)} (in other words)"
    return Finding(CONTRADICTED, reason)


# Values whose kind names their slot: another one in the fact's value's place states it otherwise.
SLOT_VALUES = frozenset({"value:money", "value:duration", "value:date", "value:ratio", "value:measure"})


def _states_the_value(r: Reading, claim_token: Token) -> bool:
    wanted = claim_token.value
    return wanted is not None and any(
        t.value is not None and t.value.compare(wanted) == "equal" for t in r.sentence.tokens
    )


def _other_words_share(r: Reading, stated: Token) -> float:
    """The rarity-weighted share of the claim's non-critical content words the clause holding
    `stated` has, in any order (a sentence in other words reorders them: 您需要在十个工作日内把维修
    申请交上来)."""
    claim = r.claim
    lo, hi = clause_around(r.text, stated.start, stated.end)
    keys = {key for t in r.sentence.tokens if lo <= t.start < hi for key in (t.key, t.stem) if key}
    units = (t for t in claim.tokens if t.weight)
    words = [
        (weight, key in keys or bool(stem) and stem in keys)
        for token, (key, stem), weight in zip(units, claim.weighted_keys, claim.unit_weights)
        if not token.critical
    ]
    total = sum(weight for weight, _ in words)
    return sum(weight for weight, held in words if held) / total if total else 0.0


@rule("wording_beyond_budget", gives=(UNCERTAIN, MISSING), reads="clause")
def wording_beyond_budget(r: Reading) -> Finding | None:
    """More of the fact's words changed or left out than the edit budget allows (words the
    answer adds count across a comma or and/but, not inside one clause segment nor as items
    of a list). All its words in one clause in another order, or `upper`% of them with nothing
    critical wrong: `uncertain` (a paraphrase to review); else `missing`."""
    found = r.found
    if _wording_ok(r):
        return None
    reordered = _in_other_order(r)
    if reordered is not None:
        reason = "all its words are stated in one clause, in another order: check the wording"
        return Finding(UNCERTAIN, reason, support=1.0, region=reordered)
    share = found.support
    if share * 100 >= r.upper and not found.conflicts and not found.absent and polarity(r) is None:
        return Finding(
            UNCERTAIN, f"{share:.0%} of its words are stated, beyond the edit budget: check the wording"
        )
    return Finding(
        MISSING, f"{share:.0%} of its words stated ({found.wording_edits} edits, {found.budget} allowed)"
    )


def _wording_ok(r: Reading) -> bool:
    """The wording is within the edit budget (read by several rules: worked out once)."""
    if r.wording_ok is None:
        r.wording_ok = _within_budget(r)
    return r.wording_ok


def _within_budget(r: Reading) -> bool:
    found, region, text = r.found, r.region, r.text
    own = len(found.changed) + len(found.dropped)
    if own > found.budget:
        return False
    if segment_around(text, *region) == segment_around(text, region[0], region[0] + 1):
        return True
    counted = found.inserted - _listed_insertions(r)
    return own + counted // found.inserted_per_edit <= found.budget


def _listed_insertions(r: Reading) -> int:
    """Inserted words that are items of a list: the words of an item the answer adds after a
    list separator (`list_separators`) or a coordinator (`coordinators`), up to the next word
    of the fact ("超过保修期的产品以及人为损坏的故障不予受理": 人为损坏的故障 is one item); a
    critical token ends the item and is none."""
    tokens, text = r.sentence.tokens, r.text
    marks, coordinators = r.lex.words("list_separators"), r.lex.words("coordinators")
    listed, in_item, last = 0, False, -2
    for index in r.found.alignment.inserted_inside():
        token, previous = tokens[index], tokens[index - 1]
        gap = text[previous.end : token.start]
        opens_item = any(mark in gap for mark in marks) or previous.key in coordinators
        in_item = not token.critical and (opens_item or (in_item and index == last + 1))
        last = index
        listed += in_item and token.weight > 0
    return listed


def _in_other_order(r: Reading) -> tuple[int, int] | None:
    """A clause that states every unit of the claim in another word order, with no other
    token of a critical category the claim has, and the same negation parity."""
    claim, sentence = r.claim, r.sentence
    needed = claim.unordered
    if needed is None or not sentence.keys.issuperset(needed):
        return None  # a key the sentence does not have is in none of its clauses
    critical = claim.critical_categories
    expected = expected_negations(r.fact, claim) % 2
    text = r.text
    for clause in sentence.clauses:
        lo, hi, tokens, have = clause.lo, clause.hi, clause.tokens, clause.keys
        if any(have[key] < count for key, count in needed.items()):
            continue
        if any(t.category in critical and t.key not in needed for t in tokens):
            continue
        used = [t for t in tokens if t.key in needed or t.stem in needed]
        stretch = (used[0].start, used[-1].end)
        scope = segment_around(text, *stretch)
        reach = (max(lo, min(scope[0], stretch[0])), min(hi, max(scope[1], stretch[1])))
        if negations(sentence.tokens, *reach) % 2 == expected:
            return stretch
    return None


@rule("another_name", gives=(MISSING,), reads="match")
def another_name(r: Reading) -> Finding | None:
    """The fact's proper name absent, or another name in its place: the answer is about
    someone else (`missing`, never `contradicted`)."""
    absent = [t for t in r.found.absent if t.category == "name"]
    other = [(c, s) for c, s in r.found.conflicts if c.category == "name"]
    if not (absent or other):
        return None
    return Finding(MISSING, entity_reason(absent, other, r))


@rule("longer_name", gives=(MISSING,), reads="name")
def longer_name(r: Reading) -> Finding | None:
    """A name of the fact inside a longer name of the answer (南京 in 南京路, "iPhone 15" before
    "Pro", 《劳动合同法》 in 《劳动合同法实施条例》), or something of it ("the son of X", X的儿子)."""
    extended = extended_name(r.found, r.sentence)
    if extended is None:
        return None
    return Finding(MISSING, f"names {extended!r}: another name, or something of the fact's one")


@rule("critical_conflict", gives=(CONTRADICTED, UNCERTAIN), reads="match")
def critical_conflict(r: Reading) -> Finding | None:
    """A critical token (value, modal, bound, order, quantifier...) stated with another value
    of its kind where the fact's sits: `states '60 days', expected 30 days`. Another date beside
    another value is another time frame ("15 in 2009" for "seven in 2004"), and one not in the
    fact's slot (`attachment.out_of_slot`: "McHenry, 28, was suspended for a week" for "McHenry
    was 28 years old") is `uncertain`, naming both. A range that ends at a deadline's value
    states it ("in 3 to 5 business days" for "within 5 business days", 10到15个工作日内 for
    15个工作日内: `attachment.range_to_deadline`); one reaching past it does not."""
    conflicts = [(c, s) for c, s in r.found.conflicts if c.category != "name"]
    if not conflicts:
        return None
    time = another_time(r)
    if time is not None:
        claim_token, stated = time
        reason = f"states {r.stated(stated)!r} for {r.claimed(claim_token)}: another time frame, check"
        return Finding(UNCERTAIN, reason)
    slots = [(c, s, out_of_slot(r, c, s)) for c, s in conflicts]
    claim_token, stated, elsewhere = next((slot for slot in slots if slot[2] is None), slots[0])
    said = f"states {r.stated(stated)!r}"
    if elsewhere is not None:
        return Finding(UNCERTAIN, f"{said} {elsewhere}, expected {r.claimed(claim_token)}: check")
    return Finding(CONTRADICTED, f"{said}, expected {r.claimed(claim_token)}")


@rule("changed_since", gives=(UNCERTAIN,), reads="clause")
def changed_since(r: Reading) -> Finding | None:
    """The sentence states the match as what held before: a word of the past in its clause (row
    `past_markers`: "Gift cards previously could not …", 礼品卡以前不能…), a time it held until or
    before, right after it, in a sentence in the past (row `until_after` with row `past_tense`:
    "could not … until 2020", "，直到2020年才放开"; not "is undergoing renovation until 2026"),
    or a contrast after it to what holds now (row `now_after`: "…, but now they can", "，但现在可以
    了"). It neither states the fact nor its opposite (read before `polarity`: "could not … until
    2020, but now they can" does not contradict "can"). A fact in the past itself is read as it
    is (row `past_tense` or `past_markers` in its words: "He was CEO until 2019")."""
    said = _said_before(r)
    if said is None or _in_the_past(r):
        return None
    return Finding(
        UNCERTAIN, f"stated only as what held before ({said.strip(' ,;.')!r}): check what holds now"
    )


def _said_before(r: Reading) -> str | None:
    """What in the sentence says the match held before (rows `past_markers`, `until_after` with
    `past_tense`, `now_after`)."""
    text, region = r.text, r.region
    lo, hi = r.clause
    marker = r.lex.pattern("past_markers").search(text, min(lo, region[0]), max(hi, region[1]))
    if marker is not None:
        return marker.group(0)
    until = r.lex.pattern("until_after").match(text, region[1])
    if until is not None and r.lex.pattern("past_tense").search(text):
        return text[region[1] : until.end()]
    now = r.lex.pattern("now_after").match(text, region[1])
    return None if now is None else text[region[1] : now.end()]


def _in_the_past(r: Reading) -> bool:
    """The fact itself is said in the past, or names a time it held until."""
    own = normalize_cached(r.claim.surface).text
    return any(
        r.lex.pattern(row).search(own) for row in ("past_tense", "past_markers", "until_after", "now_after")
    )


@rule("polarity", gives=(CONTRADICTED, UNCERTAIN), reads="clause")
def opposite_polarity(r: Reading) -> Finding | None:
    """Negations counted with parity (the fact's own and its `polarity`, negating prefixes the
    alignment crossed, the answer's in the match's clause segment but for one in a clause of its
    own: rows `clause_openers`, `not_negating`): the opposite parity contradicts when the
    answer's negation bears on the fact's words ("did not come"); one that bears on other words
    ("failed to appear for a visit" for "was to visit"), a negation said in other words (row
    `negated_in_words`: "opts out of") or one only across a comma leaves it `uncertain`. A match
    of the fact's names alone says nothing of its polarity."""
    found = polarity(r)
    return None if found is None else Finding(*found)


@rule("rival_value_inside", gives=(UNCERTAIN,), reads="inside")
def rival_value_inside(r: Reading) -> Finding | None:
    """A critical token of a category the fact states, added inside the matched words
    (手续费和押金分别为50元和500元: 50元 beside 500元); a value in brackets restating its
    neighbour ('805 km (500 mi)') is none."""
    rival = rival_inside(r)
    if rival is None:
        return None
    return Finding(UNCERTAIN, f"the matched words also state {r.stated(rival)!r}: which is it?")


@rule("rival_value_after", gives=(UNCERTAIN,), reads="after")
def rival_value_after(r: Reading) -> Finding | None:
    """Another value for the fact's value's slot right after the match, past a contrast and light
    words (rows `rival_after`, `rival_light`: "…within 5 business days, but usually 10",
    "…作出审核决定，但通常需要30个工作日"): a value of the same kind, or a bare number after a
    value whose kind names its slot (`SLOT_VALUES`: the kind left unsaid); not the fact's own
    value again. The answer gives two values for one slot: which is it?"""
    rival = value_after_contrast(r)
    if rival is None or rival.value is None:
        return None
    for claimed in r.claim.tokens:
        if claimed.value is None or not claimed.category.startswith("value"):
            continue
        if rival.category == claimed.category:
            other = rival.value.compare(claimed.value) != "equal"
        elif rival.category == "value:number" and claimed.category in SLOT_VALUES:
            other = (rival.value.low, rival.value.high) != (claimed.value.low, claimed.value.high)
        else:
            continue
        if other:
            said = r.text[r.region[1] : rival.end].strip(" ,;")
            return Finding(UNCERTAIN, f"the sentence goes on to another value ({said!r}): which is it?")
    return None


@rule("exception_to_universal", gives=(UNCERTAIN,), reads="sentence")
def exception_to_universal(r: Reading) -> Finding | None:
    """An exclusion the fact does not make, anywhere in the sentence outside the match, when
    the fact is universal ("all products …, except fresh food", 除生鲜商品外，所有商品…)."""
    exception = exception_in_sentence(r)
    if exception is None:
        return None
    return Finding(UNCERTAIN, f"the sentence makes an exception ({exception!r}): check what it leaves out")


@rule("added_alternative", gives=(UNCERTAIN,), reads="inside")
def added_alternative(r: Reading) -> Finding | None:
    """An alternative the answer adds inside or right after the match (按月或按季支付 for
    按月支付; row `alternatives`), not a list's last item nor one inside a condition or a
    permission ('can be bought online or at the box office')."""
    alternative = alternative_inside(r)
    return (
        None
        if alternative is None
        else Finding(UNCERTAIN, f"the answer adds an alternative ({alternative!r})")
    )


@rule("explicit_value", gives=(CONTRADICTED, UNCERTAIN, MISSING), reads="clause")
def explicit_value(r: Reading) -> Finding | None:
    """A fact's explicit `value` its words do not state must be in the matched clause segment:
    another value of its kind there contradicts; the same value with a bound beside it ('up to',
    5000元起) or only in the wider clause is `uncertain`; none is `missing`."""
    if r.claim.required_value is None:
        return None
    found = value_in_clause(r.claim.required_value, r)
    return None if found is None else Finding(*found)


@rule("value_absent", gives=(MISSING,), reads="match")
def value_absent(r: Reading) -> Finding | None:
    """The fact's value is not among the matched words: `missing` here; the answer stays
    `missing` only when it does not address the rest of the fact either (`addressed_in_answer`)."""
    absent = [t for t in r.found.absent if t.category.startswith("value")]
    return Finding(MISSING, f"value not stated (expected {r.claimed(absent[0])})") if absent else None


@rule("ambiguous_date", gives=(UNCERTAIN,), reads="match")
def ambiguous_date(r: Reading) -> Finding | None:
    """A date that reads as day/month or month/day."""
    if not r.found.ambiguous:
        return None
    _, stated = r.found.ambiguous[0]
    return Finding(UNCERTAIN, f"the date {r.stated(stated)!r} reads as day/month or month/day")


@rule("critical_absent", gives=(UNCERTAIN,), reads="match")
def critical_absent(r: Reading) -> Finding | None:
    """Another critical token of the fact (a modal, a bound...) is not stated."""
    if not r.found.absent:
        return None
    return Finding(UNCERTAIN, f"{', '.join(repr(r.claimed(t)) for t in r.found.absent)} not stated")


@rule("hedged", gives=(UNCERTAIN,), reads="clause")
def hedged(r: Reading) -> Finding | None:
    """A hedge in the match's clause the fact does not have ('reportedly', 据说); 'may' where the
    fact states no modal (row `may_as_hedge`)."""
    keys = r.sentence.keys  # a token's category is among them: no hedge nor modal, nothing to read
    if "hedge" not in keys and "modal" not in keys:
        return None
    text, tokens, claim = r.text, r.sentence.tokens, r.claim
    hedges = tokens_in(tokens, *r.clause, "hedge")
    if not any(t.category == "modal" for t in claim.tokens):
        as_hedge = r.lex.words("may_as_hedge")
        hedges += [t for t in tokens_in(tokens, *r.clause, "modal") if text[t.start : t.end] in as_hedge]
    claim_hedges = {t.key for t in claim.tokens if t.category == "hedge"}
    hedged = [t for t in hedges if t.key not in claim_hedges]
    return Finding(UNCERTAIN, f"hedged ({text[hedged[0].start : hedged[0].end]!r})") if hedged else None


@rule("narrowing_qualifier", gives=(UNCERTAIN,), reads="clause")
def narrowing_qualifier(r: Reading) -> Finding | None:
    """A condition before the match in its clause, a narrowing cue (bound, quantifier,
    approximation, frequency, rank) inside it, before it in its segment or right after it, 'only'
    after it (row `only_after`), or a correction: the match does not state the fact as it is."""
    found = qualifier(r)
    if found is None:
        return None
    return Finding(UNCERTAIN, f"stated only with a qualifier the fact does not have ({found!r})")


@rule("condition_after", gives=(UNCERTAIN,), reads="after")
def condition_after(r: Reading) -> Finding | None:
    """A condition, an exception or a limit right after the match in its sentence that the fact
    does not have ("…, provided the seal is intact", "… unless it rains", "…, at least in summer",
    "，部分商品除外", "，具体以门店为准"; rows `condition_leads`, `limit_after`,
    `not_limiting_after`): the answer states the fact only in some cases. A clause that adds
    something ("…, which is a common policy", "，请保留发票") limits nothing."""
    found = limit_after(r)
    if found is None:
        return None
    return Finding(UNCERTAIN, f"stated only under a condition the fact does not have: {found!r}")


@rule("fronted_scope", gives=(UNCERTAIN,), reads="before")
def scope_before(r: Reading) -> Finding | None:
    """A phrase before the match, closed by a comma, that limits whom it is said of (a 的-clause,
    a condition said by inversion — row `inverted_condition`: "Should the seal remain intact, …" —
    or a scope head — row `scope_heads` — in a sentence that goes on to another case)."""
    scope = fronted_scope(r)
    return (
        None
        if scope is None
        else Finding(UNCERTAIN, f"stated only for {scope!r}, which the fact does not say")
    )


@rule("respectively", gives=(UNCERTAIN,), reads="sentence")
def respectively(r: Reading) -> Finding | None:
    """The sentence pairs several things with several values (row `respectively`)."""
    pattern = r.lex.pattern("respectively")
    if pattern.search(r.text) and not pattern.search(r.claim.surface):
        return Finding(UNCERTAIN, "the sentence pairs several things with several values (respectively)")
    return None


@rule("contrast", gives=(UNCERTAIN,), reads="before")
def contrast(r: Reading) -> Finding | None:
    """A contrast the match starts inside ('Unlike Publix, Kroger is …'; row `contrast`): what
    follows is said of the other one."""
    found = contrasted(r)
    if found is None:
        return None
    return Finding(UNCERTAIN, f"the sentence contrasts it with something else ({found.group(0)!r})")


@rule("worded_otherwise", gives=(UNCERTAIN,), reads="match")
def worded_otherwise(r: Reading) -> Finding | None:
    """Some of the fact's words changed or left out within the budget: a synonym or not, a
    person decides."""
    found = r.found
    if not (found.changed or found.dropped):
        return None
    parts = [f"{r.stated(stated)!r} for {r.claimed(token)!r}" for token, stated in found.changed]
    parts += [f"{r.claimed(token)!r} not stated" for token in found.dropped]
    return Finding(UNCERTAIN, "worded otherwise: " + ", ".join(parts[:4]))
