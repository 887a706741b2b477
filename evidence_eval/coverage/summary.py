"""Coverage figures over a system's sub-questions: per stage, answer, by kind."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence

from ..models.report import CoverageFigures, Ratio, SubQuestionResult
from .subquestions import ANSWER


def ratio(count: int, total: int) -> Ratio:
    return Ratio(share=count / total if total else None, count=count, total=total)


def coverage_figures(results: Sequence[SubQuestionResult], stage_names: Sequence[str]) -> CoverageFigures:
    """share supported = supported / all sub-questions (a stage a trace lacks counts as
    missing there); the same over vital sub-questions beside it."""
    vital = [r for r in results if r.importance == "vital"]

    def supported_in(stage: str, group: Iterable[SubQuestionResult]) -> Ratio:
        group = list(group)
        hits = sum(1 for r in group if r.stages.get(stage) and r.stages[stage].status == "supported")
        return ratio(hits, len(group))

    def answered(group: Sequence[SubQuestionResult]) -> Ratio:
        scored = [r for r in group if r.answer.status != "not_applicable"]
        return ratio(sum(r.answer.status == "supported" for r in scored), len(scored))

    statuses = Counter(r.answer.status for r in results)
    lost = Counter(r.lost_at for r in results if r.lost_at is not None)
    order = [*stage_names, ANSWER]
    return CoverageFigures(
        sub_questions=len(results),
        stages={
            stage: {"all": supported_in(stage, results), "vital": supported_in(stage, vital)}
            for stage in stage_names
        },
        answer={"all": answered(results), "vital": answered(vital)},
        answer_statuses=dict(sorted(statuses.items())),
        contradicted=statuses.get("contradicted", 0),
        uncertain=statuses.get("uncertain", 0),
        answer_without_evidence=sum(r.answer_without_evidence for r in results),
        lost_at={name: lost[name] for name in [*order, *sorted(set(lost) - set(order))] if lost[name]},
    )


def by_kind(results: Sequence[SubQuestionResult], stage_names: Sequence[str]) -> dict[str, CoverageFigures]:
    kinds = sorted({r.kind for r in results})
    return {kind: coverage_figures([r for r in results if r.kind == kind], stage_names) for kind in kinds}
