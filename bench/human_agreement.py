"""How the answer-fact verdicts agree with people: REALSumm's human coverage judgments (issue 29).

    python bench/human_agreement.py [--systems N] [--limit N] [--jobs 2] [--dump PAIRS.jsonl]
                                    [--compare OLD.json] [--report REPORT.json] [--data DIR]

REALSumm (neulab/REALSumm, CC BY 4.0; `../shared/data/realsumm/`): 100 CNN/DailyMail articles,
1,056 expert-written facts (SCUs), 25 systems' summaries; each (summary, fact) pair judged
present (p) or not (n) by 3-4 crowd workers. The set is converted (never edited) into

- `realsumm.annotations.json`: one query per article, one sub-question per fact, the fact as
  its one answer fact. Its evidence is the fact's own line in a `reference` document made of
  the article's facts (the reference summaries are not in the data), so `validate` passes;
- `corpus.jsonl`: that reference document per article;
- `traces.jsonl`: one line per (article, system), the system's summary as the answer;

in `bench/out/realsumm/` (rewritten only when their content changes), scored with
`evidence-eval score --format json`, and every pair's verdict set against the human votes.
The figures are printed and written to `bench/out/human_agreement.json` (`--compare` reads an
older one and prints old -> new). bench/README.md says what each figure means.
"""

from __future__ import annotations

import argparse
import ast
import csv
import json
import math
import re
import resource
import subprocess
import sys
import time
from collections import Counter, defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_DATA = ROOT.parent / "shared" / "data" / "realsumm"
OUT = ROOT / "bench" / "out"
CONVERTED = OUT / "realsumm"
FIGURES_JSON = OUT / "human_agreement.json"

BLANK = "BLANK"
STATUSES = ("supported", "contradicted", "missing", "uncertain")
PRESENT, ABSENT, TIE = "present", "absent", "tie"
ANNOTATION_FILE, TRACES_FILE, CORPUS_FILE = "realsumm.annotations.json", "traces.jsonl", "corpus.jsonl"


class DataError(Exception):
    """Bad or absent input: one line naming the file and what to do (exit 2)."""


# --- reading REALSumm ---------------------------------------------------------------------


@dataclass
class RealSumm:
    """`facts[article]` = [(fact id, text)] in the data's order; `summaries[(system, article)]`;
    `ballots[(system, article)]` = one {fact id: present?} per annotator row, in file order."""

    facts: dict[str, list[tuple[str, str]]] = field(default_factory=dict)
    summaries: dict[tuple[str, str], str] = field(default_factory=dict)
    ballots: dict[tuple[str, str], list[dict[str, bool]]] = field(default_factory=dict)

    def systems(self) -> list[str]:
        return sorted({system for system, _ in self.summaries})

    def articles(self) -> list[str]:
        return sorted(self.facts)

    def subset(self, systems: int | None, articles: int | None) -> RealSumm:
        keep_systems = set(self.systems()[:systems] if systems else self.systems())
        keep_articles = set(self.articles()[:articles] if articles else self.articles())
        keep = {key for key in self.summaries if key[0] in keep_systems and key[1] in keep_articles}
        return RealSumm(
            {a: f for a, f in self.facts.items() if a in keep_articles},
            {k: v for k, v in self.summaries.items() if k in keep},
            {k: v for k, v in self.ballots.items() if k in keep},
        )


def find_data(given: str | None) -> Path:
    folder = Path(given) if given else DEFAULT_DATA
    if not (folder / "SCUs_list.csv").is_file():
        raise DataError(
            f"{folder}: no REALSumm data here (SCUs_list.csv); the shared data folder is ../shared/data "
            "beside the repository (see its README.md), or pass --data DIR"
        )
    return folder


