"""Hit@K, RR@K, Recall@K: seed cases by hand, properties, and a cross-check with trec_eval."""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from evidence_eval.metrics import score_ranking
from evidence_eval.metrics.aggregate import stage_summary

ABC = {"A": 1, "B": 1, "C": 1}


def at(ranking, judgments, k, **options):
    return score_ranking(ranking, judgments, k_values=[k], **options).at[str(k)]


@pytest.mark.parametrize(
    ("ranking", "hit", "recall", "rr"),
    [
        (["A", "A", "A"], 1.0, 1 / 3, 1.0),
        (["A", "B", "E"], 1.0, 2 / 3, 1.0),
        (["A", "B", "C"], 1.0, 1.0, 1.0),
        (["X", "A", "B"], 1.0, 2 / 3, 0.5),
        (["X", "Y", "Z"], 0.0, 0.0, 0.0),
        ([], 0.0, 0.0, 0.0),
    ],
)
def test_seed_cases(ranking, hit, recall, rr):
    scores = at(ranking, {**ABC, "X": 0, "Y": 0, "Z": 0, "E": 0}, 3)
    assert (scores.hit, scores.recall, scores.rr) == (hit, pytest.approx(recall), rr)


def test_a_single_positive():
    scores = at(["X", "Y", "A"], {"A": 2, "X": 0, "Y": 0}, 3)
    assert (scores.hit, scores.recall, scores.rr) == (1.0, 1.0, pytest.approx(1 / 3))


def test_unjudged_items_are_unknown_not_irrelevant():
    scores = at(["A", "U1", "U2", "B"], {"A": 1, "B": 1}, 3)
    assert scores.unjudged == 2 and scores.unjudged_ids == ["U1", "U2"]
    assert scores.recall == 0.5


def test_a_judgment_for_another_query_never_counts():
    other_query = {"U1": 2}
    this_query = {"A": 1}
    scores = at(["U1", "A"], this_query, 2)
    assert scores.unjudged_ids == ["U1"] and scores.rr == 0.5
    assert other_query  # kept apart: only `this_query` is passed in


def test_both_budget_orders_on_the_issue_example():
    ranking = ["A", "A", "A", "B", "C"]
    first = at(ranking, ABC, 3, budget="truncate-then-dedup")
    second = at(ranking, ABC, 3, budget="dedup-then-truncate")
    assert first.recall == pytest.approx(1 / 3) and first.depth is None
    assert second.recall == 1.0 and second.depth == 5


def test_dedup_then_truncate_ranks_documents_not_items():
    scores = at(["X", "X", "A"], {"A": 1, "X": 0}, 2, budget="dedup-then-truncate")
    assert scores.rr == 0.5 and scores.depth == 3
    scores = at(["X", "X", "A"], {"A": 1, "X": 0}, 3, budget="truncate-then-dedup")
    assert scores.rr == pytest.approx(1 / 3)


def test_zero_positive_query_refuses_to_score_one():
    result = score_ranking(["A"], {"A": 0}, k_values=[1])
    assert result.status == "not_applicable" and result.at == {}


def test_graded_threshold():
    judgments = {"A": 1, "B": 2}
    assert at(["A", "B"], judgments, 1, min_grade=2).hit == 0.0
    assert at(["A", "B"], judgments, 2, min_grade=2).rr == 0.5


def test_items_without_an_id_use_budget_but_are_never_relevant():
    result = score_ranking([None, "A"], {"A": 1}, k_values=[1, 2])
    assert result.unidentified_items == 1
    assert result.at["1"].hit == 0.0 and result.at["2"].rr == 0.5


def test_means_count_their_queries_and_list_the_rest():
    scored = score_ranking(["A"], {"A": 1}, k_values=[1])
    empty = score_ranking(["A"], {"A": 0}, k_values=[1]).model_copy(update={"in_mean": False})
    summary = stage_summary([("q1", scored), ("q2", empty)], [1])
    assert summary.at["1"].queries == 1 and summary.at["1"].hit_rate == 1.0
    assert summary.not_applicable == ["q2"]


rankings = st.lists(st.sampled_from("ABCDEFGH"), max_size=12)
judgment_sets = st.dictionaries(st.sampled_from("ABCDEFGH"), st.integers(0, 3), min_size=1)


