"""The command line: a thin shell over `evidence_eval.api`. The only module that prints or exits."""

from __future__ import annotations

import contextlib
import functools
import sys
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from types import ModuleType
from typing import IO, Any, Literal, NoReturn, TypeVar, cast, get_args, get_origin

import click
from pydantic import BaseModel
from pydantic.fields import FieldInfo

from .errors import EvidenceEvalError, UsageError
from .io.jsonio import atomic_write, atomic_writer, check_output
from .io.output import reader_may_leave
from .lang.compiled import seed_re_cache
from .models.options import MatchOptions, RetrievalOptions, ScoreOptions
from .models.traces import TRACE_FORMATS
from .report.inert import terminal_cell, terminal_text
from .report.render import RENDERERS
from .scoring.heap import paused_collection
from .version import __version__

F = TypeVar("F", bound=Callable[..., Any])

EXIT_OK, EXIT_FAILED, EXIT_BAD_INPUT = 0, 1, 2


def _api() -> ModuleType:
    """`evidence_eval.api`, imported with the cycle collector paused: its modules, classes and
    compiled patterns live as long as the process, and collections during the import walked
    them again and again (~50 ms of a run's start-up). The patterns a former run compiled
    through `re` are in its cache first (`seed_re_cache`)."""
    seed_re_cache()
    with paused_collection():
        from . import api
    return api


def _fail(message: str) -> NoReturn:
    click.echo(f"evidence-eval: error: {terminal_cell(message)}", err=True)  # one line, inert
    sys.exit(EXIT_BAD_INPUT)


def friendly_errors(command: F) -> F:
    """Bad input becomes one line on stderr and exit 2, never a traceback."""

    @functools.wraps(command)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        try:
            return command(*args, **kwargs)
        except EvidenceEvalError as exc:
            _fail(str(exc))
        except UnicodeDecodeError as exc:  # a reader that decodes by itself: still one line
            _fail(f"a file is not valid UTF-8 ({exc.reason} at byte {exc.start}): save it as UTF-8")
        except OSError as exc:
            _fail(f"{exc.filename or 'a file'}: {exc.strerror or exc}")
        except KeyboardInterrupt:
            click.echo("evidence-eval: interrupted; nothing was written", err=True)
            sys.exit(130)

    return cast(F, wrapper)


def model_options(*models: type[BaseModel]) -> Callable[[F], F]:
    """Click options generated from the options models' fields (name, type, choices, range,
    default and help come from the model: declared once)."""

    def decorate(command: F) -> F:
        for model in reversed(models):
            for name, field in reversed(list(model.model_fields.items())):
                command = _field_option(name, field)(command)
        return command

    return decorate


def _field_option(name: str, field: FieldInfo) -> Callable[[F], F]:
    annotation = field.annotation
    many = get_origin(annotation) is list
    if many:
        (annotation,) = get_args(annotation)
    click_type = _click_type(annotation, [*field.metadata, *_annotated_metadata(annotation)])
    settings: dict[str, Any] = {"type": click_type, "help": field.description}
    if many:
        settings["multiple"] = True
    else:
        settings.update(default=field.default, show_default=True)
    return click.option("--" + name.replace("_", "-"), name, **settings)


def _annotated_metadata(annotation: Any) -> list[Any]:
    return list(getattr(annotation, "__metadata__", ()))


def _click_type(annotation: Any, metadata: list[Any]) -> click.ParamType:
    base = get_args(annotation)[0] if hasattr(annotation, "__metadata__") else annotation
    if get_origin(base) is Literal:
        return click.Choice([str(choice) for choice in get_args(base)])
    bounds: dict[str, Any] = {}
    for constraint in metadata:
        for attribute, key in (("ge", "min"), ("le", "max")):
            if getattr(constraint, attribute, None) is not None:
                bounds[key] = getattr(constraint, attribute)
        if getattr(constraint, "gt", None) is not None:  # PositiveInt: > 0
            bounds["min"] = constraint.gt + 1
    if base is int:
        return click.IntRange(**bounds)
    if base is float:
        return click.FloatRange(**bounds)
    raise TypeError(f"no command-line type for {annotation!r}")  # pragma: no cover - a new option type


SCORE_OPTIONS = (*RetrievalOptions.model_fields, *MatchOptions.model_fields)
"""The command-line names of `ScoreOptions`' fields: every choice that changes a number."""


def _flat_options(kwargs: dict[str, Any], names: tuple[str, ...] = SCORE_OPTIONS) -> dict[str, Any]:
    """The options among `names` taken out of a command's keyword arguments; a repeatable
    option not given (an empty tuple) is left to the model's default."""
    chosen = {}
    for name in names:
        value = kwargs.pop(name)
        if isinstance(value, tuple):
            if not value:
                continue
            value = list(value)
        chosen[name] = value
    return chosen