def read_realsumm(folder: Path) -> RealSumm:
    data = RealSumm()
    scus = folder / "SCUs_list.csv"
    texts: dict[str, tuple[str, str]] = {}
    for line, row in _csv_rows(scus, ("eventId", "questionId", "questionText")):
        if row["questionText"] == BLANK:
            continue
        article, fact_id, text = row["eventId"], row["questionId"], row["questionText"].strip()
        if fact_id in texts:
            raise DataError(f"{scus}: line {line}: questionId {fact_id} appears twice")
        texts[fact_id] = (article, text)
        data.facts.setdefault(article, []).append((fact_id, text))
    ratings = sorted(folder.glob("SCU_rating_results_*_systems/*.csv"))
    if not ratings:
        raise DataError(f"{folder}: no SCU_rating_results_*_systems/*.csv files")
    for path in ratings:
        group = path.parent.name.removeprefix("SCU_rating_results_").removesuffix("_systems")
        for line, row in _csv_rows(path, ("Input.eventId", "Input.summaryId", "Input.qIdList")):
            _read_rating_row(data, texts, path, line, row, group)
    _check_complete(data, folder)
    return data


def _csv_rows(path: Path, needed: Sequence[str]) -> Iterable[tuple[int, dict[str, str]]]:
    try:
        with open(path, encoding="utf-8", newline="") as handle:
            reader = csv.DictReader(handle)
            missing = [name for name in needed if name not in (reader.fieldnames or [])]
            if missing:
                raise DataError(f"{path}: line 1: no column {missing[0]!r} (is this a REALSumm file?)")
            for row in reader:
                yield reader.line_num, row
    except (OSError, UnicodeDecodeError, csv.Error) as exc:
        raise DataError(f"{path}: cannot read it: {exc}") from exc


def _read_rating_row(
    data: RealSumm, texts: dict[str, tuple[str, str]], path: Path, line: int, row: dict[str, str], group: str
) -> None:
    where = f"{path}: line {line}"
    article, system = row["Input.eventId"], f"{group}/{row['Input.summaryId']}"
    try:
        fact_ids = [str(q) for q in ast.literal_eval(row["Input.qIdList"])]
    except (ValueError, SyntaxError) as exc:
        raise DataError(f"{where}: Input.qIdList is not a list of ids") from exc
    summary = row.get("Input.summary_text") or ""
    known = data.summaries.setdefault((system, article), summary)
    if known != summary:
        raise DataError(f"{where}: another summary text for {system} on {article} than on an earlier line")
    ballot: dict[str, bool] = {}
    for slot, fact_id in enumerate(fact_ids, 1):
        statement = (row.get(f"Input.statement_{slot}") or "").strip()
        if statement == BLANK:
            continue
        if texts.get(fact_id) != (article, statement):
            raise DataError(f"{where}: statement {slot} is not fact {fact_id} of {article} in SCUs_list.csv")
        vote = (row.get(f"Answer.S{slot}Answer") or "").strip().lower()
        if vote not in ("p", "n"):
            raise DataError(f"{where}: Answer.S{slot}Answer is {vote!r}, expected p or n")
        ballot[fact_id] = vote == "p"
    data.ballots.setdefault((system, article), []).append(ballot)


def _check_complete(data: RealSumm, folder: Path) -> None:
    for (system, article), ballots in data.ballots.items():
        wanted = {fact_id for fact_id, _ in data.facts.get(article, [])}
        for ballot in ballots:
            if set(ballot) != wanted:
                raise DataError(
                    f"{folder}: {system} on {article}: an annotator row judges {len(ballot)} of the "
                    f"article's {len(wanted)} facts"
                )


# --- converting ---------------------------------------------------------------------------


def fact_key(fact_id: str) -> str:
    return f"scu{fact_id}"


def reference_id(article: str) -> str:
    return f"{article}/reference"


