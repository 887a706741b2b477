"""Measures: the named figures of a system's summary, as objects with typed parameters (after
ir_measures' `Success@10`, `RR(rel=2)@10`). A policy rule names one by its dotted path
(`coverage.stages.context.vital`, `by_kind.deadline.answer.all`, `retrieval.context.at.10.mean_recall`,
`missing_traces`); `parse_measure` turns the path into the measure, and the measure reads its value
from the summary and says which sub-questions fail it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal, cast, get_args

from ..errors import UsageError
from ..models.report import CoverageFigures, StageRetrievalSummary, SubQuestionResult, SystemSummary
from ..models.statuses import AnswerStatus

Group = Literal["all", "vital"]
Tally = Literal["contradicted", "uncertain", "answer_without_evidence"]
QueryTally = Literal[
    "queries", "scored_traces", "traces_without_answer", "missing_traces", "coverage_not_applicable"
]
Mean = Literal["hit_rate", "mrr", "mean_recall", "queries", "queries_with_unjudged", "mean_depth"]
GROUPS: tuple[str, ...] = get_args(Group)


@dataclass(frozen=True)
class Coverage:
    """Share of sub-questions supported at `stage` (None: by the answer); `graded`: the mean
    graded score instead of the strict share. `kind` restricts to one kind."""

    stage: str | None
    group: Group
    kind: str | None = None
    graded: bool = False

    def value(self, summary: SystemSummary) -> float | None:
        figures = _figures(summary, self.kind)
        if self.graded:
            graded = (
                figures.answer_graded if self.stage is None else figures.stages_graded.get(self.stage, {})
            )
            return graded.get(self.group)
        ratio = figures.answer[self.group] if self.stage is None else figures.stages[self.stage][self.group]
        return ratio.share

    def not_applicable(self, summary: SystemSummary) -> str | None:
        """Why the figure has no value (no sub-question to take a share of), or None."""
        figures = _figures(summary, self.kind)
        if self.stage is None:
            total = figures.answer[self.group].total
            return None if total else _unscored_answers(summary, self.kind, self.group)
        if figures.stages[self.stage][self.group].total:
            return None
        return _no_sub_question(self.kind, self.group if figures.sub_questions else "all")

    def failing(self, sq: SubQuestionResult) -> str | None:
        if not _selected(sq, self.kind, self.group):
            return None
        if self.stage is None:
            answer = sq.answer.status
            return None if answer in ("supported", "not_applicable") else f"answer {answer}"
        evidence = sq.stages[self.stage].status if self.stage in sq.stages else "missing"
        return None if evidence == "supported" else f"{self.stage} {evidence}"


@dataclass(frozen=True)
class Count:
    """Sub-questions whose answer is contradicted or uncertain, or stated without evidence in
    the context (`answer_statuses.S` and `lost_at.W` count one status or stage)."""

    what: str
    kind: str | None = None
    key: str | None = None

    def value(self, summary: SystemSummary) -> float | None:
        figures = _figures(summary, self.kind)
        if self.what == "answer_statuses":
            return float(figures.answer_statuses.get(self.key or "", 0))
        if self.what == "lost_at":
            return float(figures.lost_at.get(self.key or "", 0))
        return float(getattr(figures, self.what))

    def not_applicable(self, summary: SystemSummary) -> str | None:
        """Why the count counts nothing: no sub-question whose answer was scored (for the
        answer's counts) or no sub-question at all (`lost_at`); a count of 0 over nothing
        is no pass."""
        figures = _figures(summary, self.kind)
        if self.what == "lost_at" or self.key == "not_applicable":
            return None if figures.sub_questions else _no_sub_question(self.kind, "all")
        return None if figures.answer["all"].total else _unscored_answers(summary, self.kind, "all")

    def failing(self, sq: SubQuestionResult) -> str | None:
        if self.kind is not None and sq.kind != self.kind:
            return None
        if self.what == "answer_without_evidence":
            return "answer without evidence" if sq.answer_without_evidence else None
        if self.what in ("contradicted", "uncertain"):
            return self.what if sq.answer.status == self.what else None
        if self.what == "answer_statuses":
            return f"answer {self.key}" if sq.answer.status == self.key else None
        return f"lost at {self.key}" if sq.lost_at == self.key else None


@dataclass(frozen=True)
class Queries:
    """A count of queries (a list's length: the query ids are listed in the summary)."""

    what: QueryTally

    def value(self, summary: SystemSummary) -> float | None:
        found = getattr(summary, self.what)
        return float(len(found) if isinstance(found, list) else found)

    def not_applicable(self, summary: SystemSummary) -> str | None:
        return None if summary.queries else "no query"

    def failing(self, sq: SubQuestionResult) -> str | None:
        return None


@dataclass(frozen=True)
class Retrieval:
    """A retrieval mean at cutoff `k` of `stage` (`RetrievalMean@k`)."""

    stage: str
    k: int
    mean: Mean

    def value(self, summary: SystemSummary) -> float | None:
        found = getattr(summary.retrieval[self.stage].at[str(self.k)], self.mean)
        return None if found is None else float(found)

    def not_applicable(self, summary: SystemSummary) -> str | None:
        """Why the mean has no value: no query entered it (and why each stayed out), or a
        depth under the budget that reads none. `queries` (how many entered) always applies;
        `queries_with_unjudged`, a count among those, does not when none entered."""
        stage = summary.retrieval[self.stage]
        if self.mean == "queries":
            return None
        if stage.at[str(self.k)].queries:
            if self.value(summary) is not None:
                return None
            return "the depth is measured under --budget dedup-then-truncate only"
        out = [
            (len(stage.not_applicable), "with no unit judged relevant (--zero-positive exclude)"),
            (len(stage.no_ids), "whose items carry no id of the unit"),
            (len(stage.unjudged_only), "none of whose returned ids is judged"),
            (len(stage.missing_trace), "without a trace (--missing-trace exclude)"),
        ]
        why = ", ".join(f"{count} {what}" for count, what in out if count)
        return "no query entered the mean" + (f": {why}" if why else "")

    def failing(self, sq: SubQuestionResult) -> str | None:
        return None


Measure = Coverage | Count | Queries | Retrieval


def parse_measure(figure: str, summary: SystemSummary, system: str) -> Measure:
    """The measure a dotted path names; an unknown path is a usage error that lists, in full,
    the paths that exist where it went wrong."""
    parser = _Path(figure, system)
    head = parser.take(["coverage", "by_kind", "retrieval", *get_args(QueryTally)])
    if head == "coverage":
        return _coverage_measure(parser, summary.coverage, None)
    if head == "by_kind":
        kind = parser.take(sorted(summary.by_kind), ".stages.context.all")
        return _coverage_measure(parser, summary.by_kind[kind], kind)
    if head == "retrieval":
        return _retrieval_measure(parser, summary.retrieval)
    parser.end()
    return Queries(cast(QueryTally, head))


def _coverage_measure(parser: _Path, figures: CoverageFigures, kind: str | None) -> Measure:
    what = parser.take(
        [
            "stages",
            "answer",
            "stages_graded",
            "answer_graded",
            "answer_statuses",
            "lost_at",
            *get_args(Tally),
        ]
    )
    if what in get_args(Tally):
        parser.end()
        return Count(what, kind)
    if what in ("answer_statuses", "lost_at"):
        keys = (
            set(get_args(AnswerStatus))
            if what == "answer_statuses"
            else {*figures.stages, "answer", "no_trace", *figures.lost_at}
        )
        key = parser.take(sorted(keys))
        parser.end()
        return Count(what, kind, key)
    graded = what.endswith("_graded")
    stage = None
    if what.startswith("stages"):
        stage = parser.take(sorted(figures.stages), ".all")
    group = parser.take(list(GROUPS))
    parser.end()
    return Coverage(stage, cast(Group, group), kind, graded)


def _retrieval_measure(parser: _Path, stages: dict[str, StageRetrievalSummary]) -> Measure:
    means = list(get_args(Mean))
    ks = sorted({k for summary in stages.values() for k in summary.at}, key=int)
    legend = f" (K: {', '.join(ks) or 'none'}; MEAN: {', '.join(means)})"
    stage = parser.take(sorted(stages), ".at.K.MEAN", legend)
    ks = sorted(stages[stage].at, key=int)
    legend = f" (K: {', '.join(ks) or 'none'}; MEAN: {', '.join(means)})"
    parser.take(["at"], ".K.MEAN", legend)
    k = parser.take(ks, ".MEAN", f" (MEAN: {', '.join(means)})")
    mean = parser.take(means)
    parser.end()
    return Retrieval(stage, int(k), cast(Mean, mean))


class _Path:
    """A figure's dotted path, taken one level at a time; a level that names nothing is refused
    with every path that exists there, written in full."""

    def __init__(self, figure: str, system: str):
        self.figure, self.system = figure, system
        self.parts = figure.split(".")
        self.position = 0

    def walked(self) -> str:
        return ".".join(self.parts[: self.position])

    def take(self, choices: list[str], below: str = "", legend: str = "") -> str:
        """The next level, one of `choices`; `below`: what follows each choice down to a number
        (`.at.K.MEAN`) and `legend` what its placeholders stand for, shown with the paths when
        the level is wrong or missing."""
        if self.position >= len(self.parts):
            raise UsageError(
                f"figure {self.figure!r} is not a number: add a level; there is "
                f"{self._listed(choices, below)}{legend}"
            )
        part = self.parts[self.position]
        if part not in choices:
            where = self.walked() or "the summary"
            raise UsageError(
                f"figure {self.figure!r}: no {part!r} under {where} of system {self.system!r}; "
                f"there is {self._listed(choices, below)}{legend}"
            )
        self.position += 1
        return part

    def _listed(self, choices: list[str], below: str) -> str:
        if not choices:
            return "nothing"
        prefix = f"{self.walked()}." if self.position else ""
        return ", ".join(f"{prefix}{choice}{below}" for choice in choices)

    def end(self) -> None:
        if self.position < len(self.parts):
            rest = ".".join(self.parts[self.position :])
            raise UsageError(f"figure {self.figure!r}: nothing under {self.walked()} (drop {rest!r})")


def no_answers(summary: SystemSummary) -> bool:
    """Every scored trace lacks an answer (a TREC run, say): answer figures do not apply."""
    return summary.scored_traces > 0 and summary.traces_without_answer == summary.scored_traces


def _no_sub_question(kind: str | None, group: Group) -> str:
    of_kind = f" of kind {kind!r}" if kind is not None else ""
    return f"no {'vital ' if group == 'vital' else ''}sub-question{of_kind}"


def _unscored_answers(summary: SystemSummary, kind: str | None, group: Group) -> str:
    """Why no sub-question of `group` (and `kind`) had its answer scored."""
    figures = _figures(summary, kind)
    if figures.sub_questions == 0:
        return _no_sub_question(kind, "all")
    if group == "vital" and _vital_count(figures) == 0:
        return _no_sub_question(kind, group)
    if no_answers(summary):
        return "no answers in these traces"
    return f"{_no_sub_question(kind, group)} has answer facts"


def _vital_count(figures: CoverageFigures) -> int | None:
    """How many vital sub-questions the figures count (None: no stage to read it from)."""
    return next((ratios["vital"].total for ratios in figures.stages.values()), None)


def _figures(summary: SystemSummary, kind: str | None) -> CoverageFigures:
    return summary.coverage if kind is None else summary.by_kind[kind]


def _selected(sq: SubQuestionResult, kind: str | None, group: Group) -> bool:
    return (kind is None or sq.kind == kind) and (group == "all" or sq.importance == "vital")
