"""Writes the importer fixtures from two MuSiQue questions (shared/data/musique, CC BY 4.0).

Each export is written with its system's own conventions (OpenInference semantic
conventions, Langfuse's public API objects, LangSmith's Run schema), as the instrumentation
of a small RAG pipeline would log it:
- q A: 4 paragraphs retrieved, all 4 kept by a reranker, 3 rendered in the prompt: one
  exact, one with its line breaks reflowed (normalised match), one cut after 150
  characters; the 4th absent.
- q B: 4 paragraphs retrieved, rendered in another order, one with a word changed
  ("employee - owned, American" -> "employee-owned American":
  aligned).
Run: python tests/data/importers/make_fixtures.py [path/to/shared/data]
"""

from __future__ import annotations

import json
import sys
from functools import partial
from pathlib import Path
from typing import Any

HERE = Path(__file__).parent
SYSTEM = "You are an expert Q&A system that is trusted around the world."
TEMPLATE = (
    "Context information is below.\n---------------------\n{context_str}\n---------------------\n"
    "Given the context information and not prior knowledge, answer the query.\nQuery: {query_str}\nAnswer: "
)


def load(shared: Path) -> list[dict[str, Any]]:
    entries = json.loads((shared / "musique" / "qa_train.json").read_text(encoding="utf-8"))
    a, b = entries[0], entries[1]
    pick_a = [10, 6, 1, 0]
    pick_b = [14, 15, 6, 16]
    out = []
    for entry, picks in ((a, pick_a), (b, pick_b)):
        paragraphs = {p["idx"]: p for p in entry["paragraphs"]}
        docs = [
            {
                "node_id": f"{entry['id'][:8]}-node-{idx:02d}",
                "source": f"musique/{paragraphs[idx]['title']}",
                "title": paragraphs[idx]["title"],
                "text": paragraphs[idx]["paragraph_text"],
                "score": round(0.9 - 0.07 * rank, 3),
            }
            for rank, idx in enumerate(picks)
        ]
        out.append(
            {"id": entry["id"], "question": entry["question"], "answer": entry["answer"], "docs": docs}
        )
    return out


def rendered(query: dict[str, Any], which: str) -> list[str]:
    """The chunks as the prompt shows them."""
    docs = query["docs"]
    if which == "A":
        reflowed = docs[1]["text"].replace(". ", ".\n", 2)
        return [docs[0]["text"], reflowed, docs[2]["text"][:150] + "..."]
    changed = docs[3]["text"].replace("employee - owned, American", "employee-owned American")
    return [docs[1]["text"], docs[0]["text"], changed, docs[2]["text"]]


def context_str(query: dict[str, Any], which: str) -> str:
    chunks = rendered(query, which)
    titles = [d["title"] for d in query["docs"]]
    order = [0, 1, 2] if which == "A" else [1, 0, 3, 2]
    return "\n\n".join(f"file_name: {titles[i]}.txt\n\n{chunk}" for i, chunk in zip(order, chunks))


def prompt_text(query: dict[str, Any], which: str) -> str:
    return TEMPLATE.format(context_str=context_str(query, which), query_str=query["question"])


# ---- OpenInference, OTLP JSON (LlamaIndex instrumentation) ----


def value(v: Any) -> dict[str, Any]:
    if isinstance(v, bool):
        return {"boolValue": v}
    if isinstance(v, int):
        return {"intValue": str(v)}
    if isinstance(v, float):
        return {"doubleValue": v}
    return {"stringValue": v}


def attrs(pairs: dict[str, Any]) -> list[dict[str, Any]]:
    return [{"key": k, "value": value(v)} for k, v in pairs.items()]


def otlp_span(
    trace_id: str, t0: int, sid: str, parent: str | None, name: str, start: int, end: int, a: dict[str, Any]
) -> dict[str, Any]:
    return {
        "traceId": trace_id,
        "spanId": sid,
        **({"parentSpanId": parent} if parent else {}),
        "name": name,
        "kind": 1,
        "startTimeUnixNano": str(t0 + start),
        "endTimeUnixNano": str(t0 + end),
        "attributes": attrs(a),
        "status": {"code": 1},
    }


def stamp(prefix: str, second: int) -> str:
    return prefix.format(second=second)


