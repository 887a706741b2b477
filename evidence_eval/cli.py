"""The command line: a thin shell over `evidence_eval.api`. The only module that prints or exits."""

from __future__ import annotations

import contextlib
import functools
import json
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any, NoReturn, TypeVar

import click

from .errors import EvidenceEvalError, Location, UsageError
from .io.jsonio import atomic_write, atomic_writer, check_output, json_text, read_json, sha256_file
from .models.options import ScoreOptions
from .models.report import InputFile, Inputs
from .models.traces import TRACE_FORMATS
from .report.render import RENDERERS
from .version import __version__

F = TypeVar("F", bound=Callable[..., Any])

EXIT_OK, EXIT_FAILED, EXIT_BAD_INPUT = 0, 1, 2


def _fail(message: str) -> NoReturn:
    click.echo(f"evidence-eval: error: {message}", err=True)
    sys.exit(EXIT_BAD_INPUT)


def friendly_errors(command: F) -> F:
    """Bad input becomes one line on stderr and exit 2, never a traceback."""

    @functools.wraps(command)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        try:
            return command(*args, **kwargs)
        except EvidenceEvalError as exc:
            _fail(str(exc))
        except KeyboardInterrupt:
            click.echo("evidence-eval: interrupted; nothing was written", err=True)
            sys.exit(130)

    return wrapper  # type: ignore[return-value]


def retrieval_options(command: F) -> F:
    options = [
        click.option(
            "--k",
            "k",
            type=click.IntRange(min=1),
            multiple=True,
            help="cutoff K; repeat for several (default 1, 3, 10)",
        ),
        click.option(
            "--unit",
            type=click.Choice(["doc", "chunk"]),
            default="doc",
            show_default=True,
            help="what a retrieved unit is: documents (doc_judgments) or chunks (chunk_judgments)",
        ),
        click.option(
            "--budget",
            type=click.Choice(["truncate-then-dedup", "dedup-then-truncate"]),
            default="truncate-then-dedup",
            show_default=True,
            help="unit=doc: cut at K items then de-duplicate, or de-duplicate then take K docs",
        ),
        click.option(
            "--min-grade",
            type=click.IntRange(min=1),
            default=1,
            show_default=True,
            help="a unit is relevant when its grade is at least this",
        ),
        click.option(
            "--zero-positive",
            type=click.Choice(["exclude", "error", "zero"]),
            default="exclude",
            show_default=True,
            help="queries with no relevant unit: left out of means and listed, stop, or score 0",
        ),
        click.option(
            "--missing-trace",
            type=click.Choice(["zero", "exclude", "error"]),
            default="zero",
            show_default=True,
            help="queries with no trace line: score 0 and list, list only, or stop",
        ),
    ]
    for option in reversed(options):
        command = option(command)
    return command


def _retrieval_kwargs(kwargs: dict[str, Any]) -> dict[str, Any]:
    chosen = {
        key: kwargs.pop(key) for key in ("unit", "budget", "min_grade", "zero_positive", "missing_trace")
    }
    k = kwargs.pop("k")
    if k:
        chosen["k"] = list(k)
    return chosen


def _emit(text: str, out: str | None, overwrite: bool) -> None:
    if out is None or out == "-":
        click.echo(text, nl=False)
    else:
        atomic_write(out, text, overwrite=overwrite)
        click.echo(f"wrote {out}", err=True)


def _default_format(out: str | None) -> str:
    return "table" if out is None and sys.stdout.isatty() else "json"


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="evidence-eval")
def main() -> None:
    """Does every required sub-question reach the text sent to the model, and does the
    answer state it? Exit codes: 0 ok, 1 the check failed, 2 bad input or usage."""