@contextlib.contextmanager
def _readers_may_leave() -> Iterator[None]:
    """A command whose reader stops reading (`audit ... | head -2`) still writes its files (a
    JUnit report) and exits with its own code: a closed stdout (or stderr) is not an input
    error. One mechanism for every command: what nobody reads is dropped."""
    previous = sys.stdout, sys.stderr
    sys.stdout = reader_may_leave(sys.stdout, "standard output")
    # stderr unbuffered, as Python's own: a warning is in a redirected log (CI's) at once, and a
    # killed run keeps what it said; stdout buffered, however PYTHONUNBUFFERED is set
    sys.stderr = reader_may_leave(sys.stderr, "standard error", unbuffered=True)
    try:
        yield
    finally:
        ours = sys.stdout, sys.stderr
        sys.stdout, sys.stderr = previous
        for stream in ours:
            try:
                stream.flush()
            except OSError as exc:  # a full disk under `> report.json`: the output is lost
                _fail(f"{exc.filename}: {exc.strerror}")


def _on_terminal() -> bool:
    return sys.stdout.isatty()


def _emit(text: str, out: str | None, overwrite: bool, inputs: Inputs = (), fmt: str | None = None) -> None:
    """`text` to `out` atomically, or to stdout; CSV shown on a terminal has its control
    characters escaped, as the table format's (ESC would reach the terminal)."""
    if out is None or out == "-":
        click.echo(terminal_text(text) if fmt == "csv" and _on_terminal() else text, nl=False)
    else:
        atomic_write(out, text, overwrite=overwrite, inputs=inputs)
        click.echo(f"wrote {out}", err=True)


def _stream(out: str | None, overwrite: bool, inputs: Inputs, write: Callable[[IO[str]], object]) -> None:
    """`write` the output as it is made: to `out` atomically, or to stdout."""
    if out is None or out == "-":
        write(sys.stdout)
        return
    with atomic_writer(out, overwrite=overwrite, inputs=inputs) as handle:
        write(handle)
    click.echo(f"wrote {out}", err=True)


def _default_format(out: str | None) -> str:
    return "table" if out is None and sys.stdout.isatty() else "json"


class _NoOptionAsValue(click.Command):
    """Refuses an option whose value is another of the command's options (`-o --overwrite`):
    click would take `--overwrite` as the output's name and write a file called that; and `-`
    as a path (a file named `-`)."""

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        _refuse_option_as_value(self, ctx, args)
        rest = super().parse_args(ctx, args)
        _refuse_dash(self, ctx)
        return rest


# the path parameters a command writes (the others are read); `-o -` is stdout, not a path
_WRITTEN_PATHS = {("audit", "junit"), ("init", "annotations"), ("schema", "out_dir"), ("convert", "out_dir")}


def _refuse_dash(command: click.Command, ctx: click.Context) -> None:
    for param in command.get_params(ctx):
        value = ctx.params.get(param.name or "")
        given = value if isinstance(value, tuple) else (value,)  # a tuple: nargs=-1 (merge's PARTS)
        if not isinstance(param.type, click.Path) or "-" not in given:
            continue
        named = param.opts[0] if isinstance(param, click.Option) else param.human_readable_name
        if (command.name, param.name) in _WRITTEN_PATHS:
            kind = "file" if param.type.file_okay else "folder"
            raise click.UsageError(
                f"{named}: writing to standard output ('-') is not supported here; give a {kind}"
            )
        raise click.UsageError(
            f"{named}: reading standard input ('-') is not supported here; "
            "give a file, or /dev/stdin for a pipe"
        )


def _refuse_option_as_value(command: click.Command, ctx: click.Context, args: list[str]) -> None:
    taking_value = {
        name: param
        for param in command.get_params(ctx)
        if isinstance(param, click.Option) and not param.is_flag and not param.count
        for name in param.opts
    }
    names = {name for param in command.get_params(ctx) for name in getattr(param, "opts", ())}
    for given, following in zip(args, args[1:], strict=False):
        if given == "--":
            return
        if given in taking_value and following.split("=", 1)[0] in names:
            raise click.UsageError(
                f"{given} takes a value, but was followed by the option {following}; "
                f"give {given} its value first"
            )


class _OneLineErrors(click.Group):
    """Usage errors (a bad option, a missing argument) as one line on stderr, like bad input."""

    command_class = _NoOptionAsValue
    group_class = type

    def main(  # always one line, whatever the caller's mode
        self,
        args: Sequence[str] | None = None,
        prog_name: str | None = None,
        complete_var: str | None = None,
        standalone_mode: bool = True,
        **extra: Any,
    ) -> Any:
        from .io.source import reading_inputs

        try:
            with _readers_may_leave(), reading_inputs():  # one command, one reading of each input
                return super().main(args, prog_name, complete_var, standalone_mode=False, **extra)
        except click.exceptions.Abort:
            click.echo("evidence-eval: interrupted; nothing was written", err=True)
            sys.exit(130)
        except click.ClickException as exc:
            click.echo(f"evidence-eval: error: {terminal_cell(exc.format_message())}", err=True)
            sys.exit(exc.exit_code)


