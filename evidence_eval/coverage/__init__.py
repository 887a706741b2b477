"""Sub-question coverage: evidence per stage, answer facts, the funnel."""