@main.command()
@click.argument("annotations", type=click.Path(dir_okay=False))
@click.option(
    "--corpus",
    type=click.Path(dir_okay=False),
    help="corpus snapshot (JSONL); default: the one the annotation set names",
)
@friendly_errors
def validate(annotations: str, corpus: str | None) -> None:
    """Check an annotation set against its schema and its corpus snapshot."""
    from . import api

    annotation_set, snapshot, findings = api.check(annotations, corpus)
    if snapshot is not None:
        click.echo(f"corpus snapshot sha256:{snapshot.sha256} ({len(snapshot)} documents)")
    else:
        click.echo("no corpus given: spans were not checked against a snapshot")
    for finding in findings:
        click.echo(finding.describe(annotations))
    queries = len(annotation_set.queries)
    subs = sum(len(q.sub_questions) for q in annotation_set.queries)
    summary = (
        f"{annotation_set.name}@{annotation_set.version}: {queries} queries, "
        f"{subs} sub-questions, {len(findings)} problems"
    )
    click.echo(summary)
    sys.exit(EXIT_FAILED if findings else EXIT_OK)


@main.command()
@click.option(
    "--out",
    "out_dir",
    type=click.Path(file_okay=False),
    default="schemas",
    show_default=True,
    help="folder to write the JSON Schemas into",
)
@friendly_errors
def schema(out_dir: str) -> None:
    """Write the JSON Schemas of every public format."""
    from .models.schemas import json_schemas

    folder = Path(out_dir)
    folder.mkdir(parents=True, exist_ok=True)
    for name, content in json_schemas().items():
        atomic_write(folder / name, json_text(content), overwrite=True)
        click.echo(f"wrote {folder / name}")


SCORE_OPTIONS = (
    "k",
    "unit",
    "budget",
    "min_grade",
    "zero_positive",
    "missing_trace",
    "evidence_threshold",
    "answer_lower",
    "answer_upper",
    "evidence_from",
)  # the command-line names of `ScoreOptions`' fields: every choice that changes a number


def score_options(command: F) -> F:
    """Every option that changes a number (one `ScoreOptions`): the same for every command
    that scores (score, audit, review, compare)."""
    options = [
        retrieval_options,
        click.option(
            "--evidence-threshold",
            type=click.FloatRange(0, 100),
            default=90.0,
            show_default=True,
            help="share (%) of a quote's tokens a fuzzy match must state (besides every critical token)",
        ),
        click.option(
            "--evidence-from",
            type=click.Choice(["any", "own"]),
            default="any",
            show_default=True,
            help="count an exact match from another document than the span's (fuzzy ones never count)",
        ),
        click.option(
            "--answer-lower",
            type=click.FloatRange(0, 100),
            default=70.0,
            show_default=True,
            help="share (%) of a missing fact's tokens from which the report shows where it nearly was",
        ),
        click.option(
            "--answer-upper",
            type=click.FloatRange(0, 100),
            default=90.0,
            show_default=True,
            help="share (%) of a reworded fact's tokens (beyond the edit budget) from which it is uncertain",
        ),
    ]
    for option in reversed(options):
        command = option(command)
    return command


def run_options(command: F) -> F:
    """Where the snapshot is, how to read the traces and how to run: options that change no
    number (score, audit, review, compare)."""
    options = [
        click.option(
            "--corpus",
            type=click.Path(dir_okay=False),
            help="corpus snapshot (JSONL); default: the one the annotation set names",
        ),
        click.option(
            "--traces-format",
            type=click.Choice(list(TRACE_FORMATS)),
            default="jsonl",
            show_default=True,
            help="read TRACES as another tool's file: RAGChecker JSON, RAGAS rows, a TREC run",
        ),
        click.option(
            "--on-error",
            type=click.Choice(["fail", "skip"]),
            default="fail",
            show_default=True,
            help="skip: trace lines that are malformed or name unknown queries are skipped, "
            "counted and listed",
        ),
        click.option(
            "--jobs",
            type=click.IntRange(min=0),
            default=1,
            show_default=True,
            help="processes that score a JSONL traces file (0: one per core); "
            "the report is the same for any number",
        ),
    ]
    for option in reversed(options):
        command = option(command)
    return command