def converted_files(data: RealSumm) -> dict[str, str]:
    """The three files' text: annotation set, corpus, traces (one line per summary)."""
    queries, documents = [], []
    for article in data.articles():
        facts = data.facts[article]
        reference, spans = _reference(facts)
        documents.append({"doc_id": reference_id(article), "version": "realsumm", "text": reference})
        queries.append(
            {
                "query_id": article,
                "text": f"What does CNN/DailyMail article {article} report?",
                "sub_questions": [
                    {
                        "id": fact_key(fact_id),
                        "kind": "fact",
                        "text": text,
                        "evidence": [[{"doc_id": reference_id(article), **span}]],
                        "answer_facts": [{"id": fact_key(fact_id), "text": text}],
                    }
                    for (fact_id, text), span in zip(facts, spans)
                ],
            }
        )
    annotations = {
        "schema_version": "1",
        "name": "realsumm",
        "version": "1",
        "language": "en",
        "corpus": {"path": CORPUS_FILE},
        "queries": queries,
        "metadata": {"source": "neulab/REALSumm human_annotations/SCUs_and_annotations (CC BY 4.0)"},
    }
    traces = [
        {"query_id": article, "system": system, "stages": [], "answer": data.summaries[(system, article)]}
        for system, article in sorted(data.summaries, key=lambda key: (key[1], key[0]))
    ]
    return {
        ANNOTATION_FILE: json.dumps(annotations, ensure_ascii=False, indent=1) + "\n",
        CORPUS_FILE: "".join(json.dumps(d, ensure_ascii=False) + "\n" for d in documents),
        TRACES_FILE: "".join(json.dumps(t, ensure_ascii=False) + "\n" for t in traces),
    }


def _reference(facts: list[tuple[str, str]]) -> tuple[str, list[dict[str, Any]]]:
    """The article's facts, one a line, and each fact's span in it."""
    text, spans = "", []
    for _, fact in facts:
        spans.append({"start": len(text), "end": len(text) + len(fact), "quote": fact})
        text += fact + "\n"
    return text, spans


def write_converted(files: dict[str, str], folder: Path) -> bool:
    """Writes the files that changed (atomically); True when any did."""
    from evidence_eval.io import atomic_write

    folder.mkdir(parents=True, exist_ok=True)
    changed = False
    for name, text in files.items():
        path = folder / name
        if path.is_file() and path.read_text(encoding="utf-8") == text:
            continue
        atomic_write(path, text, overwrite=True)
        changed = True
    return changed


# --- scoring with the CLI -----------------------------------------------------------------


def run_cli(args: list[str]) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "evidence_eval.cli", *args], capture_output=True, text=True, check=False
    )


def validate(folder: Path) -> None:
    done = run_cli(["validate", str(folder / ANNOTATION_FILE), "--corpus", str(folder / CORPUS_FILE)])
    if done.returncode != 0:
        problem = (done.stderr.strip() or done.stdout.strip()).splitlines()[:1]
        raise DataError(f"evidence-eval validate refuses the converted set: {' '.join(problem)}")


def score(folder: Path, report: Path, jobs: int) -> float:
    """Scores the converted set into `report`; returns the CPU seconds the CLI spent."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    done = run_cli(
        [
            "score",
            str(folder / ANNOTATION_FILE),
            str(folder / TRACES_FILE),
            "--corpus",
            str(folder / CORPUS_FILE),
            "--format",
            "json",
            "-o",
            str(report),
            "--overwrite",
            "--jobs",
            str(jobs),
        ]
    )
    if done.returncode != 0:
        raise DataError(f"evidence-eval score failed (exit {done.returncode}): {done.stderr.strip()[:300]}")
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


@dataclass(frozen=True)
class Verdict:
    status: str
    reason: str
    route: str
    support: float
    matched: str | None = None  # the answer text the match points at, when it points at one
    critical: tuple[str, ...] = ()  # "token: status" of each critical token
    rule: str = ""  # the rule trail that gave the verdict ("wording_beyond_budget > addressed_in_answer")


def read_verdicts(report: Path) -> dict[tuple[str, str, str], Verdict]:
    """(system, article, fact id) -> the answer match of that fact's sub-question."""
    data = json.loads(report.read_text(encoding="utf-8"))
    verdicts = {}
    for system in data["systems"]:
        for query in system["queries"]:
            for sub in query["sub_questions"]:
                answer = sub.get("answer") or {}
                matches = answer.get("matches") or []
                if len(matches) != 1:
                    raise DataError(
                        f"{report}: {system['system']} / {query['query_id']} / {sub['id']}: "
                        f"expected one answer match, found {len(matches)} (status {answer.get('status')})"
                    )
                match = matches[0]
                key = (system["system"], query["query_id"], sub["id"].removeprefix("scu"))
                verdicts[key] = Verdict(
                    answer["status"],
                    match.get("reason") or "",
                    match.get("route") or "",
                    match["support"],
                    match.get("text"),
                    tuple(
                        f"{c.get('stated') or c['token']}: {c['status']}" for c in match.get("critical") or []
                    ),
                    match.get("rule") or "",
                )
    return verdicts


