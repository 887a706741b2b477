"""Issue 22: no input crashes, hangs or overwrites.

Output paths (never an input, a device, a folder or, unless --overwrite, a symbolic link;
permissions kept; temporary files cleaned up), workers that die with their parent, parsers
linear in their input, inputs read once (pipes work, the SHA-256 recorded is of what was
read, sizes bounded).
"""

from __future__ import annotations

import errno
import hashlib
import json
import os
import signal
import stat
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path

import pytest
from conftest import EN_ANN, EN_TRACES, ROOT, ZH, ZH_ANN, ZH_TRACES, copy_example, run_cli

from evidence_eval.errors import InputError, OutputExistsError, UsageError
from evidence_eval.io import output, source
from evidence_eval.io.jsonio import iter_lines, parse_json, read_json
from evidence_eval.io.output import atomic_write, atomic_writer, check_output
from evidence_eval.io.source import open_input, reading_inputs, recorded_sha256, sha256_file
from evidence_eval.io.trec import read_judgments, read_run

POLICY = ROOT / "annotations" / "policies" / "release.policy.json"
ROOT_USER = hasattr(os, "geteuid") and os.geteuid() == 0


def sha(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


# ---------------------------------------------------------------- output paths


def test_an_output_that_is_an_input_is_refused_even_with_overwrite(tmp_path):
    data = tmp_path / "set.json"
    data.write_text("{}")
    hard = tmp_path / "hard.json"
    os.link(data, hard)
    link = tmp_path / "link.json"
    link.symlink_to(data)
    for out in (data, hard, link, tmp_path / "." / "set.json"):
        for overwrite in (False, True):
            with pytest.raises(UsageError, match="is also an input of this command"):
                check_output(out, overwrite=overwrite, inputs=[data])
    assert data.read_text() == "{}"


@pytest.mark.parametrize(
    "command",
    [
        ["score", "{ann}", "{traces}", "-o", "{corpus}"],
        ["audit", "{ann}", "{traces}", "--policy", str(POLICY), "--junit", "{corpus}"],
        ["review", "{ann}", "{traces}", "-o", "{corpus}"],
        ["promote", "{ann}", "--version", "2", "-o", "{corpus}"],
    ],
)
def test_no_output_replaces_the_corpus_the_set_names(tmp_path, command):
    folder = copy_example(ZH, tmp_path)
    paths = {
        "ann": folder / "repair.annotations.json",
        "traces": folder / "repair.traces.jsonl",
        "corpus": folder / "corpus.jsonl",
    }
    before = paths["corpus"].read_bytes()
    result = run_cli(*[part.format(**paths) for part in command], "--overwrite")
    assert result.returncode == 2 and "is also an input of this command" in result.stderr, result.stderr
    assert paths["corpus"].read_bytes() == before


def test_devices_folders_and_pipes_are_refused(tmp_path):
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    for out, message in (
        ("/dev/null", "is a device or a pipe"),
        (fifo, "is a device or a pipe"),
        (tmp_path, "is a directory"),
        (f"{tmp_path}/", "is a directory"),
        (tmp_path / "missing" / "out.json", "does not exist"),
        (tmp_path / ("x" * 300), "cannot write there"),
    ):
        with pytest.raises(UsageError, match=message):
            check_output(out, overwrite=True)
    loop = tmp_path / "loop"
    loop.symlink_to(loop)
    with pytest.raises((UsageError, OutputExistsError)):
        check_output(loop, overwrite=True)
    with pytest.raises(UsageError):
        check_output(loop / "out.json", overwrite=True)


def test_a_dangling_symlink_is_never_replaced(tmp_path):
    link = tmp_path / "out.json"
    link.symlink_to(tmp_path / "elsewhere.json")
    for overwrite in (False, True):
        with pytest.raises(UsageError, match="symbolic link to a file that does not exist"):
            atomic_write(link, "new", overwrite=overwrite)
    assert link.is_symlink() and not (tmp_path / "elsewhere.json").exists()


def test_a_symlink_needs_overwrite_and_then_its_target_is_replaced(tmp_path):
    target = tmp_path / "reports" / "2026.json"
    target.parent.mkdir()
    target.write_text("old")
    target.chmod(0o640)
    link = tmp_path / "latest.json"
    link.symlink_to(target)
    with pytest.raises(OutputExistsError, match="symbolic link"):
        atomic_write(link, "new")
    atomic_write(link, "new", overwrite=True)
    assert link.is_symlink() and target.read_text() == "new"
    assert stat.S_IMODE(target.stat().st_mode) == 0o640


def test_new_outputs_get_the_umask_and_replaced_ones_keep_their_mode(tmp_path):
    old = os.umask(0o027)
    try:
        atomic_write(tmp_path / "new.json", "x")
        assert stat.S_IMODE((tmp_path / "new.json").stat().st_mode) == 0o640
    finally:
        os.umask(old)
    kept = tmp_path / "kept.json"
    kept.write_text("x")
    kept.chmod(0o644)
    atomic_write(kept, "y", overwrite=True)
    assert stat.S_IMODE(kept.stat().st_mode) == 0o644 and kept.read_text() == "y"


@pytest.mark.skipif(ROOT_USER, reason="root writes in read-only folders")
def test_a_read_only_folder_is_refused_before_any_work(tmp_path):
    folder = tmp_path / "ro"
    folder.mkdir()
    folder.chmod(0o555)
    try:
        with pytest.raises(UsageError, match="cannot write in the folder"):
            check_output(folder / "out.json")
    finally:
        folder.chmod(0o755)


def test_a_full_disk_is_one_line_and_leaves_nothing(tmp_path):
    out = tmp_path / "out.json"
    with pytest.raises(UsageError, match="cannot write: No space left on device"):
        with atomic_writer(out) as handle:
            handle.write("partial")
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
    assert list(tmp_path.iterdir()) == []


def test_a_lone_surrogate_is_written_as_its_escape(tmp_path):
    out = tmp_path / "out.json"
    atomic_write(out, json.dumps({"id": "a\ud800"}, ensure_ascii=False))
    assert json.loads(out.read_text(encoding="utf-8")) == {"id": "a\ud800"}


# The writer first takes SIGINT and SIGTERM as a process started from a terminal has them: a
# suite started as a background job (`pytest &` in a script, nohup, some CI runners) hands its
# processes SIGINT ignored, and Python then leaves it ignored (no KeyboardInterrupt): the SIGINT
# case hung in time.sleep(60) until wait(timeout=10) failed, however fast the machine. It then
# says it is writing and waits for its stdin to close: the test signals it, then closes stdin,
# so a signal handled late (after the interpreter's last check before the read began) still
# ends the block, and one that did nothing lets the block end normally (a failure, not a hang).
WRITER = """
import signal, sys
from evidence_eval.io.output import atomic_writer
signal.signal(signal.SIGINT, signal.default_int_handler)
signal.signal(signal.SIGTERM, signal.SIG_DFL)
with atomic_writer(sys.argv[1]) as handle:
    handle.write("partial")
    handle.flush()
    print("writing", flush=True)
    sys.stdin.read()
"""


def start_writer(out: Path) -> subprocess.Popen[str]:
    """The writer, once its temporary file exists (it said so)."""
    process = subprocess.Popen(
        [sys.executable, "-c", WRITER, str(out)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
        cwd=ROOT,
    )
    assert process.stdout is not None and process.stdout.readline() == "writing\n"
    return process


def stop_writer(process: subprocess.Popen[str]) -> None:
    """Lets the writer's block end (unless a signal ended it first), and waits for its end."""
    assert process.stdin is not None and process.stdout is not None
    process.stdin.close()
    process.wait(timeout=60)
    process.stdout.close()


def temporaries(folder: Path) -> list[Path]:
    return sorted(folder.glob(f".*{output.TEMPORARY_SUFFIX}"))


@pytest.mark.parametrize("number", [signal.SIGTERM, signal.SIGINT])
def test_temporary_files_are_removed_on_sigterm_and_sigint(tmp_path, number):
    out = tmp_path / "report.json"
    process = start_writer(out)
    assert len(temporaries(tmp_path)) == 1
    process.send_signal(number)
    stop_writer(process)
    assert process.returncode == -number  # it ended as the signal ends a process
    assert temporaries(tmp_path) == [] and not out.exists()


def test_a_later_run_removes_what_a_killed_one_left(tmp_path):
    out = tmp_path / "report.json"
    process = start_writer(out)
    process.kill()
    stop_writer(process)
    (left,) = temporaries(tmp_path)
    assert f"-{process.pid}." in left.name
    alive = tmp_path / left.name.replace(f"-{process.pid}.", f"-{os.getppid()}.")
    alive.write_text("another run, still going")
    atomic_write(out, "done")
    assert out.read_text() == "done"
    assert temporaries(tmp_path) == [alive]


# ---------------------------------------------------------------- workers

ORPHAN = """
import os, time
from evidence_eval.scoring.workers import ordered_map

def work(item):
    time.sleep(0.05)
    return os.getpid()

seen = set()
for pid in ordered_map(work, range(100000), 2):
    if pid not in seen:
        seen.add(pid)
        if len(seen) == 2:
            print(" ".join(map(str, sorted(seen))), flush=True)
"""


def running(pid: int) -> bool:
    """Alive and not a zombie (an orphan's zombie waits for whoever adopts it)."""
    try:
        with open(f"/proc/{pid}/stat") as handle:
            return handle.read().rsplit(")", 1)[1].split()[0] != "Z"
    except FileNotFoundError:
        return False


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads /proc")
@pytest.mark.parametrize("number", [signal.SIGKILL, signal.SIGTERM])
def test_workers_die_with_their_parent_and_release_its_pipes(number):
    parent = subprocess.Popen([sys.executable, "-c", ORPHAN], stdout=subprocess.PIPE, text=True, cwd=ROOT)
    assert parent.stdout is not None
    workers = [int(pid) for pid in parent.stdout.readline().split()]
    assert len(workers) == 2 and parent.pid not in workers
    parent.send_signal(number)
    parent.wait(timeout=10)
    deadline = time.monotonic() + 2
    while any(map(running, workers)) and time.monotonic() < deadline:
        time.sleep(0.02)
    survivors = [pid for pid in workers if running(pid)]
    for pid in survivors:  # do not leave them behind for the rest of the suite
        os.kill(pid, signal.SIGKILL)
    assert survivors == []
    assert parent.stdout.read() == ""  # end of file: no worker holds the caller's pipe


# ---------------------------------------------------------------- inputs


def feed_fifo(path: Path, data: bytes) -> threading.Thread:
    def write() -> None:
        with open(path, "wb") as handle:
            handle.write(data)

    thread = threading.Thread(target=write, daemon=True)
    thread.start()
    return thread


def test_a_pipe_is_read_once_and_hashed_as_read(tmp_path):
    fifo = tmp_path / "traces.jsonl"
    os.mkfifo(fifo)
    data = ZH_TRACES.read_bytes()
    feed_fifo(fifo, data)
    assert sha256_file(fifo) == sha(data)  # the pipe is drained here...
    lines = [text for _, text in iter_lines(fifo)]  # ...and read again from the spool
    assert "".join(lines).encode() == data.replace(b"\r\n", b"\n") or len(lines) > 1
    assert sha256_file(fifo) == sha(data)


def test_trec_files_from_pipes(tmp_path):
    qrels, run = tmp_path / "qrels", tmp_path / "run"
    os.mkfifo(qrels)
    os.mkfifo(run)
    qrels_data = b"q1 0 d1 1\nq1 0 d2 0\n"
    run_data = b"q1 Q0 d2 1 2.0 sys\nq1 Q0 d1 2 1.5 sys\n"
    feed_fifo(qrels, qrels_data)
    feed_fifo(run, run_data)
    assert read_judgments(qrels) is not None and recorded_sha256(qrels) == sha(qrels_data)
    assert read_run(run)["sys"]["q1"].ranking() == ["d2", "d1"]
    assert sha256_file(run) == sha(run_data)


def test_the_recorded_sha256_is_of_what_was_parsed(tmp_path):
    path = tmp_path / "set.json"
    path.write_text('{"a": 1}')
    with reading_inputs():
        assert read_json(path) == {"a": 1}
        assert recorded_sha256(path) == sha(b'{"a": 1}')
        path.write_text('{"a": 22}')  # replaced after it was parsed: never the new file's hash
        with pytest.raises(InputError, match="changed while it was being read"):
            sha256_file(path)
    with reading_inputs():  # a later session reads what is there now
        assert read_json(path) == {"a": 22} and sha256_file(path) == sha(b'{"a": 22}')


def test_a_file_rewritten_while_it_is_read_is_refused(tmp_path):
    path = tmp_path / "traces.jsonl"
    path.write_bytes(b"x" * 300_000)
    with reading_inputs(), open_input(path) as handle:
        handle.read(1000)
        with path.open("ab") as grow:
            grow.write(b"y")
        with pytest.raises(InputError, match="changed while it was being read"):
            handle.read()


def test_a_pipe_path_reused_in_a_new_session_is_read_again(tmp_path):
    fifo = tmp_path / "traces.jsonl"
    os.mkfifo(fifo)
    for data in (b"first\n", b"second, longer\n"):
        writer = feed_fifo(fifo, data)
        with reading_inputs():
            assert sha256_file(fifo) == sha(data)
            with open_input(fifo) as again:  # the spool, within the session
                assert again.read() == data
        writer.join()
    assert not source._spools and not source._read_digests


def test_reused_pipe_paths_score_their_new_content(tmp_path):
    from evidence_eval import api

    fifo = tmp_path / "traces.jsonl"
    os.mkfifo(fifo)
    lines = ZH_TRACES.read_bytes().splitlines(keepends=True)
    systems = []
    for data in (lines[0], lines[-1]):
        writer = feed_fifo(fifo, data)
        report = api.score(ZH_ANN, fifo)
        writer.join()
        systems.append((report.inputs.traces.sha256, [s.system for s in report.systems]))
    assert systems[0][0] == sha(lines[0]) and systems[1][0] == sha(lines[-1])


def test_devices_are_refused_at_once():
    started = time.monotonic()
    for device in ("/dev/zero", "/dev/null"):
        with pytest.raises(InputError, match="is a device"):
            open_input(device)
    assert time.monotonic() - started < 1


def test_a_line_over_the_limit_is_refused_with_its_number(tmp_path, monkeypatch):
    monkeypatch.setattr(source, "MAX_LINE_BYTES", 1000)
    path = tmp_path / "corpus.jsonl"
    path.write_text('{"a": 1}\n' + '{"b": "' + "x" * 2000 + '"}\n')
    with pytest.raises(InputError, match=r"corpus.jsonl:2: line 2 is larger than"):
        list(iter_lines(path))
    fifo = tmp_path / "zeros"
    os.mkfifo(fifo)
    feed_fifo(fifo, b"\0" * 5000)
    with pytest.raises(InputError, match="zeros:1: line 1 is larger than"):
        open_input(fifo)


@pytest.mark.parametrize(
    ("limit", "shown"), [(1000, "1,000 bytes"), (3 << 20, "3 MiB"), (1536 << 10, "1,572,864 bytes")]
)
def test_a_limit_is_written_as_set_never_as_0_mib(tmp_path, monkeypatch, limit, shown):
    monkeypatch.setattr(source, "MAX_LINE_BYTES", limit)
    path = tmp_path / "traces.jsonl"
    path.write_text('{"b": "' + "x" * (limit + 10) + '"}\n')
    with pytest.raises(
        InputError, match=f"traces.jsonl:1: line 1 is larger than {shown} \\(is it the right file"
    ):
        list(iter_lines(path))


_LIMIT_MESSAGE = (
    "EVIDENCE_EVAL_MAX_LINE_BYTES={value!r} is not a size: give a whole number of bytes above 0 "
    "(the default is EVIDENCE_EVAL_MAX_LINE_BYTES=268435456), or unset it"
)


@pytest.mark.parametrize("value", ["abc", "-5", "0", "1.5e3", "256MiB"])
def test_a_size_limit_variable_that_holds_no_size_is_refused(value, monkeypatch):
    """It was ignored: the default applied, with nothing said. (Read as the module reads it at
    import; the process test below shows the CLI refusing it on the first input.)"""
    monkeypatch.setattr(source, "_BAD_LIMITS", [])
    monkeypatch.setenv("EVIDENCE_EVAL_MAX_LINE_BYTES", value)
    assert source._limit("EVIDENCE_EVAL_MAX_LINE_BYTES", 256 << 20) == 256 << 20
    assert source._BAD_LIMITS == [_LIMIT_MESSAGE.format(value=value)]
    result = run_cli("validate", EN_ANN)
    assert result.returncode == 2 and not result.stdout
    assert result.stderr == f"evidence-eval: error: {_LIMIT_MESSAGE.format(value=value)}\n"
    monkeypatch.setenv("EVIDENCE_EVAL_MAX_LINE_BYTES", "100000")
    monkeypatch.setattr(source, "_BAD_LIMITS", [])
    assert source._limit("EVIDENCE_EVAL_MAX_LINE_BYTES", 256 << 20) == 100000 and not source._BAD_LIMITS


def test_a_size_limit_variable_is_read_when_the_process_starts():
    result = subprocess.run(
        [sys.executable, "-m", "evidence_eval.cli", "validate", str(EN_ANN)],
        capture_output=True,
        text=True,
        env={**os.environ, "EVIDENCE_EVAL_MAX_LINE_BYTES": "abc"},
        check=False,
    )
    assert (result.returncode, result.stdout) == (2, "")
    assert result.stderr == f"evidence-eval: error: {_LIMIT_MESSAGE.format(value='abc')}\n"


def test_a_json_file_over_the_limit_is_refused(tmp_path, monkeypatch):
    monkeypatch.setattr(source, "MAX_JSON_BYTES", 100)
    path = tmp_path / "set.json"
    path.write_text(json.dumps({"x": "y" * 200}))
    with pytest.raises(InputError, match="EVIDENCE_EVAL_MAX_JSON_BYTES"):
        read_json(path)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("1" * 4301, "unreadable JSON number"),
        ('{"id": "\\ud800"}', r"\$\.id: lone UTF-16 surrogate"),
        ("[" * 150 + "]" * 150, "nested too deeply"),
        ('{"a": ' * 5000 + "1" + "}" * 5000, "nested too deeply"),
    ],
)
def test_json_that_python_cannot_hold_is_one_located_error(text, message):
    with pytest.raises(InputError, match=message):
        parse_json(text, source_location())


