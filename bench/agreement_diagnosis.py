"""Where the answer-fact verdicts disagree with people on REALSumm, grouped by cause (issue 29).

    python bench/human_agreement.py --dump bench/out/realsumm-pairs.jsonl
    python bench/agreement_diagnosis.py [--pairs bench/out/realsumm-pairs.jsonl] [-o bench/out/diagnosis.md]

Reads the pairs `human_agreement.py --dump` wrote and its figures, and writes a Markdown report:
today's figures; `missing` where people say present, by the kind of paraphrase (a heuristic
reading of the fact's content words against the summary's sentences); `contradicted` where
people say present, by reason; `supported` where people say absent; `uncertain` by reason;
the graded support of present and absent facts; and which simple signals (word recall, lemma
recall, rarity-weighted recall with wordfreq's zipf frequencies, best single sentence or whole
summary) separate present from absent best (pair AUC, per-summary and per-system correlation).
The causes are read from the text by rules, not by a person: each count says what its rule is.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import re
import sys
from collections import Counter, defaultdict
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from functools import cache, lru_cache
from pathlib import Path
from types import ModuleType
from typing import Any

HERE = Path(__file__).resolve().parent
OUT = HERE / "out"


def _load_agreement() -> ModuleType:
    spec = importlib.util.spec_from_file_location("human_agreement", HERE / "human_agreement.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


ha = _load_agreement()

PRONOUNS = frozenset("he she they it his her their its him them this these".split())
NUMBER_WORDS = {
    w: str(i)
    for i, w in enumerate(
        "zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen "
        "sixteen seventeen eighteen nineteen twenty".split()
    )
}
_SENTENCE_END = re.compile(r"(?<=[.!?])\s+(?=\S)")
_TOKEN = re.compile(r"[a-z0-9]+")


# --- text signals -------------------------------------------------------------------------


def sentences(summary: str) -> list[str]:
    return [s for s in _SENTENCE_END.split(summary.strip()) if s.strip()] or [summary]


def words(text: str) -> list[str]:
    return _TOKEN.findall(ha.POSSESSIVE.sub("", text.lower().replace("’", "'")))


def content(text: str) -> list[str]:
    return [w for w in words(text) if w not in ha.STOP_WORDS]


@cache
def lemma(word: str) -> str:
    return _lemmatizer()(word)


@lru_cache(maxsize=1)
def _lemmatizer() -> Callable[[str], str]:
    import spacy

    nlp = spacy.blank("en")
    nlp.add_pipe("lemmatizer", config={"mode": "lookup"})
    nlp.initialize()
    return lambda word: nlp(word)[0].lemma_.lower()


@cache
def rarity(word: str) -> float:
    """-log10 of the word's frequency (9 - zipf): 'the' ~1.3, 'celebrated' ~4.8, unknown 9."""
    from wordfreq import zipf_frequency

    return 9.0 - zipf_frequency(word, "en")


def recall(
    fact_words: list[str],
    text_words: Iterable[str],
    norm: Callable[[str], str],
    weight: Callable[[str], float],
) -> float:
    wanted = {norm(w): weight(w) for w in fact_words}
    if not wanted:
        return 0.0
    have = {norm(w) for w in text_words}
    return sum(v for k, v in wanted.items() if k in have) / sum(wanted.values())


def one(_: str) -> float:
    return 1.0


SIGNALS: dict[str, tuple[Callable[[str], str], Callable[[str], float]]] = {
    "words (stem)": (ha.stem, one),
    "lemmas": (lemma, one),
    "rarity-weighted stems": (ha.stem, rarity),
    "rarity-weighted lemmas": (lemma, rarity),
}


def signal_values(fact: str, summary: str) -> dict[str, float]:
    fact_words = content(fact)
    whole = content(summary)
    parts = [content(s) for s in sentences(summary)]
    out = {}
    for name, (norm, weight) in SIGNALS.items():
        out[f"{name}, whole summary"] = recall(fact_words, whole, norm, weight)
        out[f"{name}, best sentence"] = max(recall(fact_words, p, norm, weight) for p in parts)
    return out


