"""The HTML report: self-contained, escaped, and its funnel equals the JSON report's."""

from __future__ import annotations

import json
import shutil
import subprocess

import pytest
from conftest import ZH, ZH_ANN, ZH_TRACES, copy_example, run_cli, write_jsonl

import evidence_eval
from evidence_eval.api import evidence_texts
from evidence_eval.report.html import to_html

HOSTILE = '<script>alert(1)</script><img src=x onerror="alert(2)">'


def test_the_page_is_self_contained(tmp_path):
    out = tmp_path / "report.html"
    assert run_cli("score", ZH_ANN, ZH_TRACES, "--format", "html", "-o", out).returncode == 0
    page = out.read_text(encoding="utf-8")
    assert "http://" not in page and "https://" not in page
    assert "<link" not in page and "src=" not in page
    assert page.count('data-funnel="1"') == 3 * 2 * 4  # systems x (all, vital) x (3 stages + answer)
    assert 'id="filter-status"' in page and 'id="filter-kind"' in page


def test_hostile_corpus_and_answer_text_render_as_text(tmp_path):
    folder = copy_example(ZH, tmp_path)
    trace = json.loads(ZH_TRACES.read_text(encoding="utf-8").splitlines()[2])
    item = trace["stages"][2]["items"][0]
    item["text"] = HOSTILE + item["text"]
    trace["answer"] = HOSTILE + trace["answer"]
    trace["system"] = HOSTILE
    traces = write_jsonl(tmp_path / "t.jsonl", [trace])
    report = evidence_eval.score(folder / "repair.annotations.json", traces)
    page = to_html(report, evidence_texts(report, traces))
    assert "<script>alert" not in page and "<img" not in page
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in page
    assert 'onerror="alert' not in page
    assert page.count("<script") == 2  # the page's own: the JSON block and the inline script


def _chromium():
    path = shutil.which("chromium") or shutil.which("chromium-browser")
    if path is None:
        pytest.skip("Chromium is not installed (.ci/run installs Debian's chromium)")
    return path


def _headless(chromium, tmp_path, *args):
    return subprocess.run(
        [
            chromium,
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--no-first-run",
            "--disable-quic",
            f"--user-data-dir={tmp_path / 'profile'}",
            *args,
        ],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )


def test_browser_reads_the_same_funnel_as_the_json_report(tmp_path):
    chromium = _chromium()
    out = tmp_path / "report.html"
    assert run_cli("score", ZH_ANN, ZH_TRACES, "--format", "html", "-o", out).returncode == 0
    dom = _headless(chromium, tmp_path, "--dump-dom", out.as_uri()).stdout
    start = dom.index('<pre id="funnel-readout"')
    readout = json.loads(dom[dom.index(">", start) + 1 : dom.index("</pre>", start)])
    report = evidence_eval.score(ZH_ANN, ZH_TRACES)
    expected = []
    for system in report.systems:
        figures = system.summary.coverage
        for group in ("all", "vital"):
            for stage, ratios in figures.stages.items():
                expected.append(
                    {
                        "system": system.system,
                        "group": group,
                        "stage": stage,
                        "count": ratios[group].count,
                        "total": ratios[group].total,
                    }
                )
            expected.append(
                {
                    "system": system.system,
                    "group": group,
                    "stage": "answer",
                    "count": figures.answer[group].count,
                    "total": figures.answer[group].total,
                }
            )
    assert readout == expected
    screenshot = tmp_path / "report.png"
    _headless(chromium, tmp_path, f"--screenshot={screenshot}", "--window-size=1200,1600", out.as_uri())
    assert screenshot.exists() and screenshot.stat().st_size > 10_000
