"""Matching: evidence spans in stage items, answer facts in answer sentences."""