# --- word recall (the baseline) -----------------------------------------------------------

STOP_WORDS = frozenset(
    """a about above after again against all am an and any are as at be because been before being
    below between both but by can could did do does doing down during each few for from further had
    has have having he her here hers herself him himself his how i if in into is it its itself just
    me more most my myself no nor not now of off on once only or other our ours ourselves out over
    own same she should so some such than that the their theirs them themselves then there these
    they this those through to too under until up very was we were what when where which while who
    whom why will with would you your yours yourself yourselves also s t""".split()
)
_WORD = re.compile(r"[a-z0-9]+")
POSSESSIVE = re.compile(r"(?<=\w)'s\b")


def stem(word: str) -> str:
    """A light suffix stripper: plurals, -ing, -ed, -ly (enough to meet 'runs' with 'run')."""
    for suffix, keep in (("ies", "y"), ("ing", ""), ("ed", ""), ("ly", ""), ("es", ""), ("s", "")):
        if word.endswith(suffix) and len(word) - len(suffix) >= 3:
            return word[: -len(suffix)] + keep
    return word


def content_stems(text: str) -> set[str]:
    words = _WORD.findall(POSSESSIVE.sub("", text.lower().replace("’", "'")))
    return {stem(w) for w in words if w not in STOP_WORDS}


def word_recall(fact: str, summary: str) -> float:
    """Share of the fact's content words (stemmed, stop words out) found in the summary."""
    wanted = content_stems(fact)
    if not wanted:
        return 0.0
    return len(wanted & content_stems(summary)) / len(wanted)


# --- statistics ---------------------------------------------------------------------------


def pearson(x: Sequence[float], y: Sequence[float]) -> float | None:
    a, b = np.asarray(x, float), np.asarray(y, float)
    if len(a) < 2 or a.std() == 0 or b.std() == 0:
        return None
    return float(np.corrcoef(a, b)[0, 1])


def kendall_tau_b(x: Sequence[float], y: Sequence[float]) -> float | None:
    """tau-b = (concordant - discordant) / sqrt((n0 - ties in x)(n0 - ties in y)), over all pairs."""
    a, b = np.asarray(x, float), np.asarray(y, float)
    n = len(a)
    if n < 2:
        return None
    upper = np.triu_indices(n, 1)
    dx = np.sign(a[:, None] - a[None, :])[upper]
    dy = np.sign(b[:, None] - b[None, :])[upper]
    pairs_x, pairs_y = np.count_nonzero(dx), np.count_nonzero(dy)
    if pairs_x == 0 or pairs_y == 0:
        return None
    return float(np.sum(dx * dy) / math.sqrt(pairs_x * pairs_y))


def auc(scores: Sequence[float], positive: Sequence[bool]) -> float | None:
    """P(a positive scores above a negative), ties counted half (Mann-Whitney U / n+ n-)."""
    s = np.asarray(scores, float)
    pos = np.asarray(positive, bool)
    n_pos, n_neg = int(pos.sum()), int((~pos).sum())
    if n_pos == 0 or n_neg == 0:
        return None
    order = np.argsort(s, kind="mergesort")
    ranks = np.empty(len(s))
    sorted_scores = s[order]
    starts = np.r_[0, np.flatnonzero(np.diff(sorted_scores)) + 1]
    ends = np.r_[starts[1:], len(s)]
    for start, end in zip(starts, ends):
        ranks[order[start:end]] = (start + end + 1) / 2  # 1-based mean rank of the tied block
    return float((ranks[pos].sum() - n_pos * (n_pos + 1) / 2) / (n_pos * n_neg))


