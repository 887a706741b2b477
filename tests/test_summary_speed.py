"""The summaries' fast paths against their definitions: `coverage_figures` read each stage's
status and share with one search per stage and figure (`status_in`, `graded_in`); it now reads
each result's stages once. A missing trace's result shares one absent stage model between its
stages, and its digest one stage digest: the same report either way."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence

from hypothesis import given, settings
from hypothesis import strategies as st

from evidence_eval.coverage.subquestions import ANSWER
from evidence_eval.coverage.summary import SubQuestionDigest, by_kind, coverage_figures, ratio
from evidence_eval.metrics.aggregate import StageDigest
from evidence_eval.metrics.policies import absent_stage
from evidence_eval.models import AnnotationSet
from evidence_eval.models.options import ScoreOptions
from evidence_eval.models.report import CoverageFigures, Ratio, StageRetrieval
from evidence_eval.scoring.engine import QueryDigest, complete_result, spooled_text


def coverage_figures_by_search(
    results: Sequence[SubQuestionDigest], stage_names: Sequence[str]
) -> CoverageFigures:
    """The definition (before the one pass): a search of each result's stages per figure."""
    vital = [r for r in results if r.importance == "vital"]

    def supported_in(stage: str, group: Iterable[SubQuestionDigest]) -> Ratio:
        group = list(group)
        return ratio(sum(r.status_in(stage) == "supported" for r in group), len(group))

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
            stage: {"all": supported_in(stage, results), "vital": supported_in(stage, vital)}
            for stage in stage_names
        },
        answer={"all": answered(results), "vital": answered(vital)},
        answer_statuses=dict(sorted(statuses.items())),
        contradicted=statuses.get("contradicted", 0),
        uncertain=statuses.get("uncertain", 0),
        answer_without_evidence=sum(r.answer_without_evidence for r in results),
        lost_at={name: lost[name] for name in [*order, *sorted(set(lost) - set(order))] if lost[name]},
        stages_graded={
            stage: {
                "all": mean([r.graded_in(stage) for r in results]),
                "vital": mean([r.graded_in(stage) for r in vital]),
            }
            for stage in stage_names
        },
        answer_graded={"all": mean_graded_answer(results), "vital": mean_graded_answer(vital)},
    )


STAGES = ["retrieved", "reranked", "context", "other"]
# Shares that are fractions with a denominator up to 9 (1/3, 2/7 ...: means that round): two
# integer draws, where `st.fractions(0, 1)` (flat-mapped) took a fifth of the test's time.
_SHARES = st.tuples(st.integers(0, 9), st.integers(1, 9)).map(lambda pair: min(pair) / pair[1])
_stage_entry = st.tuples(
    st.sampled_from(STAGES),
    st.sampled_from(["supported", "partial", "missing", "not_applicable"]),
    st.one_of(st.just(0.0), st.just(1.0), st.floats(0, 1, allow_nan=False), _SHARES),
)
_digest = st.builds(
    SubQuestionDigest,
    kind=st.sampled_from(["date", "amount", "definition"]),
    importance=st.sampled_from(["vital", "okay"]),
    stages=st.lists(_stage_entry, max_size=5).map(tuple),  # repeated names too: the first counts
    answer=st.sampled_from(["supported", "partial", "missing", "contradicted", "not_applicable"]),
    lost_at=st.sampled_from([None, "retrieved", "context", ANSWER, "no_trace"]),
    answer_without_evidence=st.booleans(),
    answer_graded=st.one_of(st.none(), st.floats(0, 1, allow_nan=False)),
)


@settings(max_examples=150, deadline=None)
@given(st.lists(_digest, max_size=40), st.lists(st.sampled_from(STAGES), min_size=1, max_size=4))
def test_coverage_figures_equal_the_search(results: list[SubQuestionDigest], stage_names: list[str]) -> None:
    """150 sets of digests (the time is Hypothesis's drawing of them; the figures are sums
    and means over a handful of groups, which a set of a few digests already fills)."""
    expected = coverage_figures_by_search(results, stage_names)
    assert coverage_figures(results, stage_names).model_dump_json() == expected.model_dump_json()
    kinds = sorted({r.kind for r in results})
    assert {k: f.model_dump_json() for k, f in by_kind(results, stage_names).items()} == {
        kind: coverage_figures_by_search(
            [r for r in results if r.kind == kind], stage_names
        ).model_dump_json()
        for kind in kinds
    }


def _annotations() -> AnnotationSet:
    span = {"doc_id": "d1", "start": 0, "end": 4, "quote": "2021"}
    fact = {"id": "f0", "text": "它在2021年开业。"}
    return AnnotationSet.model_validate(
        {
            "name": "missing",
            "version": "1",
            "language": "zh",
            "queries": [
                {
                    "query_id": "q0",
                    "text": "何时开业？",
                    "sub_questions": [
                        {
                            "id": "s0",
                            "kind": "date",
                            "text": "?",
                            "evidence": [[span]],
                            "answer_facts": [fact],
                        },
                        {"id": "s1", "kind": "who", "text": "?", "importance": "okay"},
                        {
                            "id": "s2",
                            "kind": "n",
                            "text": "?",
                            "answer_facts": [fact],
                            "answer_mode": {"at_least": 1},
                        },
                    ],
                },
                {"query_id": "q1", "text": "no sub-questions"},
            ],
        }
    )


def test_a_missing_trace_shares_one_absent_stage_with_the_same_report() -> None:
    """The result and digest of a missing trace equal those built stage by stage."""
    for missing_trace in ("zero", "exclude"):
        options = ScoreOptions.model_validate({"retrieval": {"missing_trace": missing_trace}})
        for query in _annotations().queries:
            stages = ["retrieved", "reranked", "context"]
            result = complete_result(None, query, stages, options)
            by_stage = result.model_copy(
                update={
                    "retrieval": {
                        name: StageRetrieval.model_validate(absent_stage("missing_trace", options))
                        for name in stages
                    }
                }
            )
            assert spooled_text(result) == spooled_text(by_stage)
            digest, expected = QueryDigest.of(result), QueryDigest.of(by_stage)
            assert digest == expected
            assert digest.retrieval == {
                name: StageDigest.of(stage) for name, stage in by_stage.retrieval.items()
            }
