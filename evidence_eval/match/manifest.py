"""The matcher versions: for each, the rules it runs in order and its constants.

A version names exactly one behaviour. Changing a rule's verdicts, the order, a constant or a
lexicon row means a new name here (and a line in CHANGELOG.md); the digest changes with any
change to the matcher's code or data, named or not, and the signature carries both.
"""

from __future__ import annotations

from ..text import cues, normalize, tokens, values
from ..text.rarity import CRITICAL_WEIGHT
from ..text.rarity import NAME as RARITY
from .align import BUDGET_NAME
from .align import NAME as ALIGN_NAME
from .answer_rules import ADDRESSED, SLOT_WORDS
from .attachment import CHARACTERS_READ, YEARS
from .claims import ALIGNED_SENTENCES, NEARLY_ALL, WORTH_ALIGNING
from .fact_rules import FRAMED_SHARE, RESTATES_OTHERWISE, SLOT_VALUES
from .qualifiers import CONVERTIBLE, NARROWING, NARROWING_INSIDE
from .registry import Manifest
from .span_rules import AS_WRITTEN, QUALIFYING, SHORT_QUOTE
from .units import NAME as UNITS
from .units import NAME_WEIGHT, RARITY_PART

# The graded support's formula (`facts.graded_support`), named in the signature beside the matchers.
GRADED = "graded.v4"

FACTS = Manifest(
    name="fact-align.v8",
    stages={
        "sentence": (
            "question",
            "value_differs",
            "wording_beyond_budget",
            "another_name",
            "longer_name",
            "critical_conflict",
            "changed_since",
            "polarity",
            "rival_value_inside",
            "rival_value_after",
            "exception_to_universal",
            "added_alternative",
            "explicit_value",
            "value_absent",
            "ambiguous_date",
            "critical_absent",
            "hedged",
            "narrowing_qualifier",
            "condition_after",
            "fronted_scope",
            "respectively",
            "contrast",
            "worded_otherwise",
        ),
        "answer": (
            "plain_reading",
            "restated_otherwise",
            "denied_next",
            "across_sentences",
            "limited_next",
            "addressed_in_answer",
        ),
    },
    constants={
        "align": ALIGN_NAME,
        "edit_budget": BUDGET_NAME,
        "aligned_sentences": ALIGNED_SENTENCES,
        "nearly_all": NEARLY_ALL,
        "worth_aligning": WORTH_ALIGNING,
        "narrowing": sorted(NARROWING),
        "narrowing_inside": sorted(NARROWING_INSIDE),
        "convertible": sorted(CONVERTIBLE),
        "addressed": ADDRESSED,
        "slot_words": SLOT_WORDS,
        "restates_otherwise": RESTATES_OTHERWISE,
        "framed_share": FRAMED_SHARE,
        "slot_values": sorted(SLOT_VALUES),
        "characters_read": CHARACTERS_READ,
        "years": YEARS,
        "rarity": RARITY,
        "critical_weight": CRITICAL_WEIGHT,
        "units": UNITS,
        "rarity_part": RARITY_PART,
        "name_weight": NAME_WEIGHT,
        "graded": GRADED,
    },
)

EDGE = 40  # characters of surroundings compared to confirm an item without doc_id
FRAME = 240  # characters of the span's document read on either side for its own framing
MAX_PIECES = 8  # a quote split over more items than this is not looked for (bounded search)
# Below this character-level partial ratio no alignment can state enough of a quote's tokens:
# the text is not worth cutting into tokens.
WINDOW_CUTOFF = 70.0

# The share (%) of a quote's tokens a fuzzy match must state. Scoring takes a quote word for word
# (the `word_for_word` rule), which leaves nothing below it; it bites only where a quote is
# re-anchored or placed leniently (`locate_quote`: migrate, anchor, prompt placement).
QUOTE_THRESHOLD = 90.0

SPANS = Manifest(
    name="evidence-align.v4",
    stages={
        "quote": (
            "item_ends_inside_last_word",
            "cut_at_item_edge",
            "another_name",
            "critical_conflict",
            "critical_absent",
            "edge_words_missing",
            "adds_qualifier",
            "swaps_qualifier",
            "negation_parity",
            "changed_word",
            "dropped_word",
            "word_for_word",
            "short_quote",
            "wording_budget",
        ),
    },
    constants={
        "align": ALIGN_NAME,
        "edit_budget": BUDGET_NAME,
        "short_quote": SHORT_QUOTE,
        "qualifying": sorted(QUALIFYING),
        "as_written": sorted(AS_WRITTEN),
        "edge": EDGE,
        "frame": FRAME,
        "max_pieces": MAX_PIECES,
        "window_cutoff": WINDOW_CUTOFF,
        "quote_threshold": QUOTE_THRESHOLD,
    },
)


def matcher_names() -> str:
    """The versions that name the matcher's behaviour, without digests: what a golden verdict
    file is written for (`tests/cases/golden.json`)."""
    return "+".join((normalize.NAME, SPANS.name, FACTS.name, tokens.NAME, values.NAME, cues.NAME, GRADED))


def matcher_labels() -> str:
    """`matcher_names` with each manifest's digest: what the signature carries."""
    return "+".join((SPANS.label, FACTS.label, tokens.NAME, values.NAME, cues.NAME, GRADED))
