"""What every language shares: markup, punctuation, digits, Latin model words."""

from __future__ import annotations

from ..rows import Pattern, Row, Words, words

ROWS: tuple[Row, ...] = (
    Pattern(
        "struck",
        "markup",
        "text the answer struck out (Markdown ~~…~~, HTML <del>/<s>): what it no longer states",
        r"(?is:~~.+?~~|<(del|s|strike)>.*?</\1>)",
    ),
    Pattern(
        "only_after",
        "after",
        "'only' right after the match at a phrase's end limits it ('on weekends only.')",
        r"\s*(?:[.,;:!?)]|$)",
    ),
    Pattern("another_case", "after", "a semicolon: the sentence goes on to another case", r"[;；]"),
    Pattern(
        "question_starts",
        "sentence",
        "what opens the question a sentence ends with, when it does not open the sentence (the "
        "answer notes; then asks …?, 问题是：…吗？): only the question is asked",
        r"[;:]",
    ),
    Pattern(
        "reported_speech",
        "sentence",
        "a quotation mark that opens someone's words: a question in quotes is reported (it states "
        'nothing, but its words keep their graded credit: "If I look great, what\'s with the jokes?")',
        r"[`\"]|(?:^|[\s:,;])'(?=\s?\w)",
    ),
    words("list_marks", "inside", "marks between the items of a list", ",|、|;|；"),
    words("list_separators", "inside", "what stands before an added word that is a list's item", ",|、|/"),
    words(
        "copulas",
        "value",
        "what may stand between a bound and its value (最高为5000元, 'at most: 5')",
        " |:|：",
    ),
    Pattern(
        "title",
        "name",
        "a title in 《》 or a quotation in straight quotes (the normaliser writes 「」 as quotes)",
        r"《([^《》]{1,60})》|\"([^\"]{1,60})\"",
    ),
    words("title_openings", "name", "the characters that open a title as written", "《|「|『"),
    Pattern(
        "model_after",
        "name",
        "what follows a model's name or number to name another model ('Pro', 'Ultra', 'Pro+', '8s')",
        r"\+|[a-z]{1,2}(?![a-z])|\s?(?:pro|max|plus|ultra|mini|lite|se|air|neo|turbo|edge|fold|flip|prime)"
        r"(?![a-z])",
    ),
    Words(
        "sentence_openers",
        "name",
        "what may stand before a sentence's first word (a capitalised word after it opens the sentence)",
        tuple(".!?:;\n\"'(“‘-*#|>"),
    ),
    Pattern("last_word", "quote", "the last word (letters) before a position", r"[^\W\d_]+$"),
    words(
        "sentence_ends",
        "quote",
        "what ends a sentence before a quote (its first word is then capitalised as a sentence's)",
        "|.|!|?|:|;|\"|'|\u201d|)",
    ),
    words(
        "edge_punctuation", "quote", "punctuation at a match's edge", " |.|,|;|:|!|?|。|，|；|：|！|？|\"|'"
    ),
    words("numerals", "quote", "characters of one number (a match may not cut one)", "|".join("0123456789")),
)
