"""Names in an answer that look like the fact's but are another (南京 in 南京路, "West Virginia"
for Virginia, 《劳动合同法实施条例》 for 《劳动合同法》, "iPhone 15 Pro" for "iPhone 15") or
something of it ("the son of George Jenkins", 任正非之子). The words are rows of `lang/`."""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Sequence

from ..lang import lexicon
from ..text.tokens import Token
from .align import Assessment
from .reading import Reading
from .sentences import AnalyzedSentence

# Values after which a word is no model ("$799 plus tax", 2010年首次出版).
_NOT_MODEL_NUMBERS = (
    "value:money",
    "value:date",
    "value:duration",
    "value:time",
    "value:ratio",
    "value:measure",
)


def entity_reason(absent: list[Token], other: list[tuple[Token, Token]], r: Reading) -> str:
    if other:
        wanted, stated = other[0]
        return f"names {r.stated(stated)!r} where the fact has {r.claimed(wanted)!r}"
    return f"does not name {r.claimed(absent[0])!r}"


def extended_name(found: Assessment, sentence: AnalyzedSentence) -> str | None:
    """A name of the fact found inside a longer name of the answer: 南京 in 南京路, 张伟 in
    张伟伟, 北京大学 in 北京师范大学 (one jieba word that holds more than the fact's name),
    "iPhone 15" before "Pro" (a capitalised word right after the matched name), a model or
    edition after a matched number or word (小米14 Ultra, 14青春版, 骁龙8s, Mate 60 Pro+), a
    longer title 《劳动合同法实施条例》 than the fact's 《劳动合同法》."""
    matched = {at for _, stated in found.matched_tokens for at in range(stated.start, stated.end)}
    longer = (
        _longer_title(sentence, matched)
        or _model_after(found, sentence, matched)
        or _related(found, sentence, matched)
    )
    if longer is not None:
        return longer
    named = [stated for claim, stated in found.matched_tokens if claim.category == "name"]
    if not named:
        return None
    if sentence.language.startswith("zh"):
        longer = _longer_word(named, sentence, matched)
        if longer is not None:
            return longer
    return _longer_by_neighbour(named, sentence, matched)


def _longer_word(named: list[Token], sentence: AnalyzedSentence, matched: set[int]) -> str | None:
    """One jieba word that holds a matched name and more (南京路), but for an administrative or
    legal suffix (row `same_entity_suffixes`: 深圳市 is 深圳)."""
    text = sentence.norm.text
    words = sentence.words
    starts = sentence.word_starts
    for stated in named:
        # The words are jieba's cut, in order and apart: only the last to start by the name's
        # start may hold it.
        at = bisect_right(starts, stated.start) - 1
        if at < 0:
            continue
        start, end = words[at]
        if start <= stated.start < end and any(i not in matched for i in range(start, end)):
            if not _same_entity_suffix(sentence, start, end, matched):
                return text[start:end]
    return None


def _longer_by_neighbour(named: list[Token], sentence: AnalyzedSentence, matched: set[int]) -> str | None:
    """A capitalised word right after a matched name ("iPhone 15 Pro"), or right before it ("West
    Virginia"; a title, row `titles`, leaves it the same person)."""
    text, tokens = sentence.norm.text, sentence.tokens
    position = {token.start: index for index, token in enumerate(tokens)}
    after, before = _unmatched_around(tokens, matched)
    for stated in named:
        index = after[position[stated.start] + 1]  # past the rest of the fact's name and values: "iPhone 15"
        if index < len(tokens) and _extends(sentence, tokens[index - 1], tokens[index]):
            return text[stated.start : tokens[index].end]
        index = before[position[stated.start]]  # before the fact's own words before the name
        if index >= 0 and tokens[index + 1] is stated and _extends_before(sentence, tokens[index], stated):
            return text[tokens[index].start : stated.end]
    return None


def _unmatched_around(tokens: Sequence[Token], matched: set[int]) -> tuple[list[int], list[int]]:
    """For each token index i: the first index from i on whose token does not start in
    `matched` (`len(tokens)` when none; defined up to i = `len(tokens)`), and the last one
    before i (-1 when none): what walking over the matched tokens from a name reaches."""
    free = [token.start not in matched for token in tokens]
    after = [len(tokens)] * (len(tokens) + 1)
    for index in range(len(tokens) - 1, -1, -1):
        after[index] = index if free[index] else after[index + 1]
    before, last = [], -1
    for index in range(len(tokens)):
        before.append(last)
        if free[index]:
            last = index
    return after, before


def _same_entity_suffix(sentence: AnalyzedSentence, start: int, end: int, matched: set[int]) -> bool:
    """The word goes on past the fact's name only with an administrative or legal suffix, and
    nothing else (苏州工业园区 is not 苏州)."""
    text = sentence.norm.text
    last = max((i for i in range(start, end) if i in matched), default=start - 1)
    rest = text[last + 1 : end]
    suffixes = lexicon(sentence.language).words("same_entity_suffixes")
    return all(i in matched for i in range(start, last + 1)) and rest in suffixes


