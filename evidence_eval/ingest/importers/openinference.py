"""OpenInference traces (Arize Phoenix; the OpenInference instrumentations of LangChain,
LlamaIndex, Haystack, DSPy) -> raw traces.

Two shapes are read, one per file:
- OTLP JSON (the OpenTelemetry file exporter, or one ExportTraceServiceRequest): a
  `resourceSpans[].scopeSpans[].spans[]` object per file or per line, each span with
  `traceId`, `spanId`, `parentSpanId`, `startTimeUnixNano` and `attributes` as
  `[{key, value: {stringValue | intValue | doubleValue | boolValue | arrayValue | kvlistValue}}]`.
  (The pre-1.0 name `instrumentationLibrarySpans` is read too, but not mixed with the other.)
- Phoenix's span export: one span per line (or a JSON array) with `context.{trace_id,
  span_id}`, `parent_id`, `span_kind`, `start_time` and `attributes`, nested objects or flat
  dotted keys (`attributes.input.value` columns of the spans dataframe, too).

Stages: each RETRIEVER span's `retrieval.documents` ("candidates"), each RERANKER span's
`reranker.output_documents` ("reranked"), in the order they started. The prompt and answer
come from the last LLM span; the query is the root span's `input.value`.
"""

from __future__ import annotations

from typing import Any

from ...errors import Location
from .messages import QUERY_KEYS, plain_text, template_variables
from .model import Problems, Prompt, RawDoc, RawStage, RawTrace, Skip
from .prompt_context import CONTEXT_VARIABLES
from .records import (
    Record,
    as_id,
    decoded,
    foreign_shape,
    lookup,
    number,
    read_records,
    text_of,
    unflatten,
)
from .semconv import Names, names
from .spans import Span, by_end, by_start, group, timestamp


def read(path: str, problems: Problems) -> list[RawTrace]:
    attrs = names()
    spans = list(_spans(path, problems))
    traces = []
    for trace_id, members in group(spans).items():
        try:
            traces.append(_trace(trace_id, members, attrs, problems))
        except Skip:
            continue
    return traces


def _spans(path: str, problems: Problems) -> list[Span]:
    spans: list[Span] = []
    first_shape: tuple[str, Location] | None = None
    for record in read_records(path):
        shape = _shape(record.value)
        if shape is None:
            other = foreign_shape(record.value)
            problems.add(
                record.where,
                "neither an OTLP export (resourceSpans) nor a Phoenix span (context.trace_id)"
                + (f" but a {other} record" if other else ""),
                f"read the file as {other}"
                if other
                else "export the spans as OTLP JSON or with Phoenix's span export",
            )
            continue
        if first_shape is None:
            first_shape = (shape, record.where)
        elif shape != first_shape[0]:
            problems.add(
                record.where,
                f"mixed export versions: this is {shape}, {first_shape[1]} was {first_shape[0]}",
                "export all the spans with one tool version, or convert the files one at a time",
            )
            continue
        found = _otlp_spans(record, shape) if shape.startswith("otlp") else [_phoenix_span(record)]
        for span in found:
            if not span.trace_id:
                problems.add(span.where, "span without a trace id", "re-export with the trace ids")
                continue
            span.position = len(spans)
            spans.append(span)
    return spans


def _shape(value: dict[str, Any]) -> str | None:
    if "resourceSpans" in value:
        scoped = [block for resource in _list(value["resourceSpans"]) for block in _dict_keys(resource)]
        if "instrumentationLibrarySpans" in scoped and "scopeSpans" not in scoped:
            return "otlp (instrumentationLibrarySpans, before OTLP 1.0)"
        return "otlp (scopeSpans)"
    if "context" in value or "context.span_id" in value or "context.trace_id" in value:
        return "phoenix span export"
    return None


def _dict_keys(value: Any) -> list[str]:
    return list(value) if isinstance(value, dict) else []


def _list(value: Any) -> list[Any]:
    return value if isinstance(value, list) else []


