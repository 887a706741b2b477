"""Scoring: annotations + traces (+ snapshot) -> Report. Streams the traces."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from contextlib import closing
from dataclasses import dataclass, field, replace
from typing import Protocol

from ..coverage.subquestions import evaluate_query, failed_to_answer, missing_trace_results
from ..coverage.summary import SubQuestionDigest, by_kind, coverage_figures
from ..errors import InputError, Location, PolicyError, UsageError
from ..io.loaders import parse_trace
from ..metrics import stage_scores
from ..metrics.aggregate import StageDigest, stage_summary
from ..metrics.policies import (
    absent_stage,
    apply_zero_positive,
    refuse_zero_positive,
    unidentified_stage,
    unjudged_stage,
)
from ..metrics.retrieval import Scores
from ..models import AnnotationSet, Item, Query, Snapshot, Trace
from ..models.options import ScoreOptions
from ..models.report import (
    CutoffScores,
    Inputs,
    QueryResult,
    Report,
    StageRetrieval,
    SystemReport,
    SystemSummary,
    assembled,
)
from ..text import rarity
from ..text.segment import Segmenter, segmenter_for, segmenter_name
from ..version import __version__
from .heap import frozen_heap, paused_collection
from .signature import matching_parts, retrieval_parts, signature
from .workers import batched, ordered_map


@dataclass(frozen=True, slots=True)
class QueryDigest:
    """What a system's summary needs of one query."""

    trace: str
    coverage: str
    retrieval: dict[str, StageDigest]
    sub_questions: list[SubQuestionDigest]
    answer_given: bool | None = None

    @classmethod
    def of(cls, result: QueryResult) -> QueryDigest:
        return cls(
            result.trace,
            result.coverage,
            _stage_digests(result.retrieval),
            [SubQuestionDigest.of(sq) for sq in result.sub_questions],
            result.answer_given,
        )


def _stage_digests(retrieval: dict[str, StageRetrieval]) -> dict[str, StageDigest]:
    """Each stage's digest, made once per model (a missing trace's stages share one)."""
    made: dict[int, StageDigest] = {}
    for stage in retrieval.values():
        if id(stage) not in made:
            made[id(stage)] = StageDigest.of(stage)
    return {name: made[id(stage)] for name, stage in retrieval.items()}


class Spool(Protocol):
    """Where full per-query results go, as `spooled_text` writes them, when they are not
    kept in memory."""

    def put(self, system: str, query_id: str, blob: bytes, stages: tuple[str, ...]) -> None: ...


_QUERY_INDENT = b" " * 8  # Report > systems[] > system > queries[] > query


def spooled_bytes(result: QueryResult) -> bytes:
    """A query's result as the JSON report prints it, indented to its place, in UTF-8: what
    `model_dump_json(indent=2)` decodes, without making a str of it (it is spooled as bytes)."""
    dumped = result.__pydantic_serializer__.to_json(result, indent=2)
    return _QUERY_INDENT + dumped.replace(b"\n", b"\n" + _QUERY_INDENT)


def spooled_text(result: QueryResult) -> str:
    """A query's result as the JSON report prints it, indented to its place."""
    return spooled_bytes(result).decode("utf-8")


@dataclass(frozen=True, slots=True)
class Scored:
    """What scoring one trace line gives: its result (in memory or as spooled text) and
    digest, or the input problem that stops the run (or, skipping bad lines, is skipped; a
    `fatal` one stops the run even then: what is wrong is not the line but the inputs)."""

    line: int
    problem: InputError | None = None
    fatal: bool = False
    system: str = ""
    query_id: str = ""
    digest: QueryDigest | None = None
    result: QueryResult | None = None
    spooled: bytes | None = None


