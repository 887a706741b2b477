"""English sentence spans as `spacy.blank("en")` with the `sentencizer` gives them, without
importing spaCy (0.6 s of an English start-up).

What it mirrors, from spaCy's Cython source (`tokenizer.pyx`; not `Tokenizer.explain`, whose
affix loop is another and which leaves whitespace tokens out: spaCy #9136, #10130, #13086):
the tokenizer cuts the text at whitespace (one space after a chunk is that token's trailing
space, any other whitespace a chunk of its own); each chunk is a special case, or loses
prefixes and suffixes one search at a time until a special case, `token_match` or nothing is
left, and what remains is a special case, one `token_match` / `url_match` token, or cut at
infixes; then the special cases that hold an affix are matched again over the tokens (a phrase
matcher, longest first) and retokenized. The `Sentencizer` then starts a sentence at each
token that is not punctuation (`is_punct`: every character's Unicode category P*) nor one of
its `punct_chars` once one of those was seen; a sentence runs from its first token's start to
its last token's end.

Only what the sentencizer reads is computed: token boundaries, and whether a token's text is in
`punct_chars` or all punctuation. A chunk is tokenized once per process (English words recur):
what it does to the sentencizer's state is kept per chunk. The rules' data (affix, infix and
URL patterns, special cases, the phrases the matcher looks for, `punct_chars`) are read from
spaCy once and kept in the temp folder, named by spaCy's version and the files they come from;
on being built they are checked against spaCy on a probe text.

Identity is tested against spaCy itself (`tests/test_english_sentences.py`): the project's own
texts, every English text of the shared data sets where they are on the machine, and texts
hypothesis draws from punctuation, emoticons, abbreviations, URLs and odd whitespace;
`bench/english_sentences.py` adds the benchmark inputs (131,268 texts, none differs).
"""

from __future__ import annotations

import hashlib
import importlib.util
import marshal
import re
import unicodedata
from collections.abc import Callable, Iterable, Iterator, Sequence
from itertools import accumulate
from pathlib import Path
from typing import Any

from ..io.kept import kept_path, read_kept, write_kept
from ..lang.compiled import PatternCodes

NAME = "english-sentences.v1"
# spaCy's files the rules are read from: a changed one is another kept file.
RULE_FILES = (
    "about.py",
    "lang/char_classes.py",
    "lang/punctuation.py",
    "lang/tokenizer_exceptions.py",
    "lang/lex_attrs.py",
    "lang/en/__init__.py",
    "lang/en/punctuation.py",
    "lang/en/tokenizer_exceptions.py",
)
MAX_CHUNKS = 100_000  # chunks whose effect is kept (~10 MB); past it the table starts again

Span = tuple[int, int]
Rules = dict[str, Any]  # plain data (marshal): see `rules_from_spacy`
Token = tuple[int, int, str]  # start, end, text
# A chunk's effect on the sentencizer, for each state it is entered in (no final mark seen
# yet, one seen): the offsets in it where sentences start, and the state it leaves.
Moves = tuple[tuple[tuple[int, ...], bool], tuple[tuple[int, ...], bool]]

_CODES = PatternCodes("english-sentences")  # spaCy's affix patterns: 0.3 s to compile
_RUN_RE = re.compile(r"\S+|\s+")  # `\s` is `str.isspace`, spaCy's test for whitespace


