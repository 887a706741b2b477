"""A self-contained HTML report: inline CSS and script, no network, every text escaped.

Overview first (rendered here, in HTML): a system x stage matrix of supported shares (all and
vital, strict with the graded figure beside), one stacked bar per system of where sub-questions
were lost, the same by kind, the retrieval figures beside them (never merged), and the
contradicted / uncertain / answer-without-evidence counts as links to their rows.

Drill-down (rendered in the browser): a sortable, filterable, paged table of sub-questions
built from the data embedded once as JSON, compactly: strings and texts are stored once in
two tables and referred to by number, so an item text shared by systems and stages is stored
once. A row opens the query and sub-question texts, the expected facts and gold quotes, each
stage's item texts with the matched evidence marked and the cut point shown, and the answer
with each fact's critical tokens marked and the reason.

Escaping: text in HTML goes through `html.escape`; the JSON block escapes `<`, `>`, `&` and the
line separators; the script only ever puts data into the page as text nodes (`textContent`).
"""

from __future__ import annotations

import base64
import gzip
import html
import json
import re
from collections.abc import Iterable, Mapping
from typing import Any

from ..models import AnnotationSet
from ..models.report import CoverageFigures, Report, StageEvidence, SubQuestionResult, SystemReport
from ..scoring.heap import paused_collection
from .critical import token_in_words
from .html_assets import CSS, SCRIPT
from .render import NO_ANSWERS, answer_note, blank_retrieval, no_answers, retrieval_notes
from .texts import ItemText, QueryTexts, TextsBySystemQuery

__all__ = ["QueryTexts", "TextsBySystemQuery", "to_html", "page_language"]

STATUSES = [
    "supported",
    "partial",
    "missing",
    "contradicted",
    "uncertain",
    "not_applicable",
    "found",
    "conflicting",
    "ambiguous",
    "absent",
]
STEPS = {
    "candidates": "retrieval",
    "retrieved": "retrieval",
    "retrieval": "retrieval",
    "reranked": "rerank",
    "rerank": "rerank",
    "context": "truncation",
    "answer": "generation",
}
LOSS_COLOURS = ["#b71c1c", "#e65100", "#f9a825", "#6a1b9a", "#37474f", "#00838f"]
SUPPORTED_COLOUR = "#2e7d32"
FONT_STACK = (
    'system-ui,-apple-system,"Segoe UI",Roboto,"Noto Sans","Noto Sans CJK SC","PingFang SC",'
    '"Microsoft YaHei","Source Han Sans SC","Source Han Sans",sans-serif'
)
PLAIN_JSON_LIMIT = 2_000_000
_CJK = re.compile("[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af\uf900-\ufaff]")
_SEGMENTER_LANGUAGE = re.compile(r"(?:^|\|)seg:[a-z]+-([a-z]{2,3})\b")
_SCRIPT_UNSAFE = re.compile("[&<>\u2028\u2029]")


def esc(text: object) -> str:
    return html.escape(str(text), quote=True)


def json_for_script(value: object) -> str:
    """JSON that cannot end its <script> element early nor be read as markup: `&`, `<`, `>`
    and the line separators as `\\uXXXX` escapes (one pass over the text)."""
    text = json.dumps(value, ensure_ascii=False, separators=(",", ":"), check_circular=False)
    return _SCRIPT_UNSAFE.sub(lambda found: f"\\u{ord(found.group()):04x}", text)


def page_language(report: Report, annotations: AnnotationSet | None, lang: str | None, sample: str) -> str:
    """The page's `lang`: given, else the annotation set's, else the segmenter's language in
    the signature, else "zh" when the texts hold CJK characters, else "en"."""
    if lang:
        return lang
    if annotations is not None:
        return annotations.language
    found = _SEGMENTER_LANGUAGE.search(report.signature)
    if found:
        return found.group(1)
    return "zh" if _CJK.search(sample) else "en"


# --- overview ---------------------------------------------------------------------------


def _pct(share: float | None) -> str:
    return "n/a" if share is None else f"{100 * share:.1f}%"


def answer_label(stages: list[str]) -> str:
    """The generated answer's column: "answer", unless a stage has that name."""
    return "generated answer" if "answer" in stages else "answer"