class TraceScorer:
    """Scores one trace at a time against an annotation set. With `jobs` > 1 each worker
    process runs a copy of it (forked, so the pipelines are loaded once)."""

    def __init__(
        self,
        annotations: AnnotationSet,
        snapshot: Snapshot | None,
        options: ScoreOptions,
        traces_path: str,
        spooling: bool,
    ):
        self.annotations = annotations
        self.queries = _index_queries(annotations)
        self.snapshot = snapshot
        self.options = options
        self.traces_path = traces_path
        self.spooling = spooling
        # One segmenter per language the set uses (a query may name its own): built here, once.
        self.segmenters = {language: segmenter_for(language) for language in annotations.languages()}
        rarity.preload(annotations.languages())  # read once, before any worker forks
        self.segmenter = self.segmenters[annotations.language]

    def segmenter_of(self, query: Query) -> Segmenter:
        """The pipeline for the query's own language, or the set's."""
        return self.segmenters[query.language or self.annotations.language]

    def score_batch(self, traces: list[tuple[int, Trace | str]]) -> list[Scored]:
        return [self.score(line, trace) for line, trace in traces]

    def score(self, line: int, trace: Trace | str) -> Scored:
        if isinstance(trace, str):
            try:
                trace = parse_trace(self.traces_path, line, trace)
            except InputError as unreadable:
                return Scored(line, unreadable)
        query = self.queries.get(trace.query_id)
        if query is None:
            annotations = self.annotations
            problem = InputError(
                Location(self.traces_path, line, "$.query_id"),
                f"query_id {trace.query_id!r} is not in annotation set "
                f"{annotations.name}@{annotations.version}",
                "score traces against the annotation set they were run on",
            )
            return Scored(line, problem)
        if self.snapshot is None:
            unresolved = _needs_snapshot(trace, query, self.options.retrieval.unit)
            if unresolved is not None:
                where, what = unresolved
                problem = InputError(
                    Location(self.traces_path, line, where),
                    f"{what} and no corpus snapshot was given",
                    "pass --corpus, or name the corpus in the annotation set",
                )
                return Scored(line, problem, fatal=True)
        result = assembled(
            QueryResult,
            {
                "query_id": query.query_id,
                "trace": "ok",
                "trace_line": line,
                "answer_given": trace.answer is not None,
                "coverage": "scored" if query.sub_questions else "not_applicable",
                "retrieval": _retrieval(query, trace, self.snapshot, self.options),
                "sub_questions": evaluate_query(
                    query, trace, self.snapshot, self.segmenter_of(query), self.options.matching
                ),
            },
        )
        return Scored(
            line,
            system=trace.system,
            query_id=trace.query_id,
            digest=QueryDigest.of(result),
            result=None if self.spooling else result,
            spooled=spooled_bytes(result) if self.spooling else None,
        )


def score_traces(
    annotations: AnnotationSet,
    traces: Iterable[tuple[int, Trace | str]],
    *,
    snapshot: Snapshot | None = None,
    options: ScoreOptions | None = None,
    inputs: Inputs | None = None,
    traces_path: str = "<traces>",
    skip_bad_lines: bool = False,
    progress: Callable[[int], None] | None = None,
    spool: Spool | None = None,
    jobs: int = 1,
    shard: Shard | None = None,
) -> Report:
    """`traces`: (line number, trace), a trace given as a model or as its line's JSON text
    (then parsed where it is scored). `jobs` > 1 scores on that many forked processes; the
    report is the same for any number of jobs. `shard`: only the lines it takes are scored.

    With `spool`, each query's full result is handed to it and only a digest is kept: the
    report's systems then come back with empty `queries` (see `scoring.spool`)."""
    options = options or ScoreOptions()
    with paused_collection():  # the pipelines: many objects that live as long as the run
        scorer = TraceScorer(annotations, snapshot, options, traces_path, spooling=spool is not None)
    collected = collect_traces(
        scorer, traces, skip_bad_lines=skip_bad_lines, progress=progress, spool=spool, jobs=jobs, shard=shard
    )
    return finish_report(scorer, collected, inputs or Inputs())


@dataclass(frozen=True, slots=True)
class Shard:
    """Shard `index` of `count`: the trace lines whose line number - 1, modulo `count`, is
    `index` (position, not a hash of the query id: shards stay even whatever the ids, and a
    query's systems may land in different shards, which `merge` accepts)."""

    index: int
    count: int

    def __post_init__(self) -> None:
        if self.count < 1 or not 0 <= self.index < self.count:
            raise UsageError(
                f"--shard {self.index}/{self.count}: give I/N with N >= 1 and 0 <= I < N (e.g. 0/4 ... 3/4)"
            )

    @classmethod
    def parse(cls, text: str) -> Shard:
        """'I/N' (as `--shard` takes it)."""
        index, slash, count = text.partition("/")
        if not slash or not index.strip().isdigit() or not count.strip().isdigit():
            raise UsageError(f"--shard {text!r}: give I/N, e.g. 0/4 for the first of four shards")
        return cls(int(index), int(count))

    def takes(self, line: int) -> bool:
        return (line - 1) % self.count == self.index

    def __str__(self) -> str:
        return f"{self.index}/{self.count}"