class EnglishSentences:
    """The sentencizer's spans over spaCy's English tokens, from the rules `rules_from_spacy`
    read."""

    def __init__(self, rules: Rules):
        self._prefix = _CODES.compile(rules["prefix"]).search
        self._suffix = _CODES.compile(rules["suffix"]).search
        self._infixes = _CODES.compile(rules["infix"]).finditer
        self._token_match = _matcher(rules["token_match"])
        self._url_match = _matcher(rules["url_match"])
        _CODES.save()
        self._specials: dict[str, tuple[str, ...]] = rules["specials"]
        self._phrases: dict[tuple[str, ...], str] = rules["phrases"]
        self._longest_phrase = max(map(len, self._phrases), default=0)
        self._first_words = {tokens[0] for tokens in self._phrases}
        self._punct_chars = frozenset(rules["punct_chars"])
        self._moving_phrases = {
            tokens for tokens, key in self._phrases.items() if self._moves_starts(tokens, key)
        }
        self._marked = _chunks_holding(self._punct_chars | _phrase_marks(self._moving_phrases))
        self._moves: dict[str, Moves | None] = {}
        self._interned: dict[Moves, Moves] = {}  # most chunks move alike: one tuple each way

    def spans(self, text: str) -> list[Span]:
        """[start, end) of each sentence spaCy's sentencizer finds in `text` (not blank). Only
        the chunks that hold a final mark, or a character of a phrase that retokenizes, are
        read, and those after a final mark up to the token that starts a sentence: in any
        other chunk no token is a final mark, and no boundary moves."""
        if not text:
            return []
        starts = [0]
        seen_final = False
        walked = 0
        for marked in self._marked.finditer(text):
            open_before = self._walk(text, walked, marked.start(), starts) if seen_final else False
            moves = self._chunk_moves(marked.group())
            if moves is None or open_before is None:  # a phrase may retokenize: the tokens decide
                return self.spans_of_tokens(self.tokens(text))
            offsets, seen_final = moves[open_before]
            starts += [marked.start() + offset for offset in offsets]
            walked = marked.end()
        if seen_final and self._walk(text, walked, len(text), starts) is None:
            return self.spans_of_tokens(self.tokens(text))
        ends = [_token_end_before(text, start) for start in starts[1:]]
        return list(zip(starts, [*ends, _token_end_before(text, len(text))]))

    def _walk(self, text: str, start: int, stop: int, starts: list[int]) -> bool | None:
        """The chunks of text[start:stop], entered after a final mark, up to the sentence
        start they hold (added to `starts`): whether a final mark is still open after them
        (None: one may retokenize)."""
        for chunk_start, chunk in _chunks(text, start, stop):
            moves = self._chunk_moves(chunk)
            if moves is None:
                return None
            offsets, seen_final = moves[True]
            starts += [chunk_start + offset for offset in offsets]
            if not seen_final:
                return False
        return True

    def tokens(self, text: str) -> list[Token]:
        """spaCy's English tokens of `text`: their [start, end) and text."""
        tokens = []
        for start, chunk in _chunks(text):
            for word in self.chunk_tokens(chunk):
                tokens.append((start, start + len(word), word))
                start += len(word)
        return self._retokenized(text, tokens)

    def spans_of_tokens(self, tokens: list[Token]) -> list[Span]:
        """The `Sentencizer`'s rule over `tokens`, and `Doc.sents`' spans."""
        starts, _ = self._starting_words([word for _, _, word in tokens], False)
        bounds = [0, *starts, len(tokens)]
        return [(tokens[first][0], tokens[end - 1][1]) for first, end in zip(bounds, bounds[1:])]

    def _starting_words(self, words: Sequence[str], seen_final: bool) -> tuple[list[int], bool]:
        """The `Sentencizer`'s rule (`predict`): which of `words` start a sentence, entered with
        `seen_final` (a final mark seen since the last start), and that state after them."""
        starts = []
        for index, word in enumerate(words):
            final = word in self._punct_chars
            if seen_final and not final and not _is_punct(word):
                starts.append(index)
                seen_final = False
            elif final:
                seen_final = True
        return starts, seen_final

    def chunk_tokens(self, chunk: str, *, specials: bool = True) -> tuple[str, ...]:
        """The tokens of a whitespace-free chunk (or of a whitespace one), before the phrase
        matcher: `Tokenizer._tokenize`'s `_split_affixes` and `_attach_tokens`."""
        special = self._specials.get(chunk) if specials else None
        if special is not None:
            return special
        prefixes, core, suffixes = self._split_affixes(chunk, self._specials if specials else {})
        return (*prefixes, *self._core_tokens(core, specials), *reversed(suffixes))

    def _split_affixes(
        self, string: str, specials: dict[str, tuple[str, ...]]
    ) -> tuple[list[str], str, list[str]]:
        prefixes: list[str] = []
        suffixes: list[str] = []
        last_size = 0
        while string and len(string) != last_size:
            if (self._token_match is not None and self._token_match(string)) or string in specials:
                break
            last_size = len(string)
            prefix_length = _match_length(self._prefix(string))
            if prefix_length:
                prefix, minus_prefix = string[:prefix_length], string[prefix_length:]
                if minus_prefix and minus_prefix in specials:
                    prefixes.append(prefix)
                    string = minus_prefix
                    break
            suffix_length = _match_length(self._suffix(string[prefix_length:]))
            if suffix_length:
                suffix, minus_suffix = string[-suffix_length:], string[:-suffix_length]
                if minus_suffix and minus_suffix in specials:
                    suffixes.append(suffix)
                    string = minus_suffix
                    break
            if prefix_length and suffix_length and prefix_length + suffix_length <= len(string):
                prefixes.append(prefix)
                suffixes.append(suffix)
                string = string[prefix_length:-suffix_length]
            elif prefix_length:
                prefixes.append(prefix)
                string = minus_prefix
            elif suffix_length:
                suffixes.append(suffix)
                string = minus_suffix
        return prefixes, string, suffixes

    def _core_tokens(self, string: str, specials: bool) -> tuple[str, ...]:
        """`_attach_tokens` of what the affixes leave: a special case, one token matched
        whole, or pieces between infixes (one at the very start is not cut off)."""
        if not string:
            return ()
        special = self._specials.get(string) if specials else None
        if special is not None:
            return special
        whole = (self._token_match is not None and self._token_match(string)) or (
            self._url_match is not None and self._url_match(string)
        )
        if whole:
            return (string,)
        pieces = []
        start = 0
        for infix in self._infixes(string):
            infix_start, infix_end = infix.span()
            if infix_start == 0:
                continue
            if infix_start != start:
                pieces.append(string[start:infix_start])
            if infix_start != infix_end:
                pieces.append(string[infix_start:infix_end])
            start = infix_end
        if string[start:]:
            pieces.append(string[start:])
        return tuple(pieces)

    def _retokenized(self, text: str, tokens: list[Token]) -> list[Token]:
        """`Tokenizer._apply_special_cases`: every run of tokens that spells a phrase is
        found; longest first (then leftmost), one is taken unless its first or last token is
        in a run met before (taken or not); a taken run whose text is a special case becomes
        that special case's tokens."""
        words = [word for _, _, word in tokens]
        found = [
            (start, start + length)
            for start, word in enumerate(words)
            if word in self._first_words
            for length in range(1, min(self._longest_phrase, len(words) - start) + 1)
            if tuple(words[start : start + length]) in self._phrases
        ]
        found.sort(key=lambda run: (run[1] - run[0], -run[0]), reverse=True)
        taken: dict[int, int] = {}
        seen: set[int] = set()
        for start, end in found:
            if start not in seen and end - 1 not in seen:
                taken[start] = end
            seen.update(range(start, end))
        result = []
        index = 0
        while index < len(tokens):
            if index not in taken:
                result.append(tokens[index])
                index += 1
                continue
            end = taken[index]
            position = tokens[index][0]
            special = self._specials.get(text[position : tokens[end - 1][1]])
            if special is None:
                result += tokens[index:end]
            else:
                for word in special:
                    result.append((position, position + len(word), word))
                    position += len(word)
            index = end
        return result

    def _chunk_moves(self, chunk: str) -> Moves | None:
        """What `chunk` does to the sentencizer (None: a phrase that moves a boundary may be
        matched in it), kept."""
        moves = self._moves.get(chunk, False)
        if moves is not False:
            return moves  # type: ignore[return-value]
        if len(self._moves) >= MAX_CHUNKS:
            self._moves.clear()
            self._interned.clear()
        words = self.chunk_tokens(chunk)
        if self._may_retokenize(words):
            self._moves[chunk] = None
            return None
        moves = (self._sentence_starts(words, False), self._sentence_starts(words, True))
        self._moves[chunk] = moves = self._interned.setdefault(moves, moves)
        return moves

    def _moves_starts(self, tokens: tuple[str, ...], key: str) -> bool:
        """Whether the special case `key` has the sentencizer start sentences otherwise than the
        tokens its phrase matched (`tokens`) do, or leave another state: only such a phrase,
        matched, can change the sentences (a mark glued to a word, "Mr" "." -> "Mr."; not
        punctuation glued to punctuation, "'" "'" -> "''")."""
        special = self._specials[key]
        return any(
            self._sentence_starts(tokens, seen) != self._sentence_starts(special, seen)
            for seen in (False, True)
        )

    def _may_retokenize(self, words: tuple[str, ...]) -> bool:
        """Whether some run of `words` spells a phrase whose special case changes the sentences.
        Runs across chunks hold whitespace, and no special case of more than one character
        does: the phrase matcher moves boundaries only inside a chunk."""
        moving = self._moving_phrases
        return any(
            tuple(words[start : start + length]) in moving
            for start in range(len(words))
            for length in range(1, min(self._longest_phrase, len(words) - start) + 1)
        )

    def _sentence_starts(self, words: tuple[str, ...], seen_final: bool) -> tuple[tuple[int, ...], bool]:
        """`_starting_words` of a chunk's tokens, as offsets in the chunk."""
        starts, seen_final = self._starting_words(words, seen_final)
        offsets = list(accumulate(map(len, words), initial=0))
        return tuple(offsets[index] for index in starts), seen_final