def otlp(queries: list[dict[str, Any]]) -> dict[str, Any]:
    spans = []
    for n, (query, which) in enumerate(zip(queries, "AB")):
        trace_id = f"{n + 1:032x}"
        t0 = 1733290000_000000000 + n * 10_000_000_000
        root, ret, rer, llm = (f"{n + 1:02d}{k:014x}" for k in (1, 2, 3, 4))
        docs = query["docs"]

        def doc_attrs(prefix: str, chosen: list[dict[str, Any]]) -> dict[str, Any]:
            out: dict[str, Any] = {}
            for i, d in enumerate(chosen):
                out[f"{prefix}.{i}.document.id"] = d["node_id"]
                out[f"{prefix}.{i}.document.content"] = d["text"]
                out[f"{prefix}.{i}.document.score"] = d["score"]
                out[f"{prefix}.{i}.document.metadata"] = json.dumps(
                    {"file_name": d["title"] + ".txt", "source": d["source"]}
                )
            return out

        span = partial(otlp_span, trace_id, t0)
        spans.append(
            span(
                root,
                None,
                "RetrieverQueryEngine.query",
                0,
                9_000_000,
                {
                    "openinference.span.kind": "CHAIN",
                    "input.value": query["question"],
                    "output.value": query["answer"],
                    "metadata": json.dumps({"query_id": query["id"]}),
                },
            )
        )
        spans.append(
            span(
                ret,
                root,
                "VectorIndexRetriever.retrieve",
                100,
                2_000_000,
                {
                    "openinference.span.kind": "RETRIEVER",
                    "input.value": query["question"],
                    **doc_attrs("retrieval.documents", docs),
                },
            )
        )
        if which == "A":
            spans.append(
                span(
                    rer,
                    root,
                    "SentenceTransformerRerank.postprocess_nodes",
                    2_000_100,
                    3_000_000,
                    {
                        "openinference.span.kind": "RERANKER",
                        "reranker.query": query["question"],
                        "reranker.model_name": "cross-encoder/ms-marco-MiniLM-L-2-v2",
                        "reranker.top_k": 4,
                        **doc_attrs("reranker.input_documents", docs),
                        **doc_attrs("reranker.output_documents", docs),
                    },
                )
            )
        spans.append(
            span(
                llm,
                root,
                "OpenAI.chat",
                3_000_100,
                8_000_000,
                {
                    "openinference.span.kind": "LLM",
                    "llm.model_name": "gpt-4o-mini",
                    "llm.input_messages.0.message.role": "system",
                    "llm.input_messages.0.message.content": SYSTEM,
                    "llm.input_messages.1.message.role": "user",
                    "llm.input_messages.1.message.content": prompt_text(query, which),
                    "llm.prompt_template.template": TEMPLATE,
                    "llm.prompt_template.variables": json.dumps(
                        {"context_str": context_str(query, which), "query_str": query["question"]}
                    ),
                    "llm.output_messages.0.message.role": "assistant",
                    "llm.output_messages.0.message.content": query["answer"],
                    "llm.token_count.prompt": 412,
                },
            )
        )
    return {
        "resourceSpans": [
            {
                "resource": {"attributes": attrs({"service.name": "rag-demo"})},
                "scopeSpans": [
                    {"scope": {"name": "openinference.instrumentation.llama_index"}, "spans": spans}
                ],
            }
        ]
    }


# ---- OpenInference, Phoenix span export (LangChain instrumentation) ----