def _matrix(report: Report) -> str:
    stages = _stage_order(report)
    columns = [*((stage, False) for stage in stages), ("answer", True)]
    head = "".join(f'<th colspan="2">{esc(stage)}</th>' for stage in stages)
    head += f'<th colspan="2">{esc(answer_label(stages))}</th>'
    sub = "<th>all</th><th>vital</th>" * len(columns)
    rows = []
    for system in report.systems:
        figures, answers = system.summary.coverage, not no_answers(system.summary)
        cells = [
            _matrix_cell(system.system, figures, stage, group, answers, is_answer)
            for stage, is_answer in columns
            for group in ("all", "vital")
        ]
        rows.append(f"<tr><th>{esc(system.system)}</th>{''.join(cells)}</tr>")
    return (
        '<table class="matrix"><thead><tr><th rowspan="2">system</th>'
        f"{head}</tr><tr>{sub}</tr></thead><tbody>{''.join(rows)}</tbody></table>"
    )


def _matrix_cell(
    system: str, figures: CoverageFigures, stage: str, group: str, answers: bool, is_answer: bool
) -> str:
    if is_answer:
        ratio, graded = figures.answer.get(group), figures.answer_graded.get(group)
        if not answers:
            return f'<td class="na">{esc(NO_ANSWERS)}</td>'
    else:
        ratio, graded = (
            figures.stages.get(stage, {}).get(group),
            figures.stages_graded.get(stage, {}).get(group),
        )
    if ratio is None:
        return "<td>–</td>"
    grade = "" if graded is None else f'<br><small title="graded">graded {graded:.2f}</small>'
    return (
        f'<td data-funnel="1" data-system="{esc(system)}" data-group="{group}" data-stage="{esc(stage)}" '
        f'data-count="{ratio.count}" data-total="{ratio.total}" style="background:{_shade(ratio.share)}">'
        f"<b>{_pct(ratio.share)}</b> <small>{ratio.count}/{ratio.total}</small>{grade}</td>"
    )


def _shade(share: float | None) -> str:
    if share is None:
        return "#eee"
    return "#c8e6c9" if share >= 0.95 else "#fff59d" if share >= 0.5 else "#ffcdd2"


def _stage_order(report: Report) -> list[str]:
    names: list[str] = []
    for system in report.systems:
        for name in system.summary.coverage.stages:
            if name not in names:
                names.append(name)
    return names


def _loss_segments(figures: CoverageFigures, stages: list[str]) -> list[tuple[str, int, str]]:
    """(label, count, colour) from the first stage lost at to the answer, then 'supported'."""
    segments = []
    steps = stages if "answer" in stages else [*stages, "answer"]  # the report's lost_at names it once
    for index, stage in enumerate(steps):
        count = figures.lost_at.get(stage, 0)
        step = STEPS.get(stage)
        label = f"lost at {stage}" + (f" ({step})" if step else "")
        segments.append((label, count, LOSS_COLOURS[index % len(LOSS_COLOURS)]))
    survived = figures.sub_questions - sum(figures.lost_at.values())
    segments.append(("supported through the answer", max(survived, 0), SUPPORTED_COLOUR))
    return segments


def _loss_bar(figures: CoverageFigures, stages: list[str], compact: bool = False) -> str:
    """A stacked bar of where the sub-questions were lost; `compact`: the legend names only
    the steps that lost some."""
    total = figures.sub_questions
    parts, legend = [], []
    for label, count, colour in _loss_segments(figures, stages):
        share = count / total if total else 0.0
        if count:
            parts.append(
                f'<span class="seg" style="flex-basis:{100 * share:.3f}%;background:{colour}" '
                f'title="{esc(label)}: {count} of {total}"></span>'
            )
        if count or not compact:
            legend.append(
                f'<span class="key"><i style="background:{colour}"></i>{esc(label)} <b>{count}</b></span>'
            )
    return f'<div class="bar">{"".join(parts)}</div><div class="legend">{"".join(legend)}</div>'


