"""The annotation workflow: from queries or another tool's data to a reviewed, versioned set.

init -> (convert) -> anchor -> Label Studio export / import -> review queue -> apply the
decisions -> promote. Each step reads files and writes one new file atomically: never over
an input, never over an existing file unless `overwrite`, and every relative `corpus.path`
is written relative to the new file's folder. Each returns a small result the CLI prints.
"""

from __future__ import annotations

import datetime as dt
import getpass
import json
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..errors import InputError, Location, UsageError
from ..ingest.validate import validate
from ..io import (
    atomic_write,
    build,
    check_output,
    json_text,
    load_annotations,
    load_snapshot,
    named_corpus,
    read_json,
    with_named_corpus,
)
from ..io.output import PathLike
from ..io.source import reading_inputs
from ..models import AnnotationSet, Snapshot
from ..models.languages import language_problem
from . import labelstudio
from .anchoring import init_from_queries, migrate, spans_of
from .review import apply_decisions, read_decisions_file, review_queue


@dataclass(frozen=True)
class InitResult:
    path: Path
    queries: int
    language: str
    language_guessed: bool
    snapshot_sha256: str
    corpus_note: str | None = None
    other_languages: dict[str, str] = field(default_factory=dict)  # query id -> its own language

    @property
    def language_note(self) -> str | None:
        if not self.other_languages:
            return None
        shown = ", ".join(f"{qid} ({lang})" for qid, lang in list(self.other_languages.items())[:10])
        more = f" and {len(self.other_languages) - 10} more" if len(self.other_languages) > 10 else ""
        return (
            f"note: {len(self.other_languages)} queries are not in the set's language "
            f"({self.language}): {shown}{more}; each has its own `language` (change it there if wrong)"
        )

    def summary(self) -> str:
        how = "guessed from the queries" if self.language_guessed else "as given"
        return (
            f"wrote {self.path}: {self.queries} queries, language {self.language} ({how}), "
            f"corpus sha256:{self.snapshot_sha256}"
        )


@dataclass(frozen=True)
class AnchorResult:
    path: Path
    anchored: int
    problems: list[str]
    corpus_note: str | None = None

    def summary(self) -> str:
        if self.problems:
            return f"{len(self.problems)} spans could not be anchored; nothing was written"
        return f"wrote {self.path}: {self.anchored} spans anchored"


@dataclass(frozen=True)
class MigrateResult:
    path: Path
    counts: dict[str, int]
    problems: list[str]

    @property
    def failed(self) -> int:
        return self.counts["failed"]

    corpus_note: str | None = None

    def summary(self) -> str:
        c = self.counts
        return (
            f"wrote {self.path}: {c['kept']} kept, {c['moved']} moved, {c['fuzzy']} "
            f"re-anchored fuzzily, {c['failed']} not re-anchored"
        )


@dataclass(frozen=True)
class ApplyResult:
    path: Path
    name: str
    version: str
    previous_version: str
    applied: int
    undecided: int
    rejected: int
    to_read: int
    corpus_path: str | None
    corpus_note: str | None = None

    def summary(self) -> str:
        left = f"; {self.undecided} left undecided" if self.undecided else ""
        rejected = f", {self.rejected} rejected" if self.rejected else ""
        return (
            f"wrote {self.path}: {self.name}@{self.version} (was {self.previous_version}), "
            f"{self.applied} decisions applied{rejected}{left}"
        )


@dataclass(frozen=True)
class PromoteResult:
    path: Path
    version: str
    by: str
    at: str
    recorded: bool
    corpus_note: str | None = None

    def summary(self) -> str:
        note = "" if self.recorded else " (the model has no `metadata` field yet: who/when not stored)"
        return (
            f"wrote {self.path}: version {self.version}, no longer a draft; "
            f"promoted by {self.by} at {self.at}{note}"
        )


@dataclass(frozen=True)
class QueueResult:
    path: Path
    items: int
    by_type: dict[str, int]

    def summary(self) -> str:
        kinds = ", ".join(f"{count} {kind}" for kind, count in sorted(self.by_type.items()))
        return f"wrote {self.path}: {self.items} items to review" + (f" ({kinds})" if kinds else "")


