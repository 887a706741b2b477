"""Deprecated home of Dask scoring: it is `evidence_eval.scoring.dask` now (the same `score`)."""

from __future__ import annotations

import warnings

from .scoring.dask import score

warnings.warn(
    "evidence_eval.dask moved to evidence_eval.scoring.dask; import it from there",
    DeprecationWarning,
    stacklevel=2,
)

__all__ = ["score"]
