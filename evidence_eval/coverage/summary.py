"""Coverage figures over a system's sub-questions: per stage, answer, by kind."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, replace

from ..models.report import CoverageFigures, Ratio, SubQuestionResult
from .subquestions import ANSWER


@dataclass(frozen=True, slots=True)
class SubQuestionDigest:
    """What the summary needs of a sub-question's result (kept while the full result is
    written away, so that memory does not grow with the matches of every query)."""

    kind: str
    importance: str
    stages: tuple[tuple[str, str, float], ...]  # (stage, status, share of spans found)
    answer: str
    lost_at: str | None
    answer_without_evidence: bool
    answer_graded: float | None = None

    @classmethod
    def of(cls, result: SubQuestionResult) -> SubQuestionDigest:
        return cls(
            result.kind,
            result.importance,
            tuple(
                (name, stage.status, stage.spans_found / stage.spans_needed if stage.spans_needed else 0.0)
                for name, stage in result.stages.items()
            ),
            result.answer.status,
            result.lost_at,
            result.answer_without_evidence,
            result.answer.graded,
        )

    def failed_to_answer(self, has_facts: bool) -> SubQuestionDigest:
        """The digest of `subquestions.failed_to_answer` of this sub-question's result."""
        if not has_facts:
            return self
        return replace(
            self,
            answer="missing",
            lost_at=self.lost_at or ANSWER,
            answer_without_evidence=False,
            answer_graded=0.0,
        )

    def status_in(self, stage: str) -> str | None:
        return next((status for name, status, _ in self.stages if name == stage), None)

    def graded_in(self, stage: str) -> float:
        return next((share for name, _, share in self.stages if name == stage), 0.0)


def ratio(count: int, total: int) -> Ratio:
    return Ratio(share=count / total if total else None, count=count, total=total)


def coverage_figures(results: Sequence[SubQuestionDigest], stage_names: Sequence[str]) -> CoverageFigures:
    """share supported = supported / all sub-questions (a stage a trace lacks counts as
    missing there); the same over vital sub-questions beside it."""
    vital = [r for r in results if r.importance == "vital"]
    columns = _stage_columns(results, stage_names)
    vital_columns = _stage_columns(vital, stage_names)

    def supported_in(statuses: list[str | None]) -> Ratio:
        return ratio(sum(status == "supported" for status in statuses), len(statuses))

    def answered(group: Sequence[SubQuestionDigest]) -> Ratio:
        scored = [r for r in group if r.answer != "not_applicable"]
        return ratio(sum(r.answer == "supported" for r in scored), len(scored))

    def mean(values: list[float]) -> float | None:
        return round(sum(values) / len(values), 6) if values else None

    def mean_graded_answer(group: Sequence[SubQuestionDigest]) -> float | None:
        return mean(
            [r.answer_graded for r in group if r.answer != "not_applicable" and r.answer_graded is not None]
        )

    statuses = Counter(r.answer for r in results)
    lost = Counter(r.lost_at for r in results if r.lost_at is not None)
    order = [*stage_names, ANSWER]
    return CoverageFigures(
        sub_questions=len(results),
        stages={
            stage: {"all": supported_in(columns[stage][0]), "vital": supported_in(vital_columns[stage][0])}
            for stage in stage_names
        },
        answer={"all": answered(results), "vital": answered(vital)},
        answer_statuses=dict(sorted(statuses.items())),
        contradicted=statuses.get("contradicted", 0),
        uncertain=statuses.get("uncertain", 0),
        answer_without_evidence=sum(r.answer_without_evidence for r in results),
        lost_at={name: lost[name] for name in [*order, *sorted(set(lost) - set(order))] if lost[name]},
        stages_graded={
            stage: {"all": mean(columns[stage][1]), "vital": mean(vital_columns[stage][1])}
            for stage in stage_names
        },
        answer_graded={"all": mean_graded_answer(results), "vital": mean_graded_answer(vital)},
    )


def _stage_columns(
    results: Sequence[SubQuestionDigest], stage_names: Sequence[str]
) -> dict[str, tuple[list[str | None], list[float]]]:
    """Per stage, each result's `status_in` and `graded_in` it, in the results' order: one
    pass over each result's stages instead of a search per stage and figure."""
    columns: dict[str, tuple[list[str | None], list[float]]] = {stage: ([], []) for stage in stage_names}
    for r in results:
        first = {name: (status, share) for name, status, share in reversed(r.stages)}
        for stage, (statuses, shares) in columns.items():
            status, share = first.get(stage, (None, 0.0))
            statuses.append(status)
            shares.append(share)
    return columns


def by_kind(results: Sequence[SubQuestionDigest], stage_names: Sequence[str]) -> dict[str, CoverageFigures]:
    kinds = sorted({r.kind for r in results})
    return {kind: coverage_figures([r for r in results if r.kind == kind], stage_names) for kind in kinds}
