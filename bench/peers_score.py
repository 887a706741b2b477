"""The peer for the `score` benchmark (issue 21): ragas' non-LLM context recall and string
similarity on the same pairs our `score` judges. Run with an interpreter that has ragas
(a separate environment: `python -m venv /tmp/ragas-venv && /tmp/ragas-venv/bin/pip install ragas`).

    /tmp/ragas-venv/bin/python bench/peers_score.py ANNOTATIONS TRACES

Per trace line: `NonLLMContextRecall` of the context stage's item texts against every gold
quote of the query (retrieved_contexts / reference_contexts), and `NonLLMStringSimilarity` of
the answer against the query's answer facts (response / reference). Prints the means and the
number of pairs, so that the work is the same set of (trace, query) pairs as ours.
"""

from __future__ import annotations

import json
import sys

from ragas.dataset_schema import SingleTurnSample
from ragas.metrics import NonLLMContextRecall, NonLLMStringSimilarity


def main(annotations_path: str, traces_path: str) -> None:
    with open(annotations_path, encoding="utf-8") as handle:
        annotations = json.load(handle)
    gold = {}
    for query in annotations["queries"]:
        quotes = [span["quote"] for sq in query["sub_questions"] for alt in sq["evidence"] for span in alt]
        facts = [fact["text"] for sq in query["sub_questions"] for fact in sq.get("answer_facts", [])]
        gold[query["query_id"]] = (quotes, " ".join(facts))
    recall, similarity = NonLLMContextRecall(), NonLLMStringSimilarity()
    recalls, similarities = [], []
    with open(traces_path, encoding="utf-8") as handle:
        for line in handle:
            trace = json.loads(line)
            quotes, facts = gold[trace["query_id"]]
            stages = {stage["name"]: stage for stage in trace["stages"]}
            context = stages.get("context") or trace["stages"][-1]
            texts = [item["text"] for item in context["items"] if item.get("text")] or [""]
            if quotes:
                sample = SingleTurnSample(retrieved_contexts=texts, reference_contexts=quotes)
                recalls.append(recall.single_turn_score(sample))
            if facts and trace.get("answer") is not None:
                sample = SingleTurnSample(response=trace["answer"], reference=facts)
                similarities.append(similarity.single_turn_score(sample))
    print(
        f"context recall {sum(recalls) / max(1, len(recalls)):.4f} over {len(recalls)} traces; "
        f"string similarity {sum(similarities) / max(1, len(similarities)):.4f} over {len(similarities)}"
    )


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