@dataclass
class Collected:
    """What scoring a stream of trace lines leaves before any summary: each system's digests
    (and results, unless spooled) and the lines skipped, as (line, message)."""

    systems: dict[str, CollectedSystem] = field(default_factory=dict)
    skipped: list[tuple[int, str]] = field(default_factory=list)


def collect_traces(
    scorer: TraceScorer,
    traces: Iterable[tuple[int, Trace | str]],
    *,
    skip_bad_lines: bool = False,
    progress: Callable[[int], None] | None = None,
    spool: Spool | None = None,
    jobs: int = 1,
    shard: Shard | None = None,
) -> Collected:
    """Scores every trace line (of the shard) and keeps what the summaries need; no summary,
    no missing trace, no refusal of an empty result: that is `finish_report`'s, or `merge`'s."""
    if shard is not None:
        chosen = shard
        traces = (numbered for numbered in traces if chosen.takes(numbered[0]))
    with frozen_heap() as tick:

        def score_batch(batch: list[tuple[int, Trace | str]]) -> list[Scored]:
            scored = scorer.score_batch(batch)
            tick()
            return scored

        with closing(ordered_map(score_batch, batched(traces, _BATCH), jobs)) as batches:
            scored = (one for batch in batches for one in batch)
            return _collect(scorer.traces_path, scored, skip_bad_lines, progress, spool)


_BATCH = 16  # trace lines a worker scores per task: enough to make the hand-over cheap


@dataclass
class CollectedSystem:
    """One system's scored traces: digests by query id, their lines, its stages in the order
    of their first appearance (and where that was)."""

    name: str
    results: dict[str, QueryResult] = field(default_factory=dict)
    digests: dict[str, QueryDigest] = field(default_factory=dict)
    lines: dict[str, int] = field(default_factory=dict)
    stage_names: list[str] = field(default_factory=list)
    first_seen: dict[str, tuple[int, int]] = field(default_factory=dict)  # stage -> (line, position)


def _collect(
    traces_path: str,
    scored: Iterable[Scored],
    skip_bad_lines: bool,
    progress: Callable[[int], None] | None,
    spool: Spool | None,
) -> Collected:
    collected = Collected()
    for one in scored:
        if progress is not None:
            progress(one.line)
        if one.problem is not None:
            if skip_bad_lines and not one.fatal:
                collected.skipped.append((one.line, str(one.problem)))
                continue
            raise one.problem
        assert one.digest is not None
        system = collected.systems.setdefault(one.system, CollectedSystem(one.system))
        if one.query_id in system.digests:
            raise InputError(
                Location(traces_path, one.line),
                f"second trace for query {one.query_id!r} of system {one.system!r} "
                f"(first on line {system.lines[one.query_id]})",
                "keep one line per query per system",
            )
        stage_names = tuple(one.digest.retrieval)  # the trace's stages, in its order
        for position, name in enumerate(stage_names):
            if name not in system.first_seen:
                system.stage_names.append(name)
                system.first_seen[name] = (one.line, position)
        system.lines[one.query_id] = one.line
        system.digests[one.query_id] = one.digest
        if spool is None:
            assert one.result is not None
            system.results[one.query_id] = one.result
        else:
            assert one.spooled is not None
            spool.put(one.system, one.query_id, one.spooled, stage_names)
    return collected


def finish_report(scorer: TraceScorer, collected: Collected, inputs: Inputs) -> Report:
    """The report of everything collected: missing traces, summaries, the header."""
    if not collected.systems:  # a report with no system would read as a clean run
        skipped = [message for _, message in collected.skipped]
        raise InputError(
            Location(scorer.traces_path),
            f"no trace line left to score ({len(skipped)} skipped; the first: {skipped[0]})"
            if skipped
            else "no trace lines to score",
            "fix the trace lines; no report was written",
        )
    annotations, options = scorer.annotations, scorer.options
    parts = report_parts(annotations, scorer.snapshot, options)
    return assemble_report(
        parts,
        options,
        inputs,
        [message for _, message in collected.skipped],
        [system_report(system, annotations, options) for system in collected.systems.values()],
    )


def report_parts(
    annotations: AnnotationSet, snapshot: Snapshot | None, options: ScoreOptions
) -> dict[str, str]:
    """The signature's parts: every choice that changes a number."""
    return {
        **retrieval_parts(options),
        **matching_parts(options, "+".join(segmenter_name(language) for language in annotations.languages())),
        "ann": f"{annotations.name}@{annotations.version}" + ("+draft" if annotations.draft else ""),
        "corpus": snapshot.sha256[:12] if snapshot else "none",
    }


