"""Shared pydantic configuration for input models."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict


class StrictModel(BaseModel):
    """Unknown keys are an error: a typo in an annotation must not silently change a score."""

    model_config = ConfigDict(extra="forbid", frozen=True)


class OpenModel(BaseModel):
    """Extra keys are kept: corpus and trace files often carry metadata of their own."""

    model_config = ConfigDict(extra="allow", frozen=True)