def scoring_inputs(command: F) -> F:
    """ANNOTATIONS TRACES, every option that changes a score, and how to run (score and audit)."""
    options = [
        click.argument("annotations", type=click.Path(dir_okay=False)),
        click.argument("traces", type=click.Path(dir_okay=False)),
        score_options,
        run_options,
    ]
    for option in reversed(options):
        command = option(command)
    return command


def _given(names: tuple[str, ...]) -> list[str]:
    """The options among `names` that the user gave (not left at their defaults)."""
    context = click.get_current_context()
    return [
        "--" + name.replace("_", "-")
        for name in names
        if context.get_parameter_source(name) not in (None, click.core.ParameterSource.DEFAULT)
    ]


def _options(kwargs: dict[str, Any], from_report: str | None = None) -> ScoreOptions:
    """The one `ScoreOptions` of a scoring command, taken out of its keyword arguments: from
    the command line, or (`--from-report`) the options a report was scored with."""
    from .io.loaders import load_report_options
    from .models.options import make_options

    flat = _retrieval_kwargs(kwargs)
    flat.update({key: kwargs.pop(key) for key in SCORE_OPTIONS if key in kwargs})
    if from_report is None:
        return make_options(**flat)
    given = _given(SCORE_OPTIONS)
    if given:
        raise UsageError(
            f"{', '.join(given)} and --from-report both set the scoring options; give one or the other"
        )
    return load_report_options(from_report)


def _score(
    annotations: str,
    traces: str,
    corpus: str | None,
    on_error: str,
    options: ScoreOptions,
    kwargs: dict[str, Any],
) -> Any:
    from . import api

    show_progress = sys.stderr.isatty()
    lines = _count_lines(traces) if show_progress and kwargs.get("traces_format", "jsonl") == "jsonl" else 0
    bar_context = (
        click.progressbar(length=lines, label="scoring traces", file=sys.stderr)
        if show_progress
        else contextlib.nullcontext(None)
    )
    with bar_context as bar:
        advance = None if bar is None else (lambda line: bar.update(line - bar.pos))
        return api.score(
            annotations,
            traces,
            corpus,
            skip_bad_lines=on_error == "skip",
            progress=advance,
            options=options,
            **kwargs,
        )


def _count_lines(path: str) -> int:
    try:
        with open(path, "rb") as handle:
            return sum(block.count(b"\n") for block in iter(lambda: handle.read(1 << 20), b""))
    except OSError:
        return 0  # the loader reports the problem in its own words


def _refuse_existing(*paths: str | None, overwrite: bool) -> None:
    """Checked before any work, so that a long run does not end in a refusal."""
    for path in paths:
        if path and path != "-":
            check_output(path, overwrite=overwrite)


@main.command()
@scoring_inputs
@click.option(
    "--format",
    "fmt",
    type=click.Choice(sorted([*RENDERERS, "html"])),
    help="default: table on a terminal, json otherwise",
)
@click.option("-o", "--out", help="write here (atomically) instead of stdout")
@click.option("--overwrite", is_flag=True, help="replace an existing output file")
@friendly_errors
def score(
    annotations: str,
    traces: str,
    corpus: str | None,
    fmt: str | None,
    out: str | None,
    overwrite: bool,
    on_error: str,
    **kwargs: Any,
) -> None:
    """Score TRACES against ANNOTATIONS: retrieval metrics and sub-question coverage."""
    from . import api
    from .report.html import to_html

    _refuse_existing(out, overwrite=overwrite)
    options = _options(kwargs)
    chosen = fmt or _default_format(out)
    if chosen == "json":  # streamed: memory does not grow with the number of queries
        if out and out != "-":
            with atomic_writer(out, overwrite=overwrite) as handle:
                _score(annotations, traces, corpus, on_error, options, {**kwargs, "json_out": handle})
            click.echo(f"wrote {out}", err=True)
        else:
            _score(annotations, traces, corpus, on_error, options, {**kwargs, "json_out": sys.stdout})
        return
    report = _score(annotations, traces, corpus, on_error, options, kwargs)
    if chosen == "html":
        text = to_html(report, api.evidence_texts(report, traces, kwargs.get("traces_format", "jsonl")))
    else:
        text = RENDERERS[chosen](report)
    _emit(text, out, overwrite)