# --- the causes of `missing` on present facts -----------------------------------------------


@dataclass(frozen=True)
class Reading:
    best: str  # the sentence holding most of the fact's rare words
    absent_summary: list[str]  # fact content words (lemma) nowhere in the summary
    absent_best: list[str]  # ... not in the best sentence
    surface_in_best: bool  # every content word stated in the best sentence as written


def read(fact: str, summary: str) -> Reading:
    fact_words = content(fact)
    parts = sentences(summary)
    best = max(parts, key=lambda s: recall(fact_words, content(s), lemma, rarity))
    best_lemmas = {lemma(w) for w in content(best)}
    all_lemmas = {lemma(w) for w in content(summary)}
    absent_best = [w for w in fact_words if lemma(w) not in best_lemmas]
    absent_summary = [w for w in fact_words if lemma(w) not in all_lemmas]
    return Reading(best, absent_summary, absent_best, set(fact_words) <= set(content(best)))


def cause(row: dict[str, Any], reading: Reading) -> str:
    """The first rule that holds, in this order."""
    fact = row["fact"]
    if "/" in fact or re.search(r"\(or |\bor\b", fact):
        return "fact notation: alternatives ('A / B', '(or B)')"
    if not reading.absent_best:
        if reading.surface_in_best:
            return "every content word in one sentence as written: reordering, function words, voice"
        return "every content word in one sentence after lemmatizing: inflection"
    if not reading.absent_summary:
        return "every content word in the summary, spread across sentences"
    absent = reading.absent_best
    if any(_number_like(w) for w in absent) and _number_elsewhere(absent, reading.best):
        return "a number written differently (digits / words / '28-year-old' / ', 28,')"
    if set(words(reading.best)) & PRONOUNS and any(w[:1].isupper() for w in _fact_tokens(fact, absent)):
        return "a name absent from the sentence, a pronoun in it: coreference"
    if len(absent) == 1:
        return "one content word not in the sentence: synonym, dropped title or modifier"
    return "two or more content words not in the sentence: paraphrase"


def _number_like(word: str) -> bool:
    return word.isdigit() or word in NUMBER_WORDS or word in ("year", "old", "aged")


def _number_elsewhere(absent: list[str], sentence: str) -> bool:
    said = set(words(sentence))
    for word in absent:
        other = NUMBER_WORDS.get(word) or next((w for w, d in NUMBER_WORDS.items() if d == word), None)
        if (other and other in said) or any(ch.isdigit() for ch in sentence):
            return True
    return False


def _fact_tokens(fact: str, wanted: list[str]) -> list[str]:
    return [t for t in re.findall(r"[A-Za-z0-9]+", fact) if t.lower() in wanted]


# --- the report ---------------------------------------------------------------------------


def reason_pattern(reason: str) -> str:
    pattern = re.sub(r"\d+", "N", reason)
    pattern = re.sub(r"'[^']*'", "'…'", pattern)
    return re.sub(r'"[^"]*"', "'…'", pattern)


def example_lines(rows: list[dict[str, Any]], count: int = 6) -> list[str]:
    """One example per article (spread over systems), the sentence nearest the fact beside it."""
    seen: set[str] = set()
    picked = []
    for row in sorted(rows, key=lambda r: (hash_key(r), r["article"])):
        if row["article"] in seen:
            continue
        seen.add(row["article"])
        picked.append(row)
        if len(picked) == count:
            break
    lines = []
    for row in picked:
        where, sentence = (
            ("matched", row["matched"])
            if row.get("matched")
            else ("nearest sentence", read(row["fact"], row["summary"]).best)
        )
        lines.append(
            f'- fact: *{md(row["fact"])}* — {where}: "{md(sentence[:300])}" — ours: `{row["status"]}` '
            f"({md(row['reason']) or 'no reason'}; support {row['support']:.2f}) — votes {row['votes']} "
            f"({row['system']}, {row['article']})"
        )
    return lines


