"""Text renderings of the report: GFM-valid Markdown, the worst N lost sub-questions, inert
output in every format, flat tables per level (CSV and DataFrame), JUnit XML well-formed."""

from __future__ import annotations

import csv
import io
import json
import re
import xml.etree.ElementTree as ET

import pytest
from conftest import ZH, ZH_TRACES, copy_example, write_jsonl

import evidence_eval
from evidence_eval.models import frames
from evidence_eval.models.policy import Policy, Rule
from evidence_eval.models.report import Report
from evidence_eval.report.audit import RuleOutcome, junit_xml
from evidence_eval.report.html import to_html
from evidence_eval.report.inert import csv_cell, markdown_cell, terminal_cell, xml_text
from evidence_eval.report.render import to_csv, to_json, to_text, worst_lost
from evidence_eval.report.texts import trace_texts

ESC_CLEAR = "\x1b[2J"
OSC_LINK = "\x1b]8;;http://evil.example\x07click\x1b]8;;\x07"
HOSTILE_SYSTEM = f'=HYPERLINK("x")|{OSC_LINK}<script>alert(1)</script>\x00'
HOSTILE_KIND = f"exclusion\n# injected | heading {ESC_CLEAR}<img src=x onerror=alert(2)> [a](javascript:x)"
HOSTILE_SUB_QUESTION = "-2+3"


def _markdown_tokens(text: str):
    markdown_it = pytest.importorskip("markdown_it")
    return markdown_it.MarkdownIt("commonmark").enable("table").parse(text)


def _tables(tokens) -> list[list[list[str]]]:
    """Each table as rows of cell texts (header row first)."""
    tables, row, cell_open = [], None, False
    for token in tokens:
        if token.type == "table_open":
            tables.append([])
        elif token.type == "tr_open":
            row = []
            tables[-1].append(row)
        elif token.type in ("th_open", "td_open"):
            cell_open = True
        elif token.type == "inline" and cell_open:
            row.append(token.content)
            cell_open = False
    return tables


def _paragraphs(tokens) -> list[str]:
    return [tokens[i + 1].content for i, token in enumerate(tokens) if token.type == "paragraph_open"]


def test_markdown_tables_stand_apart_and_summary_lines_are_paragraphs(zh_report):
    text = to_text(zh_report, markdown=True)
    tokens = _markdown_tokens(text)
    tables = _tables(tokens)
    systems = len(zh_report.systems)
    assert len(tables) == 3 * systems  # retrieval, coverage, by kind
    for table in tables:
        assert len({len(row) for row in table}) == 1  # every row has the header's cells
    coverage = tables[1]
    assert [row[0] for row in coverage] == ["stage", "candidates", "reranked", "context", "answer"]
    paragraphs = _paragraphs(tokens)
    assert sum(p.startswith("answer statuses:") for p in paragraphs) == systems
    assert sum(p.startswith("contradicted ") for p in paragraphs) == systems
    headings = [tokens[i + 1].content for i, t in enumerate(tokens) if t.type == "heading_open"]
    assert [h for h in headings if h.startswith("System:")] == [
        f"System: {s.system}" for s in zh_report.systems
    ]


def test_a_set_without_sub_questions_says_so_instead_of_an_empty_list(tmp_path):
    """A fresh `init` draft has no sub-question yet: the line read `answer statuses: ` (empty)."""
    folder = copy_example(ZH, tmp_path)
    annotations = folder / "repair.annotations.json"
    data = json.loads(annotations.read_text(encoding="utf-8"))
    data["draft"] = True
    for query in data["queries"]:
        query["sub_questions"] = []
    annotations.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    lines = to_text(evidence_eval.score(annotations, folder / "repair.traces.jsonl")).splitlines()
    statuses = [line for line in lines if line.startswith("answer statuses:")]
    assert statuses and set(statuses) == {"answer statuses: none (no sub-questions)"}


def test_table_format_lists_the_worst_n_then_how_many_more(zh_report):
    worst = worst_lost(zh_report.systems[2])  # hybrid-truncated: deadline contradicted, exclusions uncertain
    assert [(sq.id, sq.answer.status) for _, sq in worst] == [
        ("deadline", "contradicted"),
        ("exclusions", "uncertain"),
    ]
    text = to_text(zh_report, show=1)
    assert "Where sub-questions were lost (worst 1 of 2)" in text
    assert text.count("… and 1 more") == 2  # bm25 and hybrid-truncated lose two each
    assert "repair-001 / deadline [deadline, vital]: lost at context, answer contradicted" in text
    assert "exclusions [exclusion, vital]: lost at answer" not in text.split("System: hybrid-truncated")[1]
    everything = to_text(zh_report, show=20)
    assert "more" not in everything.split("signature")[0] and "worst 2 of 2" in everything