@main.command()
@scoring_inputs
@click.option(
    "--policy",
    "policy_path",
    required=True,
    type=click.Path(dir_okay=False),
    help="policy JSON: rules on summary figures (schemas/policy.schema.json)",
)
@click.option("--junit", type=click.Path(dir_okay=False), help="also write JUnit XML here")
@click.option("--overwrite", is_flag=True, help="replace an existing JUnit file")
@friendly_errors
def audit(
    annotations: str,
    traces: str,
    corpus: str | None,
    policy_path: str,
    junit: str | None,
    overwrite: bool,
    on_error: str,
    **kwargs: Any,
) -> None:
    """Release gate: exit 1 when any rule of the policy fails, 0 when all hold."""
    from .audit import audit as run_audit
    from .audit import junit_xml
    from .io.loaders import load_policy

    _refuse_existing(junit, overwrite=overwrite)
    options = _options(kwargs)
    policy = load_policy(policy_path)
    report = _score(annotations, traces, corpus, on_error, options, kwargs)
    outcomes = run_audit(report, policy)
    for outcome in outcomes:
        click.echo(outcome.line())
        for offender in outcome.worst:
            click.echo(
                f"      {offender.query_id} / {offender.sub_question or '-'}: "
                f"{offender.status} (lost at {offender.lost_at or '-'})"
            )
    failed = sum(not outcome.passed for outcome in outcomes)
    click.echo(f"{len(outcomes) - failed} passed, {failed} failed: {policy.name}")
    click.echo(report.signature)
    if junit:
        atomic_write(junit, junit_xml(outcomes, policy), overwrite=overwrite)
    sys.exit(EXIT_FAILED if failed else EXIT_OK)


@main.command()
@click.argument("annotations", type=click.Path(dir_okay=False))
@click.argument("traces", type=click.Path(dir_okay=False), required=False)
@score_options
@run_options
@click.option(
    "--from-report",
    type=click.Path(dir_okay=False),
    help="score with the options this JSON report was made with (instead of giving them)",
)
@click.option(
    "--apply",
    "decisions",
    type=click.Path(dir_okay=False),
    help="decisions JSONL: write a new annotation version instead of a queue",
)
@click.option("--version", "new_version", help="with --apply: the new annotation version")
@click.option("-o", "--out", required=True, help="the queue (JSONL), or with --apply the new annotation set")
@click.option("--overwrite", is_flag=True, help="replace an existing output file")
@friendly_errors
def review(
    annotations: str,
    traces: str | None,
    corpus: str | None,
    from_report: str | None,
    decisions: str | None,
    new_version: str | None,
    out: str,
    overwrite: bool,
    on_error: str,
    **kwargs: Any,
) -> None:
    """Export what needs a human (uncertain matches, partial evidence, unjudged items,
    answers without evidence), scoring TRACES with the same options as `score` (or those of
    --from-report); or apply a human's decisions as a new annotation version."""
    from . import api
    from .io.loaders import load_annotations
    from .review import apply_decisions, read_decisions

    _refuse_existing(out, overwrite=overwrite)
    if Path(out).resolve() == Path(annotations).resolve():
        _fail(f"{out}: would replace the annotation set itself; write the new version elsewhere")
    if decisions:
        scoring = _given((*SCORE_OPTIONS, "corpus", "traces_format", "on_error", "jobs", "from_report"))
        if scoring or traces:
            _fail(f"--apply scores nothing: drop {', '.join(scoring) or 'TRACES'}")
        if not new_version:
            _fail("--apply needs --version NEW (the new annotation version)")
        annotation_set = load_annotations(annotations)
        updated = apply_decisions(annotation_set, read_decisions(decisions), version=new_version)
        atomic_write(out, json_text(updated.model_dump(mode="json", exclude_none=True)), overwrite=overwrite)
        click.echo(f"wrote {out}: {updated.name}@{updated.version} (was {annotation_set.version})")
        return
    if not traces:
        _fail("give TRACES to build a review queue, or --apply DECISIONS")
    options = _options(kwargs, from_report)
    entries = api.review_queue(
        annotations, traces, corpus, skip_bad_lines=on_error == "skip", options=options, **kwargs
    )
    lines = [json.dumps(entry, ensure_ascii=False) for entry in entries]
    atomic_write(out, "".join(line + "\n" for line in lines), overwrite=overwrite)
    click.echo(f"wrote {out}: {len(lines)} items to review")