def _otlp_spans(record: Record, shape: str) -> list[Span]:
    scope_key = "instrumentationLibrarySpans" if "instrumentationLibrarySpans" in shape else "scopeSpans"
    spans = []
    for r, resource in enumerate(_list(record.value["resourceSpans"])):
        for s, scope in enumerate(_list(resource.get(scope_key) if isinstance(resource, dict) else None)):
            for k, raw in enumerate(_list(scope.get("spans") if isinstance(scope, dict) else None)):
                where = record.at(f".resourceSpans[{r}].{scope_key}[{s}].spans[{k}]")
                if isinstance(raw, dict):
                    spans.append(_otlp_span(raw, where))
    return spans


def _otlp_span(raw: dict[str, Any], where: Location) -> Span:
    attributes = {
        str(pair.get("key")): any_value(pair.get("value"))
        for pair in _list(raw.get("attributes"))
        if isinstance(pair, dict) and "key" in pair
    }
    tree = unflatten(attributes)
    return Span(
        trace_id=as_id(raw.get("traceId")) or "",
        span_id=as_id(raw.get("spanId")) or "",
        parent_id=as_id(raw.get("parentSpanId")),
        kind=str(lookup(tree, "openinference.span.kind") or "").upper(),
        name=str(raw.get("name") or ""),
        start=timestamp(raw.get("startTimeUnixNano")),
        end=timestamp(raw.get("endTimeUnixNano")),
        where=where,
        data=tree,
    )


def any_value(value: Any) -> Any:
    """An OTLP `AnyValue` as a Python value (int64 comes as a string in OTLP JSON)."""
    if not isinstance(value, dict):
        return value
    if "stringValue" in value:
        return value["stringValue"]
    if "intValue" in value:
        try:
            return int(value["intValue"])
        except (TypeError, ValueError):
            return value["intValue"]
    if "doubleValue" in value:
        return number(value["doubleValue"])
    if "boolValue" in value:
        return bool(value["boolValue"])
    if "arrayValue" in value:
        return [any_value(v) for v in _list((value["arrayValue"] or {}).get("values"))]
    if "kvlistValue" in value:
        pairs = _list((value["kvlistValue"] or {}).get("values"))
        return {str(p.get("key")): any_value(p.get("value")) for p in pairs if isinstance(p, dict)}
    if "bytesValue" in value:
        return value["bytesValue"]
    return None


def _phoenix_span(record: Record) -> Span:
    value = unflatten(record.value)
    context: dict[str, Any] = value["context"] if isinstance(value.get("context"), dict) else {}
    attributes = value.get("attributes")
    tree = unflatten(attributes) if isinstance(attributes, dict) else {}
    kind = lookup(tree, "openinference.span.kind") or value.get("span_kind") or ""
    return Span(
        trace_id=as_id(context.get("trace_id")) or "",
        span_id=as_id(context.get("span_id")) or "",
        parent_id=as_id(value.get("parent_id")),
        kind=str(kind).upper(),
        name=str(value.get("name") or ""),
        start=timestamp(value.get("start_time")),
        end=timestamp(value.get("end_time")),
        where=record.where,
        data=tree,
    )


def _trace(trace_id: str, spans: list[Span], attrs: Names, problems: Problems) -> RawTrace:
    root = spans[0]
    trace = RawTrace(trace_id=trace_id, where=root.where, records=[span.data for span in spans])
    trace.query = _query(root, spans, attrs)
    retrievers = 0
    rerankers = 0
    for span in by_end(spans):
        if span.kind == attrs.kind_retriever:
            retrievers += 1
            docs = _documents(span, attrs.retrieval_documents, attrs, problems)
            trace.stages.append(RawStage(_numbered("candidates", retrievers), docs))
        elif span.kind == attrs.kind_reranker:
            rerankers += 1
            docs = _documents(span, attrs.reranker_output_documents, attrs, problems)
            trace.stages.append(RawStage(_numbered("reranked", rerankers), docs))
    llms = [span for span in by_start(spans) if span.kind == attrs.kind_llm]
    if llms:
        trace.prompt = _prompt(llms[-1], attrs)
        if trace.prompt is not None and not trace.prompt.variables:
            trace.prompt.variables.update(_variables_before(llms[-1], spans, attrs))
        trace.answer = _llm_answer(llms[-1], attrs)
        if trace.answer is None:
            problems.add(
                _attributes_of(llms[-1]),
                f"LLM span without output ({attrs.output_messages} and {attrs.output_value} absent)",
                "an LLM call that failed has no answer to score; --on-error skip leaves its trace out",
            )
            raise Skip
    else:
        trace.answer = plain_text(lookup(root.data, attrs.output_value))
    return trace


