"""Partial reports: what one shard of the trace lines contributes to a report.

A partial holds no summary and no ratio: its header carries the full signature (every
option, the annotation set's and the corpus' hashes, the tool version), where each system's
stages were first seen, the lines skipped, and integer tallies per system; then one record
per (system, query_id) in canonical order (systems by name, queries in annotation order):
the query's digest (what the summaries need) and its result as the JSON report prints it.
Summaries, missing traces and means are computed only when partials are merged
(`scoring.merge`), from the records in canonical order, by the engine's own code: so a
merged report is byte-identical to one `score` over all the lines, however they were split.

On disk a partial is a text file of lines: the header (JSON) on line 1, then the records,
one a line (`Record.to_line`: JSON, a tab, the result's text), then a checksum line (the
SHA-256 of every line before it), so that a part cut short, damaged or edited is refused.
Positions are (source, line): the line number in its traces file, and which file it is when
one run reads several (0 when there is one).
"""

from __future__ import annotations

import hashlib
import json
from collections import Counter
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field, replace
from typing import IO, Any

from pydantic import ValidationError

from ..coverage.summary import SubQuestionDigest
from ..errors import EvidenceEvalError, InputError, Location, one_line
from ..io.jsonio import validation_problems
from ..metrics.aggregate import CutoffDigest, StageDigest
from ..models import AnnotationSet
from ..models.options import ScoreOptions
from ..models.report import InputFile, Inputs
from ..version import __version__
from .engine import Collected, QueryDigest, TraceScorer, report_parts, spooled_text
from .signature import signature
from .spool import SpooledResults

FORMAT = "evidence_eval.partial.v2"

Position = tuple[int, int]  # (source, line)
StageSeen = tuple[int, int, int]  # (source, line, position of the stage in that trace)


@dataclass(frozen=True, slots=True)
class Record:
    """One (system, query_id) of a partial. `index`: the query's place in the annotation set."""

    system: str
    query_id: str
    index: int
    at: Position
    digest: QueryDigest
    text: str  # the result as the JSON report prints it, indented to its place

    @property
    def key(self) -> tuple[str, int]:
        return (self.system, self.index)

    def to_line(self) -> str:
        """The record's data as compact JSON, a tab, then the result's text with its line
        breaks written as tabs (JSON text holds neither raw tab nor raw line break inside a
        string, and the data's JSON holds no raw tab): merging reads the data without
        decoding the text, and the text without decoding anything."""
        data = [self.system, self.query_id, self.index, list(self.at), digest_data(self.digest)]
        return (
            json.dumps(data, ensure_ascii=False, separators=(",", ":")) + "\t" + self.text.replace("\n", "\t")
        )

    @classmethod
    def from_line(cls, text: str, where: Location) -> Record:
        data, tab, result = text.rstrip("\r\n").partition("\t")
        try:
            if not tab:
                raise ValueError("no tab between the record's data and its text")
            system, query_id, index, (source, line), digest = json.loads(data)
            return cls(system, query_id, index, (source, line), digest_of(digest), result.replace("\t", "\n"))
        except (ValueError, KeyError, TypeError, IndexError) as exc:
            raise InputError(
                where, f"not a partial report's record ({type(exc).__name__}: {exc})", _REWRITE
            ) from None


_REWRITE = "write the part again with `score --partial`"


# --- digests as JSON (floats round-trip exactly through repr) ----------------------------


def digest_data(digest: QueryDigest) -> list[Any]:
    return [
        digest.trace,
        digest.coverage,
        digest.answer_given,
        [
            [
                name,
                stage.status,
                stage.in_mean,
                stage.items,
                stage.no_ids,
                [[k, c.hit, c.rr, c.recall, c.depth, c.unjudged] for k, c in stage.at.items()],
                stage.unjudged_only,
                list(stage.judged_ids_at),
            ]
            for name, stage in digest.retrieval.items()
        ],
        [
            [
                sq.kind,
                sq.importance,
                [list(stage) for stage in sq.stages],
                sq.answer,
                sq.lost_at,
                sq.answer_without_evidence,
                sq.answer_graded,
            ]
            for sq in digest.sub_questions
        ],
    ]


