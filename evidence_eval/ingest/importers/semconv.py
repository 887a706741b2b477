"""OpenInference attribute names, from the specification's own package.

`openinference-semantic-conventions` (Arize, Apache-2.0, pure Python, no dependencies)
defines the names every OpenInference instrumentation writes: spec at
github.com/Arize-ai/openinference, spec/semantic_conventions.md. They are read from it here
rather than retyped, so a renamed attribute shows up as an import error, not as empty stages.
"""

from __future__ import annotations

from dataclasses import dataclass

from ...errors import UsageError


@dataclass(frozen=True)
class Names:
    span_kind: str
    input_value: str
    output_value: str
    metadata: str
    retrieval_documents: str
    reranker_input_documents: str
    reranker_output_documents: str
    reranker_query: str
    input_messages: str
    output_messages: str
    template_variables: str
    message_role: str
    message_content: str
    message_contents: str
    document_id: str
    document_content: str
    document_score: str
    document_metadata: str
    kind_llm: str
    kind_retriever: str
    kind_reranker: str
    kind_chain: str


def names() -> Names:
    try:
        from openinference.semconv.trace import (
            DocumentAttributes,
            MessageAttributes,
            OpenInferenceSpanKindValues,
            RerankerAttributes,
            SpanAttributes,
        )
    except ImportError:
        raise UsageError(
            "reading OpenInference exports needs the package openinference-semantic-conventions: "
            "pip install openinference-semantic-conventions"
        ) from None
    return Names(
        span_kind=SpanAttributes.OPENINFERENCE_SPAN_KIND,
        input_value=SpanAttributes.INPUT_VALUE,
        output_value=SpanAttributes.OUTPUT_VALUE,
        metadata=SpanAttributes.METADATA,
        retrieval_documents=SpanAttributes.RETRIEVAL_DOCUMENTS,
        reranker_input_documents=RerankerAttributes.RERANKER_INPUT_DOCUMENTS,
        reranker_output_documents=RerankerAttributes.RERANKER_OUTPUT_DOCUMENTS,
        reranker_query=RerankerAttributes.RERANKER_QUERY,
        input_messages=SpanAttributes.LLM_INPUT_MESSAGES,
        output_messages=SpanAttributes.LLM_OUTPUT_MESSAGES,
        template_variables=SpanAttributes.LLM_PROMPT_TEMPLATE_VARIABLES,
        message_role=MessageAttributes.MESSAGE_ROLE,
        message_content=MessageAttributes.MESSAGE_CONTENT,
        message_contents=MessageAttributes.MESSAGE_CONTENTS,
        document_id=DocumentAttributes.DOCUMENT_ID,
        document_content=DocumentAttributes.DOCUMENT_CONTENT,
        document_score=DocumentAttributes.DOCUMENT_SCORE,
        document_metadata=DocumentAttributes.DOCUMENT_METADATA,
        kind_llm=OpenInferenceSpanKindValues.LLM.value,
        kind_retriever=OpenInferenceSpanKindValues.RETRIEVER.value,
        kind_reranker=OpenInferenceSpanKindValues.RERANKER.value,
        kind_chain=OpenInferenceSpanKindValues.CHAIN.value,
    )