def _loss_section(report: Report) -> str:
    stages = _stage_order(report)
    bars = "".join(
        f'<div class="loss"><h4>{esc(system.system)} <small>{system.summary.coverage.sub_questions} '
        f"sub-questions</small></h4>{_loss_bar(system.summary.coverage, stages)}</div>"
        for system in report.systems
    )
    kinds = sorted({kind for system in report.systems for kind in system.summary.by_kind})
    head = "".join(f"<th>{esc(system.system)}</th>" for system in report.systems)
    rows = []
    for kind in kinds:
        cells = []
        for system in report.systems:
            figures = system.summary.by_kind.get(kind)
            cells.append(
                "<td>–</td>"
                if figures is None
                else f"<td><small>n={figures.sub_questions}</small>"
                f"{_loss_bar(figures, stages, compact=True)}</td>"
            )
        rows.append(f"<tr><th>{esc(kind)}</th>{''.join(cells)}</tr>")
    by_kind = (
        f'<h3>Where sub-questions were lost, by kind</h3><table class="kinds"><thead><tr><th>kind</th>'
        f"{head}</tr></thead><tbody>{''.join(rows)}</tbody></table>"
        if kinds
        else ""
    )
    return f"<h3>Where sub-questions were lost</h3>{bars}{by_kind}"


def _retrieval_section(report: Report) -> str:
    keys: list[tuple[str, str]] = []
    for system in report.systems:
        for stage, summary in system.summary.retrieval.items():
            keys += [(stage, k) for k in summary.at if (stage, k) not in keys]
    head = "".join(f'<th colspan="3">{esc(system.system)}</th>' for system in report.systems)
    sub = "<th>hit rate</th><th>MRR</th><th>recall</th>" * len(report.systems)
    rows = []
    for stage, k in keys:
        cells = []
        for system in report.systems:
            found = system.summary.retrieval.get(stage)
            mean = found.at.get(k) if found else None
            if mean is None:
                cells.append("<td>–</td>" * 3)
                continue
            for value in (mean.hit_rate, mean.mrr, mean.mean_recall):
                blank = blank_retrieval(found) if found else "n/a"
                cells.append(f"<td>{esc(blank) if value is None else f'{value:.3f}'}</td>")
        rows.append(f"<tr><th>{esc(stage)}</th><th>{esc(k)}</th>{''.join(cells)}</tr>")
    unit = report.signature_parts.get("unit", "doc")
    notes = [note for system in report.systems for note in retrieval_notes(system.summary.retrieval, unit)]
    relevant = esc(report.signature_parts.get("rel", ""))
    return (
        f"<h3>Retrieval (unit={esc(unit)}, relevant = grade {relevant})</h3>"
        '<div class="scroll"><table class="retrieval"><thead><tr>'
        f'<th rowspan="2">stage</th><th rowspan="2">K</th>{head}</tr>'
        f"<tr>{sub}</tr></thead><tbody>{''.join(rows)}</tbody></table></div>"
        + "".join(f'<p class="note">{esc(note)}</p>' for note in notes)
    )


def _counts(system: SystemReport) -> str:
    s = system.summary
    c = s.coverage
    links = [
        ("contradicted", c.contradicted, "answer:contradicted"),
        ("uncertain", c.uncertain, "answer:uncertain"),
        ("answer without evidence", c.answer_without_evidence, "flag:answer_without_evidence"),
    ]
    parts = [
        f'<a href="#drill" class="count" data-system="{esc(system.system)}" data-status="{key}">'
        f"{label} <b>{count}</b></a>"
        for label, count, key in links
    ]
    notes = [answer_note(s)]
    return (
        f"<p><b>{esc(system.system)}</b>: queries {s.queries} · traces {s.scored_traces} · missing traces "
        f"{len(s.missing_traces)} · coverage n/a {len(s.coverage_not_applicable)} · {' · '.join(parts)}</p>"
        + "".join(f'<p class="note">{esc(note)}</p>' for note in notes if note)
    )


def _overview(report: Report) -> str:
    counts = "".join(_counts(system) for system in report.systems)
    return (
        '<section id="overview"><h2>Overview</h2>'
        f"{counts}<h3>Sub-questions supported at each stage (strict share; graded beside)</h3>"
        f'{_matrix(report)}<div class="side"><div>{_loss_section(report)}</div>'
        f"<div>{_retrieval_section(report)}</div></div></section>"
    )