def majority(votes: Sequence[bool]) -> str:
    present = sum(votes)
    if 2 * present > len(votes):
        return PRESENT
    if 2 * present < len(votes):
        return ABSENT
    return TIE


def majority_share(label: str) -> float:
    """A fact's weight in 'share of facts the majority calls present': a tie counts half."""
    return {PRESENT: 1.0, ABSENT: 0.0, TIE: 0.5}[label]


def precision(confusion: Counter[tuple[str, str]], status: str, right: str) -> float | None:
    decided = confusion[(status, PRESENT)] + confusion[(status, ABSENT)]
    return confusion[(status, right)] / decided if decided else None


# --- the pairs and the figures ------------------------------------------------------------


@dataclass(frozen=True)
class Pair:
    system: str
    article: str
    fact_id: str
    fact: str
    votes: tuple[bool, ...]
    verdict: Verdict
    recall: float

    @property
    def human(self) -> str:
        return majority(self.votes)


def pairs_of(data: RealSumm, verdicts: dict[tuple[str, str, str], Verdict]) -> list[Pair]:
    pairs = []
    for (system, article), ballots in sorted(data.ballots.items()):
        summary = data.summaries[(system, article)]
        for fact_id, fact in data.facts[article]:
            verdict = verdicts.get((system, article, fact_id))
            if verdict is None:
                raise DataError(f"the report has no verdict for {system} / {article} / fact {fact_id}")
            votes = tuple(ballot[fact_id] for ballot in ballots)
            pairs.append(Pair(system, article, fact_id, fact, votes, verdict, word_recall(fact, summary)))
    return pairs


def confusion_of(pairs: Iterable[Pair]) -> Counter[tuple[str, str]]:
    return Counter((pair.verdict.status, pair.human) for pair in pairs)


def verdict_figures(pairs: list[Pair]) -> dict[str, float | int | None]:
    confusion = confusion_of(pairs)
    unknown = {status for status, _ in confusion} - set(STATUSES)
    if unknown:
        raise DataError(f"the report gives answer statuses {sorted(unknown)}: not a fact verdict")
    total = len(pairs)
    counted = {status: sum(confusion[(status, h)] for h in (PRESENT, ABSENT, TIE)) for status in STATUSES}
    contradicted_present = confusion[("contradicted", PRESENT)]
    present = sum(confusion[(s, PRESENT)] for s in STATUSES)
    return {
        "pairs": total,
        "ties": sum(confusion[(s, TIE)] for s in STATUSES),
        "present_by_majority": present,
        "precision_supported": precision(confusion, "supported", PRESENT),
        "precision_missing": precision(confusion, "missing", ABSENT),
        "contradicted_on_present": contradicted_present,
        "contradicted_on_present_share_of_present": contradicted_present / present if present else None,
        "committed_share": sum(counted[s] for s in ("supported", "missing", "contradicted")) / total,
        **{f"share_{status}": counted[status] / total for status in STATUSES},
        "uncertain_present_share": precision(confusion, "uncertain", PRESENT),
    }


def _grouped_means(pairs: list[Pair], key: Any, value: Any) -> dict[Any, float]:
    sums: dict[Any, list[float]] = defaultdict(list)
    for pair in pairs:
        sums[key(pair)].append(value(pair))
    return {k: sum(v) / len(v) for k, v in sums.items()}


def summary_of(pair: Pair) -> tuple[str, str]:
    return pair.system, pair.article


def correlation_figures(pairs: list[Pair]) -> dict[str, float | int | None]:
    """Per summary: mean support (or word recall) over its facts vs. the share of its facts the
    majority calls present; per system: the means of those over its summaries."""
    human = _grouped_means(pairs, summary_of, lambda p: majority_share(p.human))
    graded = _grouped_means(pairs, summary_of, lambda p: p.verdict.support)
    recall = _grouped_means(pairs, summary_of, lambda p: p.recall)
    keys = sorted(human)
    figures: dict[str, float | int | None] = {"summaries": len(keys)}
    figures.update(_correlations("summary", keys, human, {"graded": graded, "word_recall": recall}))
    systems = sorted({k[0] for k in keys})
    figures["systems"] = len(systems)
    by_system = {
        name: _by_system(values, keys, systems)
        for name, values in {"human": human, "graded": graded, "word_recall": recall}.items()
    }
    figures.update(
        _correlations(
            "system", systems, by_system["human"], {k: v for k, v in by_system.items() if k != "human"}
        )
    )
    decided = [p for p in pairs if p.human != TIE]
    present = [p.human == PRESENT for p in decided]
    figures["pair_auc_graded"] = auc([p.verdict.support for p in decided], present)
    figures["pair_auc_word_recall"] = auc([p.recall for p in decided], present)
    return figures