def _chunks(text: str, start: int = 0, stop: int | None = None) -> Iterator[tuple[int, str]]:
    """(start, chunk) of each piece spaCy's tokenizer tokenizes (in text[start:stop], which
    starts and ends where runs do): the runs of non-whitespace and of whitespace, less the
    first space of a whitespace run after a chunk (that chunk's trailing space)."""
    for run in _RUN_RE.finditer(text, start, len(text) if stop is None else stop):
        start, chunk = run.start(), run.group()
        if chunk[0] == " " and start:
            start, chunk = start + 1, chunk[1:]
            if not chunk:
                continue
        yield start, chunk


def _token_end_before(text: str, start: int) -> int:
    """Where the token before the one at `start` (a chunk's or the text's end) ends: one
    space before it where that space is a chunk's trailing space."""
    if start >= 2 and text[start - 1] == " " and not text[start - 2].isspace():
        return start - 1
    return start


def _phrase_marks(phrases: set[tuple[str, ...]]) -> set[str]:
    """Characters one of which every phrase holds: its characters that are not letters or
    digits (all of them, for a phrase with none)."""
    marks: set[str] = set()
    for phrase in phrases:
        characters = set("".join(phrase))
        marks |= {char for char in characters if not char.isalnum()} or characters
    return marks


def _chunks_holding(characters: Iterable[str]) -> re.Pattern[str]:
    """A pattern that finds each whitespace-free chunk holding one of `characters` (or any
    character past the Basic Multilingual Plane: `re` tests a set of those one by one, a
    range at once), in linear time: tried at a chunk's start only, no character read twice."""
    marks = "".join(sorted(re.escape(char) for char in characters if char < "\U00010000"))
    marks += "\U00010000-\U0010ffff"
    return re.compile(rf"(?<!\S)[^\s{marks}]*[{marks}]\S*")