def test_cell_escapes():
    assert terminal_cell("a\x1b[2Jb\nc\x9b\u202e") == "a\\x1b[2Jb\\nc\\x9b\\u202e"
    assert markdown_cell("a|b\n# h <b>&") == "a\\|b # h &lt;b&gt;&amp;"
    assert markdown_cell("doc_id _x_ [l](u)") == "doc_id \\_x\\_ \\[l\\](u)"
    assert [csv_cell(v) for v in ("=1+1", "+1", "-1", "@x", "\tx", "\rx", "ok", -1, None, True)] == [
        "'=1+1",
        "'+1",
        "'-1",
        "'@x",
        "'\tx",
        "'\rx",
        "ok",
        "-1",
        "",
        "true",
    ]
    assert xml_text("a\x00b\x1bc\ud800d\ufffee\tf") == "abcde\tf"


@pytest.fixture(scope="module")
def hostile(tmp_path_factory):
    """The Chinese example with a hostile system name, kind and sub-question id."""
    tmp_path = tmp_path_factory.mktemp("hostile")
    folder = copy_example(ZH, tmp_path)
    annotations_path = folder / "repair.annotations.json"
    annotations = json.loads(annotations_path.read_text(encoding="utf-8"))
    sub_questions = annotations["queries"][0]["sub_questions"]
    sub_questions[1]["kind"] = HOSTILE_KIND
    sub_questions[2]["id"] = HOSTILE_SUB_QUESTION
    annotations_path.write_text(json.dumps(annotations, ensure_ascii=False), encoding="utf-8")
    rows = [json.loads(line) for line in ZH_TRACES.read_text(encoding="utf-8").splitlines()]
    rows[2]["system"] = HOSTILE_SYSTEM
    rows[2]["answer"] = "<script>alert(3)</script>" + rows[2]["answer"]
    traces = write_jsonl(tmp_path / "t.jsonl", rows)
    report = evidence_eval.score(annotations_path, traces)
    assert {s.system for s in report.systems} >= {HOSTILE_SYSTEM}
    return report, traces, annotations_path


def test_hostile_text_is_inert_in_every_format(hostile):
    from evidence_eval.io import iter_traces, load_annotations

    report, traces, annotations_path = hostile
    rendered = {
        "json": to_json(report),
        "table": to_text(report),
        "markdown": to_text(report, markdown=True),
        "csv": to_csv(report),
    }
    annotations = load_annotations(annotations_path)
    rendered["html"] = to_html(
        report, trace_texts(report, (t for _, t in iter_traces(traces)), annotations), annotations
    )
    assert HOSTILE_SYSTEM in {system["system"] for system in json.loads(rendered["json"])["systems"]}
    for fmt in ("json", "table", "markdown"):
        assert "\x1b" not in rendered[fmt] and "\x00" not in rendered[fmt] and "\x07" not in rendered[fmt], (
            fmt
        )
    table = rendered["table"]
    assert "\\x1b]8;;http://evil.example\\x07click" in table
    assert not any(line.startswith("# injected") for line in table.splitlines())
    assert "exclusion\\n# injected" in table

    tokens = _markdown_tokens(rendered["markdown"])
    assert not any(t.type.startswith("html") for t in tokens)
    inline_children = [c for t in tokens if t.type == "inline" for c in t.children or []]
    assert not any(c.type.startswith(("html", "link")) for c in inline_children)
    headings = [tokens[i + 1].content for i, t in enumerate(tokens) if t.type == "heading_open"]
    assert not any("injected" in h for h in headings)
    for table_rows in _tables(tokens):
        assert len({len(row) for row in table_rows}) == 1
    kind_rows = [row for rows in _tables(tokens) for row in rows if "injected" in row[0]]
    # the pipe stays inside its cell (GFM unescapes \| there), the newline became a space
    assert kind_rows and all(row[0].startswith("exclusion # injected | heading") for row in kind_rows)

    cells = list(csv.reader(io.StringIO(rendered["csv"])))
    systems = {row[0] for row in cells[1:]}
    assert "'" + HOSTILE_SYSTEM in systems and HOSTILE_SYSTEM not in systems
    assert {row[3] for row in cells[1:]} >= {"'" + HOSTILE_SUB_QUESTION}
    assert not any(cell.startswith(("=", "+", "-", "@", "\t", "\r")) for row in cells for cell in row)

    page = rendered["html"]
    assert "<script>alert" not in page and "<img" not in page and 'onerror="alert' not in page
    assert page.count("<script") == 2  # the page's own: the data block and the script
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in page  # the system name in the overview


