"""Builds the bundled examples: corpus snapshot, annotation set and traces per language.

The texts are written for this project. Offsets are computed here from the quotes, so the
files stay consistent; run `python annotations/build_examples.py` after editing a text.
"""

from __future__ import annotations

import json
from pathlib import Path

HERE = Path(__file__).parent


def span(docs: dict[str, dict], doc_id: str, quote: str) -> dict:
    text = docs[doc_id]["text"]
    start = text.index(quote)
    if text.count(quote) != 1:
        raise SystemExit(f"quote {quote!r} is ambiguous in {doc_id}")
    return {"doc_id": doc_id, "start": start, "end": start + len(quote), "quote": quote}


def chunk_by(doc: dict, separators: str) -> None:
    """Chunks at sentence ends: each chunk ends after a separator character."""
    chunks, start = [], 0
    for index, char in enumerate(doc["text"]):
        if char in separators:
            chunks.append((start, index + 1))
            start = index + 1
    if start < len(doc["text"]):
        chunks.append((start, len(doc["text"])))
    doc["chunks"] = [
        {"chunk_id": f"{doc['doc_id']}#c{i}", "start": s, "end": e}
        for i, (s, e) in enumerate(chunks, start=1)
    ]


def chunk_text(doc: dict, number: int) -> dict:
    chunk = doc["chunks"][number - 1]
    return {
        "doc_id": doc["doc_id"],
        "chunk_id": chunk["chunk_id"],
        "start": chunk["start"],
        "end": chunk["end"],
        "text": doc["text"][chunk["start"] : chunk["end"]],
    }


def ids(doc: dict, number: int, score: float) -> dict:
    chunk = doc["chunks"][number - 1]
    return {"doc_id": doc["doc_id"], "chunk_id": chunk["chunk_id"], "score": score}


def write(folder: Path, name: str, corpus: list[dict], annotations: dict, traces: list[dict]) -> None:
    folder.mkdir(exist_ok=True)
    with open(folder / "corpus.jsonl", "w", encoding="utf-8") as out:
        for doc in corpus:
            out.write(json.dumps(doc, ensure_ascii=False) + "\n")
    (folder / f"{name}.annotations.json").write_text(
        json.dumps(annotations, ensure_ascii=False, indent=2) + "\n", encoding="utf-8"
    )
    with open(folder / f"{name}.traces.jsonl", "w", encoding="utf-8") as out:
        for trace in traces:
            out.write(json.dumps(trace, ensure_ascii=False) + "\n")


