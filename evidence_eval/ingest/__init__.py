"""What comes in from other tools: readers of their files (RAGChecker, RAGAS, TREC, BEIR,
MuSiQue, DuReader) and importers of tracing systems' exports (OpenInference, Langfuse,
LangSmith), each made into traces, a corpus and a draft annotation set.

Everything made here from another tool's data is marked `draft` (set) or `needs_review`
(sub-question): numbers from it are named `+draft` in a report's signature.
"""