@click.group(cls=_OneLineErrors, context_settings={"help_option_names": ["-h", "--help"]})
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
    from .ingest.validate import judgments_as_written

    api = _api()

    annotation_set, snapshot, findings = api.check(annotations, corpus)
    if snapshot is not None:
        click.echo(f"corpus snapshot sha256:{snapshot.sha256} ({len(snapshot)} documents)")
    for finding in findings:
        click.echo(terminal_text(finding.describe(annotations)))
    queries = len(annotation_set.queries)
    subs = sum(len(q.sub_questions) for q in annotation_set.queries)
    head = f"{annotation_set.name}@{annotation_set.version}: {queries} queries, {subs} sub-questions"
    note = judgments_as_written(annotation_set, snapshot)
    if note:
        click.echo(note)
    click.echo(terminal_text(f"{head}, {len(findings)} problems"))
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
@click.option("--overwrite", is_flag=True, help="replace existing schema files")
@friendly_errors
def schema(out_dir: str, overwrite: bool) -> None:
    """Write the JSON Schemas of every public format."""
    from .ingest.common import write_outputs
    from .models.schemas import json_schemas

    for path in write_outputs(out_dir, json_schemas(), overwrite=overwrite):
        click.echo(f"wrote {path}")


score_options = model_options(RetrievalOptions, MatchOptions)
"""Every option that changes a number (one `ScoreOptions`): the same for every command that
scores (score, audit, review, compare)."""


IMPORT_OPTIONS = ("query_id_from", "doc_id_from")  # run options of the tracing-system readers
QUERY_ID_FROM_HELP = (
    "openinference|langfuse|langsmith: where a trace's query id is: a dotted key of its records, "
    "root first (metadata.query_id; LangSmith: extra.metadata.query_id), or query-text (its query "
    "matched, normalised, against the annotation set's query texts; the default with an "
    "annotation set, else the export's trace id)"
)
DOC_ID_FROM_HELP = (
    "openinference|langfuse|langsmith: the dotted key of each retrieved document that holds its "
    "doc_id (document.metadata.source; LangChain documents: metadata.source); default the "
    "export's own id (LlamaIndex: a node id)"
)


def _print_import(result: Any) -> None:
    """What an import of a tracing system's export found, on stderr."""
    for line in result.summary_lines():
        click.echo(line, err=True)


def _trace_import(run: dict[str, Any]) -> dict[str, Any]:
    """`--query-id-from` / `--doc-id-from` taken out of a command's run options, as the
    `trace_import` that `api.score` passes to the reader of a tracing system's export."""
    return {
        "trace_import": {
            "query_id_from": run.pop("query_id_from", None),
            "doc_id_from": run.pop("doc_id_from", None),
            "on_import": _print_import,
        }
    }


def _import_again(annotations: str, run: dict[str, Any]) -> dict[str, Any] | None:
    """How the HTML report reads a tracing system's export again for its evidence texts:
    with the query and document ids the scoring used."""
    from .ingest.importers import FORMATS
    from .io.loaders import load_annotations

    if run["traces_format"] not in FORMATS:
        return None
    again = {name: run[name] for name in IMPORT_OPTIONS}
    return {**again, "annotations": load_annotations(annotations), "on_error": run["on_error"]}


format_option = click.option(
    "--format",
    "fmt",
    type=click.Choice(sorted([*RENDERERS, "html"])),
    help="default: table on a terminal, json otherwise",
)
show_option = click.option(
    "--show",
    type=click.IntRange(min=0),
    default=20,
    show_default=True,
    help="table/markdown: the worst lost sub-questions listed per system",
)
level_option = click.option(
    "--level",
    type=click.Choice(["sub_question", "fact", "query", "retrieval"]),
    help="csv: one row per sub-question (the default), answer fact, query, or (stage, K) retrieval figure",
)


def _csv_level(level: str | None, chosen: str) -> str:
    """The rows of a CSV report; --level with another format would be silently ignored."""
    if level is not None and chosen != "csv":
        raise UsageError(f"--level {level}: the rows of a CSV report; add --format csv (here: {chosen})")
    return level or "sub_question"


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
            help="read TRACES as another tool's file: RAGChecker JSON, RAGAS rows, a TREC run, or "
            "a tracing system's export (OpenInference / Phoenix, Langfuse, LangSmith)",
        ),
        click.option("--query-id-from", help=QUERY_ID_FROM_HELP),
        click.option("--doc-id-from", help=DOC_ID_FROM_HELP),
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

    flat = _flat_options(kwargs)
    if from_report is None:
        return make_options(**flat)
    given = _given(SCORE_OPTIONS)
    if given:
        raise UsageError(
            f"{', '.join(given)} and --from-report both set the scoring options; give one or the other"
        )
    return load_report_options(from_report)