def digest_of(data: list[Any]) -> QueryDigest:
    trace, coverage, answer_given, stages, sub_questions = data
    retrieval = {
        name: StageDigest(
            status,
            in_mean,
            items,
            {k: CutoffDigest(hit, rr, recall, depth, unjudged) for k, hit, rr, recall, depth, unjudged in at},
            no_ids,
            unjudged_only,
            tuple(judged_ids_at),
        )
        for name, status, in_mean, items, no_ids, at, unjudged_only, judged_ids_at in stages
    }
    digests = [
        SubQuestionDigest(
            kind,
            importance,
            tuple((stage, status, share) for stage, status, share in sq_stages),
            answer,
            lost_at,
            without_evidence,
            graded,
        )
        for kind, importance, sq_stages, answer, lost_at, without_evidence, graded in sub_questions
    ]
    return QueryDigest(trace, coverage, retrieval, digests, answer_given)


# --- tallies: integer numerators and denominators ---------------------------------------


def tallies(digests: Iterable[QueryDigest]) -> dict[str, int]:
    """A system's counts over its scored traces, each an integer that adds up across shards:
    the numerator or denominator of a summary figure (`coverage|KIND|IMPORTANCE|...`, `*` for
    all; `retrieval|STAGE|...`). Graded means and RR/recall means are means of per-query
    ratios, not ratios of counts: merge computes them from the records, never from here.
    Missing traces are not counted: a shard cannot know them."""
    counts: Counter[str] = Counter()
    for digest in digests:
        counts["traces"] += 1
        counts["traces_without_answer"] += digest.answer_given is False
        for name, stage in digest.retrieval.items():
            _tally_stage(counts, f"retrieval|{name}", stage)
        for sq in digest.sub_questions:
            for kind in ("*", sq.kind):
                for importance in ("*", sq.importance):
                    _tally_sub_question(counts, f"coverage|{kind}|{importance}", sq)
    return {name: counts[name] for name in sorted(counts) if counts[name]}


def _tally_stage(counts: Counter[str], prefix: str, stage: StageDigest) -> None:
    counts[f"{prefix}|status|{stage.status}"] += 1
    counts[f"{prefix}|in_mean"] += stage.in_mean
    counts[f"{prefix}|empty"] += stage.items == 0
    if not stage.in_mean:
        return
    for k, cutoff in stage.at.items():
        counts[f"{prefix}@{k}|hits"] += cutoff.hit == 1
        counts[f"{prefix}@{k}|with_unjudged"] += cutoff.unjudged > 0
        counts[f"{prefix}@{k}|depth_known"] += cutoff.depth is not None


def _tally_sub_question(counts: Counter[str], prefix: str, sq: SubQuestionDigest) -> None:
    counts[f"{prefix}|sub_questions"] += 1
    for stage, status, _ in sq.stages:
        counts[f"{prefix}|{stage}|{status}"] += 1
    counts[f"{prefix}|answer|{sq.answer}"] += 1
    counts[f"{prefix}|answer|scored"] += sq.answer != "not_applicable"
    counts[f"{prefix}|answer|graded"] += sq.answer != "not_applicable" and sq.answer_graded is not None
    if sq.lost_at is not None:
        counts[f"{prefix}|lost_at|{sq.lost_at}"] += 1
    counts[f"{prefix}|answer_without_evidence"] += sq.answer_without_evidence


# --- the header --------------------------------------------------------------------------


@dataclass(frozen=True)
class Signature:
    """Everything two partials must share to be merged."""

    tool_version: str
    parts: dict[str, str]
    options: ScoreOptions
    annotations: InputFile | None  # None: scored from an annotation set given in memory
    corpus: InputFile | None

    def difference(self, other: Signature) -> str | None:
        """The first field that differs, named, with both values; None when they agree."""
        if self.tool_version != other.tool_version:
            return f"tool_version: {self.tool_version} vs {other.tool_version}"
        for key in sorted({*self.parts, *other.parts}):
            if self.parts.get(key) != other.parts.get(key):
                return f"signature part {key!r}: {self.parts.get(key)!r} vs {other.parts.get(key)!r}"
        mine, theirs = _flat(self.options.model_dump()), _flat(other.options.model_dump())
        for key in sorted({*mine, *theirs}):
            if mine.get(key) != theirs.get(key):
                return f"option {key}: {mine.get(key)!r} vs {theirs.get(key)!r}"
        for name in ("annotations", "corpus"):
            a, b = getattr(self, name), getattr(other, name)
            if (a is None) != (b is None) or (a and b and a.sha256 != b.sha256):
                return f"inputs.{name}.sha256: {a.sha256 if a else None} vs {b.sha256 if b else None}"
        return None

    def joined(self, other: Signature) -> Signature:
        """The same signature; where the input files agree by hash but not by path (parts
        scored on different machines), the smallest path, so that the order of merging
        does not matter."""
        return replace(
            self,
            annotations=_first_path(self.annotations, other.annotations),
            corpus=_first_path(self.corpus, other.corpus),
        )