def chinese() -> None:
    corpus = [
        {
            "doc_id": "repair-materials",
            "version": "2024-01",
            "title": "住宅专项维修资金使用申请材料",
            "valid_from": "2024-01-01",
            "scope": {"region": "上海"},
            "text": "申请使用住宅专项维修资金的，应当提交下列材料：（一）维修资金使用申请书；"
            "（二）业主大会或者相关业主同意使用维修资金的书面决定；（三）维修工程预算书；"
            "（四）申请人身份证明。材料不齐全的，受理窗口应当一次性告知需要补正的全部内容。",
        },
        {
            "doc_id": "repair-exclusions",
            "version": "2024-01",
            "title": "不予受理的情形",
            "valid_from": "2024-01-01",
            "scope": {"region": "上海"},
            "text": "有下列情形之一的，维修资金使用申请不予受理：维修项目尚在保修期内、应由建设单位承担的；"
            "因业主人为损坏造成、应由责任人承担的；申请材料弄虚作假的。"
            "对不予受理的申请，受理窗口应当书面说明理由。",
        },
        {
            "doc_id": "repair-deadline",
            "version": "2024-01",
            "title": "办理时限",
            "valid_from": "2024-01-01",
            "scope": {"region": "上海"},
            "text": "管理机构应当自受理申请之日起十五个工作日内作出审核决定。"
            "需要现场查勘的，查勘时间不计入办理时限。"
            "申请人补正材料的期间，办理时限重新计算。",
        },
        {
            "doc_id": "repair-deadline-2019",
            "version": "2019-03",
            "title": "办理时限（旧版）",
            "valid_from": "2019-03-01",
            "valid_to": "2023-12-31",
            "scope": {"region": "上海"},
            "text": "管理机构应当自受理申请之日起二十个工作日内作出审核决定。"
            "需要现场查勘的，查勘时间不计入办理时限。",
        },
        {
            "doc_id": "parking-fees",
            "version": "2024-01",
            "title": "小区停车收费标准",
            "scope": {"region": "上海"},
            "text": "小区地面停车位每月收费150元，地下车库每月收费300元。临时停车首小时免费，之后每小时5元。",
        },
    ]
    for doc in corpus:
        chunk_by(doc, "。")
    docs = {doc["doc_id"]: doc for doc in corpus}
    annotations = {
        "schema_version": "1",
        "name": "repair-fund-zh",
        "version": "1.0",
        "language": "zh",
        "corpus": {"path": "corpus.jsonl"},
        "queries": [
            {
                "query_id": "repair-001",
                "text": "申请使用住宅专项维修资金需要哪些材料？哪些情况不予受理？办理时限怎么计算？",
                "scope": {"region": "上海"},
                "as_of": "2024-06-01",
                "doc_judgments": {
                    "repair-materials": 2,
                    "repair-exclusions": 2,
                    "repair-deadline": 2,
                    "repair-deadline-2019": 0,
                    "parking-fees": 0,
                },
                "chunk_judgments": {
                    "repair-materials#c1": 2,
                    "repair-exclusions#c1": 2,
                    "repair-deadline#c1": 2,
                    "repair-deadline#c2": 1,
                },
                "sub_questions": [
                    {
                        "id": "materials",
                        "kind": "materials",
                        "importance": "vital",
                        "text": "需要提交哪些材料？",
                        "evidence": [
                            [
                                span(
                                    docs,
                                    "repair-materials",
                                    "（一）维修资金使用申请书；（二）业主大会或者相关业主同意使用维修资金的书面决定；"
                                    "（三）维修工程预算书；（四）申请人身份证明。",
                                )
                            ]
                        ],
                        "answer_facts": [
                            {"id": "application", "text": "维修资金使用申请书", "aliases": ["使用申请书"]},
                            {
                                "id": "owners-decision",
                                "text": "业主同意使用维修资金的书面决定",
                                "aliases": ["业主大会的书面决定", "业主同意的书面决定"],
                            },
                            {"id": "budget", "text": "维修工程预算书", "aliases": ["工程预算"]},
                            {"id": "identity", "text": "申请人身份证明", "aliases": ["身份证明"]},
                        ],
                        "answer_mode": {"at_least": 3},
                    },
                    {
                        "id": "exclusions",
                        "kind": "exclusion",
                        "importance": "vital",
                        "text": "哪些情况不予受理？",
                        "evidence": [
                            [
                                span(docs, "repair-exclusions", "有下列情形之一的，维修资金使用申请不予受理"),
                                span(
                                    docs,
                                    "repair-exclusions",
                                    "维修项目尚在保修期内、应由建设单位承担的；因业主人为损坏造成、应由责任人承担的；"
                                    "申请材料弄虚作假的。",
                                ),
                            ]
                        ],
                        "answer_facts": [
                            {"id": "warranty", "text": "保修期内的维修项目不予受理", "polarity": "negated"},
                            {"id": "damage", "text": "业主人为损坏的不予受理", "polarity": "negated"},
                            {"id": "fraud", "text": "申请材料弄虚作假的不予受理", "polarity": "negated"},
                        ],
                    },
                    {
                        "id": "deadline",
                        "kind": "deadline",
                        "importance": "vital",
                        "text": "办理时限怎么计算？",
                        "evidence": [
                            [
                                span(docs, "repair-deadline", "自受理申请之日起十五个工作日内作出审核决定"),
                                span(docs, "repair-deadline", "查勘时间不计入办理时限"),
                            ]
                        ],
                        "answer_facts": [
                            {
                                "id": "fifteen-workdays",
                                "text": "15个工作日内作出审核决定",
                                "value": {"type": "duration", "amount": 15, "unit": "workday"},
                            },
                            {
                                "id": "survey-excluded",
                                "text": "现场查勘时间不计入办理时限",
                                "polarity": "negated",
                            },
                        ],
                    },
                ],
            }
        ],
    }
    m, x, d, p = (
        docs[k] for k in ("repair-materials", "repair-exclusions", "repair-deadline", "parking-fees")
    )
    traces = [
        {
            "query_id": "repair-001",
            "system": "bm25-materials-only",
            "stages": [
                {
                    "name": "candidates",
                    "items": [ids(m, 1, 12.1), ids(m, 2, 9.4), ids(p, 1, 3.2), ids(p, 2, 2.9)],
                },
                {"name": "reranked", "items": [ids(m, 1, 0.91), ids(m, 2, 0.55), ids(p, 1, 0.12)]},
                {"name": "context", "items": [chunk_text(m, 1), chunk_text(m, 2)]},
            ],
            "answer": "申请时需要提交维修资金使用申请书、业主大会或相关业主同意使用维修资金的书面决定、"
            "维修工程预算书以及申请人身份证明。材料不全的，窗口会一次性告知需要补正的内容。",
        },
        {
            "query_id": "repair-001",
            "system": "hybrid-truncated",
            "stages": [
                {
                    "name": "candidates",
                    "items": [
                        ids(m, 1, 0.88),
                        ids(x, 1, 0.84),
                        ids(d, 1, 0.80),
                        ids(d, 2, 0.77),
                        ids(p, 1, 0.31),
                    ],
                },
                {
                    "name": "reranked",
                    "items": [ids(m, 1, 0.97), ids(x, 1, 0.95), ids(d, 1, 0.93), ids(d, 2, 0.90)],
                },
                {
                    "name": "context",
                    "items": [
                        chunk_text(m, 1),
                        chunk_text(x, 1),
                        {**chunk_text(d, 1), "text": chunk_text(d, 1)["text"][:14]},
                    ],
                },
            ],
            "answer": "需要提交维修资金使用申请书、业主同意使用维修资金的书面决定、维修工程预算书和申请人身份证明。"
            "保修期内的维修项目、业主人为损坏的，以及申请材料弄虚作假的，不予受理。"
            "管理机构一般在十个工作日内作出审核决定。",
        },
        {
            "query_id": "repair-001",
            "system": "hybrid-full",
            "stages": [
                {
                    "name": "candidates",
                    "items": [
                        ids(m, 1, 0.88),
                        ids(x, 1, 0.84),
                        ids(d, 1, 0.80),
                        ids(d, 2, 0.77),
                        ids(p, 1, 0.31),
                    ],
                },
                {
                    "name": "reranked",
                    "items": [ids(m, 1, 0.97), ids(x, 1, 0.95), ids(d, 1, 0.93), ids(d, 2, 0.90)],
                },
                {
                    "name": "context",
                    "items": [
                        {**chunk_text(m, 1), "text": chunk_text(m, 1)["text"].replace("；", "；\n")},
                        chunk_text(x, 1),
                        chunk_text(d, 1),
                        chunk_text(d, 2),
                    ],
                },
            ],
            "answer": "一、所需材料：维修资金使用申请书；业主大会或相关业主同意使用维修资金的书面决定；维修工程预算书；"
            "申请人身份证明。二、不予受理的情形：维修项目尚在保修期内的，不予受理；因业主人为损坏造成的，不予受理；"
            "申请材料弄虚作假的，同样不予受理。三、办理时限：自受理之日起１５个工作日内作出审核决定，"
            "需要现场查勘的，查勘时间不计入办理时限。",
        },
    ]
    write(HERE / "repair_zh", "repair", corpus, annotations, traces)