def _score(
    annotations: str, traces: str, corpus: str | None, options: ScoreOptions, run: dict[str, Any]
) -> Any:
    """`api.score` with a progress bar on a terminal; `run`: the run options (traces_format,
    on_error, jobs) and, for a streamed JSON report, `json_out`."""
    api = _api()

    on_error = run.pop("on_error", "fail")
    run.update(_trace_import(run))
    from .report.progress import Progress

    show_progress = sys.stderr.isatty()
    lines = _count_lines(traces) if show_progress and run.get("traces_format", "jsonl") == "jsonl" else 0
    display = Progress(total=lines or None, stream=sys.stderr) if show_progress else None
    with display or contextlib.nullcontext():
        if display is not None:
            display.loading("annotations, corpus and pipelines")
        arguments = dict(
            skip_bad_lines=on_error == "skip",
            progress=None if display is None else display.update,
            options=options,
        )
        if "partial_out" in run:  # score --partial [--shard I/N]
            return api.write_partial_file(
                annotations, traces, run.pop("partial_out"), corpus, **arguments, **run
            )
        report = api.score(annotations, traces, corpus, **arguments, **run)
    _tell_skipped(report.skipped_trace_lines)
    _tell_misspelt_stages(report)
    return report


def _tell_misspelt_stages(report: Any) -> None:
    from .scoring.stage_names import misspelt_stages

    for line in misspelt_stages(report):
        click.echo(terminal_text(f"evidence-eval: warning: {line}"), err=True)


def _tell_skipped(skipped: list[str], shown: int = 5) -> None:
    """Skipped lines on stderr, whatever the format (a CSV or a table has no place for them)."""
    if not skipped:
        return
    more = (
        f"; {len(skipped) - shown} more in the JSON report's skipped_trace_lines"
        if len(skipped) > shown
        else ""
    )
    click.echo(f"evidence-eval: skipped {len(skipped)} trace lines (--on-error skip){more}:", err=True)
    for line in skipped[:shown]:
        click.echo(f"  {terminal_text(line)}", err=True)


def _count_lines(path: str) -> int:
    from .io.source import open_input

    try:
        with open_input(path) as handle:  # a pipe is read once, into a spool the loader reads
            return sum(block.count(b"\n") for block in iter(lambda: handle.read(1 << 20), b""))
    except EvidenceEvalError:
        return 0  # the loader reports the problem in its own words


Inputs = tuple[str | None, ...]


def _inputs_of(out: str | None, annotations: str | None, *others: str | None) -> Inputs:
    """What `out` may not be: the inputs given and, when it is a file, the corpus the
    annotation set names."""
    if out is None or out == "-":
        return (annotations, *others)
    from .io import with_named_corpus

    return with_named_corpus(annotations, *others)


def _refuse_existing(*paths: str | None, overwrite: bool, inputs: Inputs = ()) -> None:
    """Checked before any work, so that a long run does not end in a refusal: an output is
    never an input of the command, a device, a folder or (without --overwrite) a file."""
    for path in paths:
        if path and path != "-":
            check_output(path, overwrite=overwrite, inputs=inputs)


@main.command()
@scoring_inputs
@format_option
@show_option
@level_option
@click.option(
    "--partial", is_flag=True, help="write what these lines contribute, a partial report, for `merge`"
)
@click.option(
    "--shard", metavar="I/N", help="with --partial: only the trace lines whose line number - 1 modulo N is I"
)
@click.option("-o", "--out", help="write here (atomically) instead of stdout")
@click.option("--overwrite", is_flag=True, help="replace an existing output file")
@friendly_errors
def score(
    annotations: str,
    traces: str,
    corpus: str | None,
    fmt: str | None,
    show: int,
    level: str | None,
    partial: bool,
    shard: str | None,
    out: str | None,
    overwrite: bool,
    **run: Any,
) -> None:
    """Score TRACES against ANNOTATIONS: retrieval metrics and sub-question coverage."""
    api = _api()

    inputs = _inputs_of(out, annotations, traces, corpus)
    _refuse_existing(out, overwrite=overwrite, inputs=inputs)
    options = _options(run)
    if shard and not partial:
        raise UsageError(
            "--shard: a shard's own report would count every other shard's queries as missing; "
            "add --partial and `merge` the parts"
        )
    if partial:
        _csv_level(level, "partial report")
        _score_partial(annotations, traces, corpus, options, run, fmt, shard, out, overwrite)
        return
    chosen = fmt or _default_format(out)
    level = _csv_level(level, chosen)
    if chosen != "json":
        report = _score(annotations, traces, corpus, options, dict(run))
        again = _import_again(annotations, run) if chosen == "html" else None
        rendered = api.render(
            report,
            chosen,
            traces=traces,
            annotations=annotations,
            traces_format=run["traces_format"],
            trace_import=again,
            show=show,
            level=level,
        )
        _emit(rendered, out, overwrite, inputs, chosen)
    else:  # streamed: memory does not grow with the number of queries
        _stream(
            out,
            overwrite,
            inputs,
            lambda handle: _score(annotations, traces, corpus, options, {**run, "json_out": handle}),
        )


