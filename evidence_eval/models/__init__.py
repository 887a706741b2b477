"""Pydantic models: the public formats of docs/formats.md (corpus, annotations, traces, report)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..lazy import lazy_exports

if TYPE_CHECKING:
    from .annotations import (
        AnnotationSet,
        AnswerFact,
        AtLeast,
        CorpusRef,
        DateValue,
        DurationValue,
        MoneyValue,
        NumberValue,
        Query,
        Span,
        SubQuestion,
        TypedValue,
    )
    from .corpus import Chunk, Document, Snapshot, canonical_sha256
    from .traces import CONTEXT_STAGE, Item, Stage, Trace

__all__ = [
    "AnnotationSet",
    "AnswerFact",
    "AtLeast",
    "CONTEXT_STAGE",
    "Chunk",
    "CorpusRef",
    "DateValue",
    "Document",
    "Snapshot",
    "canonical_sha256",
    "DurationValue",
    "Item",
    "MoneyValue",
    "NumberValue",
    "Query",
    "Span",
    "Stage",
    "SubQuestion",
    "Trace",
    "TypedValue",
]

__getattr__ = lazy_exports(
    __name__,
    {
        "AnnotationSet": ".annotations",
        "AnswerFact": ".annotations",
        "AtLeast": ".annotations",
        "CorpusRef": ".annotations",
        "DateValue": ".annotations",
        "DurationValue": ".annotations",
        "MoneyValue": ".annotations",
        "NumberValue": ".annotations",
        "Query": ".annotations",
        "Span": ".annotations",
        "SubQuestion": ".annotations",
        "TypedValue": ".annotations",
        "Chunk": ".corpus",
        "Document": ".corpus",
        "Snapshot": ".corpus",
        "canonical_sha256": ".corpus",
        "CONTEXT_STAGE": ".traces",
        "Item": ".traces",
        "Stage": ".traces",
        "Trace": ".traces",
    },
)