@dataclass(frozen=True)
class ExportResult:
    tasks_path: Path
    config_path: Path
    tasks: int
    predicted_spans: int

    def summary(self) -> str:
        return (
            f"wrote {self.tasks_path}: {self.tasks} tasks ({self.predicted_spans} spans as predictions); "
            f"labelling config {self.config_path}"
        )


@dataclass(frozen=True)
class ImportResult:
    path: Path
    version: str
    report: labelstudio.ImportReport = field(repr=False)
    corpus_note: str | None = None

    def summary(self) -> str:
        r = self.report
        return (
            f"wrote {self.path}: version {self.version}, {r.placed} spans placed "
            f"({r.reanchored} re-anchored by their text), {len(r.unplaced)} not placed, "
            f"{r.judgments} relevance judgments"
        )


# --- shared steps -------------------------------------------------------------------------


def _given(*inputs: PathLike | None) -> tuple[PathLike, ...]:
    """The inputs of a step that were given (`check_output` refuses any as its output)."""
    return tuple(given for given in inputs if given is not None)


def _corpus_path_for(out: PathLike, corpus: Path | None) -> str | None:
    """`corpus` relative to `out`'s folder, or None when it is not inside it (a path named
    inside an annotation set may not leave its folder: give the corpus with --corpus)."""
    if corpus is None:
        return None
    try:
        return Path(corpus).resolve().relative_to(Path(out).resolve().parent).as_posix()
    except ValueError:
        return None


def _with_corpus(
    data: dict[str, Any], out: PathLike, corpus: Path | None, sha256: str | None
) -> dict[str, Any]:
    """`data` naming its corpus relative to `out`'s folder (left out when outside it)."""
    ref: dict[str, Any] = {}
    relative = _corpus_path_for(out, corpus)
    if relative:
        ref["path"] = relative
    if sha256:
        ref["sha256"] = sha256
    result = {key: value for key, value in data.items() if key != "corpus"}
    if ref:
        result["corpus"] = ref
    return result


def _corpus_note(out: PathLike, corpus: Path | None) -> str | None:
    """What to tell the user when the new set cannot name its corpus (outside its folder)."""
    if corpus is None or _corpus_path_for(out, corpus) is not None:
        return None
    return (
        f"note: {out} names no corpus path ({corpus} is outside its folder, and a set names its "
        f"corpus only inside it): pass --corpus {corpus} to validate, "
        "score and audit it, or write the set in the corpus's folder"
    )


def _write_set(
    out: PathLike, data: dict[str, Any], *, overwrite: bool, source: PathLike | None = None
) -> AnnotationSet:
    """Checked against the model before anything is written; a problem is named in `source`,
    the input the set was made from (its JSON paths are the input's), else in `out`."""
    checked = build(AnnotationSet, data, Location(str(source if source is not None else out)))
    atomic_write(out, json_text(checked.model_dump(mode="json", exclude_none=True)), overwrite=overwrite)
    return checked


def _snapshot_for(
    annotations: PathLike, data: AnnotationSet, corpus: PathLike | None
) -> tuple[Snapshot, Path]:
    path = Path(corpus) if corpus is not None else named_corpus(annotations, data)
    if path is None:
        raise UsageError(f"{annotations}: names no corpus; give the corpus snapshot with --corpus")
    if not path.exists():
        raise InputError(
            Location(str(annotations), json_path="$.corpus.path"),
            f"the corpus {str(path)!r} does not exist",
            "give the corpus with --corpus",
        )
    return load_snapshot(path), path


def _new_version(data: AnnotationSet, version: str) -> None:
    if not version:
        raise UsageError("give the new annotation version with --version")
    if version == data.version:
        raise UsageError(f"--version {version!r}: the new version must differ from the current one")


# --- the steps ----------------------------------------------------------------------------


@reading_inputs()
def _refuse_unsupported(language: str | None) -> None:
    """A `--language` the tool has no rules for (`init`, `convert`)."""
    problem = language_problem(language) if language is not None else None
    if problem:
        raise UsageError(f"--language: {problem}")