def _flat(data: dict[str, Any], prefix: str = "") -> dict[str, Any]:
    flat: dict[str, Any] = {}
    for key, value in data.items():
        if isinstance(value, dict):
            flat.update(_flat(value, f"{prefix}{key}."))
        else:
            flat[f"{prefix}{key}"] = value
    return flat


def _first_path(a: InputFile | None, b: InputFile | None) -> InputFile | None:
    if a is None or b is None:
        return a or b
    return min(a, b, key=lambda f: f.path)


@dataclass(frozen=True)
class Header:
    """A partial's first line: its signature and every small thing it contributes."""

    signature: Signature
    traces: tuple[InputFile, ...] = ()  # the traces files its lines came from, by path
    stages: dict[str, dict[str, StageSeen]] = field(default_factory=dict)  # system -> stage -> seen
    tallies: dict[str, dict[str, int]] = field(default_factory=dict)  # system -> counts
    skipped: tuple[tuple[int, int, str], ...] = ()  # (source, line, message), in line order
    records: int = 0
    shards: tuple[str, ...] = ()  # the `I/N` shards of the traces file it holds, when sharded

    def inputs(self) -> Inputs:
        """The report's inputs: one traces file when every line came from it."""
        return Inputs(
            annotations=self.signature.annotations,
            corpus=self.signature.corpus,
            traces=self.traces[0] if len(self.traces) == 1 else None,
        )

    def stage_names(self, system: str) -> list[str]:
        """The system's stages in the order a single run meets them: by first appearance."""
        seen = self.stages.get(system, {})
        return sorted(seen, key=seen.__getitem__)

    def to_line(self) -> str:
        s = self.signature
        data = {
            "format": FORMAT,
            "tool_version": s.tool_version,
            "signature": signature(s.parts),
            "signature_parts": s.parts,
            "options": s.options.model_dump(mode="json"),
            "annotations": s.annotations.model_dump(mode="json") if s.annotations else None,
            "corpus": s.corpus.model_dump(mode="json") if s.corpus else None,
            "traces": [f.model_dump(mode="json") for f in self.traces],
            "shards": list(self.shards),
            "records": self.records,
            "stages": {name: {n: list(at) for n, at in seen.items()} for name, seen in self.stages.items()},
            "tallies": self.tallies,
            "skipped": [list(entry) for entry in self.skipped],
        }
        return json.dumps(data, ensure_ascii=False, separators=(",", ":"))

    @classmethod
    def from_line(cls, text: str, where: Location) -> Header:
        try:
            data = json.loads(text)
        except ValueError:
            data = None
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            found = data.get("format") if isinstance(data, dict) else None
            raise InputError(
                where,
                f"not a partial report (expected format {FORMAT!r} on line 1, found {found!r})",
                "give files written by `score --partial`",
            )
        try:
            if data["signature"] != signature(dict(data["signature_parts"])):
                raise ValueError("its signature is not the one of its signature_parts: it was edited")
            return cls(
                Signature(
                    data["tool_version"],
                    dict(data["signature_parts"]),
                    ScoreOptions.model_validate(data["options"]),
                    InputFile.model_validate(data["annotations"]) if data["annotations"] else None,
                    InputFile.model_validate(data["corpus"]) if data["corpus"] else None,
                ),
                tuple(InputFile.model_validate(f) for f in data["traces"]),
                {system: {n: _seen(v) for n, v in st.items()} for system, st in data["stages"].items()},
                {system: dict(counts) for system, counts in data["tallies"].items()},
                tuple((source, line, message) for source, line, message in data["skipped"]),
                data["records"],
                tuple(data["shards"]),
            )
        except ValidationError as exc:
            path, message = validation_problems(exc)[0]
            problem = one_line(f"malformed partial header ({path}: {message})")
            raise InputError(where, problem, _REWRITE) from None
        except (KeyError, TypeError, ValueError, AttributeError) as exc:
            problem = one_line(f"malformed partial header ({type(exc).__name__}: {exc})")
            raise InputError(where, problem, _REWRITE) from None


