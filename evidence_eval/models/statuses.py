"""The vocabularies of every status the tool reports: one definition, used by the matchers
that decide them and by the report models that serialise them."""

from __future__ import annotations

from typing import Literal

RetrievalStatus = Literal["scored", "not_applicable", "missing_trace", "missing_stage"]
TraceStatus = Literal["ok", "missing"]
CoverageStatus = Literal["scored", "not_applicable"]

SpanRoute = Literal["id", "offset", "exact", "split", "split_nonadjacent", "fuzzy"]
TextSource = Literal["trace", "snapshot"]
SpanProblem = Literal[
    "stale",
    "out_of_scope",
    "offset_conflict",
    "other_document",
    "token_boundary",
    "conflict",
    "truncated",
    "ambiguous_source",
    "wording",
]
StageStatus = Literal["supported", "partial", "missing"]

FactVerdict = Literal["found", "uncertain", "contradicted", "missing"]
CriticalStatus = Literal["found", "conflicting", "ambiguous", "absent"]
AnswerStatus = Literal["supported", "partial", "contradicted", "missing", "uncertain", "not_applicable"]
Importance = Literal["vital", "okay"]