CR_FORMULA_KIND = "deadline\r=cmd|' /C calc'!A0\n+1\r\n-2"


@pytest.fixture(scope="module")
def cr_formula_csv(tmp_path_factory):
    """The Chinese example scored with a sub-question kind whose lines start formulas."""
    tmp_path = tmp_path_factory.mktemp("cr")
    folder = copy_example(ZH, tmp_path)
    annotations_path = folder / "repair.annotations.json"
    annotations = json.loads(annotations_path.read_text(encoding="utf-8"))
    annotations["queries"][0]["sub_questions"][2]["kind"] = CR_FORMULA_KIND
    annotations_path.write_text(json.dumps(annotations, ensure_ascii=False), encoding="utf-8")
    return to_csv(evidence_eval.score(annotations_path, folder / ZH_TRACES.name))


def test_a_cell_holding_a_bare_cr_is_quoted_and_starts_no_formula(cr_formula_csv):
    rows = list(csv.reader(io.StringIO(cr_formula_csv, newline="")))
    assert len({len(row) for row in rows}) == 1  # no cell broke its row
    kinds = {row[rows[0].index("kind")] for row in rows[1:]}
    assert "deadline\r'=cmd|' /C calc'!A0\n'+1\r\n'-2" in kinds
    # a reader that ends lines at CR, LF or CRLF sees no line that starts a formula
    for line in re.split("\r\n|\r|\n", cr_formula_csv):
        assert not line.startswith(("=", "+", "-", "@", "\t")), line


def test_csv_written_to_a_terminal_escapes_control_characters(tmp_path, monkeypatch):
    from click.testing import CliRunner

    from evidence_eval import cli

    rows = [json.loads(line) for line in ZH_TRACES.read_text(encoding="utf-8").splitlines()]
    rows[2]["system"] = f"sys{ESC_CLEAR}"
    traces = write_jsonl(tmp_path / "t.jsonl", rows)
    monkeypatch.setattr(cli, "_on_terminal", lambda: True, raising=False)
    args = ["score", str(ZH / "repair.annotations.json"), str(traces), "--format", "csv"]
    shown = CliRunner().invoke(cli.main, args, color=True)  # color: click passes ESC as a terminal gets it
    assert shown.exit_code == 0, shown.stderr
    assert "\x1b" not in shown.stdout and "sys\\x1b[2J" in shown.stdout


def test_junit_xml_is_well_formed_whatever_the_names():
    rule = Rule(figure="coverage.context.vital", op=">=", value=0.9)
    outcome = RuleOutcome(rule, "sys\x00\x1b[2J\ud800", 0.5, False)
    xml = junit_xml([outcome], Policy(name="gate\x0b\x07", rules=[rule]))
    root = ET.fromstring(xml.split("?>", 1)[1])
    assert root.get("name") == "evidence-eval audit: gate"
    assert root.find("testcase").get("classname") == "sys[2J"


@pytest.mark.parametrize("level", frames.LEVELS)
def test_csv_levels_have_the_frame_columns(zh_report, level):
    columns, rows = frames.table(zh_report, level)
    parsed = list(csv.reader(io.StringIO(to_csv(zh_report, level=level))))
    assert parsed[0] == columns and len(parsed) == len(rows) + 1
    assert all(len(row) == len(columns) for row in parsed)


def test_unknown_level_is_refused(zh_report):
    with pytest.raises(evidence_eval.errors.UsageError, match="unknown level 'facts'; use one of"):
        to_csv(zh_report, level="facts")


def _round_trip(report: Report) -> None:
    pandas = pytest.importorskip("pandas")
    sub_questions = frames.to_pandas(report, level="sub_question")
    facts = frames.to_pandas(report, level="fact")
    queries = frames.to_pandas(report, level="query")
    retrieval = frames.to_pandas(report, level="retrieval")
    assert isinstance(sub_questions, pandas.DataFrame)
    for system in report.systems:
        c = system.summary.coverage
        mine = sub_questions[sub_questions.system == system.system]
        assert len(mine) == c.sub_questions
        for stage, ratios in c.stages.items():
            assert (mine[f"{stage}_status"] == "supported").sum() == ratios["all"].count
            vital = mine[mine.importance == "vital"]
            assert (vital[f"{stage}_status"] == "supported").sum() == ratios["vital"].count
        assert (mine.answer_status == "supported").sum() == c.answer["all"].count
        assert (mine.answer_status == "contradicted").sum() == c.contradicted
        assert mine.lost_at.value_counts().to_dict() == c.lost_at
        assert mine.answer_without_evidence.sum() == c.answer_without_evidence
        per_query = queries[queries.system == system.system]
        assert per_query.sub_questions.sum() == c.sub_questions
        assert per_query.answer_supported.sum() == c.answer["all"].count
        fact_rows = facts[facts.system == system.system]
        expected_facts = sum(len(sq.answer.matches) for q in system.queries for sq in q.sub_questions)
        assert len(fact_rows) == expected_facts
        for stage, summary in system.summary.retrieval.items():
            for k, mean in summary.at.items():
                rows = retrieval[
                    (retrieval.system == system.system) & (retrieval.stage == stage) & (retrieval.k == int(k))
                ]
                counted = rows[rows.in_mean]
                assert len(counted) == mean.queries
                if mean.hit_rate is not None:
                    assert counted.hit.mean() == pytest.approx(mean.hit_rate)
                    assert counted.rr.mean() == pytest.approx(mean.mrr)
                    assert counted.recall.mean() == pytest.approx(mean.mean_recall)


