"""Stage names that look misspelt: scored under their own name, they would pass unnoticed."""

from __future__ import annotations

import difflib
import re

from ..errors import shown
from ..models.report import Report, SystemReport
from ..models.traces import CONTEXT_STAGE

KNOWN_STAGES = ("candidates", "reranked", CONTEXT_STAGE, "run")
"""The names the tool gives meaning to (`context`) or writes itself (the importers' stages, a
TREC run's)."""
_NUMBERED = re.compile(r"_\d+$")  # candidates_2: the importers' second retriever


def misspelt_stages(report: Report) -> list[str]:
    """One line per stage name that is none of the known names above but is close to one, as
    `contxt` is to `context`; or that no other system of the report uses but is close to a
    name another one uses."""
    names = {system.system: _stage_names(system) for system in report.systems}
    found = []
    for system, own in names.items():
        others = set().union(*(other for name, other in names.items() if name != system))
        for stage in sorted(own):
            close = _close(_NUMBERED.sub("", stage), others)
            if close:
                found.append(
                    f"stage {shown(stage)} of system {shown(system)} is no known stage name "
                    f"(did you mean {shown(close)}?); it is scored under its own name"
                )
    return found


def _close(name: str, others: set[str]) -> str | None:
    for known in (KNOWN_STAGES, [] if name in others else sorted(others)):
        if name in known:
            return None
        close = difflib.get_close_matches(name, known, n=1, cutoff=0.8)
        if close:
            return close[0]
    return None


def _stage_names(system: SystemReport) -> set[str]:
    return {*system.summary.retrieval, *system.summary.coverage.stages}
