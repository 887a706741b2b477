"""A self-contained HTML rendering: inline CSS, inline SVG, a small inline script; no network.

Every text that comes from a corpus, a trace or an annotation goes through `html.escape`
(and JSON embedded in the page has `<`, `>` and `&` escaped), so a document holding
`<script>` or `onerror=` renders as text.
"""

from __future__ import annotations

import html
import json
from collections.abc import Mapping
from dataclasses import dataclass, field

from ..models.report import CoverageFigures, Report, SubQuestionResult, SystemReport
from .render import NO_ANSWERS, RETRIEVAL_HEADER, answer_note, no_answers, retrieval_notes, retrieval_rows

STATUS_COLOURS = {
    "supported": "#2e7d32",
    "partial": "#f9a825",
    "missing": "#c62828",
    "contradicted": "#6a1b9a",
    "uncertain": "#ef6c00",
    "not_applicable": "#9e9e9e",
}


@dataclass
class QueryTexts:
    """The texts a report points into: items by stage and index, and the answer."""

    items: dict[str, dict[int, str]] = field(default_factory=dict)
    answer: str = ""


TextsBySystemQuery = Mapping[tuple[str, str], QueryTexts]


def esc(text: object) -> str:
    return html.escape(str(text), quote=True)


def _json_for_script(value: object) -> str:
    return (
        json.dumps(value, ensure_ascii=False)
        .replace("&", "\\u0026")
        .replace("<", "\\u003c")
        .replace(">", "\\u003e")
    )


def _funnel(system: str, figures: CoverageFigures, group: str, answers: bool, width: int = 520) -> str:
    rows = [(stage, ratios[group]) for stage, ratios in figures.stages.items()]
    rows.append(("answer", figures.answer[group]))
    bar_height, gap, label_width = 22, 8, 110
    height = len(rows) * (bar_height + gap)
    parts = [
        f'<svg class="funnel" role="img" width="{width + label_width + 120}" height="{height}" '
        f'aria-label="{esc(system)} funnel ({group})">'
    ]
    for row, (stage, ratio) in enumerate(rows):
        y = row * (bar_height + gap)
        share = ratio.share or 0.0
        text = "n/a" if ratio.share is None else f"{ratio.count}/{ratio.total} ({100 * share:.1f}%)"
        if stage == "answer" and not answers:
            text = NO_ANSWERS
        parts.append(f'<text x="0" y="{y + 16}">{esc(stage)}</text>')
        parts.append(f'<rect x="{label_width}" y="{y}" width="{width}" height="{bar_height}" fill="#eee"/>')
        parts.append(
            f'<rect data-funnel="1" data-system="{esc(system)}" data-group="{group}" '
            f'data-stage="{esc(stage)}" data-count="{ratio.count}" data-total="{ratio.total}" '
            f'x="{label_width}" y="{y}" width="{share * width:.1f}" height="{bar_height}" '
            f'fill="{"#2e7d32" if share >= 0.95 else "#f9a825" if share >= 0.5 else "#c62828"}"/>'
        )
        parts.append(f'<text x="{label_width + width + 8}" y="{y + 16}">{esc(text)}</text>')
    parts.append("</svg>")
    return "".join(parts)


def _kind_table(system: SystemReport) -> str:
    kinds = system.summary.by_kind
    if not kinds:
        return ""
    stages = [*next(iter(kinds.values())).stages, "answer"]
    head = "".join(f"<th>{esc(stage)}</th>" for stage in stages)
    answers = not no_answers(system.summary)
    rows = []
    for kind, figures in kinds.items():
        cells = []
        for stage in stages:
            if stage == "answer" and not answers:
                cells.append('<td style="background:#ddd">no answers</td>')
                continue
            ratio = figures.answer["all"] if stage == "answer" else figures.stages[stage]["all"]
            share = ratio.share
            shade = (
                "#ddd"
                if share is None
                else "#c8e6c9"
                if share >= 0.95
                else "#fff59d"
                if share >= 0.5
                else "#ffcdd2"
            )
            label = "n/a" if share is None else f"{ratio.count}/{ratio.total} · {100 * share:.0f}%"
            cells.append(f'<td style="background:{shade}">{esc(label)}</td>')
        rows.append(f"<tr><th>{esc(kind)}</th>{''.join(cells)}</tr>")
    return (
        f'<table class="kinds"><thead><tr><th>kind</th>{head}</tr></thead>'
        f"<tbody>{''.join(rows)}</tbody></table>"
    )


