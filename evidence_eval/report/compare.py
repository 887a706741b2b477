"""`compare`: two systems scored on the same annotation version, query by query.

Figures are ratios of sums over queries (as in the summary). Confidence intervals come from
a paired bootstrap over queries; p-values from a paired approximate randomization test
(swap each query's A/B values with probability 1/2), both seeded (after sacreBLEU).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field

from ..errors import UsageError
from ..models.report import QueryResult, Report, SystemReport
from ..scoring.signature import parse_signature

COMPARABLE_EXCEPT = {"version"}
# The paired randomization test over n queries has 2^n swaps, two of them as extreme as the
# observed delta at least: under 6 queries its p is never below 0.05, and the bootstrap's
# interval, made of as few queries resampled, is no better. Below it: the delta, no CI, no p.
MIN_PAIRED_QUERIES = 6


@dataclass(frozen=True)
class FigureComparison:
    figure: str
    a: float | None
    b: float | None
    delta: float | None
    ci_low: float | None
    ci_high: float | None
    p_value: float | None
    queries: int
    not_applicable: str | None = None  # why there is no CI and no p (too few paired queries)


@dataclass
class Comparison:
    system_a: str
    system_b: str
    signature: str
    mismatched: dict[str, tuple[str, str]]
    figures: list[FigureComparison]
    flips: list[dict[str, str]] = field(default_factory=list)
    trials: int = 1000
    seed: int = 12345

    def lines(self) -> list[str]:
        """The comparison as the command prints it."""
        queries = self.figures[0].queries if self.figures else 0
        lines = [
            f"A = {self.system_a}, B = {self.system_b}; {_queries(queries)}; bootstrap 95% CI "
            f"and randomization p ({self.trials} trials, seed {self.seed})"
        ]
        lines += [f"signature differs: {key}: {x} vs {y}" for key, (x, y) in self.mismatched.items()]
        for f in self.figures:
            if f.delta is None:
                lines.append(f"{f.figure}: n/a")
                continue
            if f.not_applicable is not None:
                lines.append(
                    f"{f.figure}: A {f.a:.3f}  B {f.b:.3f}  delta {f.delta:+.3f}  "
                    f"no CI, no p: {f.not_applicable}"
                )
                continue
            lines.append(
                f"{f.figure}: A {f.a:.3f}  B {f.b:.3f}  delta {f.delta:+.3f} "
                f"[{f.ci_low:+.3f}, {f.ci_high:+.3f}]  p={f.p_value:.4f}"
            )
        lines += [
            f"flip {flip['query_id']} / {flip['sub_question']} at {flip['where']}: {flip['a']} -> {flip['b']}"
            for flip in self.flips
        ]
        lines.append(f"signature: {self.signature}")
        return lines


def _queries(count: int) -> str:
    return f"{count} paired {'query' if count == 1 else 'queries'}"


def signature_differences(a: Report, b: Report) -> dict[str, tuple[str, str]]:
    parts_a, parts_b = parse_signature(a.signature), parse_signature(b.signature)
    return {
        key: (parts_a.get(key, "-"), parts_b.get(key, "-"))
        for key in sorted(set(parts_a) | set(parts_b))
        if parts_a.get(key) != parts_b.get(key)
    }


def pick(report: Report, name: str | None, which: str) -> SystemReport:
    if name is None:
        if len(report.systems) != 1:
            names = ", ".join(s.system for s in report.systems)
            raise UsageError(
                f"report {which} holds several systems ({names}): name one with --system-{which}"
            )
        return report.systems[0]
    for system in report.systems:
        if system.system == name:
            return system
    names = ", ".join(s.system for s in report.systems)
    raise UsageError(f"no system {name!r} in report {which} (it has {names})")


def _per_query(query: QueryResult, stage: str | None, vital: bool) -> tuple[float, int]:
    subs = [sq for sq in query.sub_questions if not vital or sq.importance == "vital"]
    if stage is None:
        scored = [sq for sq in subs if sq.answer.status != "not_applicable"]
        return sum(sq.answer.status == "supported" for sq in scored), len(scored)
    return sum(
        sq.stages.get(stage) is not None and sq.stages[stage].status == "supported" for sq in subs
    ), len(subs)


_MEANS = {"hit_rate": "hit", "mrr": "rr", "mean_recall": "recall"}


def _retrieval_pair(query: QueryResult, stage: str, k: str, measure: str) -> tuple[float, int]:
    """(value, 1) when the query entered this stage's mean, else (0, 0): the ratio of sums
    over queries is then the mean the summary reports."""
    scores = query.retrieval.get(stage)
    if scores is None or not scores.in_mean or k not in scores.at:
        return 0.0, 0
    return getattr(scores.at[k], _MEANS[measure]), 1


def _ratio(pairs: Sequence[tuple[float, int]]) -> float | None:
    total = sum(t for _, t in pairs)
    return sum(c for c, _ in pairs) / total if total else None


def compare(
    a: Report,
    b: Report,
    *,
    system_a: str | None = None,
    system_b: str | None = None,
    allow_mismatch: bool = False,
    trials: int = 1000,
    seed: int = 12345,
) -> Comparison:
    mismatched = signature_differences(a, b)
    significant = {k: v for k, v in mismatched.items() if k not in COMPARABLE_EXCEPT}
    if significant and not allow_mismatch:
        detail = "; ".join(f"{k}: {x} vs {y}" for k, x, y in ((k, *v) for k, v in significant.items()))
        raise UsageError(
            f"the reports are not comparable ({detail}); pass --allow-mismatch to compare anyway"
        )
    left, right = pick(a, system_a, "a"), pick(b, system_b, "b")
    by_id = {q.query_id: q for q in right.queries}
    common = [q for q in left.queries if q.query_id in by_id]
    if len(common) != len(left.queries) or len(common) != len(right.queries):
        raise UsageError("the two systems were scored on different query sets")
    stages = [s for s in left.summary.retrieval if s in right.summary.retrieval]
    rng = random.Random(seed)
    figures = []
    for label, stage, vital in [
        *((f"coverage.stages.{s}.{g}", s, g == "vital") for s in stages for g in ("all", "vital")),
        ("coverage.answer.all", None, False),
        ("coverage.answer.vital", None, True),
    ]:
        pairs_a = [_per_query(q, stage, vital) for q in common]
        pairs_b = [_per_query(by_id[q.query_id], stage, vital) for q in common]
        figures.append(_compare_figure(label, pairs_a, pairs_b, rng, trials))
    for stage in stages:
        for k in a.options.retrieval.k:
            for measure in _MEANS:
                label = f"retrieval.{stage}.at.{k}.{measure}"
                retrieval_a = [_retrieval_pair(q, stage, str(k), measure) for q in common]
                retrieval_b = [_retrieval_pair(by_id[q.query_id], stage, str(k), measure) for q in common]
                figures.append(_compare_figure(label, retrieval_a, retrieval_b, rng, trials))
    flips = []
    for query in common:
        other = {sq.id: sq for sq in by_id[query.query_id].sub_questions}
        for sq in query.sub_questions:
            twin = other.get(sq.id)
            if twin is None:
                continue
            for where, mine, theirs in [
                *((s, sq.stages.get(s), twin.stages.get(s)) for s in stages),
            ]:
                before = mine.status if mine else "missing"
                after = theirs.status if theirs else "missing"
                if (before == "supported") != (after == "supported"):
                    flips.append(
                        {
                            "query_id": query.query_id,
                            "sub_question": sq.id,
                            "where": where,
                            "a": before,
                            "b": after,
                        }
                    )
            if (sq.answer.status == "supported") != (twin.answer.status == "supported"):
                flips.append(
                    {
                        "query_id": query.query_id,
                        "sub_question": sq.id,
                        "where": "answer",
                        "a": sq.answer.status,
                        "b": twin.answer.status,
                    }
                )
    return Comparison(left.system, right.system, a.signature, mismatched, figures, flips, trials, seed)


def _compare_figure(
    label: str,
    pairs_a: Sequence[tuple[float, int]],
    pairs_b: Sequence[tuple[float, int]],
    rng: random.Random,
    trials: int,
) -> FigureComparison:
    value_a, value_b = _ratio(pairs_a), _ratio(pairs_b)
    n = len(pairs_a)
    if value_a is None or value_b is None or n == 0:
        return FigureComparison(label, value_a, value_b, None, None, None, None, n)
    delta = value_b - value_a
    entered = sum(1 for (_, total_a), (_, total_b) in zip(pairs_a, pairs_b) if total_a or total_b)
    if entered < MIN_PAIRED_QUERIES:
        reason = (
            f"{_queries(entered)}, fewer than {MIN_PAIRED_QUERIES} "
            f"(under {MIN_PAIRED_QUERIES} no difference can reach p < 0.05)"
        )
        return FigureComparison(label, value_a, value_b, delta, None, None, None, n, reason)
    deltas = []
    for _ in range(trials):
        sample = [rng.randrange(n) for _ in range(n)]
        ra, rb = _ratio([pairs_a[i] for i in sample]), _ratio([pairs_b[i] for i in sample])
        if ra is not None and rb is not None:
            deltas.append(rb - ra)
    deltas.sort()
    low = deltas[int(0.025 * (len(deltas) - 1))] if deltas else None
    high = deltas[int(0.975 * (len(deltas) - 1))] if deltas else None
    extreme = 0
    for _ in range(trials):
        swapped_a, swapped_b = [], []
        for pa, pb in zip(pairs_a, pairs_b):
            if rng.random() < 0.5:
                pa, pb = pb, pa
            swapped_a.append(pa)
            swapped_b.append(pb)
        ra, rb = _ratio(swapped_a), _ratio(swapped_b)
        if ra is not None and rb is not None and abs(rb - ra) >= abs(delta) - 1e-12:
            extreme += 1
    p_value = (extreme + 1) / (trials + 1)
    return FigureComparison(label, value_a, value_b, delta, low, high, p_value, n)