def assemble_report(
    parts: dict[str, str],
    options: ScoreOptions,
    inputs: Inputs,
    skipped: list[str],
    systems: Iterable[SystemReport],
) -> Report:
    return Report(
        tool_version=__version__,
        signature=signature(parts),
        signature_parts=parts,
        inputs=inputs,
        options=options,
        skipped_trace_lines=skipped,
        systems=sorted(systems, key=lambda r: r.system),
    )


def _index_queries(annotations: AnnotationSet) -> dict[str, Query]:
    queries: dict[str, Query] = {}
    for index, query in enumerate(annotations.queries):
        if query.query_id in queries:
            raise InputError(
                Location(annotations.name, json_path=f"$.queries[{index}].query_id"),
                f"duplicate query_id {query.query_id!r}",
                "run `evidence-eval validate`",
            )
        queries[query.query_id] = query
    return queries


def _needs_snapshot(trace: Trace, query: Query, unit: str) -> tuple[str, str] | None:
    """(JSON path, what) of the first item that only a snapshot can resolve: an item with no
    text when the query has evidence to look for, or (unit=doc) an item known by its chunk only."""
    wants_text = any(alternative for sq in query.sub_questions for alternative in sq.evidence)
    for s, stage in enumerate(trace.stages):
        for i, item in enumerate(stage.items):
            if wants_text and item.text is None:
                return f"$.stages[{s}].items[{i}]", "items are given by id only (no text)"
            if unit == "doc" and item.doc_id is None and item.chunk_id is not None:
                return f"$.stages[{s}].items[{i}]", "items are given by chunk_id only (no doc_id)"
    return None


def unit_ranking(items: list[Item], unit: str, snapshot: Snapshot | None) -> list[str | None]:
    """The id of each item in the declared unit; None when the item has none."""
    if unit == "chunk":
        return [item.chunk_id for item in items]
    ranking: list[str | None] = []
    for item in items:
        doc_id = item.doc_id
        if doc_id is None and item.chunk_id and snapshot and item.chunk_id in snapshot.chunks:
            doc_id = snapshot.chunks[item.chunk_id][0].doc_id
        ranking.append(doc_id)
    return ranking


def _judgments(query: Query, unit: str) -> dict[str, int]:
    return query.chunk_judgments if unit == "chunk" else query.doc_judgments


def _retrieval(
    query: Query, trace: Trace, snapshot: Snapshot | None, options: ScoreOptions
) -> dict[str, StageRetrieval]:
    r = options.retrieval
    judgments = _judgments(query, r.unit)
    result = {}
    for stage in trace.stages:
        ranking = unit_ranking(stage.items, r.unit, snapshot)
        scores = stage_scores(ranking, judgments, k_values=r.k, budget=r.budget, min_grade=r.min_grade)
        if scores["status"] == "not_applicable":
            scores = apply_zero_positive(scores, options)
        elif stage.items and scores["unidentified_items"] == len(stage.items):
            scores = unidentified_stage(scores, options)
        elif stage.items and not any(unit in judgments for unit in ranking if unit is not None):
            # Ids returned, none of them judged. A stage with no item returned no id: it is a
            # ranking that found nothing, scored 0 like any other miss.
            scores = unjudged_stage(scores, _judged_ids_at(stage.items, judgments))
        result[stage.name] = _stage_retrieval(scores)
    return result


def _stage_retrieval(scores: Scores) -> StageRetrieval:
    """`StageRetrieval.model_validate(scores)`: `Scores` and `CutoffData` are its fields and
    `CutoffScores`' in their order, of their types (`metrics.retrieval`)."""
    at = {k: assembled(CutoffScores, dict(cutoff)) for k, cutoff in scores["at"].items()}
    return assembled(StageRetrieval, {**scores, "at": at})


def _judged_ids_at(items: list[Item], judgments: dict[str, int]) -> list[str]:
    """The items' metadata keys (dotted: `metadata.source`) whose value is an id the query
    judges: where the ids were, when the items' own ids are unknown to the annotation set."""
    found: set[str] = set()
    for item in items:
        for path, value in _scalar_paths(item.metadata, "metadata"):
            if isinstance(value, (str, int)) and not isinstance(value, bool) and str(value) in judgments:
                found.add(path)
    return sorted(found)


def _scalar_paths(value: object, path: str, depth: int = 0) -> Iterable[tuple[str, object]]:
    if isinstance(value, dict) and depth < 4:
        for key, inner in value.items():
            yield from _scalar_paths(inner, f"{path}.{key}", depth + 1)
    elif not isinstance(value, (dict, list)):
        yield path, value