def _attributes_of(span: Span) -> Location:
    return Location(span.where.path, span.where.line, f"{span.where.json_path or '$'}.attributes")


def _numbered(name: str, count: int) -> str:
    return name if count == 1 else f"{name}_{count}"


def _query(root: Span, spans: list[Span], attrs: Names) -> str | None:
    query = plain_text(lookup(root.data, attrs.input_value), QUERY_KEYS)
    if query:
        return query
    for span in by_start(spans):
        if span.kind in (attrs.kind_retriever, attrs.kind_reranker):
            found = plain_text(lookup(span.data, attrs.input_value), QUERY_KEYS)
            found = found or plain_text(lookup(span.data, attrs.reranker_query))
            if found:
                return found
    return None


def _documents(span: Span, attribute: str, attrs: Names, problems: Problems) -> list[RawDoc]:
    found = lookup(span.data, attribute)
    if not isinstance(found, list) or not found:
        problems.add(
            _attributes_of(span),
            f"{span.kind} span {span.name or span.span_id!r} without {attribute}",
            "the instrumentation logged no documents (hidden outputs?); --on-error skip leaves the trace out",
        )
        raise Skip
    docs = []
    for index, element in enumerate(found):
        record: dict[str, Any] = element if isinstance(element, dict) else {}
        document: dict[str, Any] = record["document"] if isinstance(record.get("document"), dict) else record
        where = Location(
            span.where.path, span.where.line, f"{span.where.json_path or '$'}:{attribute}[{index}]"
        )
        docs.append(
            RawDoc(
                text=text_of(document.get("content")),
                native_id=as_id(document.get("id")),
                score=number(document.get("score")),
                record={"document": {**document, "metadata": decoded(document.get("metadata"))}},
                where=where,
            )
        )
    return docs


def _prompt(span: Span, attrs: Names) -> Prompt | None:
    messages = lookup(span.data, attrs.input_messages)
    texts: list[str] = []
    for message in _list(messages):
        body = message.get("message") if isinstance(message, dict) else None
        if not isinstance(body, dict):
            continue
        text = text_of(body.get("content")) or text_of(body.get("contents"))
        if text:
            texts.append(text)
    if not texts:
        prompts = lookup(span.data, "llm.prompts")
        texts = [t for t in (text_of(p) for p in _list(prompts)) if t]
    if not texts:
        value = plain_text(lookup(span.data, attrs.input_value), QUERY_KEYS)
        texts = [value] if value else []
    variables = decoded(lookup(span.data, attrs.template_variables))
    if not texts and not isinstance(variables, dict):
        return None
    return Prompt("\n\n".join(texts), variables if isinstance(variables, dict) else {}, span.where)


def _variables_before(llm: Span, spans: list[Span], attrs: Names) -> dict[str, Any]:
    """A context variable logged as the input of a step before the LLM (LangChain's prompt
    template span: `input.value` = {"context": ..., "question": ...})."""
    for span in reversed(by_start(spans)):
        if span is llm or span.start is None or llm.start is None or span.start > llm.start:
            continue
        variables = template_variables(lookup(span.data, attrs.input_value))
        if any(name in variables for name in CONTEXT_VARIABLES):
            return variables
    return {}


def _llm_answer(span: Span, attrs: Names) -> str | None:
    messages = _list(lookup(span.data, attrs.output_messages))
    for message in reversed(messages):
        body = message.get("message") if isinstance(message, dict) else None
        if isinstance(body, dict):
            text = text_of(body.get("content")) or text_of(body.get("contents"))
            if text is not None:
                return text
    return plain_text(lookup(span.data, attrs.output_value))