def hash_key(row: dict[str, Any]) -> str:
    import hashlib

    return hashlib.sha1(f"{row['system']}|{row['article']}|{row['fact_id']}".encode()).hexdigest()


def md(text: str) -> str:
    return text.replace("|", "\\|").replace("*", "\\*").replace("\n", " ")


def grouped_section(
    title: str, rows: list[dict[str, Any]], key: Callable[[dict[str, Any]], str], examples: int
) -> list[str]:
    groups: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for row in rows:
        groups[key(row)].append(row)
    lines = [f"## {title} ({len(rows):,})", ""]
    for name, members in sorted(groups.items(), key=lambda kv: -len(kv[1])):
        lines.append(f"### {name}: {len(members):,} ({len(members) / len(rows):.0%})")
        lines.append("")
        lines.extend(example_lines(members, examples))
        lines.append("")
    return lines


def counted_patterns(rows: list[dict[str, Any]], top: int = 12) -> list[str]:
    counts = Counter(reason_pattern(r["reason"]) for r in rows)
    lines = ["| reason (numbers → N, quoted words → '…') | pairs |", "|---|---:|"]
    lines += [f"| {md(k) or '(none)'} | {v:,} |" for k, v in counts.most_common(top)]
    rest = sum(counts.values()) - sum(v for _, v in counts.most_common(top))
    if rest:
        lines.append(f"| … {len(counts) - top} other patterns | {rest:,} |")
    return lines


def support_histogram(rows: list[dict[str, Any]]) -> list[str]:
    bins = [(0.0, 0.2), (0.2, 0.4), (0.4, 0.6), (0.6, 0.8), (0.8, 1.0), (1.0, 1.01)]
    lines = ["| support | present | absent | share present |", "|---|---:|---:|---:|"]
    for low, high in bins:
        inside = [r for r in rows if low <= r["support"] < high]
        present = sum(r["majority"] == ha.PRESENT for r in inside)
        absent = sum(r["majority"] == ha.ABSENT for r in inside)
        label = "1.0" if low == 1.0 else f"[{low:.1f}, {high:.1f})"
        share = f"{present / (present + absent):.2f}" if present + absent else "n/a"
        lines.append(f"| {label} | {present:,} | {absent:,} | {share} |")
    return lines


def signal_table(rows: list[dict[str, Any]]) -> list[str]:
    values = [signal_values(r["fact"], r["summary"]) for r in rows]
    names = ["ours: graded support", *values[0]]
    for row, extra in zip(rows, values):
        extra["ours: graded support"] = row["support"]
    decided = [i for i, r in enumerate(rows) if r["majority"] != ha.TIE]
    present = [rows[i]["majority"] == ha.PRESENT for i in decided]
    human_summary = _means(rows, [ha.majority_share(r["majority"]) for r in rows])
    lines = [
        "| signal | pair AUC | summary Pearson | summary Kendall | system Pearson | system Kendall |",
        "|---|---:|---:|---:|---:|---:|",
    ]
    for i, row in enumerate(rows):
        words_whole = values[i]["words (stem), whole summary"]
        values[i]["ours, 0 replaced by word recall"] = row["support"] or words_whole
        values[i]["max(ours, word recall)"] = max(row["support"], words_whole)
    names += ["ours, 0 replaced by word recall", "max(ours, word recall)"]
    for name in names:
        score = _means(rows, [v[name] for v in values])
        cells = [ha.auc([values[i][name] for i in decided], present)]
        keys = sorted(score)
        cells += [ha.pearson([score[k] for k in keys], [human_summary[k] for k in keys])]
        cells += [ha.kendall_tau_b([score[k] for k in keys], [human_summary[k] for k in keys])]
        systems = sorted({k[0] for k in keys})
        ours_sys = [
            sum(score[k] for k in keys if k[0] == s) / sum(1 for k in keys if k[0] == s) for s in systems
        ]
        human_sys = [
            sum(human_summary[k] for k in keys if k[0] == s) / sum(1 for k in keys if k[0] == s)
            for s in systems
        ]
        cells += [ha.pearson(ours_sys, human_sys), ha.kendall_tau_b(ours_sys, human_sys)]
        lines.append(f"| {name} | " + " | ".join("n/a" if c is None else f"{c:.3f}" for c in cells) + " |")
    return lines