# --- drill-down data --------------------------------------------------------------------


class _Interned(dict[str | None, int]):
    """A table of values stored once: `table[value]` is the value's index, the value added if
    new (a dict subclass: a value already stored costs one lookup); None, no value, is -1."""

    def __init__(self) -> None:
        super().__init__({None: -1})

    def __missing__(self, value: str) -> int:
        index = self[value] = len(self) - 1
        return index

    def stored(self) -> list[str]:
        """The values in the order they were added: each at its index."""
        return [value for value in self if value is not None]


_STATUS_INDEX = {status: index for index, status in enumerate(STATUSES)}


class _Data:
    def __init__(self) -> None:
        self.strings = _Interned()
        self.texts = _Interned()
        # (token, fact text, language) -> the token in words: the same few tokens recur in every query
        self._token_words: dict[tuple[str, str | None, str], str] = {}

    def stage(self, evidence: StageEvidence) -> list[Any]:
        s = self.strings
        matches = [
            [
                [list(piece) for piece in match.pieces] if match.pieces else match.item,
                match.start,
                match.end,
                1 if match.text_source == "snapshot" else 0,
                s[match.route],
                round(match.score, 1),
                match.span,
                match.alternative,
            ]
            for match in evidence.matches
        ]
        problems = [
            [problem.item, s[problem.reason], self.texts[problem.detail], problem.span, problem.alternative]
            for problem in evidence.problems
        ]
        row: list[Any] = [_STATUS_INDEX[evidence.status], evidence.spans_found, evidence.spans_needed]
        if matches or problems or evidence.alternative is not None:
            row += [-1 if evidence.alternative is None else evidence.alternative, matches, problems]
        return row

    def answer(self, sq: SubQuestionResult, fact_texts: Mapping[str, str], language: str) -> list[Any]:
        s, status_index = self.strings, _STATUS_INDEX
        facts = [
            [
                s[fact.fact],
                status_index[fact.status],
                round(fact.score, 1),
                None if fact.support is None else round(fact.support, 3),
                fact.start,
                fact.end,
                self.texts[fact.reason],
                [
                    [
                        s[self._token_in_words(token.token, fact_texts.get(fact.fact), language)],
                        status_index[token.status],
                        s[token.stated],
                        token.start,
                        token.end,
                    ]
                    for token in fact.critical
                ],
            ]
            for fact in sq.answer.matches
        ]
        graded = None if sq.answer.graded is None else round(sq.answer.graded, 3)
        return [status_index[sq.answer.status], sq.answer.found, sq.answer.needed, graded, facts]

    def _token_in_words(self, token: str, fact_text: str | None, language: str) -> str:
        key = (token, fact_text, language)
        words = self._token_words.get(key)
        if words is None:
            words = self._token_words[key] = token_in_words(token, fact_text, language)
        return words

    def item_texts(self, texts: QueryTexts | None) -> dict[str, dict[str, list[Any]]]:
        if texts is None:
            return {}
        strings, stored_texts = self.strings, self.texts
        out: dict[str, dict[str, list[Any]]] = {}
        for stage, items in texts.items.items():
            by_index: dict[str, list[Any]] | None = None
            for index, item in items.items():
                if isinstance(item, str):
                    item = ItemText(item)
                entry = [strings[item.doc_id], stored_texts[item.text], item.start, item.end]
                if by_index is None:  # the stage's name is stored after its first item's texts
                    by_index = out[str(strings[stage])] = {}
                by_index[str(index)] = entry
        return out

    def annotations(self, annotations: AnnotationSet | None) -> dict[str, Any]:
        if annotations is None:
            return {}
        s, t = self.strings, self.texts
        out: dict[str, Any] = {}
        for query in annotations.queries:
            sub_questions = {
                sq.id: [
                    t[sq.text],
                    [[s[fact.id], t[fact.text], fact.polarity == "negated"] for fact in sq.answer_facts],
                    [
                        [[s[span.doc_id], span.start, span.end, t[span.quote]] for span in alternative]
                        for alternative in sq.evidence
                    ],
                ]
                for sq in query.sub_questions
            }
            out[query.query_id] = [t[query.text], sub_questions]
        return out