def source_location():
    from evidence_eval.errors import Location

    return Location("in.json", 3)


def test_a_surrogate_pair_is_fine():
    assert parse_json('"\\ud83d\\ude00"', source_location()) == "😀"


def test_cli_refuses_hostile_annotation_files_in_one_line(tmp_path):
    data = json.loads(ZH_ANN.read_text(encoding="utf-8"))
    cases = {
        "huge-int": json.dumps(data).replace('"queries"', '"n": ' + "9" * 5000 + ', "queries"', 1),
        "surrogate": json.dumps(data).replace(data["queries"][0]["query_id"], "q\\ud800", 1),
        "deep": json.dumps({**data, "metadata": json.loads("[" * 300 + "]" * 300)}),
    }
    for name, text in cases.items():
        path = tmp_path / f"{name}.json"
        path.write_text(text, encoding="utf-8")
        result = run_cli("validate", path)
        assert result.returncode == 2, (name, result.stderr)
        assert "Traceback" not in result.stderr and len(result.stderr.strip().splitlines()) == 1
    result = run_cli("validate", "/dev/zero")
    assert result.returncode == 2 and "is a device" in result.stderr


def nested(levels):
    """`levels` objects, each inside the one before: {"a": {"a": ... {"a": 1}}}."""
    value = 1
    for _ in range(levels):
        value = {"a": value}
    return value