def system_report(system: CollectedSystem, annotations: AnnotationSet, options: ScoreOptions) -> SystemReport:
    """A system's summary (and, unless its results were spooled, its queries in annotation order)."""
    missing = [q.query_id for q in annotations.queries if q.query_id not in system.digests]
    if missing and options.retrieval.missing_trace == "error":
        raise PolicyError(
            f"system {system.name!r} has no trace for {len(missing)} queries: "
            f"{', '.join(missing[:10])}{', ...' if len(missing) > 10 else ''} "
            "(--missing-trace error)"
        )
    without_answer = sum(d.answer_given is False for d in system.digests.values())
    empty = empty_answers(len(system.digests), without_answer)
    digests = [(q.query_id, _complete_digest(system, q, options, empty)) for q in annotations.queries]
    refuse_zero_positive([(qid, stage) for qid, d in digests for stage in d.retrieval.values()], options)
    counted = [
        sq
        for _, d in digests
        if d.trace == "ok" or options.retrieval.missing_trace == "zero"
        for sq in d.sub_questions
    ]
    summary = SystemSummary(
        queries=len(digests),
        scored_traces=len(system.digests),
        traces_without_answer=without_answer,
        missing_traces=missing,
        coverage_not_applicable=[qid for qid, d in digests if d.coverage == "not_applicable"],
        retrieval={
            name: stage_summary([(qid, d.retrieval[name]) for qid, d in digests], options.retrieval.k)
            for name in system.stage_names
        },
        coverage=coverage_figures(counted, system.stage_names),
        by_kind=by_kind(counted, system.stage_names),
    )
    queries = (
        [
            complete_result(system.results.get(q.query_id), q, system.stage_names, options, empty)
            for q in annotations.queries
        ]
        if system.results or not system.digests
        else []
    )
    return SystemReport(system=system.name, summary=summary, queries=queries)


def empty_answers(scored_traces: int, traces_without_answer: int) -> bool:
    """Whether a system's traces without an answer are scored as empty answers: it answers
    on other lines, so there it failed to answer. A system with no answer on any line (a
    TREC run) has no answers to score: its answer facts are not applicable."""
    return 0 < traces_without_answer < scored_traces


def _complete_digest(
    system: CollectedSystem, query: Query, options: ScoreOptions, empty_answers: bool
) -> QueryDigest:
    digest = system.digests.get(query.query_id)
    if digest is None:
        return QueryDigest.of(complete_result(None, query, system.stage_names, options))
    if empty_answers and digest.answer_given is False:
        failed = [
            sq_digest.failed_to_answer(bool(sq.answer_facts))
            for sq, sq_digest in zip(query.sub_questions, digest.sub_questions)
        ]
        digest = replace(digest, sub_questions=failed)
    if list(digest.retrieval) == system.stage_names:
        return digest
    absent = StageDigest.of(absent_stage("missing_stage", options))
    retrieval = {name: digest.retrieval.get(name, absent) for name in system.stage_names}
    return QueryDigest(digest.trace, digest.coverage, retrieval, digest.sub_questions, digest.answer_given)


def complete_result(
    result: QueryResult | None,
    query: Query,
    stage_names: list[str],
    options: ScoreOptions,
    empty_answers: bool = False,
) -> QueryResult:
    """A query's result with every stage of its system: a missing trace is scored as such, a
    stage the trace lacks as `missing_stage`, and (`empty_answers`: see `empty_answers`) a
    trace without an answer as an empty answer."""
    if result is None:
        absent = StageRetrieval.model_validate(absent_stage("missing_trace", options))
        return QueryResult(
            query_id=query.query_id,
            trace="missing",
            coverage="scored" if query.sub_questions else "not_applicable",
            retrieval=dict.fromkeys(stage_names, absent),  # one model, never changed, read alike
            sub_questions=missing_trace_results(query),
        )
    if empty_answers and result.answer_given is False:
        result.sub_questions = [
            failed_to_answer(sq, sq_result)
            for sq, sq_result in zip(query.sub_questions, result.sub_questions)
        ]
    if list(result.retrieval) != stage_names:
        for name in stage_names:
            if name not in result.retrieval:
                result.retrieval[name] = StageRetrieval.model_validate(absent_stage("missing_stage", options))
        result.retrieval = {name: result.retrieval[name] for name in stage_names}
    return result