def _score_partial(
    annotations: str,
    traces: str,
    corpus: str | None,
    options: ScoreOptions,
    run: dict[str, Any],
    fmt: str | None,
    shard: str | None,
    out: str | None,
    overwrite: bool,
) -> None:
    """`score --partial [--shard I/N]`: what these lines contribute, as lines of JSON."""
    if fmt not in (None, "json"):
        raise UsageError("--partial writes a partial report (lines of JSON); give --format to `merge`")
    _stream(
        out,
        overwrite,
        (annotations, traces, corpus),
        lambda handle: _score(
            annotations, traces, corpus, options, {**run, "partial_out": handle, "shard": shard}
        ),
    )


@main.command()
@click.argument("parts", nargs=-1, required=True, type=click.Path(dir_okay=False))
@click.option(
    "--annotations",
    type=click.Path(dir_okay=False),
    help="the annotation set the parts were scored against (default: the path they name; checked by SHA-256)",
)
@format_option
@show_option
@level_option
@click.option("-o", "--out", help="write here (atomically) instead of stdout")
@click.option("--overwrite", is_flag=True, help="replace an existing output file")
@click.option(
    "--allow-missing-shards",
    is_flag=True,
    help="merge shards I/N of a traces file even when some are absent (their traces count as missing)",
)
@friendly_errors
def merge(
    parts: tuple[str, ...],
    annotations: str | None,
    fmt: str | None,
    show: int,
    level: str | None,
    out: str | None,
    overwrite: bool,
    allow_missing_shards: bool,
) -> None:
    """Merge partial reports (`score --partial`, any shards, any order) into the report one
    `score` over all their lines writes, byte for byte."""
    api = _api()

    inputs = _inputs_of(out, annotations, *parts)
    _refuse_existing(out, overwrite=overwrite, inputs=inputs)
    chosen = fmt or _default_format(out)
    level = _csv_level(level, chosen)
    given: dict[str, Any] = {"annotations": annotations, "allow_missing_shards": allow_missing_shards}
    if chosen != "json":
        report = api.merge(list(parts), **given)
        _tell_misspelt_stages(report)
        recorded = report.inputs  # the HTML page reads the item texts again from the traces
        traces = recorded.traces.path if recorded.traces and Path(recorded.traces.path).is_file() else None
        ann = annotations or (recorded.annotations.path if recorded.annotations else None)
        rendered = api.render(report, chosen, traces=traces, annotations=ann, show=show, level=level)
        _emit(rendered, out, overwrite, inputs, chosen)
    else:  # streamed: the results never wait in memory
        _stream(
            out,
            overwrite,
            inputs,
            lambda handle: _tell_misspelt_stages(api.merge(list(parts), json_out=handle, **given)),
        )


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
    **run: Any,
) -> None:
    """Release gate: exit 1 when any rule of the policy fails, 0 when all hold."""
    api = _api()
    from .report.audit import junit_xml

    inputs = _inputs_of(junit, annotations, traces, corpus, policy_path)
    _refuse_existing(junit, overwrite=overwrite, inputs=inputs)
    options = _options(run)
    on_error = run.pop("on_error")
    run.update(_trace_import(run))
    result = api.audit(
        annotations, traces, policy_path, corpus, skip_bad_lines=on_error == "skip", options=options, **run
    )
    _tell_skipped(result.report.skipped_trace_lines)
    _tell_misspelt_stages(result.report)
    for outcome in result.outcomes:
        click.echo(terminal_text(outcome.line()))
        for offender_line in outcome.offender_lines():
            click.echo(terminal_text(f"      {offender_line}"))
    click.echo(
        terminal_text(
            f"{len(result.outcomes) - result.failed} passed, {result.failed} failed: {result.policy.name}"
        )
    )
    click.echo(terminal_text(result.report.signature))
    if junit:
        atomic_write(junit, junit_xml(result.outcomes, result.policy), overwrite=overwrite, inputs=inputs)
    sys.exit(EXIT_FAILED if result.failed else EXIT_OK)


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
@click.option("--by", help="with --apply: who decided (recorded with each statement; default: login name)")
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
    by: str | None,
    out: str,
    overwrite: bool,
    on_error: str,
    **kwargs: Any,
) -> None:
    """Export what needs a human (uncertain matches, partial evidence, unjudged items,
    answers without evidence), scoring TRACES with the same options as `score` (or those of
    --from-report); or apply a human's decisions as a new annotation version."""
    api = _api()

    if decisions:
        scoring = _given(
            (*SCORE_OPTIONS, "corpus", "traces_format", "on_error", "jobs", "from_report", *IMPORT_OPTIONS)
        )
        if scoring or traces:
            _fail(f"--apply scores nothing: drop {', '.join(scoring) or 'TRACES'}")
        if not new_version:
            _fail("--apply needs --version NEW (the new annotation version)")
        _echo_written(
            api.apply_review(annotations, decisions, version=new_version, out=out, by=by, overwrite=overwrite)
        )
        return
    if by:
        _fail("--by goes with --apply (who decided)")
    if not traces:
        _fail("give TRACES to build a review queue, or --apply DECISIONS")
    options = _options(kwargs, from_report)
    kwargs.update(_trace_import(kwargs))
    skip = on_error == "skip"
    written = api.write_review_queue(
        annotations,
        traces,
        out=out,
        corpus=corpus,
        overwrite=overwrite,
        skip_bad_lines=skip,
        options=options,
        **kwargs,
    )
    click.echo(terminal_text(written.summary()))


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
def compare(report_a: str, report_b: str, annotations: str | None, **arguments: Any) -> None:
    """Per-figure deltas B - A with paired bootstrap CIs and randomization p-values.
    A and B are JSON reports, or trace files with --annotations (scored as `score` would,
    with the same options)."""
    api = _api()

    scoring = {}
    if annotations:
        options = _options(arguments)
        scoring = {"options": options, "skip_bad_lines": arguments.pop("on_error") == "skip"}
        scoring.update({name: arguments.pop(name) for name in ("corpus", "traces_format", "jobs")})
        scoring.update(_trace_import(arguments))
    else:
        given = _given((*SCORE_OPTIONS, "corpus", "traces_format", "on_error", "jobs", *IMPORT_OPTIONS))
        if given:
            raise UsageError(
                f"{', '.join(given)}: only for trace files (with --annotations); a report "
                "carries the options it was scored with"
            )
        for name in (*SCORE_OPTIONS, "corpus", "traces_format", "on_error", "jobs", *IMPORT_OPTIONS):
            arguments.pop(name)
    result = api.compare(report_a, report_b, annotations=annotations, **arguments, **scoring)
    for line in result.lines():
        click.echo(terminal_cell(line))  # system names and flips as `score --format table` shows them