def phoenix(queries: list[dict[str, Any]]) -> list[dict[str, Any]]:
    lines = []
    for n, (query, which) in enumerate(zip(queries, "AB")):
        trace_id = f"phx-{n + 1:04d}"
        at = partial(stamp, f"2024-12-04T05:0{n}:{{second:02d}}.000000+00:00")
        docs = query["docs"]
        base: dict[str, Any] = {"status_code": "OK", "status_message": "", "events": [], "conversation": None}
        lines.append(
            {
                "name": "RetrievalQA",
                "context": {"trace_id": trace_id, "span_id": f"{trace_id}-root"},
                "span_kind": "CHAIN",
                "parent_id": None,
                "start_time": at(0),
                "end_time": at(9),
                **base,
                "attributes": {
                    "input": {
                        "value": json.dumps({"query": query["question"]}),
                        "mime_type": "application/json",
                    },
                    "output": {
                        "value": json.dumps({"result": query["answer"]}),
                        "mime_type": "application/json",
                    },
                    "openinference": {"span": {"kind": "CHAIN"}},
                    "metadata": {"query_id": query["id"]},
                },
            }
        )
        # the retriever line written with flat dotted keys (older Phoenix exports)
        lines.append(
            {
                "name": "VectorStoreRetriever",
                "context": {"trace_id": trace_id, "span_id": f"{trace_id}-ret"},
                "span_kind": "RETRIEVER",
                "parent_id": f"{trace_id}-root",
                "start_time": at(1),
                "end_time": at(2),
                **base,
                "attributes": {
                    "input.value": query["question"],
                    "openinference.span.kind": "RETRIEVER",
                    "retrieval.documents": [
                        {"document.content": d["text"], "document.metadata": {"source": d["source"]}}
                        for d in docs
                    ],
                },
            }
        )
        if which == "A":  # the prompt template's span (LangChain instrumentation: kind UNKNOWN)
            variables = {"context": context_str(query, which), "question": query["question"]}
            lines.append(
                {
                    "name": "ChatPromptTemplate",
                    "context": {"trace_id": trace_id, "span_id": f"{trace_id}-prompt"},
                    "span_kind": "UNKNOWN",
                    "parent_id": f"{trace_id}-root",
                    "start_time": at(2),
                    "end_time": at(2),
                    **base,
                    "attributes": {
                        "input": {"value": json.dumps(variables), "mime_type": "application/json"},
                        "openinference": {"span": {"kind": "UNKNOWN"}},
                    },
                }
            )
        lines.append(
            {
                "name": "ChatOpenAI",
                "context": {"trace_id": trace_id, "span_id": f"{trace_id}-llm"},
                "span_kind": "LLM",
                "parent_id": f"{trace_id}-root",
                "start_time": at(3),
                "end_time": at(8),
                **base,
                "attributes": {
                    "openinference": {"span": {"kind": "LLM"}},
                    "llm": {
                        "model_name": "gpt-4o-mini",
                        "input_messages": [
                            {"message": {"role": "system", "content": SYSTEM}},
                            {"message": {"role": "user", "content": prompt_text(query, which)}},
                        ],
                        "output_messages": [{"message": {"role": "assistant", "content": query["answer"]}}],
                    },
                },
            }
        )
    return lines


# ---- Langfuse (LangChain CallbackHandler, public API objects) ----


def lc_doc(d: dict[str, Any]) -> dict[str, Any]:
    return {
        "id": None,
        "metadata": {"source": d["source"], "title": d["title"]},
        "page_content": d["text"],
        "type": "Document",
    }


def observation(
    trace_id: str,
    at: Any,
    oid: str,
    kind: str,
    name: str,
    parent: str | None,
    s: int,
    e: int,
    inp: Any,
    out: Any,
) -> dict[str, Any]:
    return {
        "id": f"{trace_id}-{oid}",
        "traceId": trace_id,
        "type": kind,
        "name": name,
        "startTime": at(s),
        "endTime": at(e),
        "parentObservationId": parent and f"{trace_id}-{parent}",
        "input": inp,
        "output": out,
        "metadata": {},
        "level": "DEFAULT",
        "version": None,
    }


def langfuse(queries: list[dict[str, Any]]) -> list[dict[str, Any]]:
    records: list[dict[str, Any]] = []
    for n, (query, which) in enumerate(zip(queries, "AB")):
        trace_id = f"lf-trace-{n + 1}"
        at = partial(stamp, f"2024-12-04T06:0{n}:{{second:02d}}.000Z")
        docs = query["docs"]
        obs = partial(observation, trace_id, at)
        observations = [
            obs(
                "root",
                "CHAIN",
                "RunnableSequence",
                None,
                0,
                9,
                {"question": query["question"]},
                query["answer"],
            ),
            obs(
                "ret",
                "RETRIEVER",
                "VectorStoreRetriever",
                "root",
                1,
                2,
                query["question"],
                [lc_doc(d) for d in docs],
            ),
            obs(
                "prompt",
                "SPAN",
                "ChatPromptTemplate",
                "root",
                3,
                3,
                {"context": context_str(query, which), "question": query["question"]},
                None,
            ),
            obs(
                "gen",
                "GENERATION",
                "ChatOpenAI",
                "root",
                4,
                8,
                [
                    {"role": "system", "content": SYSTEM},
                    {"role": "user", "content": prompt_text(query, which)},
                ],
                {"role": "assistant", "content": query["answer"]},
            ),
        ]
        trace = {
            "id": trace_id,
            "timestamp": at(0),
            "name": "rag",
            "input": {"question": query["question"]},
            "output": query["answer"],
            "metadata": {"query_id": query["id"]},
            "tags": [],
            "sessionId": None,
        }
        if n == 0:
            records.append({**trace, "observations": observations})  # GET /api/public/traces/{id}
        else:
            records.append(trace)  # the traces export, then its observations
            records += observations
    return records


