"""Retrieval metrics: ids and judgments only; never imports `text` or `match`."""

from .retrieval import relevant_units, score_ranking, stage_scores, zero_scores

__all__ = ["relevant_units", "score_ranking", "stage_scores", "zero_scores"]