# One encoder for every row (json.dumps would make one a call); nothing it is given is cyclic.
_COMPACT_JSON = json.JSONEncoder(separators=(",", ":"), check_circular=False)


def _packed(value: object) -> str:
    """A row's details as a JSON string inside the JSON: the browser parses a string without
    making its arrays, and parses it for real only when the row is opened (numbers only:
    every text is in the texts table)."""
    return _COMPACT_JSON.encode(value)


def drill_down_data(
    report: Report, texts: Mapping[tuple[str, str], QueryTexts], annotations: AnnotationSet | None
) -> dict[str, Any]:
    """The compact data the page's script renders the sub-question table from (see SCRIPT):
    a row is [system, record, sub-question, kind, vital, answer without evidence, lost at,
    [status per stage], answer status, details as JSON, reason]; a record (one per system and query)
    is [query id, trace, answer text, item texts as JSON]; numbers point into `strings`,
    `texts` and `statuses`."""
    data = _Data()
    s, status_index = data.strings, _STATUS_INDEX
    stages = _stage_order(report)
    fact_texts = _fact_texts(annotations)
    records: list[list[Any]] = []
    rows: list[list[Any]] = []
    for system_index, system in enumerate(report.systems):
        for query in system.queries:
            query_texts = texts.get((system.system, query.query_id))
            record = len(records)
            records.append(
                [
                    s[query.query_id],
                    s[query.trace],
                    data.texts[query_texts.answer] if query_texts and query_texts.answer else -1,
                    _packed(data.item_texts(query_texts)),
                ]
            )
            for sq in query.sub_questions:
                evidence = [sq.stages.get(name) for name in stages]
                rows.append(
                    [
                        system_index,
                        record,
                        s[sq.id],
                        s[sq.kind],
                        1 if sq.importance == "vital" else 0,
                        1 if sq.answer_without_evidence else 0,
                        s[sq.lost_at],
                        [-1 if e is None else status_index[e.status] for e in evidence],
                        status_index[sq.answer.status],
                        _packed(
                            [
                                [None if e is None else data.stage(e) for e in evidence],
                                data.answer(sq, *fact_texts.get((query.query_id, sq.id), ({}, "en"))),
                            ]
                        ),
                        data.texts[row_reason(sq)],
                    ]
                )
    ann = data.annotations(annotations)
    return {
        "systems": [system.system for system in report.systems],
        "stages": stages,
        "statuses": STATUSES,
        "strings": data.strings.stored(),
        "texts": data.texts.stored(),
        "records": records,
        "rows": rows,
        "annotations": ann,
    }


def _fact_texts(annotations: AnnotationSet | None) -> dict[tuple[str, str], tuple[dict[str, str], str]]:
    """Each sub-question's fact texts by fact id, and their language, by (query id, sub-question id)."""
    if annotations is None:
        return {}
    return {
        (query.query_id, sq.id): (
            {fact.id: fact.text for fact in sq.answer_facts},
            query.language or annotations.language,
        )
        for query in annotations.queries
        for sq in query.sub_questions
    }


def row_reason(sq: SubQuestionResult) -> str | None:
    """Why a sub-question is not supported, in one line: where its evidence was lost and what
    was wrong with it there, then its facts' reasons."""
    reasons = []
    stage = sq.stages.get(sq.lost_at or "")
    if stage is not None:
        reasons.append(f"{sq.lost_at}: {stage.spans_found} of {stage.spans_needed} evidence spans found")
        reasons += [f"{p.reason}{': ' + p.detail if p.detail else ''}" for p in stage.problems]
    reasons += [f"{fact.fact}: {fact.reason}" for fact in sq.answer.matches if fact.reason]
    return "; ".join(reasons) or None


def _sample_text(report: Report, texts: Mapping[tuple[str, str], QueryTexts]) -> str:
    sample = [kind for system in report.systems for kind in system.summary.by_kind]
    sample += [query_texts.answer for query_texts in list(texts.values())[:20]]
    return " ".join(sample)