@main.command()
@click.argument(
    "source",
    type=click.Choice(
        [
            "ragchecker",
            "ragas",
            "trec",
            "beir",
            "musique",
            "dureader",
            "openinference",
            "langfuse",
            "langsmith",
        ]
    ),
)
@click.argument("input_path", metavar="INPUT", required=False, type=click.Path())
@click.option(
    "-o",
    "--out",
    "out_dir",
    required=True,
    type=click.Path(file_okay=False),
    help="folder for traces.jsonl, corpus.jsonl and draft.annotations.json",
)
@click.option(
    "--system",
    help="system name for the traces (default: converted; openinference|langfuse|langsmith: "
    "the format's name)",
)
@click.option(
    "--annotations",
    "annotations_path",
    type=click.Path(dir_okay=False),
    help="openinference|langfuse|langsmith: the annotation set whose query texts give the query ids",
)
@click.option("--query-id-from", help=QUERY_ID_FROM_HELP)
@click.option("--doc-id-from", help=DOC_ID_FROM_HELP)
@click.option(
    "--on-error",
    type=click.Choice(["fail", "skip"]),
    default="fail",
    show_default=True,
    help="openinference|langfuse|langsmith: skip leaves out the traces a bad part of the export "
    "concerns, and lists them",
)
@click.option("--run", "run_path", type=click.Path(dir_okay=False), help="trec: a run file")
@click.option("--qrels", "qrels_path", type=click.Path(dir_okay=False), help="trec: a qrels file")
@click.option("--split", default="test", show_default=True, help="beir: which qrels/SPLIT.tsv")
@click.option(
    "--language",
    help="the draft's language (zh or en, e.g. zh-CN, en-US); default: guessed from the query texts",
)
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
    language: str | None,
    overwrite: bool,
    annotations_path: str | None,
    query_id_from: str | None,
    doc_id_from: str | None,
    on_error: str,
) -> None:
    """Read another tool's files into traces, a corpus and a draft annotation set; a tracing
    system's export (openinference, langfuse, langsmith) into traces with the context rebuilt
    from the prompt."""
    api = _api()
    from .ingest import decomposed, readers
    from .ingest.importers import FORMATS as IMPORT_FORMATS

    if source in IMPORT_FORMATS:
        _convert_export(
            source,
            input_path,
            out_dir,
            system,
            annotations_path,
            query_id_from,
            doc_id_from,
            on_error,
            overwrite,
        )
        return
    system = system or "converted"
    inputs: list[str | Path | None] = [input_path]
    if source == "trec":
        if not (run_path or qrels_path):
            _fail("trec: give --run RUN and/or --qrels QRELS")
        inputs = [run_path, qrels_path]
        files = readers.from_trec(run_path, qrels_path)
    elif input_path is None:
        _fail(f"{source}: give the INPUT {'folder' if source == 'beir' else 'file'}")
    elif source == "beir":
        inputs = [*readers.beir_files(input_path, split=split)]
        files = readers.from_beir(input_path, split=split)
    else:
        by_source: dict[str, Callable[..., dict[str, Any]]] = {
            "ragchecker": readers.from_ragchecker,
            "ragas": readers.from_ragas,
            "musique": decomposed.from_musique,
            "dureader": decomposed.from_dureader,
        }
        files = by_source[source](input_path, system=system)
    for path in api.write_converted(files, out_dir, language=language, overwrite=overwrite, inputs=inputs):
        click.echo(f"wrote {path}")
    if "draft.annotations.json" in files:
        click.echo("the annotation set is a draft (draft: true): review it, then `promote` it to a version")