def _retrieval_table(system: SystemReport) -> str:
    head = "".join(f"<th>{esc(name)}</th>" for name in RETRIEVAL_HEADER)
    rows = "".join(
        "<tr>" + "".join(f"<td>{esc(cell)}</td>" for cell in row) + "</tr>"
        for row in retrieval_rows(system.summary.retrieval)
    )
    return f'<table class="retrieval"><thead><tr>{head}</tr></thead><tbody>{rows}</tbody></table>'


def _badge(status: str) -> str:
    colour = STATUS_COLOURS.get(status, "#555")
    return f'<span class="badge" style="background:{colour}">{esc(status)}</span>'


def _highlight(text: str, spans: list[tuple[int, int]]) -> str:
    out, cursor = [], 0
    for start, end in sorted(spans):
        if start < cursor:
            continue
        out.append(esc(text[cursor:start]))
        out.append(f"<mark>{esc(text[start:end])}</mark>")
        cursor = end
    out.append(esc(text[cursor:]))
    return "".join(out)


def _sub_question_details(sq: SubQuestionResult, texts: QueryTexts | None) -> str:
    parts = [f"<h4>{esc(sq.id)} <small>{esc(sq.kind)} · {esc(sq.importance)}</small></h4><ul>"]
    for stage, evidence in sq.stages.items():
        parts.append(
            f"<li>{esc(stage)}: {_badge(evidence.status)} "
            f"{evidence.spans_found}/{evidence.spans_needed} spans"
        )
        by_item: dict[int, list[tuple[int, int]]] = {}
        for match in evidence.matches:
            for item, start, end in match.pieces or [(match.item, match.start, match.end)]:
                if match.text_source == "trace":
                    by_item.setdefault(item, []).append((start, end))
        for item, spans in sorted(by_item.items()):
            text = texts.items.get(stage, {}).get(item) if texts else None
            if text is not None:
                parts.append(f"<blockquote>item {item}: {_highlight(text, spans)}</blockquote>")
        for problem in evidence.problems:
            parts.append(f'<div class="problem">{esc(problem.reason)}: {esc(problem.detail)}</div>')
        parts.append("</li>")
    answer_spans = [
        (f.start, f.end)
        for f in sq.answer.matches
        if f.start is not None and f.end is not None and f.status != "missing"
    ]
    parts.append(f"<li>answer: {_badge(sq.answer.status)} {sq.answer.found}/{sq.answer.needed} facts")
    for fact in sq.answer.matches:
        reason = f" — {esc(fact.reason)}" if fact.reason else ""
        parts.append(
            f'<div class="fact">{esc(fact.fact)}: {_badge(fact.status)} score {fact.score:g}{reason}</div>'
        )
    if texts and texts.answer and answer_spans:
        parts.append(f"<blockquote>{_highlight(texts.answer, answer_spans)}</blockquote>")
    parts.append("</li></ul>")
    return "".join(parts)


_CSS = """
body{font-family:system-ui,sans-serif;margin:1.5rem;color:#222;max-width:1200px}
code{background:#f3f3f3;padding:2px 4px;word-break:break-all}
.badge{color:#fff;border-radius:3px;padding:0 5px;font-size:.85em}
table{border-collapse:collapse;margin:.5rem 0}td,th{border:1px solid #ddd;padding:3px 6px;text-align:left}
mark{background:#ffeb3b}blockquote{border-left:3px solid #ccc;margin:.3rem 0;padding:.2rem .6rem;
white-space:pre-wrap}.problem{color:#c62828}.note{color:#6a1b9a}.funnel text{font-size:13px}
section.system{border-top:2px solid #333;margin-top:1.5rem}
"""

_SCRIPT = """
function applyFilters(){
  var status=document.getElementById('filter-status').value;
  var kind=document.getElementById('filter-kind').value;
  document.querySelectorAll('tr.sq').forEach(function(row){
    var ok=(!status||row.dataset.statuses.split(' ').indexOf(status)>=0)&&(!kind||row.dataset.kind===kind);
    row.style.display=ok?'':'none';
  });
}
document.addEventListener('DOMContentLoaded',function(){
  var bars=[];
  document.querySelectorAll('rect[data-funnel]').forEach(function(r){
    bars.push({system:r.dataset.system,group:r.dataset.group,stage:r.dataset.stage,
               count:Number(r.dataset.count),total:Number(r.dataset.total)});
  });
  document.getElementById('funnel-readout').textContent=JSON.stringify(bars);
  ['filter-status','filter-kind'].forEach(function(id){
    document.getElementById(id).addEventListener('change',applyFilters);});
});
"""