def english() -> None:
    corpus = [
        {
            "doc_id": "claim-documents",
            "version": "3.2",
            "title": "What to send with a warranty claim",
            "valid_from": "2024-01-01",
            "scope": {"market": "US"},
            "text": "To open a warranty claim, send the following documents. "
            "A proof of purchase, such as the original receipt or invoice. "
            "The serial number printed under the battery cover. "
            "Two photos that show the defect clearly.",
        },
        {
            "doc_id": "claim-exclusions",
            "version": "3.2",
            "title": "What the warranty does not cover",
            "valid_from": "2024-01-01",
            "scope": {"market": "US"},
            "text": "The warranty does not cover damage from misuse, accidents or liquid. "
            "Repairs by unauthorized service centers void the warranty. "
            "Cosmetic wear such as scratches is excluded.",
        },
        {
            "doc_id": "claim-timeline",
            "version": "3.2",
            "title": "How long a claim takes",
            "valid_from": "2024-01-01",
            "scope": {"market": "US"},
            "text": "We decide on a complete claim within 15 business days of receiving it. "
            "Shipping time is not counted toward this period. "
            "If documents are missing, the period starts again when they arrive.",
        },
        {
            "doc_id": "shipping-rates",
            "version": "1.0",
            "title": "Shipping rates",
            "scope": {"market": "US"},
            "text": "Standard shipping costs $5.99 and takes three to five days. Express shipping costs $14.99.",
        },
    ]
    for doc in corpus:
        chunk_by(doc, ".")
    docs = {doc["doc_id"]: doc for doc in corpus}
    annotations = {
        "schema_version": "1",
        "name": "warranty-claim-en",
        "version": "1.0",
        "language": "en",
        "corpus": {"path": "corpus.jsonl"},
        "queries": [
            {
                "query_id": "warranty-001",
                "text": "What do I need to file a warranty claim, what is not covered, and how long does it take?",
                "scope": {"market": "US"},
                "as_of": "2024-06-01",
                "doc_judgments": {
                    "claim-documents": 2,
                    "claim-exclusions": 2,
                    "claim-timeline": 2,
                    "shipping-rates": 0,
                },
                "chunk_judgments": {
                    "claim-documents#c2": 2,
                    "claim-documents#c3": 2,
                    "claim-documents#c4": 2,
                    "claim-exclusions#c1": 2,
                    "claim-timeline#c1": 2,
                    "claim-timeline#c2": 1,
                },
                "sub_questions": [
                    {
                        "id": "documents",
                        "kind": "materials",
                        "importance": "vital",
                        "text": "Which documents are needed?",
                        "evidence": [
                            [
                                span(
                                    docs,
                                    "claim-documents",
                                    "A proof of purchase, such as the original receipt or invoice.",
                                ),
                                span(
                                    docs,
                                    "claim-documents",
                                    "The serial number printed under the battery cover.",
                                ),
                                span(docs, "claim-documents", "Two photos that show the defect clearly."),
                            ]
                        ],
                        "answer_facts": [
                            {"id": "receipt", "text": "proof of purchase", "aliases": ["receipt", "invoice"]},
                            {"id": "serial", "text": "serial number"},
                            {"id": "photos", "text": "photos of the defect", "aliases": ["two photos"]},
                        ],
                    },
                    {
                        "id": "exclusions",
                        "kind": "exclusion",
                        "importance": "vital",
                        "text": "What is not covered?",
                        "evidence": [
                            [
                                span(
                                    docs,
                                    "claim-exclusions",
                                    "The warranty does not cover damage from misuse, accidents or liquid.",
                                )
                            ]
                        ],
                        "answer_facts": [
                            {
                                "id": "misuse",
                                "text": "damage from misuse is not covered",
                                "polarity": "negated",
                            },
                            {"id": "liquid", "text": "liquid damage is not covered", "polarity": "negated"},
                        ],
                        "answer_mode": "all",
                    },
                    {
                        "id": "timeline",
                        "kind": "deadline",
                        "importance": "vital",
                        "text": "How long does a decision take?",
                        "evidence": [
                            [
                                span(
                                    docs,
                                    "claim-timeline",
                                    "We decide on a complete claim within 15 business days of receiving it.",
                                ),
                                span(
                                    docs, "claim-timeline", "Shipping time is not counted toward this period."
                                ),
                            ]
                        ],
                        "answer_facts": [
                            {
                                "id": "fifteen-days",
                                "text": "a decision within 15 business days",
                                "aliases": ["decide within 15 business days"],
                                "value": {"type": "duration", "amount": 15, "unit": "workday"},
                            },
                            {
                                "id": "shipping-not-counted",
                                "text": "shipping time is not counted",
                                "polarity": "negated",
                            },
                        ],
                    },
                    {
                        "id": "unauthorized",
                        "kind": "exclusion",
                        "importance": "okay",
                        "text": "Do third-party repairs matter?",
                        "evidence": [
                            [
                                span(
                                    docs,
                                    "claim-exclusions",
                                    "Repairs by unauthorized service centers void the warranty.",
                                )
                            ]
                        ],
                        "answer_facts": [
                            {
                                "id": "unauthorized-void",
                                "text": "repairs by unauthorized service centers void the warranty",
                            }
                        ],
                    },
                ],
            }
        ],
    }
    c, x, t, s = (
        docs[k] for k in ("claim-documents", "claim-exclusions", "claim-timeline", "shipping-rates")
    )
    traces = [
        {
            "query_id": "warranty-001",
            "system": "bm25-materials-only",
            "stages": [
                {
                    "name": "candidates",
                    "items": [ids(c, 2, 11.2), ids(c, 3, 10.8), ids(c, 4, 9.9), ids(s, 1, 4.1)],
                },
                {"name": "reranked", "items": [ids(c, 2, 0.9), ids(c, 3, 0.85), ids(c, 4, 0.8)]},
                {"name": "context", "items": [chunk_text(c, 2), chunk_text(c, 3), chunk_text(c, 4)]},
            ],
            "answer": "Send a proof of purchase such as your receipt, the serial number from under the "
            "battery cover, and two photos of the defect.",
        },
        {
            "query_id": "warranty-001",
            "system": "hybrid-truncated",
            "stages": [
                {
                    "name": "candidates",
                    "items": [
                        ids(c, 2, 0.9),
                        ids(x, 1, 0.88),
                        ids(t, 1, 0.86),
                        ids(c, 3, 0.8),
                        ids(c, 4, 0.79),
                        ids(t, 2, 0.7),
                        ids(x, 2, 0.6),
                    ],
                },
                {
                    "name": "reranked",
                    "items": [
                        ids(c, 2, 0.96),
                        ids(c, 3, 0.95),
                        ids(c, 4, 0.94),
                        ids(x, 1, 0.93),
                        ids(t, 1, 0.92),
                        ids(t, 2, 0.9),
                    ],
                },
                {
                    "name": "context",
                    "items": [
                        chunk_text(c, 2),
                        chunk_text(c, 3),
                        chunk_text(c, 4),
                        chunk_text(x, 1),
                        {**chunk_text(t, 1), "text": chunk_text(t, 1)["text"][:30]},
                    ],
                },
            ],
            "answer": "Send your receipts, the serial number and two photos of the defect. "
            "Damage from misuse, accidents or liquid is not covered. "
            "A decision usually takes ten business days.",
        },
        {
            "query_id": "warranty-001",
            "system": "hybrid-full",
            "stages": [
                {
                    "name": "candidates",
                    "items": [
                        ids(c, 2, 0.9),
                        ids(x, 1, 0.88),
                        ids(t, 1, 0.86),
                        ids(c, 3, 0.8),
                        ids(c, 4, 0.79),
                        ids(t, 2, 0.7),
                        ids(x, 2, 0.6),
                    ],
                },
                {
                    "name": "reranked",
                    "items": [
                        ids(c, 2, 0.96),
                        ids(c, 3, 0.95),
                        ids(c, 4, 0.94),
                        ids(x, 1, 0.93),
                        ids(t, 1, 0.92),
                        ids(t, 2, 0.9),
                        ids(x, 2, 0.8),
                    ],
                },
                {
                    "name": "context",
                    "items": [
                        chunk_text(c, 2),
                        chunk_text(c, 3),
                        chunk_text(c, 4),
                        {
                            **chunk_text(x, 1),
                            "text": chunk_text(x, 1)["text"].replace("misuse, ", "misuse,\n"),
                        },
                        chunk_text(x, 2),
                        chunk_text(t, 1),
                        chunk_text(t, 2),
                    ],
                },
            ],
            "answer": "You need a proof of purchase (the original receipt or invoice), the serial number "
            "printed under the battery cover, and two photos that show the defect. "
            "Damage from misuse, accidents or liquid isn't covered, and repairs by unauthorized "
            "service centers void the warranty. We decide within fifteen business days of "
            "receiving a complete claim; shipping time is not counted.",
        },
    ]
    write(HERE / "warranty_en", "warranty", corpus, annotations, traces)


if __name__ == "__main__":
    chinese()
    english()
