"""What building a query's result models costs, per model class, on one run's real values:
validated (`Model(**fields)`), pydantic's `model_construct`, and `models.report.assembled` (what
`score` does since session 12: `__new__` and the four slots `model_construct` fills, from every
field in order). Each way is first checked to give the validated model (==, repr, fields set,
JSON). The last column is how `score` made them before: validated, `StageEvidence` and
`StageRetrieval` with their nested models as dicts in one validation (the nested models then
cost nothing of their own).

    python bench/bench_models.py bench/out/realistic-300/zh [--rounds 7]

The values are read back from the scored report (each model's fields as it was given them,
nested models already built), so each class is timed for its own fields only. CPU time
(`time.process_time`), the median of the rounds; the last line is ms a query.
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections import defaultdict
from collections.abc import Callable
from pathlib import Path
from typing import Any

from pydantic import BaseModel

import evidence_eval
from evidence_eval.models.report import (
    CutoffScores,
    EvidenceMatch,
    EvidenceProblem,
    QueryResult,
    ReportModel,
    StageEvidence,
    StageRetrieval,
    assembled,
)
from evidence_eval.testing.result_models import models_in

Fields = dict[str, Any]
Build = Callable[[type[ReportModel], Fields], ReportModel]


def validated(model: type[ReportModel], fields: Fields) -> ReportModel:
    return model(**fields)


def constructed(model: type[ReportModel], fields: Fields) -> ReportModel:
    return model.model_construct(**fields)


def as_validated_dicts(model: type[ReportModel], fields: Fields) -> ReportModel:
    """One validation with the nested models as dicts: how `score` made these two before."""
    nested = {
        name: (
            [item.model_dump() for item in value]
            if isinstance(value, list)
            else {key: item.model_dump() for key, item in value.items()}
        )
        for name, value in fields.items()
        if name in ("matches", "problems", "at")
    }
    return model.model_validate({**fields, **nested})


def recorded(folder: Path) -> tuple[int, dict[type[ReportModel], list[tuple[Fields, Fields]]]]:
    """(queries, per class: (the fields as given, every field)) of each model in the results."""
    report = evidence_eval.score(folder / "bench.annotations.json", folder / "bench.traces.jsonl")
    queries: list[QueryResult] = [query for system in report.systems for query in system.queries]
    per_class: dict[type[ReportModel], list[tuple[Fields, Fields]]] = defaultdict(list)
    for query in queries:
        for model in models_in(query):
            assert isinstance(model, ReportModel)
            given = {name: model.__dict__[name] for name in model.model_fields_set}
            per_class[type(model)].append((given, dict(model.__dict__)))
    return len(queries), per_class


def same(one: BaseModel, other: BaseModel) -> bool:
    return (
        one == other
        and repr(one) == repr(other)
        and one.model_fields_set == other.model_fields_set
        and one.model_dump_json(indent=2) == other.model_dump_json(indent=2)
    )


def cpu_seconds(build: Build, model: type[ReportModel], values: list[Fields], rounds: int) -> float:
    times = []
    for _ in range(rounds):
        copies = [dict(fields) for fields in values]  # `assembled` keeps the dict it is given
        start = time.process_time()
        for fields in copies:
            build(model, fields)
        times.append(time.process_time() - start)
    return statistics.median(times)


WAYS: dict[str, tuple[Build, bool]] = {  # name: (build, given every field)
    "validated": (validated, False),
    "model_construct": (constructed, False),
    "assembled": (assembled, True),
}
IN_ONE_CALL = {StageEvidence, StageRetrieval}  # `score` validated these with their nested models as dicts
NESTED = {EvidenceMatch, EvidenceProblem, CutoffScores}  # so these cost nothing of their own then


def timed(model: type[ReportModel], pairs: list[tuple[Fields, Fields]], rounds: int) -> dict[str, float]:
    """CPU seconds of each way over every model of the class, and of `score`'s former way."""
    seconds = {}
    for way, (build, every) in WAYS.items():
        values = [whole if every else given for given, whole in pairs]
        for fields, (given, _) in zip(values, pairs):
            assert same(build(model, dict(fields)), model(**given)), f"{way}: another {model.__name__}"
        seconds[way] = cpu_seconds(build, model, values, rounds)
    if model in IN_ONE_CALL:
        seconds["before"] = cpu_seconds(as_validated_dicts, model, [given for given, _ in pairs], rounds)
    else:
        seconds["before"] = 0.0 if model in NESTED else seconds["validated"]
    return seconds


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument(
        "folder", type=Path, help="a benchmark folder (bench.annotations.json, bench.traces.jsonl)"
    )
    parser.add_argument("--rounds", type=int, default=7)
    args = parser.parse_args()
    queries, per_class = recorded(args.folder)
    ways = [*WAYS, "before"]
    print(f"{queries} query results: µs a model (CPU, median of {args.rounds} rounds); last line ms a query")
    print(f"{'model':20} {'models':>7} " + " ".join(f"{way:>15}" for way in ways))
    totals: dict[str, float] = defaultdict(float)
    for model, pairs in sorted(per_class.items(), key=lambda item: -len(item[1])):
        seconds = timed(model, pairs, args.rounds)
        for way in ways:
            totals[way] += seconds[way]
        print(
            f"{model.__name__:20} {len(pairs):7d} "
            + " ".join(f"{seconds[w] / len(pairs) * 1e6:15.2f}" for w in ways)
        )
    print(f"{'all':28} " + " ".join(f"{totals[way] / queries * 1e3:15.3f}" for way in ways))


if __name__ == "__main__":
    main()