@main.command()
@click.argument("report_a", type=click.Path(dir_okay=False))
@click.argument("report_b", type=click.Path(dir_okay=False))
@click.option("--system-a", help="system of report A (needed when it holds several)")
@click.option("--system-b", help="system of report B (needed when it holds several)")
@click.option("--allow-mismatch", is_flag=True, help="compare even when the signatures differ")
@click.option(
    "--trials",
    type=click.IntRange(min=100),
    default=1000,
    show_default=True,
    help="bootstrap and randomization trials",
)
@click.option("--seed", type=int, default=12345, show_default=True)
@click.option(
    "--annotations",
    type=click.Path(dir_okay=False),
    help="A and B are trace files: score both against this annotation set, with the options "
    "given (the same as `score`'s)",
)
@score_options
@run_options
@friendly_errors
def compare(
    report_a: str,
    report_b: str,
    system_a: str | None,
    system_b: str | None,
    allow_mismatch: bool,
    trials: int,
    seed: int,
    annotations: str | None,
    corpus: str | None,
    on_error: str,
    **kwargs: Any,
) -> None:
    """Per-figure deltas B - A with paired bootstrap CIs and randomization p-values.
    A and B are JSON reports, or trace files with --annotations (scored as `score` would,
    with the same options)."""
    from .compare import compare as run_compare
    from .io.loaders import load_report

    if annotations:
        options = _options(kwargs)
        a = _score(annotations, report_a, corpus, on_error, options, dict(kwargs))
        b = _score(annotations, report_b, corpus, on_error, options, dict(kwargs))
    else:
        given = _given((*SCORE_OPTIONS, "corpus", "traces_format", "on_error", "jobs"))
        if given:
            raise UsageError(
                f"{', '.join(given)}: only for trace files (with --annotations); a report "
                "carries the options it was scored with"
            )
        a, b = load_report(report_a), load_report(report_b)
    result = run_compare(
        a, b, system_a=system_a, system_b=system_b, allow_mismatch=allow_mismatch, trials=trials, seed=seed
    )
    click.echo(
        f"A = {result.system_a}, B = {result.system_b}; {result.figures[0].queries} "
        f"paired queries; bootstrap 95% CI and randomization p ({trials} trials, seed {seed})"
    )
    for key, (x, y) in result.mismatched.items():
        click.echo(f"signature differs: {key}: {x} vs {y}")
    for f in result.figures:
        if f.delta is None:
            click.echo(f"{f.figure}: n/a")
            continue
        click.echo(
            f"{f.figure}: A {f.a:.3f}  B {f.b:.3f}  delta {f.delta:+.3f} "
            f"[{f.ci_low:+.3f}, {f.ci_high:+.3f}]  p={f.p_value:.4f}"
        )
    for flip in result.flips:
        click.echo(
            f"flip {flip['query_id']} / {flip['sub_question']} at {flip['where']}: {flip['a']} -> {flip['b']}"
        )
    click.echo(f"signature: {result.signature}")