def init_annotations(
    out: PathLike,
    queries: PathLike,
    corpus: PathLike,
    *,
    name: str | None = None,
    language: str | None = None,
    overwrite: bool = False,
) -> InitResult:
    """A draft annotation set with one query per line of `queries` and no sub-questions;
    `language` guessed from the query texts unless given."""
    check_output(out, overwrite=overwrite, inputs=_given(queries, corpus))
    _refuse_unsupported(language)
    snapshot = load_snapshot(corpus)
    stem = Path(out).name.split(".")[0]
    data = init_from_queries(str(queries), snapshot, name=name or stem, language=language)
    data = _with_corpus(data, out, Path(corpus), snapshot.sha256)
    written = _write_set(out, data, overwrite=overwrite)
    return InitResult(
        Path(out),
        len(written.queries),
        written.language,
        language is None,
        snapshot.sha256,
        _corpus_note(out, Path(corpus)),
        {q.query_id: q.language for q in written.queries if q.language},
    )


@reading_inputs()
def anchor_annotations(
    annotations: PathLike, *, out: PathLike, corpus: PathLike | None = None, overwrite: bool = False
) -> AnchorResult:
    """Fills `start`/`end` of spans given as `doc_id` + `quote` (a quote found exactly once);
    writes nothing when one cannot be anchored (the problems name each)."""
    from .anchoring import anchor

    data = read_json(annotations)
    if not isinstance(data, dict):
        raise InputError(Location(str(annotations)), f"expected a JSON object, found {type(data).__name__}")
    check_output(out, overwrite=overwrite, inputs=with_named_corpus(annotations, corpus, data=data))
    corpus_path = Path(corpus) if corpus is not None else named_corpus(annotations, data)
    if corpus_path is None:
        raise UsageError(f"{annotations}: names no corpus; give the corpus snapshot with --corpus")
    snapshot = load_snapshot(corpus_path)
    before = sum(
        1 for *_, span, _ in spans_of(data, str(annotations)) if not ("start" in span and "end" in span)
    )
    anchored, issues = anchor(data, snapshot, str(annotations))
    problems = [issue.describe(str(annotations)) for issue in issues]
    if not problems:
        anchored = _with_corpus(anchored, out, corpus_path, snapshot.sha256)
        _write_set(out, anchored, overwrite=overwrite, source=annotations)
    return AnchorResult(Path(out), before, problems, None if problems else _corpus_note(out, corpus_path))


@reading_inputs()
def write_converted(
    files: dict[str, Any],
    out_dir: PathLike,
    *,
    language: str | None = None,
    overwrite: bool = False,
    inputs: Sequence[PathLike | None] = (),
) -> list[Path]:
    """A converter's outputs written into `out_dir` (none replaced unless `overwrite`, none
    over one of the converter's `inputs` even then), the draft's guessed language replaced by
    `language` when given."""
    from ..ingest.common import write_outputs

    _refuse_unsupported(language)
    draft = files.get("draft.annotations.json")
    if language and isinstance(draft, dict):
        files = {**files, "draft.annotations.json": {**draft, "language": language}}
    return write_outputs(out_dir, files, overwrite=overwrite, inputs=inputs)


@reading_inputs()
def migrate_annotations(
    annotations: PathLike, corpus: PathLike, *, version: str, out: PathLike, overwrite: bool = False
) -> MigrateResult:
    """Re-anchor every span in a new snapshot and write a new version (a draft stays a draft)."""
    current = load_annotations(annotations)
    check_output(out, overwrite=overwrite, inputs=with_named_corpus(annotations, corpus, data=current))
    _new_version(current, version)
    snapshot = load_snapshot(corpus)
    data = current.model_dump(mode="json", exclude_none=True)
    migrated, issues, counts = migrate(data, snapshot, version=version)
    migrated = _with_corpus(migrated, out, Path(corpus), snapshot.sha256)
    _write_set(out, migrated, overwrite=overwrite)
    problems = [issue.describe(str(annotations)) for issue in issues]
    return MigrateResult(Path(out), counts, problems, _corpus_note(out, Path(corpus)))