def to_html(
    report: Report,
    texts: TextsBySystemQuery | Mapping[tuple[str, str], QueryTexts] | None = None,
    annotations: AnnotationSet | None = None,
    *,
    lang: str | None = None,
) -> str:
    """The page. `texts` (see `report.texts.trace_texts`) and `annotations` add the texts
    behind each verdict; without them the page shows the verdicts alone."""
    texts = texts or {}
    language = page_language(report, annotations, lang, _sample_text(report, texts))
    with paused_collection():  # millions of small acyclic lists: nothing for it to free
        data = drill_down_data(report, texts, annotations)
        element = data_element(data)
    skipped = (
        f'<p class="note">skipped trace lines: {len(report.skipped_trace_lines)}</p>'
        if report.skipped_trace_lines
        else ""
    )
    return (
        f'<!DOCTYPE html><html lang="{esc(language)}"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        f"<title>evidence_eval report</title><style>body{{font-family:{FONT_STACK}}}"
        f"{CSS}</style></head><body>"
        f"<h1>evidence_eval report</h1><p>signature: <code>{esc(report.signature)}</code></p>{skipped}"
        f"{_overview(report)}{_drill_down_controls(report, data)}"
        f"{element}"
        '<pre id="funnel-readout" hidden></pre><pre id="selftest" hidden></pre>'
        f"<script>{SCRIPT}</script></body></html>\n"
    )


def data_element(data: dict[str, Any]) -> str:
    """The drill-down data, once: JSON in a script element; above `PLAIN_JSON_LIMIT` bytes,
    gzip-compressed and base64-encoded (the page inflates it with the browser's own
    DecompressionStream), since a page of 10,000 queries' texts is otherwise several times
    larger. Base64 holds no `<` or `&`, so it cannot end the element either."""
    text = json_for_script(data)
    raw = text.encode("utf-8")
    if len(raw) <= PLAIN_JSON_LIMIT:
        return f'<script type="application/json" id="report-data">{text}</script>'
    packed = base64.b64encode(gzip.compress(raw, compresslevel=6, mtime=0)).decode("ascii")
    return (
        '<script type="application/octet-stream" id="report-data" data-encoding="gzip+base64">'
        f"{packed}</script>"
    )


def _options(values: Iterable[str | tuple[str, str]]) -> str:
    """<option>s: a value is its own label, or a (value, label) pair."""
    pairs = [(value, value) if isinstance(value, str) else value for value in values]
    return '<option value="">any</option>' + "".join(
        f'<option value="{esc(value)}">{esc(label)}</option>' for value, label in pairs
    )


def _drill_down_controls(report: Report, data: dict[str, Any]) -> str:
    kinds = sorted({kind for system in report.systems for kind in system.summary.by_kind})
    answer = answer_label(data["stages"])
    statuses: list[str | tuple[str, str]] = [
        (f"answer:{status}", f"{answer}: {status}") for status in STATUSES[:6]
    ]
    statuses += [
        (f"stage:{index}:{status}", f"{stage}: {status}")
        for index, stage in enumerate(data["stages"])
        for status in ("supported", "partial", "missing")
    ]
    statuses.append(("flag:answer_without_evidence", "answer without evidence"))
    lost = [*data["stages"], "answer"]
    return (
        '<section id="drill"><h2>Sub-questions</h2><div class="controls">'
        f'<label>system <select id="filter-system">{_options(data["systems"])}</select></label> '
        f'<label>kind <select id="filter-kind">{_options(kinds)}</select></label> '
        '<label>importance <select id="filter-importance"><option value="">any</option>'
        '<option value="vital">vital</option><option value="okay">okay</option></select></label> '
        f'<label>status <select id="filter-status">{_options(statuses)}'
        "</select></label> "
        f'<label>lost at <select id="filter-lost">{_options(["(not lost)", *lost])}</select></label> '
        '<label>search <input id="filter-text" type="search" placeholder="query or sub-question id"></label> '
        '<label><input id="group-sq" type="checkbox"> one row per sub-question, systems side by side</label>'
        '</div><table id="rows"><thead><tr></tr></thead><tbody></tbody></table>'
        '<div class="pager"><button id="page-prev" type="button">‹ previous</button> '
        '<span id="page-info"></span> <button id="page-next" type="button">next ›</button></div>'
        "</section>"
    )
