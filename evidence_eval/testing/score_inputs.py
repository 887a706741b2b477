"""Generated inputs for `score` (the benchmarks of bench/ and the tests of partial runs, Dask
and the segmenter), one folder per language: QUERIES queries, 4 sub-questions each with 1-3
spans and 1-2 answer facts, stages of 100 candidate ids, 20 reranked and 8 context items of
~600 characters with text, answers of ~800 characters. Not part of the API."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

ZH_WORDS = (
    "申请 材料 受理 维修 资金 业主 审核 决定 工作日 期限 提交 证明 窗口 管理 机构 "
    "施工 保修 损坏 责任 书面 告知 补正 查勘 时限 计算 情形 项目 单位 预算 身份"
).split()
EN_WORDS = (
    "claim warranty receipt serial number photo defect damage misuse repair service "
    "center decision business day shipping period document proof purchase invoice "
    "battery cover accident liquid cosmetic wear scratch window office review"
).split()
KINDS = ("materials", "exclusion", "deadline", "eligibility")


def sentence(rng: random.Random, zh: bool) -> str:
    words = rng.choices(ZH_WORDS if zh else EN_WORDS, k=rng.randint(8, 16))
    if zh:
        return "".join(words) + "。"
    text = " ".join(words)
    return text[0].upper() + text[1:] + ". "


def document(rng: random.Random, zh: bool, size: int = 600) -> str:
    parts: list[str] = []
    while sum(map(len, parts)) < size:
        parts.append(sentence(rng, zh))
    return "".join(parts)[:size]


def build(folder: Path, queries: int, zh: bool, seed: int) -> None:
    rng = random.Random(seed)
    folder.mkdir(parents=True, exist_ok=True)
    lang = "zh" if zh else "en"
    n_docs = max(200, queries // 2)
    docs = [{"doc_id": f"{lang}-d{i}", "version": "1", "text": document(rng, zh)} for i in range(n_docs)]
    with open(folder / "corpus.jsonl", "w", encoding="utf-8") as out:
        for doc in docs:
            out.write(json.dumps(doc, ensure_ascii=False) + "\n")
    annotation_queries = []
    with open(folder / "bench.traces.jsonl", "w", encoding="utf-8") as traces:
        for q in range(queries):
            relevant = rng.sample(docs, 4)
            subs: list[dict[str, Any]] = []
            for s, doc in enumerate(relevant):
                spans = []
                for _ in range(rng.randint(1, 3)):
                    start = rng.randrange(0, len(doc["text"]) - 60)
                    end = start + rng.randint(15, 50)
                    spans.append(
                        {"doc_id": doc["doc_id"], "start": start, "end": end, "quote": doc["text"][start:end]}
                    )
                facts: list[dict[str, Any]] = [
                    {"id": f"f{f}", "text": sentence(rng, zh).strip(" .。")[:30]}
                    for f in range(rng.randint(1, 2))
                ]
                if s == 2:
                    facts[0]["value"] = {"type": "duration", "amount": 15, "unit": "workday"}
                subs.append(
                    {"id": f"s{s}", "kind": KINDS[s], "text": "?", "evidence": [spans], "answer_facts": facts}
                )
            qid = f"{lang}-q{q}"
            annotation_queries.append(
                {
                    "query_id": qid,
                    "text": "?",
                    "doc_judgments": {d["doc_id"]: 1 for d in relevant},
                    "sub_questions": subs,
                }
            )
            pool = rng.sample(docs, 100)
            keep = rng.sample(relevant, rng.randint(1, 4))
            candidates = [
                {"doc_id": d["doc_id"], "score": 100.0 - i}
                for i, d in enumerate(keep + pool[: 100 - len(keep)])
            ]
            reranked = [{"doc_id": d["doc_id"], "text": d["text"]} for d in (keep + pool)[:20]]
            context = reranked[:8]
            answer_parts = [sub["answer_facts"][0]["text"] for sub in subs if rng.random() < 0.6]
            answer = ("，" if zh else ", ").join(answer_parts)
            answer += ("。" if zh else ". ") + (
                "在十五个工作日内办结。" if zh else "Within fifteen business days. "
            )
            while len(answer) < 800:
                answer += sentence(rng, zh)
            traces.write(
                json.dumps(
                    {
                        "query_id": qid,
                        "system": "bench",
                        "stages": [
                            {"name": "candidates", "items": candidates},
                            {"name": "reranked", "items": reranked},
                            {"name": "context", "items": context},
                        ],
                        "answer": answer[:800],
                    },
                    ensure_ascii=False,
                )
                + "\n"
            )
    annotations = {
        "schema_version": "1",
        "name": f"bench-{lang}",
        "version": "1",
        "language": lang,
        "corpus": {"path": "corpus.jsonl"},
        "queries": annotation_queries,
    }
    (folder / "bench.annotations.json").write_text(
        json.dumps(annotations, ensure_ascii=False), encoding="utf-8"
    )