@pytest.mark.parametrize("levels", [95, 98, 99, 100, 101, 150, 197, 198, 250])
def test_traces_nest_as_deep_as_annotations_and_no_deeper(tmp_path, levels):
    """Both are refused past 100 levels of the document, naming the JSON path: a trace line
    read by pydantic's own parser took some 200 levels, with no path."""
    data = json.loads(EN_ANN.read_text(encoding="utf-8"))
    ann = tmp_path / "set.annotations.json"
    ann.write_text(json.dumps({**data, "metadata": nested(levels)}), encoding="utf-8")
    checked = run_cli("validate", ann, "--corpus", EN_ANN.parent / "corpus.jsonl")
    first = json.loads(EN_TRACES.read_text(encoding="utf-8").splitlines()[0])
    deep_item = json.loads(json.dumps(first))
    deep_item["stages"][0]["items"][0]["metadata"] = nested(levels - 4)  # 4 levels further down
    for trace, path in (
        (first | {"metadata": nested(levels)}, "$.metadata.a.a.a.a.a..."),
        (deep_item, "$.stages[0].items[0].metadata.a..."),
    ):
        traces = tmp_path / "t.jsonl"
        traces.write_text(json.dumps(trace) + "\n", encoding="utf-8")
        scored = run_cli("score", EN_ANN, traces, "--format", "json")
        if levels + 1 <= 100:  # the document's own level, then the nested objects
            assert checked.returncode == 0 and scored.returncode == 0, (checked.stderr, scored.stderr)
            continue
        assert checked.returncode == 2 and scored.returncode == 2
        message = ": JSON nested too deeply (more than 100 levels) (flatten the data)\n"
        assert checked.stderr.endswith(f"{ann}: $.metadata.a.a.a.a.a...{message}"), checked.stderr
        assert scored.stderr.endswith(f"{traces}:1: {path}{message}"), scored.stderr


