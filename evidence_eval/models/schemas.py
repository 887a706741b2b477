"""JSON Schemas of the public formats, generated from the models."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel

from .annotations import AnnotationSet
from .corpus import Document
from .decisions import DecisionsLine
from .policy import Policy
from .report import Report, RetrievalReport
from .traces import Trace

SCHEMA_MODELS: dict[str, type[BaseModel]] = {
    "annotations.schema.json": AnnotationSet,
    "corpus-document.schema.json": Document,
    "trace.schema.json": Trace,
    "policy.schema.json": Policy,
    "report.schema.json": Report,
    "retrieval-report.schema.json": RetrievalReport,
    "decisions.schema.json": DecisionsLine,
}


def json_schemas() -> dict[str, dict[str, Any]]:
    schemas = {}
    for filename, model in SCHEMA_MODELS.items():
        schema = model.model_json_schema()
        schema["$schema"] = "https://json-schema.org/draft/2020-12/schema"
        schemas[filename] = schema
    return schemas