@main.command()
@click.argument("source", type=click.Choice(["ragchecker", "ragas", "trec", "beir"]))
@click.argument("input_path", metavar="INPUT", required=False)
@click.option(
    "-o",
    "--out",
    "out_dir",
    required=True,
    type=click.Path(file_okay=False),
    help="folder for traces.jsonl, corpus.jsonl and draft.annotations.json",
)
@click.option(
    "--system", default="converted", show_default=True, help="system name for the traces (RAGChecker, RAGAS)"
)
@click.option("--run", "run_path", type=click.Path(dir_okay=False), help="trec: a run file")
@click.option("--qrels", "qrels_path", type=click.Path(dir_okay=False), help="trec: a qrels file")
@click.option("--split", default="test", show_default=True, help="beir: which qrels/SPLIT.tsv")
@click.option("--overwrite", is_flag=True, help="replace existing output files")
@friendly_errors
def convert(
    source: str,
    input_path: str | None,
    out_dir: str,
    system: str,
    run_path: str | None,
    qrels_path: str | None,
    split: str,
    overwrite: bool,
) -> None:
    """Read another tool's files into traces, a corpus and a draft annotation set."""
    from .convert import readers
    from .convert.common import write_outputs

    if source == "trec":
        if not (run_path or qrels_path):
            _fail("trec: give --run RUN and/or --qrels QRELS")
        files = readers.from_trec(run_path, qrels_path)
    elif input_path is None:
        _fail(f"{source}: give the INPUT {'folder' if source == 'beir' else 'file'}")
        return
    elif source == "ragchecker":
        files = readers.from_ragchecker(input_path, system=system)
    elif source == "ragas":
        files = readers.from_ragas(input_path, system=system)
    else:
        files = readers.from_beir(input_path, split=split)
    for path in write_outputs(out_dir, files, overwrite=overwrite):
        click.echo(f"wrote {path}")
    if "draft.annotations.json" in files:
        click.echo("the annotation set is a draft (draft: true): review it, then give it a version")


@main.command()
@click.argument("annotations", type=click.Path(dir_okay=False))
@click.option(
    "--from",
    "queries_path",
    required=True,
    type=click.Path(dir_okay=False),
    help="queries JSONL: {query_id|_id|id, text|query|question} per line",
)
@click.option("--corpus", required=True, type=click.Path(dir_okay=False))
@click.option("--name", help="annotation set name (default: the file's stem)")
@click.option("--language", default="zh", show_default=True)
@click.option("--overwrite", is_flag=True)
@friendly_errors
def init(
    annotations: str, queries_path: str, corpus: str, name: str | None, language: str, overwrite: bool
) -> None:
    """Write a draft annotation set with one empty sub-question list per query."""
    from .convert.anchoring import init_from_queries
    from .io.loaders import load_snapshot

    _refuse_existing(annotations, overwrite=overwrite)
    snapshot = load_snapshot(corpus)
    stem = Path(annotations).name.split(".")[0]
    data = init_from_queries(queries_path, snapshot, name=name or stem, language=language)
    data["corpus"]["path"] = _relative_corpus(annotations, corpus)
    atomic_write(annotations, json_text(data), overwrite=overwrite)
    click.echo(f"wrote {annotations}: {len(data['queries'])} queries, corpus sha256:{snapshot.sha256}")


def _relative_corpus(annotations: str, corpus: str) -> str | None:
    try:
        return str(Path(corpus).resolve().relative_to(Path(annotations).resolve().parent))
    except ValueError:
        return None  # outside the annotation set's folder: give it with --corpus


@main.command()
@click.argument("annotations", type=click.Path(dir_okay=False))
@click.option("--corpus", required=True, type=click.Path(dir_okay=False))
@click.option("-o", "--out", required=True, help="the anchored annotation set")
@click.option("--overwrite", is_flag=True)
@friendly_errors
def anchor(annotations: str, corpus: str, out: str, overwrite: bool) -> None:
    """Fill start/end of spans given as doc_id + quote; refuse absent or ambiguous quotes."""
    from .convert.anchoring import anchor as anchor_spans
    from .io.loaders import build, load_snapshot
    from .models import AnnotationSet

    _refuse_existing(out, overwrite=overwrite)
    data = read_json(annotations)
    if not isinstance(data, dict):
        _fail(f"{annotations}: expected a JSON object")
    anchored, issues = anchor_spans(data, load_snapshot(corpus))
    for issue in issues:
        click.echo(issue.describe(annotations))
    if issues:
        click.echo(f"{len(issues)} spans could not be anchored; nothing was written")
        sys.exit(EXIT_FAILED)
    build(AnnotationSet, anchored, Location(out))
    atomic_write(out, json_text(anchored), overwrite=overwrite)
    click.echo(f"wrote {out}")


