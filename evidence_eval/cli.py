"""The command line: a thin shell over `evidence_eval.api`. The only module that prints or exits."""

from __future__ import annotations

import functools
import json
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

import click

from . import api
from .errors import EvidenceEvalError
from .io import atomic_write, sha256_file
from .io.trec import read_qrels, read_run
from .models.report import InputFile, Inputs
from .models.schemas import json_schemas
from .report.render import RENDERERS
from .report.retrieval_only import score_run
from .version import __version__

F = TypeVar("F", bound=Callable[..., Any])

EXIT_OK, EXIT_FAILED, EXIT_BAD_INPUT = 0, 1, 2


def _fail(message: str) -> None:
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
        click.option("--k", "k", type=click.IntRange(min=1), multiple=True,
                     help="cutoff K; repeat for several (default 1, 3, 10)"),
        click.option("--unit", type=click.Choice(["doc", "chunk"]), default="doc", show_default=True,
                     help="what a retrieved unit is: documents (doc_judgments) or chunks (chunk_judgments)"),
        click.option("--budget", type=click.Choice(["truncate-then-dedup", "dedup-then-truncate"]),
                     default="truncate-then-dedup", show_default=True,
                     help="unit=doc: cut at K items then de-duplicate, or de-duplicate then take K docs"),
        click.option("--min-grade", type=click.IntRange(min=1), default=1, show_default=True,
                     help="a unit is relevant when its grade is at least this"),
        click.option("--zero-positive", type=click.Choice(["exclude", "error", "zero"]),
                     default="exclude", show_default=True,
                     help="queries with no relevant unit: left out of means and listed, stop, or score 0"),
        click.option("--missing-trace", type=click.Choice(["zero", "exclude", "error"]),
                     default="zero", show_default=True,
                     help="queries with no trace line: score 0 and list, list only, or stop"),
    ]
    for option in reversed(options):
        command = option(command)
    return command


def _retrieval_kwargs(kwargs: dict[str, Any]) -> dict[str, Any]:
    chosen = {key: kwargs.pop(key) for key in
              ("unit", "budget", "min_grade", "zero_positive", "missing_trace")}
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
@click.option("--corpus", type=click.Path(dir_okay=False),
              help="corpus snapshot (JSONL); default: the one the annotation set names")
@friendly_errors
def validate(annotations: str, corpus: str | None) -> None:
    """Check an annotation set against its schema and its corpus snapshot."""
    annotation_set, snapshot, findings = api.check(annotations, corpus)
    if snapshot is not None:
        click.echo(f"corpus snapshot sha256:{snapshot.sha256} ({len(snapshot)} documents)")
    else:
        click.echo("no corpus given: spans were not checked against a snapshot")
    for finding in findings:
        click.echo(finding.describe(annotations))
    queries = len(annotation_set.queries)
    subs = sum(len(q.sub_questions) for q in annotation_set.queries)
    summary = (f"{annotation_set.name}@{annotation_set.version}: {queries} queries, "
               f"{subs} sub-questions, {len(findings)} problems")
    click.echo(summary)
    sys.exit(EXIT_FAILED if findings else EXIT_OK)


@main.command()
@click.option("--out", "out_dir", type=click.Path(file_okay=False), default="schemas",
              show_default=True, help="folder to write the JSON Schemas into")
@friendly_errors
def schema(out_dir: str) -> None:
    """Write the JSON Schemas of every public format."""
    folder = Path(out_dir)
    folder.mkdir(parents=True, exist_ok=True)
    for name, content in json_schemas().items():
        atomic_write(folder / name, json.dumps(content, indent=2, ensure_ascii=False) + "\n",
                     overwrite=True)
        click.echo(f"wrote {folder / name}")


@main.command()
@click.argument("annotations", type=click.Path(dir_okay=False))
@click.argument("traces", type=click.Path(dir_okay=False))
@click.option("--corpus", type=click.Path(dir_okay=False),
              help="corpus snapshot (JSONL); default: the one the annotation set names")
@retrieval_options
@click.option("--evidence-threshold", type=click.FloatRange(0, 100), default=90.0, show_default=True,
              help="fuzzy score at or above which a span counts as present")
@click.option("--answer-lower", type=click.FloatRange(0, 100), default=70.0, show_default=True,
              help="fuzzy score below which an answer fact is missing")
@click.option("--answer-upper", type=click.FloatRange(0, 100), default=90.0, show_default=True,
              help="fuzzy score at or above which an answer fact is found (between: uncertain)")
@click.option("--format", "fmt", type=click.Choice(sorted(RENDERERS)),
              help="default: table on a terminal, json otherwise")
@click.option("-o", "--out", help="write here (atomically) instead of stdout")
@click.option("--overwrite", is_flag=True, help="replace an existing output file")
@click.option("--on-error", type=click.Choice(["fail", "skip"]), default="fail", show_default=True,
              help="skip: trace lines for unknown queries are skipped, counted and listed")
@friendly_errors
def score(annotations: str, traces: str, corpus: str | None, fmt: str | None, out: str | None,
          overwrite: bool, on_error: str, **kwargs: Any) -> None:
    """Score TRACES against ANNOTATIONS: retrieval metrics and sub-question coverage."""
    if out and out != "-" and Path(out).exists() and not overwrite:
        _fail(f"{out}: exists already; pass --overwrite to replace it")
    options = _retrieval_kwargs(kwargs)
    report = api.score(annotations, traces, corpus, skip_bad_lines=on_error == "skip",
                       **options, **kwargs)
    _emit(RENDERERS[fmt or _default_format(out)](report), out, overwrite)


@main.command()
@click.argument("qrels", type=click.Path(dir_okay=False))
@click.argument("run", type=click.Path(dir_okay=False))
@retrieval_options
@click.option("--format", "fmt", type=click.Choice(["json", "table"]),
              help="default: table on a terminal, json otherwise")
@click.option("-o", "--out", help="write here (atomically) instead of stdout")
@click.option("--overwrite", is_flag=True, help="replace an existing output file")
@friendly_errors
def retrieval(qrels: str, run: str, fmt: str | None, out: str | None, overwrite: bool,
              **kwargs: Any) -> None:
    """Hit@K, RR@K and Recall@K from TREC QRELS and RUN files only."""
    if out and out != "-" and Path(out).exists() and not overwrite:
        _fail(f"{out}: exists already; pass --overwrite to replace it")
    options = api.make_options(**_retrieval_kwargs(kwargs))
    qrels_sha = sha256_file(qrels)
    inputs = Inputs(qrels=InputFile(path=qrels, sha256=qrels_sha),
                    run=InputFile(path=run, sha256=sha256_file(run)))
    report = score_run(read_qrels(qrels), read_run(run), options=options, inputs=inputs,
                       judgment_version=f"qrels-{qrels_sha[:12]}")
    from .report.render import retrieval_text

    text = (report.model_dump_json(indent=2) + "\n" if (fmt or _default_format(out)) == "json"
            else retrieval_text(report))
    _emit(text, out, overwrite)


if __name__ == "__main__":
    main()