def test_frames_round_trip_the_report_counts(zh_report, en_report):
    _round_trip(zh_report)
    _round_trip(en_report)


def test_to_pandas_without_pandas_says_what_to_install(zh_report, monkeypatch):
    import builtins

    real_import = builtins.__import__

    def no_pandas(name, *args, **kwargs):
        if name == "pandas":
            raise ImportError("No module named 'pandas'")
        return real_import(name, *args, **kwargs)

    monkeypatch.setattr(builtins, "__import__", no_pandas)
    with pytest.raises(evidence_eval.errors.UsageError, match=r"pip install 'evidence-eval\[pandas\]'"):
        frames.to_pandas(zh_report)


class _Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def _last_line(stream: io.StringIO) -> str:
    return stream.getvalue().split("\r")[-1].replace("\x1b[K", "")


def test_progress_shows_loading_then_count_rate_and_a_smoothed_eta():
    from evidence_eval.report.progress import Progress

    clock, stream = _Clock(), io.StringIO()
    with Progress(total=1000, stream=stream, clock=clock) as progress:
        progress.loading("annotations and pipelines")
        assert _last_line(stream) == "scoring traces: loading annotations and pipelines…"
        progress.update(1)  # the first trace, after a slow start
        assert _last_line(stream) == "scoring traces  1/1,000  0%"
        clock.now += 1.0
        progress.update(2)
        assert "ETA" not in _last_line(stream)  # not before 2 s of counting
        clock.now += 9.0
        progress.update(11)  # about 1/s while warming up
        assert _last_line(stream) == "scoring traces  11/1,000  1%  1.0/s  ETA 16:29"
        for _ in range(9):  # then 100/s
            clock.now += 1.0
            progress.update(progress.done + 100)
        assert _last_line(stream).endswith("ETA 0:01")  # 89 left at about 100/s
        clock.now += 1.0
        progress.update(1000)
        line = _last_line(stream)
        assert line.startswith("scoring traces  1,000/1,000  100%")
        assert "ETA" not in line  # done
    assert stream.getvalue().endswith("\n") and "1,000 in 0:20" in stream.getvalue()


def test_progress_eta_follows_the_recent_rate():
    from evidence_eval.report.progress import Progress

    clock, stream = _Clock(), io.StringIO()
    progress = Progress(total=10_000, stream=stream, clock=clock)
    progress.update(1)
    clock.now += 30.0  # a slow start: 30 s for the first 10
    progress.update(10)
    for _ in range(10):
        clock.now += 1.0
        progress.update(progress.done + 100)
    # ~100/s now: the remaining 8,990 take about 1.5 minutes, not the 4 hours the average says
    assert progress.rate is not None and 95 < progress.rate < 101
    assert _last_line(stream).endswith(("ETA 1:30", "ETA 1:31", "ETA 1:32", "ETA 1:33", "ETA 1:34"))


def test_progress_without_a_total_counts_and_draws_nothing_until_used():
    from evidence_eval.report.progress import Progress

    clock, stream = _Clock(), io.StringIO()
    with Progress(stream=stream, clock=clock):
        pass
    assert stream.getvalue() == ""
    progress = Progress(stream=stream, clock=clock)
    progress.update(5)
    clock.now += 1
    progress.update(25)
    assert _last_line(stream) == "scoring traces  25  20/s"


def test_render_passes_show_and_level(zh_report):
    from evidence_eval.report.render import render

    assert render(zh_report, "table", show=1) == to_text(zh_report, show=1)
    assert render(zh_report, "markdown", show=0).count("… and 2 more") == 2
    assert render(zh_report, "csv", level="fact") == to_csv(zh_report, level="fact")
    with pytest.raises(evidence_eval.errors.UsageError, match="unknown format 'xml'"):
        render(zh_report, "xml")