def test_scoring_a_language_that_cannot_be_segmented_is_one_line(tmp_path):
    data = json.loads(EN_ANN.read_text(encoding="utf-8"))
    data["language"] = "klingon"
    path = tmp_path / "set.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    traces = EN_ANN.parent / "warranty.traces.jsonl"
    corpus = EN_ANN.parent / "corpus.jsonl"
    result = run_cli("score", path, traces, "--corpus", corpus, "--format", "json")
    assert result.returncode == 2, result.stderr
    assert "Traceback" not in result.stderr and "language 'klingon'" in result.stderr


# ---------------------------------------------------------------- linear parsers

HOSTILE = {
    "digits": "7" * 100_000,
    "spaced-digits": "12 " * 33_334,
    "chinese-numerals": "一" * 100_000,
    "number-words": "one " * 25_000,
    "hyphened-words": "one-" * 25_000,
    "hundreds": "one" + " hundred" * 12_500,
    "full-width-digits": "７" * 100_000,
    "grouped-digits": "1,000" * 20_000,
    "bangs": "!" * 100_000,
    "ideographic-stops": "。" * 100_000,
    "commas": "," * 100_000,
    "digit-bangs": "1!" * 50_000,
    "emoji": "😀" * 50_000,
    "underscores": "_" * 100_000,
    "possessives": "'s" * 50_000,
    "dotted-words": "a.b" * 33_334,
    "abbreviations": "No. " * 25_000,  # each merged into the one before (no break after "No.")
}
# Linear time is told by growth, not by a budget in seconds (machines differ several times over):
# four times the text may take at most GROWTH times as long (linear: ~4; quadratic: 16), with a
# floor under which a difference is timer noise.
GROWTH = 8.0
# characters of each hostile text timed (against its first quarter); at 16,000 a quadratic pass
# in Python over the values found (`all(v.end <= start for v in found)` in values._find_values)
# still fails the same texts as at 24,000: digit-bangs, grouped-digits, spaced-digits (and, in
# the answers, en/zh digit-bangs and grouped-digits, zh spaced-digits); at 12,000 grouped-digits
# passes (checked in a scratch edit)
LARGE = 16_000
NOISE_FLOOR = 0.1  # seconds of this process's CPU (other processes' load does not count)