def to_html(report: Report, texts: TextsBySystemQuery | None = None) -> str:
    texts = texts or {}
    statuses: set[str] = set()
    kinds: set[str] = set()
    rows, details = [], []
    for system in report.systems:
        for query in system.queries:
            for sq in query.sub_questions:
                row_statuses: set[str] = {e.status for e in sq.stages.values()} | {sq.answer.status}
                if sq.answer_without_evidence:
                    row_statuses.add("answer_without_evidence")
                statuses |= row_statuses
                kinds.add(sq.kind)
                cells = " ".join(f"{esc(stage)} {_badge(e.status)}" for stage, e in sq.stages.items())
                rows.append(
                    f'<tr class="sq" data-kind="{esc(sq.kind)}" '
                    f'data-statuses="{esc(" ".join(sorted(row_statuses)))}">'
                    f"<td>{esc(system.system)}</td><td>{esc(query.query_id)}</td><td>{esc(sq.id)}</td>"
                    f"<td>{esc(sq.kind)}</td><td>{esc(sq.importance)}</td><td>{cells}</td>"
                    f"<td>{_badge(sq.answer.status)}</td><td>{esc(sq.lost_at or '')}</td>"
                    f"<td>{'yes' if sq.answer_without_evidence else ''}</td></tr>"
                )
            query_texts = texts.get((system.system, query.query_id))
            body = "".join(_sub_question_details(sq, query_texts) for sq in query.sub_questions)
            details.append(
                f"<details><summary>{esc(system.system)} · {esc(query.query_id)} "
                f"(trace {esc(query.trace)})</summary>{body}</details>"
            )
    sections = []
    unit = report.signature_parts.get("unit", "doc")
    for system in report.systems:
        s = system.summary
        answers = not no_answers(s)
        notes = [answer_note(s), *retrieval_notes(s.retrieval, unit)]
        sections.append(
            f'<section class="system"><h2>{esc(system.system)}</h2>'
            f"<p>queries {s.queries} · traces {s.scored_traces} · missing traces "
            f"{len(s.missing_traces)} · coverage n/a {len(s.coverage_not_applicable)} · "
            f"contradicted {s.coverage.contradicted} · uncertain {s.coverage.uncertain} · "
            f"answer without evidence {s.coverage.answer_without_evidence}</p>"
            + "".join(f'<p class="note">{esc(note)}</p>' for note in notes if note)
            + f"<h3>Funnel: all sub-questions</h3>{_funnel(system.system, s.coverage, 'all', answers)}"
            f"<h3>Funnel: vital sub-questions</h3>{_funnel(system.system, s.coverage, 'vital', answers)}"
            f"<h3>Retrieval (unit={esc(unit)})</h3>{_retrieval_table(system)}"
            f"<h3>By kind (supported / sub-questions)</h3>{_kind_table(system)}</section>"
        )
    status_options = "".join(f'<option value="{esc(x)}">{esc(x)}</option>' for x in sorted(statuses))
    kind_options = "".join(f'<option value="{esc(x)}">{esc(x)}</option>' for x in sorted(kinds))
    return (
        '<!DOCTYPE html><html lang="en"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        f"<title>evidence_eval report</title><style>{_CSS}</style></head><body>"
        f"<h1>evidence_eval report</h1><p>signature: <code>{esc(report.signature)}</code></p>"
        f"{''.join(sections)}"
        '<h2>Sub-questions</h2><label>status <select id="filter-status"><option value="">any</option>'
        f'{status_options}</select></label> <label>kind <select id="filter-kind">'
        f'<option value="">any</option>{kind_options}</select></label>'
        "<table><thead><tr><th>system</th><th>query</th><th>sub-question</th><th>kind</th>"
        "<th>importance</th><th>stages</th><th>answer</th><th>lost at</th><th>no evidence</th>"
        f"</tr></thead><tbody>{''.join(rows)}</tbody></table>"
        f"<h2>Evidence per query</h2>{''.join(details)}"
        f'<script type="application/json" id="report-summary">'
        f"{_json_for_script({'signature': report.signature})}</script>"
        '<pre id="funnel-readout" hidden></pre>'
        f"<script>{_SCRIPT}</script></body></html>\n"
    )
