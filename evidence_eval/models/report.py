"""The JSON report: the source of truth that every rendering reads."""

from __future__ import annotations

from typing import Any, TypeVar

from pydantic import BaseModel, ConfigDict, Field

from .base import empty_list
from .options import RetrievalOptions, ScoreOptions
from .statuses import (
    AnswerStatus,
    CoverageStatus,
    CriticalStatus,
    FactVerdict,
    Importance,
    RetrievalStatus,
    SpanProblem,
    SpanRoute,
    StageStatus,
    TextSource,
    TraceStatus,
)


class ReportModel(BaseModel):
    model_config = ConfigDict(extra="forbid", defer_build=True)


ReportModelT = TypeVar("ReportModelT", bound=ReportModel)


def assembled(model: type[ReportModelT], fields: dict[str, Any]) -> ReportModelT:
    """`model(**fields)` without validation, for a result the code itself just computed:
    `fields` holds every field of `model` in its order (else TypeError), each value already
    what validation would make of it (a float field's a float, a nested model a model, a list
    or dict of its own, kept as given). The model is the validated one: ==, repr, fields set and
    JSON (tests/test_result_models.py pins each caller's on scored examples). Report models
    have no validator, alias or private attribute to skip. It costs about half a validation
    (bench/bench_models.py); pydantic's `model_construct` costs more than one (it looks for
    aliases and defaults, and inspects a default factory's signature, in Python on every call)."""
    if tuple(fields) != _field_names(model):
        raise TypeError(f"{model.__name__} takes {_field_names(model)}, not {tuple(fields)}")
    made = model.__new__(model)
    _set(made, "__dict__", fields)
    _set(made, "__pydantic_fields_set__", set(fields))
    _set(made, "__pydantic_extra__", None)
    _set(made, "__pydantic_private__", None)
    return made


_set = object.__setattr__  # as `model_construct` sets them
_FIELD_NAMES: dict[type[ReportModel], tuple[str, ...]] = {}


def _field_names(model: type[ReportModel]) -> tuple[str, ...]:
    names = _FIELD_NAMES.get(model)
    if names is None:
        names = _FIELD_NAMES[model] = tuple(model.model_fields)
    return names


# --- retrieval -------------------------------------------------------------------------


class CutoffScores(ReportModel):
    hit: float
    rr: float
    recall: float
    depth: int | None = Field(
        default=None, description="dedup-then-truncate: items read to collect the K units"
    )
    unjudged: int = 0
    unjudged_ids: list[str] = Field(default_factory=empty_list)


class StageRetrieval(ReportModel):
    status: RetrievalStatus
    in_mean: bool = Field(default=True, description="whether this query entered the means")
    reason: str | None = None
    items: int = 0
    unidentified_items: int = Field(default=0, description="items with no id of the declared unit")
    no_ids: bool = Field(
        default=False, description="not_applicable because no item carries an id of the declared unit"
    )
    unjudged_only: bool = Field(
        default=False,
        description="not_applicable because no id this stage returned is judged for the query",
    )
    judged_ids_at: list[str] = Field(
        default_factory=empty_list,
        description="unjudged_only: the item metadata keys that hold ids the query does judge",
    )
    relevant: int = 0
    at: dict[str, CutoffScores] = Field(default_factory=dict, description="per K")


class MeanScores(ReportModel):
    hit_rate: float | None
    mrr: float | None
    mean_recall: float | None
    queries: int = Field(description="queries that entered the mean")
    queries_with_unjudged: int = 0
    mean_depth: float | None = None


class StageRetrievalSummary(ReportModel):
    at: dict[str, MeanScores]
    not_applicable: list[str] = Field(
        default_factory=empty_list, description="queries with no positive judgment"
    )
    no_ids: list[str] = Field(
        default_factory=empty_list,
        description="queries whose items in this stage carry no id of the declared unit: not applicable",
    )
    unjudged_only: list[str] = Field(
        default_factory=empty_list,
        description="queries none of whose returned ids in this stage is judged: not applicable",
    )
    judged_ids_at: list[str] = Field(
        default_factory=empty_list,
        description="item metadata keys that hold judged ids where the returned ids are none of them",
    )
    missing_trace: list[str] = Field(default_factory=empty_list)
    missing_stage: list[str] = Field(default_factory=empty_list)
    empty_rankings: int = 0
    short_rankings: dict[str, int] = Field(
        default_factory=dict, description="per K: rankings with fewer than K units"
    )


# --- coverage --------------------------------------------------------------------------


class EvidenceMatch(ReportModel):
    alternative: int
    span: int
    doc_id: str
    route: SpanRoute
    score: float
    item: int
    start: int
    end: int
    text_source: TextSource = "trace"
    pieces: list[tuple[int, int, int]] | None = Field(
        default=None, description="split routes: (item, start, end) of each part"
    )
    other_document: bool = Field(
        default=False, description="an exact match from an item of another document than the span's"
    )


class EvidenceProblem(ReportModel):
    alternative: int
    span: int
    item: int
    reason: SpanProblem
    detail: str = ""


class StageEvidence(ReportModel):
    status: StageStatus
    alternative: int | None = Field(default=None, description="the best alternative")
    spans_found: int = 0
    spans_needed: int = 0
    matches: list[EvidenceMatch] = Field(default_factory=empty_list)
    problems: list[EvidenceProblem] = Field(default_factory=empty_list)


