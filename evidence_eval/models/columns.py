"""Judgments and rankings as numpy columns: the shape in which large TREC files are read
and scored (`metrics.columnar`). Ids are bytes (ASCII) fields of a whitespace-separated
file, so they never hold whitespace."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

Ids = npt.NDArray[np.bytes_]
Ints = npt.NDArray[np.int64]


@dataclass(frozen=True)
class JudgmentColumns:
    """Judgments in file order: a later judgment of the same (qid, docid) replaces an earlier one."""

    qids: Ids
    docids: Ids
    grades: Ints


@dataclass(frozen=True)
class RankingColumns:
    """Rankings of several queries: query i's is `docids[bounds[i]:bounds[i + 1]]`, best first,
    no docid twice."""

    qids: Ids
    bounds: Ints
    docids: Ids