@pytest.fixture(scope="module")
def fact():
    from evidence_eval.models import AnswerFact

    return AnswerFact(id="f1", text="the warranty lasts 12 months", value="12 months")


def _assert_linear(timed: Callable[[str], tuple[float, ...]], parts: tuple[str, ...], name: str) -> None:
    """`timed(text)` (seconds of this process's CPU for each of `parts`) grows linearly from
    the first quarter of the hostile text `name` to the whole of it."""

    def too_slow(small: tuple[float, ...], large: tuple[float, ...]) -> list[str]:
        return [
            f"{part}: {before:.3f}s -> {after:.3f}s"
            for part, before, after in zip(parts, small, large, strict=True)
            if after > GROWTH * before + NOISE_FLOOR
        ]

    text = HOSTILE[name][:LARGE]
    quarter = text[: len(text) // 4]
    timed(text[:400])  # first use: pipelines and tables load
    small, large = timed(quarter), timed(text)
    for _ in range(2):  # a shared machine's slow spell: the best of three runs counts
        if not too_slow(small, large):
            break
        small = tuple(map(min, small, timed(quarter)))
        large = tuple(map(min, large, timed(text)))
    assert not too_slow(small, large), too_slow(small, large)


@pytest.mark.parametrize("name", sorted(HOSTILE))
@pytest.mark.parametrize("language", ["en", "zh"])
def test_hostile_answers_are_scored_in_linear_time(name, language, fact):
    from evidence_eval.match.facts import analyze_answer, match_fact
    from evidence_eval.match.spans import fuzzy_in_text
    from evidence_eval.scoring.caches import clear_caches
    from evidence_eval.text.segment import segmenter_for

    segmenter = segmenter_for(language)

    def timed(text: str) -> tuple[float, float]:
        clear_caches()  # every run from nothing: tokens, values and alignments are cached per text
        started = time.process_time()
        sentences = analyze_answer(text, segmenter)
        match_fact(fact, sentences, segmenter, lower=60.0, upper=85.0)
        answer_time = time.process_time() - started
        started = time.process_time()
        fuzzy_in_text(text[:40] + " warranty", text, language, 80.0)
        return answer_time, time.process_time() - started

    _assert_linear(timed, ("answer", "item"), name)


@pytest.mark.parametrize("name", sorted(HOSTILE))
def test_values_of_hostile_texts_are_found_in_linear_time(name):
    """`find_values` takes no language: each text once."""
    from evidence_eval.scoring.caches import clear_caches
    from evidence_eval.text.values import find_values

    def timed(text: str) -> tuple[float]:
        clear_caches()
        started = time.process_time()
        find_values(text + " ")
        return (time.process_time() - started,)

    _assert_linear(timed, ("values",), name)


@pytest.mark.parametrize(
    "text",
    ["1" * 4301 + " days", "one" + " hundred" * 155, "9" * 400 + "." + "9" * 400 + "%", "第" + "9" * 5000],
)
def test_numbers_too_long_for_a_float_are_no_value(text):
    from evidence_eval.text.values import find_values, parse_value

    parse_value(text)
    for value in find_values(text):
        assert value.low is None or value.low == value.low  # no exception, no NaN surprise


def test_an_english_answer_over_a_million_characters_is_scored(tmp_path):
    """spaCy refuses a text over its `max_length` (E088, 1,000,000 characters) to spare a
    parser's memory; the sentencizer's is linear, so the answer is scored like any other."""
    trace = json.loads(EN_TRACES.read_text(encoding="utf-8").splitlines()[0])
    trace["answer"] += " Nothing else applies here today." * 31_000
    assert len(trace["answer"]) > 1_000_000
    traces = tmp_path / "t.jsonl"
    traces.write_text(json.dumps(trace) + "\n", encoding="utf-8")
    result = run_cli("score", EN_ANN, traces, "--format", "json", "--missing-trace", "exclude")
    assert result.returncode == 0, result.stderr[-500:]
    scored = json.loads(result.stdout)["systems"][0]["queries"][0]["sub_questions"]
    assert any(sq["answer"]["status"] == "supported" for sq in scored)


def test_long_symbol_runs_keep_their_sentences():
    from evidence_eval.text.segment import segmenter_for

    text = "It works" + "!" * 40 + " Next one. " + "😀" * 20 + " Done."
    sentences = segmenter_for("en").sentences(text)
    assert [s.text.strip() for s in sentences][0] == "It works" + "!" * 40
    assert "".join(s.text for s in sentences).replace(" ", "") == text.replace(" ", "")


def test_score_reads_every_input_from_a_pipe_and_records_what_it_read(tmp_path):
    """Annotations, corpus and traces given as pipes (`<(cat ...)`): the report is the one the
    files give, with the same SHA-256s."""
    originals = {"annotations": EN_ANN, "corpus": EN_ANN.parent / "corpus.jsonl", "traces": EN_TRACES}

    def report(paths: dict[str, Path | str]) -> dict:
        result = run_cli(
            "score", paths["annotations"], paths["traces"], "--corpus", paths["corpus"], "--format", "json"
        )
        assert result.returncode == 0, result.stderr
        return json.loads(result.stdout)

    from_files = report(originals)
    pipes: dict[str, Path | str] = {}
    for name, path in originals.items():
        fifo = tmp_path / name
        os.mkfifo(fifo)
        feed_fifo(fifo, path.read_bytes())
        pipes[name] = fifo
    from_pipes = report(pipes)
    for name, path in originals.items():
        assert from_pipes["inputs"][name]["sha256"] == sha(path.read_bytes()), name
        assert from_pipes["inputs"][name]["sha256"] == from_files["inputs"][name]["sha256"]
    assert from_pipes["systems"] == from_files["systems"]


def test_a_corpus_path_that_loops_is_one_located_error(tmp_path):
    from evidence_eval.io.loaders import resolve_inside

    annotations = tmp_path / "set.json"
    annotations.write_text("{}")
    (tmp_path / "loop.jsonl").symlink_to(tmp_path / "loop.jsonl")
    with pytest.raises(InputError, match=r"set.json: \$.corpus.path: path 'loop.jsonl' cannot be used"):
        resolve_inside(annotations, "loop.jsonl")
