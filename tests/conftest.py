from __future__ import annotations

import importlib.util
import json
import shutil
import subprocess
import sys
import threading
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "annotations"
ZH = EXAMPLES / "repair_zh"
EN = EXAMPLES / "warranty_en"
ZH_ANN, ZH_TRACES = ZH / "repair.annotations.json", ZH / "repair.traces.jsonl"
EN_ANN, EN_TRACES = EN / "warranty.annotations.json", EN / "warranty.traces.jsonl"
SHARED_DATA = ROOT.parent / "shared" / "data"
# Real Chinese and English texts (search results, answers) that the text tests read as they come.
REAL_TEXTS: list[str] = json.loads(
    (ROOT / "tests" / "data" / "normalize" / "real_texts.json").read_text("utf-8")
)
NO_XDIST = (
    "pytest-xdist is not installed (or is disabled), so -n (pyproject's addopts: -n auto) is ignored "
    "and the suite runs in one process, on one core: pip install -e '.[test]' installs it"
)


def _without_xdist(config: pytest.Config) -> bool:
    return importlib.util.find_spec("xdist") is None or config.pluginmanager.is_blocked("xdist")


def pytest_addoption(parser: pytest.Parser, pluginmanager: pytest.PytestPluginManager) -> None:
    """Without pytest-xdist, `-n` and `--dist` (in pyproject's addopts) are accepted and
    ignored, with `NO_XDIST` said at the start and the end of the run, instead of an argument
    error."""
    if importlib.util.find_spec("xdist") is None or pluginmanager.is_blocked("xdist"):
        group = parser.getgroup("xdist")
        # `_addoption`, as xdist itself declares -n: pytest reserves short options
        group._addoption("-n", "--numprocesses", dest="numprocesses", help=NO_XDIST)
        group.addoption("--dist", dest="dist", help=NO_XDIST)


def pytest_report_header(config: pytest.Config) -> str | None:
    return NO_XDIST if _without_xdist(config) else None


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter, config: pytest.Config) -> None:
    if _without_xdist(config):
        terminalreporter.write_line(NO_XDIST, yellow=True)


def pytest_sessionstart(session: pytest.Session) -> None:
    """xdist's controller, which runs no test, builds Hypothesis's Unicode tables while its
    workers collect: in a fresh checkout (no .hypothesis/unicode_data yet) each worker would
    build them at its first text strategy, ~3 s of CPU each."""
    if session.config.pluginmanager.has_plugin("dsession"):
        threading.Thread(target=_build_unicode_tables, name="unicode-tables", daemon=True).start()


def _build_unicode_tables() -> None:
    """Hypothesis's tables of Unicode categories and of what UTF-8 encodes, written into its
    storage folder as its text strategies write them on first use (its own functions: the
    same files). Only a saving: where they cannot be built here, the workers build them."""
    try:
        from hypothesis.internal.charmap import charmap, intervals_from_codec

        charmap()
        intervals_from_codec("utf-8")
    except Exception:  # another Hypothesis (an internal module moved): the workers build them
        return


def run_cli(*args: str, cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    """The command, run in this process (click's runner: the pipelines stay loaded), with its
    exit code, stdout and stderr as a process would give them. An uncaught exception is a
    traceback a user would see: it fails the test, as exit 1 with the traceback on stderr."""
    import os
    import traceback

    from click.testing import CliRunner

    from evidence_eval.cli import main

    before = os.getcwd()
    if cwd is not None:
        os.chdir(cwd)
    try:
        result = CliRunner().invoke(main, [*map(str, args)], catch_exceptions=True)
    finally:
        os.chdir(before)
    stderr = result.stderr
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        stderr += "Traceback (most recent call last):\n" + "".join(
            traceback.format_exception(result.exception)
        )
    return subprocess.CompletedProcess(list(args), result.exit_code, result.stdout, stderr)


def run_cli_process(*args: str, cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    """The installed command, as a user runs it (a fresh process, real exit code): for the
    few smoke tests of what only a process shows (exit codes through the interpreter, stderr)."""
    return subprocess.run(
        [sys.executable, "-m", "evidence_eval.cli", *map(str, args)],
        capture_output=True,
        text=True,
        cwd=cwd,
        check=False,
    )


def copy_example(folder: Path, tmp_path: Path) -> Path:
    target = tmp_path / folder.name
    shutil.copytree(folder, target)
    return target


def write_jsonl(path: Path, rows: list[dict]) -> Path:
    path.write_text("".join(json.dumps(row, ensure_ascii=False) + "\n" for row in rows), encoding="utf-8")
    return path


def zh_traces_with_a_bad_line(folder: Path, kind: str, at: int) -> Path:
    """The example's traces under 20 system names (60 lines, several batches per worker), with
    a bad line put at line `at`: malformed JSON, or a query the annotation set does not have."""
    rows = [
        dict(row, system=f"{row['system']}-{n}")
        for n in range(20)
        for row in map(json.loads, ZH_TRACES.read_text(encoding="utf-8").splitlines())
    ]
    bad = "{not json" if kind == "malformed" else json.dumps(dict(rows[0], query_id="nope"))
    lines = [json.dumps(row, ensure_ascii=False) for row in rows]
    lines.insert(at - 1, bad)
    traces = folder / "traces.jsonl"
    traces.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return traces


@pytest.fixture(scope="session")
def zh_report():
    import evidence_eval

    return evidence_eval.score(ZH_ANN, ZH_TRACES)


@pytest.fixture(scope="session")
def en_report():
    import evidence_eval

    return evidence_eval.score(EN_ANN, EN_TRACES)


def system(report, name):
    return next(s for s in report.systems if s.system == name)


def sub_question(report, system_name, sq_id, query_index=0):
    return next(sq for sq in system(report, system_name).queries[query_index].sub_questions if sq.id == sq_id)