def _is_punct(word: str) -> bool:
    """spaCy's `lex_attrs.is_punct`."""
    return all(unicodedata.category(char).startswith("P") for char in word)


def _match_length(match: re.Match[str] | None) -> int:
    return match.end() - match.start() if match is not None else 0


def _matcher(pattern: str | None) -> Callable[[str], Any] | None:
    return _CODES.compile(pattern).match if pattern is not None else None


def rules_from_spacy(nlp: Any) -> Rules | None:
    """The rules of `nlp`'s tokenizer and sentencizer as plain data (None: a rule this port
    does not mirror, such as an affix function that is not a compiled pattern's)."""
    from spacy.attrs import IS_PUNCT, ORTH, intify_attrs
    from spacy.lang.lex_attrs import is_punct
    from spacy.tokenizer import Tokenizer

    tokenizer = nlp.tokenizer
    patterns = {
        "prefix": _source(tokenizer.prefix_search, "search"),
        "suffix": _source(tokenizer.suffix_search, "search"),
        "infix": _source(tokenizer.infix_finditer, "finditer"),
        "url_match": _source(tokenizer.url_match, "match"),
    }
    token_match = _source(tokenizer.token_match, "match") if tokenizer.token_match is not None else None
    getter = nlp.vocab.lex_attr_getters.get(IS_PUNCT)
    plain = type(tokenizer) is Tokenizer and tokenizer.faster_heuristics and getter is is_punct
    if not plain or None in patterns.values() or (tokenizer.token_match is not None and token_match is None):
        return None
    strings = nlp.vocab.strings
    specials = {
        key: tuple(
            strings[intify_attrs(spec, strings_map=strings, _do_deprecated=True)[ORTH]] for spec in specs
        )
        for key, specs in tokenizer.rules.items()
    }
    bare = Tokenizer(
        nlp.vocab,
        prefix_search=tokenizer.prefix_search,
        suffix_search=tokenizer.suffix_search,
        infix_finditer=tokenizer.infix_finditer,
        token_match=tokenizer.token_match,
        url_match=tokenizer.url_match,
    )
    phrases = {  # as `Tokenizer.add_special_case` gives its matcher phrases
        tuple(token.text for token in bare(key)): key
        for key in specials
        if tokenizer.find_prefix(key) or tokenizer.find_infix(key) or tokenizer.find_suffix(key) or " " in key
    }
    return {
        **patterns,
        "token_match": token_match,
        "specials": specials,
        "phrases": phrases,
        "punct_chars": sorted(nlp.get_pipe("sentencizer").punct_chars),
    }