def _seen(value: list[int]) -> StageSeen:
    source, line, position = value
    return (source, line, position)


# --- a partial in memory -----------------------------------------------------------------


@dataclass(frozen=True)
class Partial:
    """A header and its records in canonical order; `Partial()` is the empty partial, the
    identity of `merge`. `failure`: the first input problem met, at its position, when the
    shard could not be scored (kept so that a run over many shards stops on the same line
    a single run would)."""

    header: Header | None = None
    records: Sequence[Record] = ()
    failure: tuple[Position, EvidenceEvalError] | None = None

    @classmethod
    def failed(cls, at: Position, error: EvidenceEvalError) -> Partial:
        return cls(failure=(at, error))

    def write(self, out: IO[str]) -> None:
        if self.failure is not None:
            raise self.failure[1]
        if self.header is None:
            raise ValueError("the empty partial has no signature to write")
        write_partial(self.header, self.records, out)


def write_partial(header: Header, records: Iterable[Record], out: IO[str]) -> None:
    """The header, the records, then the checksum line of everything before it."""
    checksum = hashlib.sha256()
    for line in _lines(header, records):
        checksum.update(line.encode("utf-8"))
        out.write(line)
    out.write(checksum_line(checksum.hexdigest()))


def _lines(header: Header, records: Iterable[Record]) -> Iterator[str]:
    yield header.to_line() + "\n"
    for record in records:
        yield record.to_line() + "\n"


CHECKSUM_KEY = "sha256"  # the last line: {"sha256": "<hex>"}, the SHA-256 of the lines before it


def checksum_line(hexdigest: str) -> str:
    return json.dumps({CHECKSUM_KEY: hexdigest}) + "\n"


def read_checksum(text: str) -> str | None:
    """The hex digest a checksum line holds; None when `text` is not one (a record line)."""
    if not text.startswith('{"' + CHECKSUM_KEY):
        return None
    try:
        data = json.loads(text)
    except ValueError:
        return None
    found = data.get(CHECKSUM_KEY) if isinstance(data, dict) and len(data) == 1 else None
    return found if isinstance(found, str) else None


def partial_header(
    scorer: TraceScorer,
    collected: Collected,
    inputs: Inputs,
    *,
    source: int = 0,
    shard: str | None = None,
) -> Header:
    """The header of what `collected` (one shard's lines of source `source`) contributes."""
    annotations, options = scorer.annotations, scorer.options
    systems = collected.systems
    return Header(
        Signature(
            __version__,
            report_parts(annotations, scorer.snapshot, options),
            options,
            inputs.annotations,
            inputs.corpus,
        ),
        (inputs.traces,) if inputs.traces is not None else (),
        {
            name: {stage: (source, *seen) for stage, seen in system.first_seen.items()}
            for name, system in sorted(systems.items())
        },
        {name: tallies(system.digests.values()) for name, system in sorted(systems.items())},
        tuple((source, line, message) for line, message in collected.skipped),
        sum(len(system.digests) for system in systems.values()),
        (shard,) if shard is not None else (),
    )


def partial_records(
    annotations: AnnotationSet,
    collected: Collected,
    *,
    source: int = 0,
    spooled: SpooledResults | None = None,
) -> Iterator[Record]:
    """The records of `collected` in canonical order; each result's text comes from
    `spooled` when the results were spooled, else from the results kept in memory."""
    for name, system in sorted(collected.systems.items()):
        for index, query in enumerate(annotations.queries):
            digest = system.digests.get(query.query_id)
            if digest is None:
                continue
            if spooled is not None:
                found = spooled.get(name, query.query_id)
                assert found is not None  # every digest's result was spooled
                text = found[0]
            else:
                text = spooled_text(system.results[query.query_id])
            yield Record(name, query.query_id, index, (source, system.lines[query.query_id]), digest, text)


def partial_of(
    scorer: TraceScorer, collected: Collected, inputs: Inputs, *, source: int = 0, shard: str | None = None
) -> Partial:
    """`collected` (its results kept in memory) as a partial in memory."""
    header = partial_header(scorer, collected, inputs, source=source, shard=shard)
    records = list(partial_records(scorer.annotations, collected, source=source))
    return Partial(header, records)
