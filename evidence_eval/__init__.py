"""evidence_eval: does each required sub-question reach the text sent to the model, and
does the answer state it? Reported apart from document recall."""

from .api import check, make_options, score
from .errors import EvidenceEvalError, InputError, PolicyError, UsageError
from .models.report import Report
from .version import __version__

__all__ = [
    "EvidenceEvalError",
    "InputError",
    "PolicyError",
    "Report",
    "UsageError",
    "__version__",
    "check",
    "make_options",
    "score",
]
