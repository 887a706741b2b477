"""What comes in, read and checked: readers of other tools' files (`readers`: RAGChecker,
RAGAS, TREC, BEIR; `decomposed`: MuSiQue, DuReader) and importers of tracing systems' exports
(`importers`: OpenInference, Langfuse, LangSmith), made into traces, a corpus and a draft
annotation set (`traces`: another tool's traces in memory); and `validate`, every problem of
an annotation set against its snapshot (what `check` lists and every scoring run refuses).

Everything made here from another tool's data is marked `draft` (set) or `needs_review`
(sub-question): numbers from it are named `+draft` in a report's signature.
"""