def _convert_export(
    source: str,
    input_path: str | None,
    out_dir: str,
    system: str | None,
    annotations_path: str | None,
    query_id_from: str | None,
    doc_id_from: str | None,
    on_error: str,
    overwrite: bool,
) -> None:
    """`convert openinference|langfuse|langsmith`: the export's traces, and what was found."""
    from .ingest.common import write_outputs
    from .ingest.importers import read_traces
    from .io.loaders import load_annotations

    if input_path is None:
        _fail(f"{source}: give the INPUT file")
        return
    imported = read_traces(
        source,
        input_path,
        system=system,
        query_id_from=query_id_from,
        doc_id_from=doc_id_from,
        annotations=load_annotations(annotations_path) if annotations_path else None,
        on_error="skip" if on_error == "skip" else "fail",
    )
    for line in imported.summary_lines():
        click.echo(terminal_text(line))
    if not imported.rows:
        _fail(f"{input_path}: no trace could be read")
    inputs = [input_path, annotations_path]
    for path in write_outputs(out_dir, imported.outputs(), overwrite=overwrite, inputs=inputs):
        click.echo(f"wrote {path}")


def _echo_written(result: Any) -> None:
    """A workflow step's summary, and on stderr what the user must know of the set it wrote."""
    click.echo(terminal_text(result.summary()))
    if result.corpus_note:
        click.echo(terminal_text(result.corpus_note), err=True)


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
@click.option(
    "--language",
    help="zh or en (e.g. zh-CN, en-US); default: guessed from the query texts (share of CJK letters)",
)
@click.option("--overwrite", is_flag=True)
@friendly_errors
def init(
    annotations: str, queries_path: str, corpus: str, name: str | None, language: str | None, overwrite: bool
) -> None:
    """Write a draft annotation set with one empty sub-question list per query."""
    api = _api()

    result = api.init_annotations(
        annotations, queries_path, corpus, name=name, language=language, overwrite=overwrite
    )
    _echo_written(result)
    if result.language_note:
        click.echo(result.language_note, err=True)


@main.command()
@click.argument("annotations", type=click.Path(dir_okay=False))
@click.option("--corpus", required=True, type=click.Path(dir_okay=False))
@click.option("-o", "--out", required=True, help="the anchored annotation set")
@click.option("--overwrite", is_flag=True)
@friendly_errors
def anchor(annotations: str, corpus: str, out: str, overwrite: bool) -> None:
    """Fill start/end of spans given as doc_id + quote; refuse absent or ambiguous quotes."""
    api = _api()

    result = api.anchor_annotations(annotations, out=out, corpus=corpus, overwrite=overwrite)
    for problem in result.problems:
        click.echo(terminal_text(problem))
    _echo_written(result)
    sys.exit(EXIT_FAILED if result.problems else EXIT_OK)