@reading_inputs()
def apply_review(
    annotations: PathLike,
    decisions: PathLike,
    *,
    version: str,
    out: PathLike,
    by: str | None = None,
    overwrite: bool = False,
) -> ApplyResult:
    """A new version with the decisions applied; `decisions` is a decisions file or the
    review queue with its `decision` fields filled in (undecided lines are skipped). An
    answer statement accepted or rejected is recorded on its fact with who decided (`by`,
    default the login name) and today's date."""
    current = load_annotations(annotations)
    check_output(out, overwrite=overwrite, inputs=with_named_corpus(annotations, decisions, data=current))
    _new_version(current, version)
    found = read_decisions_file(str(decisions))
    if not found.decisions and not found.rejected:
        left = f"{found.undecided} lines still undecided" if found.undecided else "no decision in it"
        raise InputError(
            Location(str(decisions)), left, "fill in `grade` (unjudged) or `accept` (uncertain_answer)"
        )
    corpus = named_corpus(annotations, current)
    snapshot = load_snapshot(corpus) if corpus is not None and corpus.exists() else None
    updated = apply_decisions(
        current, found.decisions, version=version, snapshot=snapshot, by=by or _login_name()
    )
    sha256 = current.corpus.sha256 if current.corpus else None
    data = _with_corpus(updated.model_dump(mode="json", exclude_none=True), out, corpus, sha256)
    written = _write_set(out, data, overwrite=overwrite)
    return ApplyResult(
        Path(out),
        written.name,
        written.version,
        current.version,
        len(found.decisions),
        found.undecided,
        found.rejected,
        found.to_read,
        written.corpus.path if written.corpus else None,
        _corpus_note(out, corpus),
    )


def _login_name() -> str:
    try:
        return getpass.getuser() or "reviewer"
    except (KeyError, OSError):  # no login name in a container or a service account
        return "reviewer"


def promotion_record(by: str | None, at: dt.datetime | None, previous_version: str) -> dict[str, str]:
    """Who promoted the set, when (UTC, ISO 8601), and from which draft version."""
    when = (at or dt.datetime.now(dt.UTC)).astimezone(dt.UTC)
    return {
        "by": by or getpass.getuser(),
        "at": when.isoformat(timespec="seconds").replace("+00:00", "Z"),
        "from_version": previous_version,
    }


@reading_inputs()
def promote(
    annotations: PathLike,
    *,
    version: str,
    out: PathLike,
    corpus: PathLike | None = None,
    by: str | None = None,
    at: dt.datetime | None = None,
    accept_needs_review: bool = False,
    overwrite: bool = False,
) -> PromoteResult:
    """Clears `draft` once the set validates against its snapshot with no problem and no
    sub-question is still `needs_review` (or `accept_needs_review`: the reviewer vouches for
    them, and the flags are cleared too). Records who and when in `metadata.promoted` when
    the annotation model has a `metadata` field."""
    current = load_annotations(annotations)
    check_output(out, overwrite=overwrite, inputs=with_named_corpus(annotations, corpus, data=current))
    if not current.draft:
        raise UsageError(f"{annotations}: is not a draft (draft is false); nothing to promote")
    _new_version(current, version)
    snapshot, corpus_path = _snapshot_for(annotations, current, corpus)
    findings = validate(current, snapshot)
    if findings:
        first = findings[0].describe(str(annotations))
        raise InputError(
            Location(str(annotations)),
            f"{len(findings)} validation problems, the first: {first}",
            "fix them (evidence-eval validate lists all), then promote",
        )
    pending = [f"{q.query_id}/{sq.id}" for q in current.queries for sq in q.sub_questions if sq.needs_review]
    if pending and not accept_needs_review:
        raise InputError(
            Location(str(annotations)),
            f"{len(pending)} sub-questions still need review ({', '.join(pending[:3])}"
            + (", ..." if len(pending) > 3 else "")
            + ")",
            "review them and set needs_review to false, or pass --accept-needs-review",
        )
    data = current.model_dump(mode="json", exclude_none=True)
    for query in data["queries"]:
        for sub in query.get("sub_questions", []):
            sub.pop("needs_review", None)
    data.update(version=version, draft=False)
    record = promotion_record(by, at, current.version)
    recorded = "metadata" in AnnotationSet.model_fields
    if recorded:
        data["metadata"] = {**(data.get("metadata") or {}), "promoted": record}
    data = _with_corpus(data, out, corpus_path, snapshot.sha256)
    _write_set(out, data, overwrite=overwrite)
    note = _corpus_note(out, corpus_path)
    return PromoteResult(Path(out), version, record["by"], record["at"], recorded, note)