@given(rankings, judgment_sets, st.sampled_from(["truncate-then-dedup", "dedup-then-truncate"]))
def test_bounds_and_monotonicity_in_k(ranking, judgments, budget):
    result = score_ranking(ranking, judgments, k_values=list(range(1, 14)), budget=budget)
    if result.status == "not_applicable":
        assert not any(g >= 1 for g in judgments.values())
        return
    previous = None
    for k in range(1, 14):
        scores = result.at[str(k)]
        assert 0.0 <= scores.recall <= 1.0 and scores.hit in (0.0, 1.0) and 0.0 <= scores.rr <= 1.0
        assert scores.rr <= scores.hit and (scores.hit == 0.0) == (scores.recall == 0.0)
        if previous:
            assert scores.recall >= previous.recall and scores.hit >= previous.hit
            assert scores.rr >= previous.rr
        previous = scores


@given(rankings, judgment_sets)
def test_dedup_then_truncate_never_recalls_less(ranking, judgments):
    first = score_ranking(ranking, judgments, k_values=[3], budget="truncate-then-dedup")
    second = score_ranking(ranking, judgments, k_values=[3], budget="dedup-then-truncate")
    if first.status == "scored":
        assert second.at["3"].recall >= first.at["3"].recall
        assert second.at["3"].depth >= min(3, len(ranking))


def _generated(seed: int = 7, queries: int = 300):
    rng = random.Random(seed)
    qrels, runs = {}, {}
    for q in range(queries):
        docs = [f"d{i}" for i in range(40)]
        judged = rng.sample(docs, 15)
        qrels[f"q{q}"] = {d: rng.choice([0, 0, 1, 2]) for d in judged}
        runs[f"q{q}"] = rng.sample(docs, rng.randint(0, 25))
    return qrels, runs


@pytest.mark.parametrize("min_grade", [1, 2])
def test_agrees_with_trec_eval_where_definitions_coincide(min_grade):
    pytrec_eval = pytest.importorskip("pytrec_eval")
    qrels, runs = _generated()
    checked = 0
    for k in (1, 3, 10):
        # trec_eval orders by score: give strictly decreasing scores in rank order.
        # recip_rank has no cutoff in trec_eval: cut the run at k first.
        cut = {q: {d: float(100 - i) for i, d in enumerate(r[:k])} for q, r in runs.items()}
        evaluator = pytrec_eval.RelevanceEvaluator(
            qrels, {f"recall.{k}", f"success.{k}", "recip_rank"}, relevance_level=min_grade
        )
        theirs = evaluator.evaluate({q: r for q, r in cut.items() if r})
        for q, ranking in runs.items():
            ours = score_ranking(ranking, qrels[q], k_values=[k], min_grade=min_grade)
            if ours.status == "not_applicable" or not ranking:
                continue
            assert ours.at[str(k)].recall == pytest.approx(theirs[q][f"recall_{k}"], abs=1e-12)
            assert ours.at[str(k)].hit == theirs[q][f"success_{k}"]
            assert ours.at[str(k)].rr == pytest.approx(theirs[q]["recip_rank"], abs=1e-12)
            checked += 1
    assert checked > 500


def test_where_trec_eval_differs_zero_positive_and_score_order():
    pytrec_eval = pytest.importorskip("pytrec_eval")
    qrels = {"q": {"a": 0, "b": 0}}
    evaluator = pytrec_eval.RelevanceEvaluator(qrels, {"recall.3", "success.3"})
    theirs = evaluator.evaluate({"q": {"a": 2.0, "b": 1.0}})["q"]
    assert theirs["recall_3"] == 0.0  # trec_eval: a silent 0 that enters the mean
    assert score_ranking(["a", "b"], qrels["q"], k_values=[3]).status == "not_applicable"

    # trec_eval re-sorts by score; we keep the ranking as given (the rank column).
    qrels = {"q": {"a": 1, "b": 0}}
    evaluator = pytrec_eval.RelevanceEvaluator(qrels, {"recip_rank"})
    assert evaluator.evaluate({"q": {"a": 1.0, "b": 2.0}})["q"]["recip_rank"] == 0.5
    assert score_ranking(["a", "b"], qrels["q"], k_values=[2]).at["2"].rr == 1.0