def _by_system(values: dict[tuple[str, str], float], keys: list[tuple[str, str]], systems: list[str]) -> dict:
    grouped: dict[str, list[float]] = defaultdict(list)
    for key in keys:
        grouped[key[0]].append(values[key])
    return {system: sum(grouped[system]) / len(grouped[system]) for system in systems}


def _correlations(level: str, keys: list, human: dict, scores: dict[str, dict]) -> dict[str, float | None]:
    out: dict[str, float | None] = {}
    people = [human[k] for k in keys]
    for name, values in scores.items():
        ours = [values[k] for k in keys]
        out[f"{level}_pearson_{name}"] = pearson(ours, people)
        out[f"{level}_kendall_{name}"] = kendall_tau_b(ours, people)
    return out


def ceiling_figures(data: RealSumm, annotators: int = 3) -> dict[str, float | None]:
    """Leave one annotator out. Annotator slot k (k-th row of a summary's ratings; the data has
    no worker ids, so a slot is not one person) against the majority of the summary's other
    rows (a tie among them counts half, as above). Per summary: slot k's share of facts marked
    present vs. the others' majority share, correlated over summaries; per system: their means
    over the system's summaries; pair level: slot k's vote against the others' majority (ties
    left out) as a balanced accuracy (the AUC of a yes/no score), and the precision of its
    'present' and of its 'absent' votes (what `supported` and `missing` are held to). Each figure is the mean over
    slots 1..`annotators` (every summary has at least 3 rows)."""
    per_slot: dict[str, list[float]] = defaultdict(list)
    for slot in range(annotators):
        one: dict[tuple[str, str], float] = {}
        rest: dict[tuple[str, str], float] = {}
        votes: list[bool] = []
        truth: list[bool] = []
        for key, ballots in data.ballots.items():
            if len(ballots) <= slot:
                continue
            others = ballots[:slot] + ballots[slot + 1 :]
            facts = [fact_id for fact_id, _ in data.facts[key[1]]]
            one[key] = sum(ballots[slot][f] for f in facts) / len(facts)
            labels = [majority([b[f] for b in others]) for f in facts]
            rest[key] = sum(majority_share(label) for label in labels) / len(facts)
            for f, label in zip(facts, labels):
                if label != TIE:
                    votes.append(ballots[slot][f])
                    truth.append(label == PRESENT)
        keys = sorted(one)
        systems = sorted({k[0] for k in keys})
        one_system, rest_system = _by_system(one, keys, systems), _by_system(rest, keys, systems)
        for level, ks, x, y in (("summary", keys, one, rest), ("system", systems, one_system, rest_system)):
            for name, value in _correlations(level, ks, y, {"ceiling": x}).items():
                if value is not None:
                    per_slot[name].append(value)
        per_slot["pair_auc_ceiling"].append(auc([float(v) for v in votes], truth) or 0.0)
        for said, name in ((True, "precision_present_ceiling"), (False, "precision_absent_ceiling")):
            agreed = [t for v, t in zip(votes, truth) if v == said]
            if agreed:
                per_slot[name].append(sum(t == said for t in agreed) / len(agreed))
    return {name: sum(values) / len(values) if values else None for name, values in per_slot.items()}


def all_figures(data: RealSumm, pairs: list[Pair]) -> dict[str, float | int | None]:
    return {**verdict_figures(pairs), **correlation_figures(pairs), **ceiling_figures(data)}


# --- printing -----------------------------------------------------------------------------