def threshold_table(rows: list[dict[str, Any]], goals: tuple[float, ...] = (0.90, 0.95)) -> list[str]:
    """For each signal: the highest cut t such that the pairs below t are absent by majority at
    least `goal` of the time, and the share of all pairs below it (what `missing` could commit
    to with that signal alone). An upper bound read off REALSumm, not a threshold to ship."""
    values = [signal_values(r["fact"], r["summary"]) for r in rows]
    for row, extra in zip(rows, values):
        extra["ours: graded support"] = row["support"]
    names = ["ours: graded support", *[n for n in values[0] if n != "ours: graded support"]]
    header = " | ".join(f"cut for ≥{g:.2f} | share below" for g in goals)
    lines = [f"| signal | {header} |", "|---|" + "---:|---:|" * len(goals)]
    for name in names:
        cells = []
        for goal in goals:
            cut, share = _best_cut([v[name] for v in values], [r["majority"] for r in rows], goal)
            cells += ["none" if cut is None else f"< {cut:.2f}", f"{share:.1%}"]
        lines.append(f"| {name} | " + " | ".join(cells) + " |")
    return lines


def _best_cut(scores: list[float], labels: list[str], goal: float) -> tuple[float | None, float]:
    order = sorted(set(scores))
    best: tuple[float | None, float] = (None, 0.0)
    below_absent = below_decided = below_all = 0
    by_value: dict[float, list[str]] = defaultdict(list)
    for score, label in zip(scores, labels):
        by_value[score].append(label)
    for i, value in enumerate(order):
        members = by_value[value]
        below_all += len(members)
        below_absent += sum(label == ha.ABSENT for label in members)
        below_decided += sum(label != ha.TIE for label in members)
        if below_decided and below_absent / below_decided >= goal:
            cut = order[i + 1] if i + 1 < len(order) else value + 1e-9
            best = (cut, below_all / len(scores))
    return best


def name_lines(rows: list[dict[str, Any]]) -> list[str]:
    """`does not name 'X'` on present facts: where X is (the sentence nearest the fact, another
    sentence, nowhere), and whether X opens the fact (a capitalised first word such as 'The')."""
    named = [r for r in rows if r["reason"].startswith("does not name ")]
    if not named:
        return []
    where: Counter[str] = Counter()
    nowhere: Counter[str] = Counter()
    opening = alternatives = 0
    for row in named:
        name = " ".join(words(row["reason"][len("does not name ") :]))
        best = " ".join(words(read(row["fact"], row["summary"]).best))
        said = " ".join(words(row["summary"]))
        if name and f" {name} " in f" {best} ":
            where["in the nearest sentence"] += 1
        elif name and f" {name} " in f" {said} ":
            where["in another sentence only (e.g. the full name earlier, the surname here)"] += 1
        else:
            where["nowhere in the summary (another word, a typo, or a common noun read as a name)"] += 1
            nowhere[name] += 1
        opening += words(row["fact"])[:1] == name.split()[:1]
        alternatives += "/" in row["fact"] or "(or " in row["fact"]
    return [
        f"`does not name 'X'` on present facts: {len(named):,}. X is "
        + "; ".join(f"{k}: {v:,}" for k, v in where.most_common())
        + f". X opens the fact in {opening:,}; the fact has alternatives ('/', '(or') in {alternatives:,}. "
        + "Most frequent X found nowhere: "
        + ", ".join(f"'{k}' {v}" for k, v in nowhere.most_common(15))
        + "."
    ]


NEGATION_CUES = (
    "not",
    "n't",
    "no",
    "never",
    "without",
    "failed",
    "unable",
    "despite",
    "refused",
    "denied",
    "nor",
)


