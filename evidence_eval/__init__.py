"""evidence_eval: does each required sub-question reach the text sent to the model, and
does the answer state it? Reported apart from document recall.

The public names are loaded on first use, so that `evidence-eval retrieval` and other light
commands do not pay for the matcher's imports."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .lazy import lazy_exports
from .version import __version__

if TYPE_CHECKING:
    from .api import check, make_options, merge, score, score_partial
    from .errors import EvidenceEvalError, InputError, PolicyError, UsageError
    from .models.report import Report

__getattr__ = lazy_exports(
    __name__,
    {
        "check": ".api",
        "make_options": ".api",
        "merge": ".api",
        "score": ".api",
        "score_partial": ".api",
        "EvidenceEvalError": ".errors",
        "InputError": ".errors",
        "PolicyError": ".errors",
        "UsageError": ".errors",
        "Report": ".models.report",
    },
)

__all__ = [
    "EvidenceEvalError",
    "InputError",
    "PolicyError",
    "Report",
    "UsageError",
    "__version__",
    "check",
    "make_options",
    "merge",
    "score",
    "score_partial",
]