def _number(value: float | int | None) -> str:
    if value is None:
        return "n/a"
    if isinstance(value, int):
        return f"{value:,}"
    return f"{value:.3f}"


def confusion_table(confusion: Counter[tuple[str, str]]) -> list[str]:
    header = "ours \\ people"
    lines = [f"{header:<14} {'present':>8} {'absent':>8} {'tie':>6} {'total':>7}"]
    for status in STATUSES:
        row = [confusion[(status, h)] for h in (PRESENT, ABSENT, TIE)]
        lines.append(f"{status:<14} {row[0]:>8,} {row[1]:>8,} {row[2]:>6,} {sum(row):>7,}")
    totals = [sum(confusion[(s, h)] for s in STATUSES) for h in (PRESENT, ABSENT, TIE)]
    lines.append(f"{'total':<14} {totals[0]:>8,} {totals[1]:>8,} {totals[2]:>6,} {sum(totals):>7,}")
    return lines


def figure_table(figures: dict[str, Any]) -> list[str]:
    f = figures
    lines = [
        f"pairs {_number(f['pairs'])} (ties 2-2 left out of precision and AUC: {_number(f['ties'])}); "
        f"present by majority {_number(f['present_by_majority'])}",
        f"precision of supported   {_number(f['precision_supported'])}   (goal >= 0.95; one annotator's "
        f"'present': {_number(f.get('precision_present_ceiling'))})",
        f"precision of missing     {_number(f['precision_missing'])}   (goal >= 0.90; one annotator's "
        f"'absent': {_number(f.get('precision_absent_ceiling'))})",
        f"contradicted on present  {_number(f['contradicted_on_present'])} "
        f"({_number(f['contradicted_on_present_share_of_present'])} of present facts; goal 0)",
        f"committed (sup+mis+con)  {_number(f['committed_share'])}   "
        + " ".join(f"{s} {_number(f['share_' + s])}" for s in STATUSES),
        f"uncertain that people call present: {_number(f['uncertain_present_share'])}",
        "",
        f"{'correlation with people':<26} {'graded':>8} {'words':>8} {'humans':>8}",
    ]
    for level, what in (
        ("summary", "pearson"),
        ("summary", "kendall"),
        ("system", "pearson"),
        ("system", "kendall"),
    ):
        lines.append(
            f"{level + ' ' + what:<26} {_number(f[f'{level}_{what}_graded']):>8} "
            f"{_number(f[f'{level}_{what}_word_recall']):>8} {_number(f.get(f'{level}_{what}_ceiling')):>8}"
        )
    lines.append(
        f"{'pair AUC (present)':<26} {_number(f['pair_auc_graded']):>8} "
        f"{_number(f['pair_auc_word_recall']):>8} {_number(f.get('pair_auc_ceiling')):>8}"
    )
    lines.append(f"({_number(f['summaries'])} summaries, {_number(f['systems'])} systems)")
    return lines


def compare_lines(old: dict[str, Any], new: dict[str, Any]) -> list[str]:
    lines = []
    for name, value in new.items():
        before = old.get(name)
        if isinstance(value, (int, float)) and isinstance(before, (int, float)) and before != value:
            lines.append(f"{name:<44} {_number(before):>9} -> {_number(value):<9} ({value - before:+.3f})")
        elif before is None and name not in old:
            lines.append(f"{name:<44} {'(new)':>9} -> {_number(value)}")
        else:
            lines.append(f"{name:<44} {_number(before):>9} == {_number(value)}")
    return lines


def dump_rows(pairs: list[Pair], data: RealSumm) -> str:
    rows = []
    for pair in pairs:
        rows.append(
            {
                "article": pair.article,
                "system": pair.system,
                "fact_id": pair.fact_id,
                "fact": pair.fact,
                "summary": data.summaries[(pair.system, pair.article)],
                "votes": "".join("p" if v else "n" for v in pair.votes),
                "majority": pair.human,
                "status": pair.verdict.status,
                "reason": pair.verdict.reason,
                "route": pair.verdict.route,
                "rule": pair.verdict.rule,
                "support": pair.verdict.support,
                "matched": pair.verdict.matched,
                "critical": list(pair.verdict.critical),
                "word_recall": round(pair.recall, 4),
            }
        )
    return "".join(json.dumps(row, ensure_ascii=False) + "\n" for row in rows)


