"""The signature: one line naming every choice that changes a number (after sacreBLEU).

`key:value|key:value|...|version:X`. Two reports whose signatures differ in anything but
the system are not comparable without saying so.
"""

from __future__ import annotations

from ..models.options import ScoreOptions
from ..version import __version__

UNJUDGED_POLICY = "unknown"


def retrieval_parts(options: ScoreOptions) -> dict[str, str]:
    r = options.retrieval
    return {
        "unit": r.unit,
        "budget": r.budget if r.unit == "doc" else "none",
        "k": ",".join(str(k) for k in r.k),
        "rel": f">={r.min_grade}",
        "zero_pos": r.zero_positive,
        "missing_trace": r.missing_trace,
        "unjudged": UNJUDGED_POLICY,
    }


def matching_parts(options: ScoreOptions, segmenter: str) -> dict[str, str]:
    # Imported here: the retrieval-only report needs this module but not the matcher.
    from ..match import align, manifest
    from ..text import normalize

    m = options.matching
    return {
        "norm": normalize.label(),
        "seg": segmenter,
        "match": manifest.matcher_labels(),
        "edits": align.BUDGET_NAME,
        "ev_from": m.evidence_from,
        "ans_fuzzy": f"{m.answer_lower:g}-{m.answer_upper:g}",
    }


def signature(parts: dict[str, str]) -> str:
    return "|".join(f"{key}:{value}" for key, value in {**parts, "version": __version__}.items())


def parse_signature(text: str) -> dict[str, str]:
    """The inverse of `signature` (for `compare`)."""
    return dict(part.split(":", 1) for part in text.split("|"))