@main.command()
@click.argument("annotations", type=click.Path(dir_okay=False))
@click.option("--corpus", required=True, type=click.Path(dir_okay=False), help="the new snapshot")
@click.option("--version", "new_version", required=True, help="the new annotation version")
@click.option("-o", "--out", required=True, help="the migrated annotation set")
@click.option("--overwrite", is_flag=True)
@friendly_errors
def migrate(annotations: str, corpus: str, new_version: str, out: str, overwrite: bool) -> None:
    """Re-anchor every span by its quote in a new snapshot; write a new annotation version."""
    api = _api()

    result = api.migrate_annotations(annotations, corpus, version=new_version, out=out, overwrite=overwrite)
    for problem in result.problems:
        click.echo(terminal_text(problem))
    _echo_written(result)
    sys.exit(EXIT_FAILED if result.failed else EXIT_OK)


@main.command()
@click.argument("qrels", type=click.Path(dir_okay=False))
@click.argument("run", type=click.Path(dir_okay=False))
@model_options(RetrievalOptions)
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
    api = _api()
    from .models.report import RetrievalReport
    from .report.render import retrieval_text
    from .scoring.retrieval_run import report_json

    _refuse_existing(out, overwrite=overwrite, inputs=(qrels, run))
    report = api.retrieval(qrels, run, **_flat_options(kwargs, tuple(RetrievalOptions.model_fields)))
    if (fmt or _default_format(out)) == "json":
        _emit(report_json(report), out, overwrite, (qrels, run))
    else:
        _emit(retrieval_text(RetrievalReport.model_validate(report)), out, overwrite, (qrels, run))


@main.command()
@click.argument("annotations", type=click.Path(dir_okay=False))
@click.option("--version", "new_version", required=True, help="the version of the reviewed set, e.g. 1.0")
@click.option("-o", "--out", required=True, help="the promoted annotation set")
@click.option("--corpus", type=click.Path(dir_okay=False), help="default: the one the set names")
@click.option("--by", help="who reviewed it (default: the login name)")
@click.option(
    "--accept-needs-review",
    is_flag=True,
    help="vouch for the sub-questions still marked needs_review (their flags are cleared)",
)
@click.option("--overwrite", is_flag=True)
@friendly_errors
def promote(
    annotations: str,
    new_version: str,
    out: str,
    corpus: str | None,
    by: str | None,
    accept_needs_review: bool,
    overwrite: bool,
) -> None:
    """Clear `draft` once the set validates with no problem: a reviewed, versioned set."""
    api = _api()

    result = api.promote(
        annotations,
        version=new_version,
        out=out,
        corpus=corpus,
        by=by,
        accept_needs_review=accept_needs_review,
        overwrite=overwrite,
    )
    _echo_written(result)


@main.group("export")
def export_group() -> None:
    """Write annotation work for another tool."""


@export_group.command("labelstudio")
@click.argument("annotations", type=click.Path(dir_okay=False))
@click.option("--corpus", type=click.Path(dir_okay=False), help="default: the one the set names")
@click.option(
    "--queue", type=click.Path(dir_okay=False), help="a review queue: its unjudged documents become tasks too"
)
@click.option("-o", "--out", required=True, help="the tasks (JSON) to import into a Label Studio project")
@click.option(
    "--config",
    "config_out",
    type=click.Path(dir_okay=False),
    help="the labelling config (default: OUT.config.xml)",
)
@click.option("--overwrite", is_flag=True)
@friendly_errors
def export_labelstudio(
    annotations: str, corpus: str | None, queue: str | None, out: str, config_out: str | None, overwrite: bool
) -> None:
    """One Label Studio task per (query, document); existing spans and grades as predictions."""
    api = _api()

    result = api.export_labelstudio(
        annotations, out=out, corpus=corpus, queue=queue, config_out=config_out, overwrite=overwrite
    )
    click.echo(terminal_text(result.summary()))


@main.group("import")
def import_group() -> None:
    """Read annotation work back from another tool."""


@import_group.command("labelstudio")
@click.argument("export", type=click.Path(dir_okay=False))
@click.option("--into", required=True, type=click.Path(dir_okay=False), help="the set the tasks came from")
@click.option("--version", "new_version", required=True, help="the new annotation version")
@click.option("--corpus", type=click.Path(dir_okay=False), help="default: the one the set names")
@click.option("-o", "--out", required=True, help="the new annotation set (INTO stays untouched)")
@click.option("--overwrite", is_flag=True)
@friendly_errors
def import_labelstudio(
    export: str, into: str, new_version: str, corpus: str | None, out: str, overwrite: bool
) -> None:
    """Spans and relevance marked in Label Studio (its JSON export) as a new annotation version."""
    api = _api()

    result = api.import_labelstudio(
        export, into=into, version=new_version, out=out, corpus=corpus, overwrite=overwrite
    )
    for problem in result.report.unplaced:
        click.echo(terminal_text(f"not placed: {problem}"))
    _echo_written(result)
    sys.exit(EXIT_FAILED if result.report.unplaced else EXIT_OK)


if __name__ == "__main__":
    main()
