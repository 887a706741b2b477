"""Pydantic models: the public formats of DESIGN.md (corpus, annotations, traces, report)."""

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
