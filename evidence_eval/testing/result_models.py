"""The models inside a result, for the tests and the benchmark that check the result models
made without validation (`models.report.assembled`)."""

from __future__ import annotations

from collections.abc import Iterator

from pydantic import BaseModel


def models_in(model: BaseModel) -> Iterator[BaseModel]:
    """`model` and every model inside it (in fields, lists and dicts)."""
    yield model
    for value in model.__dict__.values():
        children = (
            value.values() if isinstance(value, dict) else value if isinstance(value, list) else [value]
        )
        for child in children:
            if isinstance(child, BaseModel):
                yield from models_in(child)