class CriticalToken(ReportModel):
    """A critical token of a fact (a value, negation, modal, bound, name, ...) and what the
    answer states for it; offsets into the answer."""

    token: str
    status: CriticalStatus
    stated: str | None = None
    start: int | None = None
    end: int | None = None


class FactResult(ReportModel):
    fact: str
    status: FactVerdict
    score: float
    support: float | None = Field(
        default=None,
        description="graded (graded.v4): 1 when stated, else the mean of the weighted share of its units "
        "(words by rarity, values and cues 1.5, a name 1 stated by any of its words; lemma, stem, "
        "derivation, digits) the answer asserts anywhere and the share its best sentence asserts "
        "(words inside a question or an 'it does not say whether' frame assert nothing); "
        "a contradicted value or cue counts as not stated, a reversed polarity as one more unit not stated",
    )
    critical: list[CriticalToken] = Field(default_factory=empty_list)
    route: str | None = None
    rule: str | None = Field(
        default=None,
        description="the rules that decided, in order: `wording_beyond_budget > addressed_in_answer`",
    )
    sentence: int | None = None
    start: int | None = None
    end: int | None = None
    text: str | None = Field(default=None, description="the answer text at start:end")
    reason: str | None = None


class AnswerResult(ReportModel):
    status: AnswerStatus
    needed: int = 0
    found: int = 0
    graded: float | None = Field(
        default=None, description="graded answer score in [0, 1] from the facts' support (graded.v4)"
    )
    matches: list[FactResult] = Field(default_factory=empty_list)


class SubQuestionResult(ReportModel):
    id: str
    kind: str
    importance: Importance
    stages: dict[str, StageEvidence]
    answer: AnswerResult
    lost_at: str | None
    answer_without_evidence: bool


class QueryResult(ReportModel):
    query_id: str
    trace: TraceStatus
    trace_line: int | None = None
    answer_given: bool | None = Field(
        default=None, description="whether the trace has an answer (false: the run has none; null: no trace)"
    )
    coverage: CoverageStatus
    retrieval: dict[str, StageRetrieval]
    sub_questions: list[SubQuestionResult] = Field(default_factory=empty_list)


class Ratio(ReportModel):
    share: float | None
    count: int
    total: int


class CoverageFigures(ReportModel):
    sub_questions: int
    stages: dict[str, dict[str, Ratio]] = Field(
        description="per stage: supported share over all and over vital sub-questions"
    )
    answer: dict[str, Ratio] = Field(description="answer supported: all and vital")
    answer_statuses: dict[str, int]
    contradicted: int
    uncertain: int
    answer_without_evidence: int
    lost_at: dict[str, int]
    stages_graded: dict[str, dict[str, float | None]] = Field(
        default_factory=dict,
        description="per stage: mean share of the best alternative's spans found, all and vital (v2)",
    )
    answer_graded: dict[str, float | None] = Field(
        default_factory=dict, description="mean graded answer score, all and vital (graded.v4)"
    )


class SystemSummary(ReportModel):
    queries: int
    scored_traces: int
    traces_without_answer: int = Field(
        default=0,
        description="scored traces with no answer (a run without answers): answer facts not applicable",
    )
    missing_traces: list[str]
    coverage_not_applicable: list[str]
    retrieval: dict[str, StageRetrievalSummary]
    coverage: CoverageFigures
    by_kind: dict[str, CoverageFigures]


class SystemReport(ReportModel):
    system: str
    summary: SystemSummary
    queries: list[QueryResult]


class InputFile(ReportModel):
    path: str
    sha256: str
    name: str | None = None
    version: str | None = None
    snapshot_sha256: str | None = None
    documents: int | None = None


class Inputs(ReportModel):
    annotations: InputFile | None = None
    corpus: InputFile | None = None
    traces: InputFile | None = None
    qrels: InputFile | None = None
    run: InputFile | None = None


class _ReportHeader(ReportModel):
    """What every report starts with: who made it, with which settings, from which files."""

    tool: str = "evidence_eval"
    tool_version: str
    signature: str
    signature_parts: dict[str, str]
    inputs: Inputs


class Report(_ReportHeader):
    options: ScoreOptions
    skipped_trace_lines: list[str] = Field(default_factory=empty_list)
    systems: list[SystemReport]

    def to_pandas(self, level: str = "sub_question") -> Any:
        """One level of the report (sub_question, fact, query, retrieval) as a pandas DataFrame,
        the same columns as `score --format csv --level` (needs the `[pandas]` extra)."""
        from .frames import to_pandas

        return to_pandas(self, level)


# --- retrieval only (TREC qrels + run) -------------------------------------------------


class RetrievalQuery(ReportModel):
    query_id: str
    trace: TraceStatus
    retrieval: dict[str, StageRetrieval]


class RetrievalSystem(ReportModel):
    system: str
    summary: dict[str, StageRetrievalSummary]
    queries: list[RetrievalQuery]
    unjudged_queries: list[str] = Field(
        default_factory=empty_list, description="queries in the run with no judgment at all: not scored"
    )


class RetrievalReport(_ReportHeader):
    options: RetrievalOptions
    ranking_order: str
    systems: list[RetrievalSystem]