# ---- LangSmith (Client.list_runs, one Run per line) ----


def lc_message(kind: str, content: str) -> dict[str, Any]:
    return {
        "lc": 1,
        "type": "constructor",
        "id": ["langchain", "schema", "messages", kind],
        "kwargs": {"content": content, "type": kind.removesuffix("Message").lower()},
    }


def langsmith_run(
    trace_id: str,
    at: Any,
    query_id: str,
    rid: str,
    kind: str,
    name: str,
    parent: str | None,
    s: int,
    e: int,
    inputs: Any,
    outputs: Any,
) -> dict[str, Any]:
    def full(short: str) -> str:
        return short if short == trace_id else f"{trace_id[:-4]}{short}"

    return {
        "id": full(rid),
        "trace_id": trace_id,
        "run_type": kind,
        "name": name,
        "parent_run_id": parent and full(parent),
        "start_time": at(s),
        "end_time": at(e),
        "inputs": inputs,
        "outputs": outputs,
        "error": None,
        "extra": {"metadata": {"query_id": query_id}},
        "tags": [],
        "session_id": "proj-1",
    }


def langsmith(queries: list[dict[str, Any]]) -> list[dict[str, Any]]:
    runs = []
    for n, (query, which) in enumerate(zip(queries, "AB")):
        trace_id = f"1ef{n + 1:05d}-0000-4000-8000-000000000000"
        at = partial(stamp, f"2024-12-04T07:0{n}:{{second:02d}}.000000")
        docs = query["docs"]
        run = partial(langsmith_run, trace_id, at, query["id"])
        runs.append(
            run(
                trace_id,
                "chain",
                "RunnableSequence",
                None,
                0,
                9,
                {"question": query["question"]},
                {"output": query["answer"]},
            )
        )
        if which == "B":
            runs.append(
                run(
                    "0c01",
                    "retriever",
                    "ContextualCompressionRetriever",
                    trace_id,
                    1,
                    3,
                    {"query": query["question"]},
                    {"documents": [lc_doc(d) for d in docs]},
                )
            )
            parent = "0c01"
        else:
            parent = trace_id
        runs.append(
            run(
                "0a01",
                "retriever",
                "VectorStoreRetriever",
                parent,
                1,
                2,
                {"query": query["question"]},
                {"documents": [lc_doc(d) for d in docs]},
            )
        )
        runs.append(
            run(
                "0b01",
                "prompt",
                "ChatPromptTemplate",
                trace_id,
                4,
                4,
                {"context": context_str(query, which), "question": query["question"]},
                {
                    "output": {
                        "lc": 1,
                        "type": "constructor",
                        "id": ["langchain", "prompts", "chat", "ChatPromptValue"],
                        "kwargs": {},
                    }
                },
            )
        )
        if which == "A":
            messages: Any = [
                [lc_message("SystemMessage", SYSTEM), lc_message("HumanMessage", prompt_text(query, which))]
            ]
        else:
            messages = [
                {"role": "system", "content": SYSTEM},
                {"role": "user", "content": prompt_text(query, which)},
            ]
        runs.append(
            run(
                "0d01",
                "llm",
                "ChatOpenAI",
                trace_id,
                5,
                8,
                {"messages": messages},
                {
                    "generations": [
                        [
                            {
                                "text": query["answer"],
                                "type": "ChatGeneration",
                                "message": lc_message("AIMessage", query["answer"]),
                            }
                        ]
                    ],
                    "llm_output": {"model_name": "gpt-4o-mini"},
                },
            )
        )
    return runs


def annotation_set(queries: list[dict[str, Any]]) -> dict[str, Any]:
    return {
        "schema_version": "1",
        "name": "musique-importers",
        "version": "1",
        "language": "en",
        "queries": [{"query_id": q["id"], "text": q["question"], "sub_questions": []} for q in queries],
    }


def main() -> None:
    shared = Path(sys.argv[1]) if len(sys.argv) > 1 else HERE.parents[3] / "shared" / "data"
    queries = load(shared)
    (HERE / "llamaindex.otlp.json").write_text(json.dumps(otlp(queries), indent=1, ensure_ascii=False) + "\n")
    for name, rows in (
        ("langchain.phoenix.jsonl", phoenix(queries)),
        ("langfuse.jsonl", langfuse(queries)),
        ("langsmith.runs.jsonl", langsmith(queries)),
    ):
        (HERE / name).write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in rows))
    (HERE / "musique.annotations.json").write_text(json.dumps(annotation_set(queries), indent=1) + "\n")


if __name__ == "__main__":
    main()
