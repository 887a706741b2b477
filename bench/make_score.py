"""Inputs for the `score` benchmark (issue 4), one folder per language (built by
`evidence_eval.testing.score_inputs`, which the tests use too): QUERIES queries, 4
sub-questions each with 1-3 spans and 1-2 answer facts, stages of 100 candidate ids, 20
reranked and 8 context items of ~600 characters with text, answers of ~800 characters.

    python bench/make_score.py OUT_DIR [QUERIES_PER_LANGUAGE]
"""

from __future__ import annotations

import sys
from pathlib import Path

from evidence_eval.testing.score_inputs import build

__all__ = ["build", "main"]


def main(out: str, queries: int = 5000) -> None:
    build(Path(out) / "zh", queries, True, 1)
    build(Path(out) / "en", queries, False, 2)


if __name__ == "__main__":
    main(sys.argv[1], *(int(a) for a in sys.argv[2:]))