def _source(function: Any, method: str) -> str | None:
    """The source of the pattern whose `method` `function` is, where `re.compile` of it gives
    that very pattern back (None: it is no such function)."""
    pattern = getattr(function, "__self__", None)
    if not isinstance(pattern, re.Pattern) or getattr(function, "__name__", None) != method:
        return None
    source = pattern.pattern
    return source if isinstance(source, str) and re.compile(source) == pattern else None


# A text of what the port has to get right, its spans checked against spaCy's when the rules
# are read from a spaCy: a spaCy that tokenizes another way is not mirrored.
PROBE = (
    "Mr. Smith (U.S.) met Dr. Jones at 10a.m. on Jan. 5th, e.g. at the co. office... Really?! "
    'Yes: it\'s 3.5% of $1,000 -- "quoted." (Parenthetical!) Next line.\n\nNew para: '
    "see https://example.com/a.b?c=d. Mail me@example.org! :) <3 ... o'clock.Then "
    "x.y.z. A.B. a.m.) ':-) ;) 8) U.S.A. Ph.D. \u2014 done\u2026 end\t\tof\xa0it. "
    "(1) first; [2] second! {3} third? \u201cQuote.\u201d \u2018Single.\u2019 "
    "v.s. vs. w/o and/or a. b. c. 12p.m. \u00b0C. :-( =) ._. (\u00ac_\u00ac) !!! ???"
)


def kept_rules(build: Callable[[], Any]) -> Rules | None:
    """The rules a former run kept for this spaCy; else read from `build()` (spaCy's English
    pipeline, imported for it), checked on `PROBE` and kept. None: spaCy's tokenizer is not
    one this port mirrors (its pipeline is to be used)."""
    path = _kept_rules_path(_defined_in(build))
    kept = _read_rules(path) if path is not None else None
    if kept is None:
        kept = _checked_rules(build())  # {}: kept as not mirrored
        if path is not None:
            blob = marshal.dumps(kept)
            write_kept(path, (path.name, _digest(blob), blob))
    return kept or None


def _checked_rules(nlp: Any) -> Rules:
    """The rules of `nlp` where the port gives its spans on `PROBE`; else {} (not mirrored:
    among them a spaCy whose private attributes read here changed, which raises)."""
    try:
        rules = rules_from_spacy(nlp) or {}
        same = bool(rules) and EnglishSentences(rules).spans(PROBE) == spacy_spans(nlp, PROBE)
    except Exception:  # any failure to read the rules: spaCy's pipeline runs
        return {}
    return rules if same else {}


def spacy_spans(nlp: Any, text: str) -> list[Span]:
    """The spans of `nlp`'s sentences in `text`: what the port mirrors."""
    if len(text) > nlp.max_length:  # spaCy's E088 guards parsers' memory; a sentencizer's is linear
        nlp.max_length = len(text)
    return [(sent.start_char, sent.end_char) for sent in nlp(text).sents]


def _read_rules(path: Path) -> Rules | None:
    """The rules `kept_rules` wrote at `path` (None: none, or a file damaged or another's):
    the file holds its own name, and the rules' marshal bytes with their digest."""
    kept = read_kept(path)
    if type(kept) is not tuple or len(kept) != 3 or kept[0] != path.name or type(kept[2]) is not bytes:
        return None
    _, digest, blob = kept
    try:
        rules = marshal.loads(blob) if digest == _digest(blob) else None
    except (EOFError, ValueError, TypeError):
        return None
    return rules if type(rules) is dict else None


def _digest(blob: bytes) -> str:
    return hashlib.sha256(blob).hexdigest()


def _defined_in(build: Callable[[], Any]) -> str:
    """The file of the code that makes the pipeline (its sentencizer's settings are there)."""
    code = getattr(build, "__code__", None)
    return code.co_filename if code is not None else __file__


def _kept_rules_path(pipeline_file: str) -> Path | None:
    """Where the rules of the spaCy installed are kept: named by its version, its folder and
    the size and time of the files they come from, this module's and the one that makes the
    pipeline (None: no spaCy, or a file missing)."""
    spec = importlib.util.find_spec("spacy")
    folders = spec.submodule_search_locations if spec is not None else None
    if not folders:
        return None
    folder = Path(next(iter(folders)))
    try:
        version = re.search(r"__version__ = \"([^\"]+)\"", (folder / "about.py").read_text("utf-8"))
        files = [(name, (folder / name).stat()) for name in RULE_FILES]
        files += [(ours, Path(ours).stat()) for ours in (__file__, pipeline_file)]
    except OSError:
        return None
    key = (version and version.group(1), str(folder), [(name, s.st_size, s.st_mtime_ns) for name, s in files])
    return kept_path(NAME, key)
