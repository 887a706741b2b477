"""Shared pydantic configuration for input models."""

from __future__ import annotations

import datetime as dt
from typing import Annotated, Any

from pydantic import BaseModel, ConfigDict, Field


class StrictModel(BaseModel):
    """Unknown keys are an error: a typo in an annotation must not silently change a score.
    Types are strict and numbers finite: `"2"`, `true` or `NaN` is never read as a number, nor
    `"yes"` or `0` as a boolean (pydantic's strict mode; JSON dates are still read from text)."""

    model_config = ConfigDict(extra="forbid", frozen=True, strict=True, allow_inf_nan=False)


class OpenModel(BaseModel):
    """Extra keys are kept: corpus and trace files often carry metadata of their own. The
    fields it declares are strict, as `StrictModel`'s."""

    model_config = ConfigDict(extra="allow", frozen=True, strict=True, allow_inf_nan=False)


Day = Annotated[dt.date, Field(strict=False)]
"""A date, written in JSON as `"2024-06-01"` (strict mode would take a `date` object only)."""


def empty_list() -> list[Any]:
    """A new empty list, as `list()` makes: the default factory of a list field. Not `list`
    itself: pydantic reads a factory's signature when it builds a model, and `list`'s is parsed
    from its text (about 0.7 ms a field: 25 ms of every start-up), a function's read as it is."""
    return []
