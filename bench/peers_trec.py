"""The peer tools on the same TREC files, whole process, same figures (hit, RR, recall @10)."""

from __future__ import annotations

import sys


def with_pytrec_eval(qrels_path: str, run_path: str) -> None:
    import pytrec_eval

    qrels: dict[str, dict[str, int]] = {}
    for line in open(qrels_path):
        q, _, d, g = line.split()
        qrels.setdefault(q, {})[d] = int(g)
    run: dict[str, dict[str, float]] = {}
    for line in open(run_path):
        q, _, d, rank, score, _ = line.split()
        if int(rank) <= 10:  # recip_rank has no cutoff in trec_eval: cut the run at 10
            run.setdefault(q, {})[d] = float(score)
    evaluator = pytrec_eval.RelevanceEvaluator(qrels, {"recall.10", "success.10", "recip_rank"})
    results = evaluator.evaluate(run)
    n = len(results)
    print({m: sum(r[m] for r in results.values()) / n for m in ("recall_10", "success_10", "recip_rank")})


def with_ranx(qrels_path: str, run_path: str) -> None:
    from ranx import Qrels, Run, evaluate

    qrels = Qrels.from_file(qrels_path, kind="trec")
    run = Run.from_file(run_path, kind="trec")
    print(evaluate(qrels, run, ["hit_rate@10", "mrr@10", "recall@10"]))


if __name__ == "__main__":
    {"pytrec_eval": with_pytrec_eval, "ranx": with_ranx}[sys.argv[1]](sys.argv[2], sys.argv[3])
