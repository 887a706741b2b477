"""The corpus snapshot: one versioned document per line of `corpus.jsonl`."""

from __future__ import annotations

import datetime as dt
import hashlib
import json

from pydantic import Field, NonNegativeInt, model_validator

from .base import Day, OpenModel, StrictModel


class Chunk(StrictModel):
    """A chunk of a document: `[start, end)` in Unicode code points of `Document.text`."""

    chunk_id: str = Field(min_length=1)
    start: NonNegativeInt
    end: NonNegativeInt

    @model_validator(mode="after")
    def _ordered(self) -> Chunk:
        if self.end < self.start:
            raise ValueError(f"chunk end {self.end} is before start {self.start}")
        return self


class Document(OpenModel):
    doc_id: str = Field(min_length=1)
    version: str = Field(min_length=1)
    text: str
    title: str | None = None
    valid_from: Day | None = None
    valid_to: Day | None = None
    scope: dict[str, str] = Field(default_factory=dict)
    chunks: list[Chunk] | None = None

    @model_validator(mode="after")
    def _chunks_inside_text(self) -> Document:
        for chunk in self.chunks or ():
            if chunk.end > len(self.text):
                raise ValueError(
                    f"chunk {chunk.chunk_id!r} ends at {chunk.end}, past the text's "
                    f"{len(self.text)} characters"
                )
        if self.valid_from and self.valid_to and self.valid_to < self.valid_from:
            raise ValueError(f"valid_to {self.valid_to} is before valid_from {self.valid_from}")
        return self

    def is_valid_on(self, day: dt.date) -> bool:
        """valid_from <= day <= valid_to, open ends allowed."""
        if self.valid_from and day < self.valid_from:
            return False
        return not (self.valid_to and day > self.valid_to)


class Snapshot:
    """A loaded corpus: documents by id, chunks by id, and the snapshot's identity."""

    def __init__(self, documents: list[Document]):
        self.documents: dict[str, Document] = {doc.doc_id: doc for doc in documents}
        self.chunks: dict[str, tuple[Document, Chunk]] = {
            chunk.chunk_id: (doc, chunk) for doc in documents for chunk in doc.chunks or ()
        }
        self.sha256 = canonical_sha256(documents)

    def __len__(self) -> int:
        return len(self.documents)

    def get(self, doc_id: str) -> Document | None:
        return self.documents.get(doc_id)


def canonical_sha256(documents: list[Document]) -> str:
    """SHA-256 of the snapshot's content, independent of line order, key order and spacing:
    each document as sorted-key compact JSON (None fields left out), sorted by doc_id,
    one per line."""
    digest = hashlib.sha256()
    for doc in sorted(documents, key=lambda d: d.doc_id):
        record = doc.model_dump(mode="json", exclude_none=True)
        digest.update(json.dumps(record, sort_keys=True, ensure_ascii=False, separators=(",", ":")).encode())
        digest.update(b"\n")
    return digest.hexdigest()