@reading_inputs()
def write_review_queue(
    annotations: PathLike,
    traces: PathLike,
    *,
    out: PathLike,
    corpus: PathLike | None = None,
    traces_format: str = "jsonl",
    overwrite: bool = False,
    **score_arguments: Any,
) -> QueueResult:
    """The review queue (JSONL) of traces scored as `score` scores them; a query with no
    positive judgment yet lists every unit its stages returned as `unjudged`."""
    check_output(out, overwrite=overwrite, inputs=with_named_corpus(annotations, traces, corpus))
    entries = review_queue(annotations, traces, corpus, traces_format=traces_format, **score_arguments)
    atomic_write(out, "".join(json.dumps(e, ensure_ascii=False) + "\n" for e in entries), overwrite=overwrite)
    by_type: dict[str, int] = {}
    for entry in entries:
        by_type[entry["type"]] = by_type.get(entry["type"], 0) + 1
    return QueueResult(Path(out), len(entries), by_type)


@reading_inputs()
def export_labelstudio(
    annotations: PathLike,
    *,
    out: PathLike,
    corpus: PathLike | None = None,
    queue: PathLike | None = None,
    config_out: PathLike | None = None,
    overwrite: bool = False,
) -> ExportResult:
    """Label Studio tasks (JSON), one per (query, document): the documents judged for the
    query or holding one of its spans, plus the review queue's `unjudged` documents when
    `queue` is given; and the labelling config (XML) beside them (`<out stem>.config.xml`
    unless given)."""
    config_path = Path(config_out) if config_out else Path(out).with_suffix(".config.xml")
    current = load_annotations(annotations)
    inputs = with_named_corpus(annotations, corpus, queue, data=current)
    check_output(out, overwrite=overwrite, inputs=inputs)
    check_output(config_path, overwrite=overwrite, inputs=(*inputs, str(out)))
    snapshot, _ = _snapshot_for(annotations, current, corpus)
    extra = _unjudged_documents(queue) if queue is not None else None
    tasks = labelstudio.export_tasks(current, snapshot, extra)
    atomic_write(out, json_text(tasks), overwrite=overwrite)
    atomic_write(config_path, labelstudio.LABEL_CONFIG, overwrite=overwrite)
    predicted = sum(
        region["type"] == "labels"
        for task in tasks
        for p in task.get("predictions", [])
        for region in p["result"]
    )
    return ExportResult(Path(out), config_path, len(tasks), predicted)


def _unjudged_documents(queue: PathLike) -> dict[str, list[str]]:
    """query_id -> the documents the review queue lists as unjudged (unit doc)."""
    from ..io import iter_jsonl

    found: dict[str, list[str]] = {}
    for _, entry in iter_jsonl(queue):
        if entry.get("type") == "unjudged" and entry.get("unit") == "doc":
            found.setdefault(str(entry.get("query_id")), []).append(str(entry.get("id")))
    return found


@reading_inputs()
def import_labelstudio(
    export: PathLike,
    *,
    into: PathLike,
    version: str,
    out: PathLike,
    corpus: PathLike | None = None,
    overwrite: bool = False,
) -> ImportResult:
    """A new version of `into` with the spans and relevance marked in Label Studio (its JSON
    export); spans whose text disagrees with the snapshot are re-anchored by their text,
    those that cannot be placed are listed and left out. `into` is not changed."""
    current = load_annotations(into)
    check_output(out, overwrite=overwrite, inputs=with_named_corpus(into, export, corpus, data=current))
    _new_version(current, version)
    snapshot, corpus_path = _snapshot_for(into, current, corpus)
    tasks = read_json(export)
    data, report = labelstudio.import_tasks(tasks, current, snapshot, source=str(export))
    data["version"] = version
    data = _with_corpus(data, out, corpus_path, snapshot.sha256)
    written = _write_set(out, data, overwrite=overwrite)
    report.unplaced.extend(_new_problems(current, written, snapshot))
    return ImportResult(Path(out), version, report, _corpus_note(out, corpus_path))


def _new_problems(before: AnnotationSet, after: AnnotationSet, snapshot: Snapshot) -> list[str]:
    """What `validate` finds in the new version that the set it came from did not have (a
    sub-question whose only evidence the person removed, say): listed, so the import exits 1."""
    known = {(f.json_path, f.message) for f in validate(before, snapshot)}
    return [
        f"validate: {f.json_path}: {f.message}"
        for f in validate(after, snapshot)
        if (f.json_path, f.message) not in known
    ]