# --- the command --------------------------------------------------------------------------


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--data", help="the REALSumm folder (default ../shared/data/realsumm)")
    parser.add_argument("--systems", type=int, help="only the first N systems (sorted by name)")
    parser.add_argument("--limit", type=int, help="only the first N articles (sorted by id)")
    parser.add_argument("--jobs", type=int, default=2, help="score's --jobs (default 2)")
    parser.add_argument(
        "--report", help="read this score report instead of scoring (it must hold the subset)"
    )
    parser.add_argument("--dump", help="write one JSON line per (summary, fact) pair here")
    parser.add_argument("--compare", help="an older human_agreement.json: print old -> new per figure")
    parser.add_argument(
        "--converted", help="where the converted files go (default bench/out/realsumm[-subset])"
    )
    parser.add_argument(
        "-o", "--output", default=str(FIGURES_JSON), help="the figures' JSON (default %(default)s)"
    )
    args = parser.parse_args(argv)
    try:
        return _run(args)
    except DataError as exc:
        print(f"human_agreement: {exc}", file=sys.stderr)
        return 2


def _run(args: argparse.Namespace) -> int:
    from evidence_eval.io import atomic_write

    old = _read_old(args.compare) if args.compare else None
    started = time.perf_counter()
    data = read_realsumm(find_data(args.data)).subset(args.systems, args.limit)
    folder = Path(args.converted) if args.converted else _converted_folder(args.systems, args.limit)
    changed = write_converted(converted_files(data), folder)
    print(f"converted: {folder} ({'written' if changed else 'unchanged, reused'})")
    cpu = None
    if args.report:
        report = Path(args.report)
    else:
        validate(folder)
        report = folder / "report.json"
        cpu = score(folder, report, args.jobs)
        print(f"scored: {report} (evidence-eval score --jobs {args.jobs}: {cpu:.0f} s CPU)")
    pairs = pairs_of(data, read_verdicts(report))
    figures = all_figures(data, pairs)
    for line in confusion_table(confusion_of(pairs)) + [""] + figure_table(figures):
        print(line)
    result = {
        "figures": figures,
        "confusion": {f"{s}/{h}": n for (s, h), n in sorted(confusion_of(pairs).items())},
        "run": {
            "systems": args.systems,
            "limit": args.limit,
            "score_cpu_seconds": round(cpu, 1) if cpu is not None else None,
            "wall_seconds": round(time.perf_counter() - started, 1),
            "signature": json.loads(report.read_text(encoding="utf-8")).get("signature"),
            "commit": _commit(),
        },
    }
    atomic_write(args.output, json.dumps(result, indent=1) + "\n", overwrite=True)
    print(f"wrote {args.output}")
    if args.dump:
        atomic_write(args.dump, dump_rows(pairs, data), overwrite=True)
        print(f"wrote {args.dump} ({len(pairs):,} pairs)")
    if old is not None:
        print(f"\nold ({args.compare}) -> new")
        for line in compare_lines(old, figures):
            print(line)
    return 0


def _converted_folder(systems: int | None, articles: int | None) -> Path:
    if not (systems or articles):
        return CONVERTED
    return CONVERTED.with_name(f"realsumm-s{systems or 'all'}-a{articles or 'all'}")


def _read_old(path: str) -> dict[str, Any]:
    try:
        return dict(json.loads(Path(path).read_text(encoding="utf-8"))["figures"])
    except (OSError, ValueError, KeyError, TypeError) as exc:
        raise DataError(f"{path}: not a human_agreement.json ({exc})") from exc


def _commit() -> str | None:
    done = subprocess.run(
        ["git", "-C", str(ROOT), "rev-parse", "--short", "HEAD"], capture_output=True, text=True, check=False
    )
    return done.stdout.strip() or None


if __name__ == "__main__":
    sys.exit(main())
