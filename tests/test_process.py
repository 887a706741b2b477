"""The few things only a real process shows: the exit code through the interpreter, stderr
kept apart from stdout, no traceback. Everything else runs the CLI in-process (conftest.run_cli)."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys

import pytest
from conftest import EXAMPLES, NO_XDIST, ROOT, ZH_ANN, ZH_TRACES, run_cli_process, zh_traces_with_a_bad_line


def test_score_prints_json_on_stdout_and_exits_0():
    result = run_cli_process("score", ZH_ANN, ZH_TRACES, "--format", "json")
    assert result.returncode == 0, result.stderr
    report = json.loads(result.stdout)
    assert {s["system"] for s in report["systems"]} and "seg:spacy-zh-jieba" in report["signature"]
    assert "Traceback" not in result.stderr


def test_bad_input_is_one_line_on_stderr_and_exit_2(tmp_path):
    traces = tmp_path / "traces.jsonl"
    traces.write_text('{"query_id": "repair-001", "system": "x", "stages": [}\n', encoding="utf-8")
    out = tmp_path / "report.json"
    result = run_cli_process("score", ZH_ANN, traces, "-o", out)
    assert result.returncode == 2
    assert result.stdout == ""
    assert len(result.stderr.strip().splitlines()) == 1 and f"{traces}:1" in result.stderr
    assert not out.exists()


@pytest.mark.parametrize(
    ("command", "kind", "at"),
    [
        ("score", "malformed", 1),
        ("score", "unknown query", 50),
        ("audit", "unknown query", 1),
        ("audit", "malformed", 50),
    ],
)
def test_a_bad_line_under_jobs_is_one_line_and_exit_2(tmp_path, command, kind, at):
    """The workers' pool is shut down when the error stops the run, not left to the garbage
    collector (which closed its pipes first: `OSError: Bad file descriptor` after the message)."""
    traces = zh_traces_with_a_bad_line(tmp_path, kind, at)
    out = tmp_path / "out.xml"
    if command == "score":
        given = ["-o", out]
    else:
        given = ["--policy", EXAMPLES / "policies" / "release.policy.json", "--junit", out]
    result = run_cli_process(command, ZH_ANN, traces, "--jobs", "2", *given)
    assert result.returncode == 2 and result.stdout == ""
    expected = "$.query_id" if kind == "unknown query" else "malformed JSON"
    assert len(result.stderr.splitlines()) == 1, result.stderr
    assert f"{traces}:{at}: {expected}" in result.stderr
    left = sorted(path.name for path in tmp_path.iterdir())
    assert left == ["traces.jsonl"]  # no output, no temporary file


def test_a_failed_release_gate_exits_1():
    policy = EXAMPLES / "policies" / "release.policy.json"
    result = run_cli_process("audit", ZH_ANN, ZH_TRACES, "--policy", policy)
    assert result.returncode == 1, result.stderr
    assert "FAIL" in result.stdout and result.stderr == ""


def _with_stdout_closed(*args: object) -> subprocess.CompletedProcess[str]:
    """The command with nobody left reading its stdout (`| head` once it has its lines): the
    reader is closed before the command writes (a start takes a second)."""
    command = [sys.executable, "-m", "evidence_eval.cli", *map(str, args)]
    process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    assert process.stdout is not None and process.stderr is not None
    process.stdout.close()
    stderr = process.stderr.read()
    return subprocess.CompletedProcess(command, process.wait(), "", stderr)


def test_a_closed_stdout_keeps_the_gate_its_exit_code_and_its_junit_file(tmp_path):
    """`audit ... --junit FILE | head -2`: the gate's result is the JUnit file and the exit code;
    the lines nobody reads are dropped, not an input error."""
    junit = tmp_path / "gate.xml"
    policy = EXAMPLES / "policies" / "release.policy.json"
    result = _with_stdout_closed("audit", ZH_ANN, ZH_TRACES, "--policy", policy, "--junit", junit)
    assert (result.returncode, result.stderr) == (1, "")
    assert 'failures="' in junit.read_text(encoding="utf-8")


def test_a_closed_stdout_is_no_error_for_compare_or_a_report_streamed(tmp_path):
    lines = ZH_TRACES.read_text(encoding="utf-8").splitlines()
    (tmp_path / "a.jsonl").write_text(lines[1] + "\n", encoding="utf-8")
    (tmp_path / "b.jsonl").write_text(lines[2] + "\n", encoding="utf-8")
    for args in (
        ("compare", tmp_path / "a.jsonl", tmp_path / "b.jsonl", "--annotations", ZH_ANN, "--trials", "100"),
        ("score", ZH_ANN, ZH_TRACES, "--format", "json"),  # more than a pipe holds
    ):
        result = _with_stdout_closed(*args)
        assert (result.returncode, result.stderr) == (0, ""), args[0]


def test_a_stream_closed_before_the_start_changes_no_exit_code(tmp_path):
    """`2>&-` left sys.stderr None: the progress check crashed (exit 1, a traceback nobody saw)."""
    command = [sys.executable, "-m", "evidence_eval.cli", "score", ZH_ANN]
    for traces, code in ((ZH_TRACES, 0), (tmp_path / "nope.jsonl", 2)):
        result = subprocess.run(
            [*map(str, command), str(traces), "--format", "json"],
            stdout=subprocess.DEVNULL,
            preexec_fn=lambda: os.close(2),
            check=False,
        )
        assert result.returncode == code, traces


def test_a_stdout_that_cannot_be_written_is_still_an_error():
    """A full disk under `> report.json` loses the output: exit 2, naming standard output."""
    with open("/dev/full", "w") as full:
        result = subprocess.run(
            [sys.executable, "-m", "evidence_eval.cli", "score", ZH_ANN, ZH_TRACES, "--format", "json"],
            stdout=full,
            stderr=subprocess.PIPE,
            text=True,
            check=False,
        )
    assert result.returncode == 2
    assert result.stderr == "evidence-eval: error: standard output: No space left on device\n"


def test_the_suite_runs_on_every_core_and_says_so_without_xdist():
    """README's `python -m pytest` runs on every core (pyproject: -n auto, pytest-xdist in the
    test extra); without pytest-xdist it still runs, in one process, and says why on the way."""
    project = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    assert 'addopts = "-ra -n auto ' in project and '\n    "pytest-xdist>=' in project.split("test = [")[1]
    result = subprocess.run(
        [
            sys.executable,
            "-m",
            "pytest",
            "-p",
            "no:xdist",
            "-p",
            "no:cacheprovider",
            "-q",
            "tests/test_kept.py",  # quick tests importing little: the run, not the tests, is checked
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert NO_XDIST in result.stdout and re.search(r"^\d+ passed in ", result.stdout, re.MULTILINE)


@pytest.mark.parametrize("unbuffered", ["1", ""])
def test_standard_error_is_written_at_once_as_pythons_own(tmp_path, unbuffered):
    """The CLI's stderr (`cli._readers_may_leave`: it outlives a reader that leaves) is as
    unbuffered as Python's own: a warning line redirected to a file (a CI log) is there before
    the run ends, whether `PYTHONUNBUFFERED` is set or not."""
    log = tmp_path / "stderr.txt"
    script = (
        "import os, sys\n"
        "from evidence_eval.cli import _readers_may_leave\n"
        "with _readers_may_leave():\n"
        "    sys.stderr.write('warning: a line\\n')\n"
        f"    size = os.path.getsize({str(log)!r})\n"
        "print(size)\n"
    )
    environment = {**os.environ, "PYTHONUNBUFFERED": unbuffered}
    with open(log, "w") as stderr:
        result = subprocess.run(
            [sys.executable, "-c", script], stdout=subprocess.PIPE, stderr=stderr, text=True, env=environment
        )
    assert result.returncode == 0
    assert result.stdout.strip() == str(len("warning: a line\n"))