@main.command()
@click.argument("annotations", type=click.Path(dir_okay=False))
@click.option("--corpus", required=True, type=click.Path(dir_okay=False), help="the new snapshot")
@click.option("--version", "new_version", required=True, help="the new annotation version")
@click.option("-o", "--out", required=True, help="the migrated annotation set")
@click.option("--overwrite", is_flag=True)
@friendly_errors
def migrate(annotations: str, corpus: str, new_version: str, out: str, overwrite: bool) -> None:
    """Re-anchor every span by its quote in a new snapshot; write a new annotation version."""
    from .convert.anchoring import migrate as migrate_spans
    from .io.loaders import build, load_annotations, load_snapshot
    from .models import AnnotationSet

    _refuse_existing(out, overwrite=overwrite)
    if Path(out).resolve() == Path(annotations).resolve():
        _fail(f"{out}: would replace the annotation set itself; write the new version elsewhere")
    annotation_set = load_annotations(annotations)
    snapshot = load_snapshot(corpus)
    data = annotation_set.model_dump(mode="json", exclude_none=True)
    migrated, issues, counts = migrate_spans(data, snapshot, version=new_version)
    migrated["corpus"] = {"sha256": snapshot.sha256}
    relative = _relative_corpus(out, corpus)
    if relative:
        migrated["corpus"]["path"] = relative
    build(AnnotationSet, migrated, Location(out))
    atomic_write(out, json_text(migrated), overwrite=overwrite)
    for issue in issues:
        click.echo(issue.describe(annotations))
    click.echo(
        f"wrote {out}: {counts['kept']} kept, {counts['moved']} moved, {counts['fuzzy']} "
        f"re-anchored fuzzily, {counts['failed']} not re-anchored"
    )
    sys.exit(EXIT_FAILED if counts["failed"] else EXIT_OK)


@main.command()
@click.argument("qrels", type=click.Path(dir_okay=False))
@click.argument("run", type=click.Path(dir_okay=False))
@retrieval_options
@click.option(
    "--format",
    "fmt",
    type=click.Choice(["json", "table"]),
    help="default: table on a terminal, json otherwise",
)
@click.option("-o", "--out", help="write here (atomically) instead of stdout")
@click.option("--overwrite", is_flag=True, help="replace an existing output file")
@friendly_errors
def retrieval(qrels: str, run: str, fmt: str | None, out: str | None, overwrite: bool, **kwargs: Any) -> None:
    """Hit@K, RR@K and Recall@K from TREC QRELS and RUN files only."""
    from .io.trec import read_judgments, read_run
    from .models.options import make_options
    from .models.report import RetrievalReport
    from .report.retrieval_only import report_json, score_run

    _refuse_existing(out, overwrite=overwrite)
    options = make_options(**_retrieval_kwargs(kwargs))
    qrels_sha = sha256_file(qrels)
    inputs = Inputs(
        qrels=InputFile(path=qrels, sha256=qrels_sha), run=InputFile(path=run, sha256=sha256_file(run))
    )
    report = score_run(
        read_judgments(qrels),
        read_run(run),
        options=options,
        inputs=inputs,
        judgment_version=f"qrels-{qrels_sha[:12]}",
    )
    from .report.render import retrieval_text

    text = (
        report_json(report)
        if (fmt or _default_format(out)) == "json"
        else retrieval_text(RetrievalReport.model_validate(report))
    )
    _emit(text, out, overwrite)


if __name__ == "__main__":
    main()