def negation_lines(rows: list[dict[str, Any]]) -> list[str]:
    """Which negation-like word the matched text holds, for `the answer negates it`."""
    negated = [r for r in rows if r["reason"] == "the answer negates it"]
    if not negated:
        return []
    cues: Counter[str] = Counter()
    for row in negated:
        text = (row.get("matched") or "").lower().replace("n't", " n't")
        found = [c for c in NEGATION_CUES if re.search(rf"(?<![a-z]){re.escape(c)}(?![a-z])", text)]
        cues[", ".join(found) or "(none of these words)"] += 1
    return [
        "`the answer negates it` on present facts, by the negation-like words in the matched text: "
        + "; ".join(f"{k} {v}" for k, v in cues.most_common())
        + "."
    ]


def _means(rows: list[dict[str, Any]], values: list[float]) -> dict[tuple[str, str], float]:
    sums: dict[tuple[str, str], list[float]] = defaultdict(list)
    for row, value in zip(rows, values):
        sums[(row["system"], row["article"])].append(value)
    return {k: sum(v) / len(v) for k, v in sums.items()}


def edit_reason_lines(rows: list[dict[str, Any]]) -> list[str]:
    pattern = re.compile(r"^(\d+)% of its words stated \((\d+) edits?, (\d+) allowed\)$")
    matched = [pattern.match(r["reason"]) for r in rows]
    hits = [m for m in matched if m]
    if not hits:
        return ["No reason of the form 'N% of its words stated (X edits, Y allowed)'."]
    shares = Counter(min(int(m.group(1)) // 20 * 20, 80) for m in hits)
    zero = sum(m.group(3) == "0" for m in hits)
    lines = [
        f"{len(hits):,} of these {len(rows):,} ({len(hits) / len(rows):.0%}) say 'N% of its words stated "
        f"(X edits, Y allowed)', {zero:,} of them with 0 edits allowed. N%:",
        "",
        "| N% | pairs |",
        "|---|---:|",
    ]
    lines += [f"| {low}-{low + 19}% | {shares[low]:,} |" for low in (0, 20, 40, 60, 80)]
    return lines


def by_system(rows: list[dict[str, Any]]) -> list[str]:
    lines = [
        "| system | lowercased summaries | missing precision | supported | supported precision |",
        "|---|---:|---:|---:|---:|",
    ]
    systems: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for row in rows:
        systems[row["system"]].append(row)
    for name, members in sorted(systems.items()):
        lower = len({r["article"] for r in members if r["summary"] == r["summary"].lower()}) / len(
            {r["article"] for r in members}
        )
        cells = []
        for status, right in (("missing", ha.ABSENT), ("supported", ha.PRESENT)):
            decided = [r for r in members if r["status"] == status and r["majority"] != ha.TIE]
            good = sum(r["majority"] == right for r in decided)
            cells.append((len(decided), good / len(decided) if decided else None))
        lines.append(
            f"| {name} | {lower:.0%} | {_fmt(cells[0][1])} | {cells[1][0]:,} | {_fmt(cells[1][1])} |"
        )
    return lines


def _fmt(value: float | None) -> str:
    return "n/a" if value is None else f"{value:.3f}"


def diagnosis(rows: list[dict[str, Any]], figures_text: list[str]) -> list[str]:
    present = [r for r in rows if r["majority"] == ha.PRESENT]
    absent = [r for r in rows if r["majority"] == ha.ABSENT]
    missing_present = [r for r in present if r["status"] == "missing"]
    readings = {id(r): read(r["fact"], r["summary"]) for r in missing_present}
    lines = ["# REALSumm: where the answer-fact verdicts disagree with people", ""]
    lines += ["## Today's figures (`bench/human_agreement.py`)", "", "```", *figures_text, "```", ""]
    lines += ["## By system", "", *by_system(rows), ""]
    lines += [
        "## (a) `missing` where people say present: reasons",
        "",
        *edit_reason_lines(missing_present),
        "",
        *counted_patterns(missing_present),
        "",
    ]
    lines += grouped_section(
        "(a) `missing` where people say present, by kind of paraphrase (rules in agreement_diagnosis.cause)",
        missing_present,
        lambda r: cause(r, readings[id(r)]),
        7,
    )
    lines += [*name_lines(missing_present), ""]
    contradicted = [r for r in present if r["status"] == "contradicted"]
    lines += [*negation_lines(contradicted), ""]
    lines += grouped_section(
        "(b) `contradicted` where people say present, by reason",
        contradicted,
        lambda r: reason_pattern(r["reason"]),
        6,
    )
    wrongly = [r for r in absent if r["status"] == "supported"]
    verbatim = sum(all(w in set(content(r["summary"])) for w in content(r["fact"])) for r in wrongly)
    lines += [
        f"Of the {len(wrongly)} `supported` on majority-absent pairs, {verbatim} have every content word "
        "of the fact, as written, in the summary (likely vote noise; see the by-system table).",
        "",
    ]
    lines += grouped_section("(c) `supported` where people say absent", wrongly, lambda r: "all", 8)
    uncertain = [r for r in rows if r["status"] == "uncertain" and r["majority"] != ha.TIE]
    share = sum(r["majority"] == ha.PRESENT for r in uncertain) / len(uncertain) if uncertain else 0.0
    lines += [f"## (d) `uncertain`: {len(uncertain):,} decided pairs, {share:.0%} present by majority", ""]
    lines += ["| reason | present | absent |", "|---|---:|---:|"]
    counts = Counter((reason_pattern(r["reason"]), r["majority"]) for r in uncertain)
    for pattern in sorted(
        {p for p, _ in counts}, key=lambda p: -(counts[(p, ha.PRESENT)] + counts[(p, ha.ABSENT)])
    )[:15]:
        lines.append(
            f"| {md(pattern)} | {counts[(pattern, ha.PRESENT)]:,} | {counts[(pattern, ha.ABSENT)]:,} |"
        )
    lines += ["", "## Graded support of present and absent facts", "", *support_histogram(rows), ""]
    lines += [
        "## Which simple signals separate present from absent",
        "",
        "Content words: lowercased, stop words out; stems: bench's light suffix stripper; lemmas: spaCy's",
        "English lookup lemmatizer; rarity: 9 - wordfreq zipf (−log10 of the word's frequency); best",
        "sentence: the summary sentence with the highest value. Summary: the mean over a summary's",
        "facts vs. the share its majority calls present; system: the means over its 100 summaries.",
        "",
        *signal_table(rows),
        "",
        "How far `missing` could go on one signal alone: the highest cut below which the pairs are",
        "absent by majority at least 90% (95%) of the time, and the share of all pairs below it. Read",
        "off REALSumm, an upper bound of what such a rule commits, not a threshold to tune to:",
        "",
        *threshold_table(rows),
        "",
    ]
    return lines


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--pairs", default=str(OUT / "realsumm-pairs.jsonl"))
    parser.add_argument("--figures", default=str(ha.FIGURES_JSON))
    parser.add_argument("-o", "--output", default=str(OUT / "diagnosis.md"))
    args = parser.parse_args(argv)
    try:
        rows = [json.loads(line) for line in Path(args.pairs).read_text(encoding="utf-8").splitlines()]
        figures = json.loads(Path(args.figures).read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        print(
            f"agreement_diagnosis: {exc} (run bench/human_agreement.py --dump {args.pairs} first)",
            file=sys.stderr,
        )
        return 2
    confusion = Counter({tuple(k.split("/")): v for k, v in figures["confusion"].items()})
    figures_text = ha.confusion_table(confusion) + [""] + ha.figure_table(figures["figures"])
    from evidence_eval.io import atomic_write

    atomic_write(args.output, "\n".join(diagnosis(rows, figures_text)) + "\n", overwrite=True)
    print(f"wrote {args.output}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