def _longer_title(sentence: AnalyzedSentence, matched: set[int]) -> str | None:
    """A 《title》 the match reaches into but does not cover: another law, book or standard
    (《劳动合同法实施条例》 for 《劳动合同法》; row `state_prefix`: 中华人民共和国 before a law's
    name is the same law). Only a title written in 《》 or 「」 (row `title_openings`): a
    quotation in straight quotes is not a name. The normaliser writes 《》 as straight quotes,
    so the opening is read in the original."""
    lex = lexicon(sentence.language)
    text = sentence.norm.text
    openings = "".join(lex.words("title_openings"))
    prefixes = lex.phrases("state_prefix")
    for title in lex.pattern("title").finditer(text):
        group = 1 if title.group(1) is not None else 2
        opening, _ = sentence.norm.original_span(title.start(), title.start() + 1)
        if sentence.text[opening : opening + 1] not in openings:
            continue
        inside = [i for i in range(title.start(group), title.end(group)) if not text[i].isspace()]
        for prefix in prefixes:
            if text.startswith(prefix, title.start(group)):
                inside = inside[len(prefix) :]
        if any(i in matched for i in inside) and not all(i in matched for i in inside):
            return title.group(0)
    return None


def _related(found: Assessment, sentence: AnalyzedSentence, matched: set[int]) -> str | None:
    """The answer names something of the fact's name (its son, its critics) where the fact has
    the name itself: a word the fact does not have, joined to a matched name by "of" before it
    (row `of_before`), or by 's / 之 / 的 after it (row `possessed_after`)."""
    lex = lexicon(sentence.language)
    text = sentence.norm.text
    names = [stated for claim, stated in found.matched_tokens if claim.category == "name"]
    if not names:
        return None
    first, last = min(n.start for n in names), max(n.end for n in names)
    of_before = lex.pattern("of_before")
    for index in found.alignment.inserted_inside():
        token = sentence.tokens[index]
        if token.weight and token.end <= first and of_before.fullmatch(text[token.end : first]) is not None:
            return text[token.start : last]
    after = lex.pattern("possessed_after").match(text, last)
    if after is not None and after.start("thing") not in matched:
        return text[min(n.start for n in names) : after.end("thing")]
    return None


def _model_after(found: Assessment, sentence: AnalyzedSentence, matched: set[int]) -> str | None:
    """An edition or model word right after a matched value or ASCII word that the fact does
    not have (row `model_after`): the answer names another model (小米14 Ultra for 小米14, 8s
    for 8)."""
    text = sentence.norm.text
    model_after = lexicon(sentence.language).pattern("model_after")
    for claim, stated in found.matched_tokens:
        last = text[stated.end - 1 : stated.end]
        if not (claim.category == "name" or last.isdigit()) or stated.category in _NOT_MODEL_NUMBERS:
            continue  # "$799 plus tax", "per night plus a fee", 2010年首次出版: no model
        if not (last.isalnum() and (last.isascii() or stated.category.startswith("value"))):
            continue
        after = model_after.match(text, stated.end)
        if after is None or not after.group(0).strip():
            continue
        first = after.start() + (len(after.group(0)) - len(after.group(0).lstrip()))
        if first not in matched:  # the fact's own next word is no other model
            return text[stated.start : after.end()]
    return None


def _extends(sentence: AnalyzedSentence, previous: Token, following: Token) -> bool:
    """`following` continues the name that ends with `previous`: a capitalised word after a
    space ("iPhone 15 Pro"), or letters glued to it ("GPT-4o")."""
    gap = sentence.norm.text[previous.end : following.start]
    begin, _ = sentence.norm.original_span(following.start, following.end)
    first = sentence.text[begin : begin + 1]
    glued = not gap and first.isascii() and first.isalnum() and _ends_in_ascii(sentence, previous)
    return (not gap.strip() and first.isupper()) or glued


def _ends_in_ascii(sentence: AnalyzedSentence, previous: Token) -> bool:
    last = sentence.norm.text[previous.end - 1 : previous.end]
    return last.isascii() and last.isalnum()


def _extends_before(sentence: AnalyzedSentence, previous: Token, name: Token) -> bool:
    """A capitalised word right before the fact's name that makes it another name: "West
    Virginia", "New York", "South Sudan" (not a title, nor the sentence's first word)."""
    text = sentence.norm.text
    titles = lexicon("en").words("titles")
    if text[previous.end : name.start] != " " or previous.key in titles or previous.category != "word":
        return False
    begin, finish = sentence.norm.original_span(previous.start, previous.end)
    written = sentence.text[begin:finish]
    return written[:1].isupper() and not _opens_sentence(sentence, begin)


def _opens_sentence(sentence: AnalyzedSentence, begin: int) -> bool:
    before = sentence.text[:begin].rstrip()
    return not before or before[-1] in lexicon(sentence.language).words("sentence_openers")
