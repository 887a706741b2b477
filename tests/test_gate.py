"""audit, review and compare: the commands that turn a report into decisions."""

from __future__ import annotations

import json
import re
import xml.etree.ElementTree as ET

import pytest
from conftest import EN_ANN, EN_TRACES, ROOT, ZH, ZH_ANN, ZH_TRACES, copy_example, run_cli, write_jsonl

import evidence_eval
from evidence_eval.errors import UsageError
from evidence_eval.models.policy import Policy, Rule
from evidence_eval.report.compare import compare

POLICY = ROOT / "annotations" / "policies" / "release.policy.json"


def policy_file(tmp_path, rules, name="p.json"):
    path = tmp_path / name
    path.write_text(json.dumps({"name": "test", "rules": rules}), encoding="utf-8")
    return path


def test_a_policy_that_passes(tmp_path):
    policy = policy_file(
        tmp_path,
        [
            {
                "figure": "coverage.stages.context.vital",
                "op": ">=",
                "value": 0.95,
                "systems": ["hybrid-full"],
            },
            {"figure": "coverage.contradicted", "op": "==", "value": 0, "systems": ["hybrid-full"]},
        ],
    )
    result = run_cli("audit", ZH_ANN, ZH_TRACES, "--policy", policy)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "2 passed, 0 failed" in result.stdout


def test_a_policy_that_fails_names_the_worst_queries(tmp_path):
    junit = tmp_path / "audit.xml"
    result = run_cli("audit", ZH_ANN, ZH_TRACES, "--policy", POLICY, "--junit", junit)
    assert result.returncode == 1
    lines = result.stdout.splitlines()
    failed = lines.index("FAIL  [hybrid-truncated] vital sub-questions reach the context: measured 0.6667")
    assert lines[failed + 1].strip() == "repair-001 / deadline: context missing (lost at context)"
    assert "FAIL  [hybrid-truncated] deadline answered correctly: measured 0" in lines
    suite = ET.parse(junit).getroot()
    assert suite.tag == "testsuite" and suite.get("tests") == "15" and suite.get("failures") == "5"
    failures = [case for case in suite if case.find("failure") is not None]
    assert {case.get("classname") for case in failures} == {"bm25-materials-only", "hybrid-truncated"}


def test_policy_by_kind_and_missing_traces(tmp_path):
    policy = policy_file(
        tmp_path, [{"figure": "by_kind.exclusion.stages.reranked.all", "op": ">=", "value": 1}]
    )
    result = run_cli("audit", EN_ANN, EN_TRACES, "--policy", policy)
    assert result.returncode == 1
    assert (
        "FAIL  [hybrid-truncated] by_kind.exclusion.stages.reranked.all >= 1: measured 0.5" in result.stdout
    )
    assert "warranty-001 / unauthorized: reranked missing" in result.stdout


def test_a_missing_trace_is_named_by_its_query_alone(tmp_path):
    """Was `repair-002 / -: missing trace (lost at -)`: no sub-question, no stage to name."""
    folder = copy_example(ZH, tmp_path)
    annotations = folder / "repair.annotations.json"
    data = json.loads(annotations.read_text(encoding="utf-8"))
    data["queries"].append(dict(data["queries"][0], query_id="repair-002"))
    annotations.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    policy = policy_file(tmp_path, [{"figure": "missing_traces", "op": "==", "value": 0}])
    result = run_cli("audit", annotations, folder / "repair.traces.jsonl", "--policy", policy)
    assert result.returncode == 1, result.stderr
    lines = result.stdout.splitlines()
    failed = lines.index("FAIL  [hybrid-full] missing_traces == 0: measured 1")
    assert lines[failed + 1] == "      repair-002: missing trace"


@pytest.mark.parametrize(
    ("rules", "expected"),
    [
        (
            [{"figure": "coverage.stages.contxt.vital", "op": ">=", "value": 1}],
            "no 'contxt' under coverage.stages",
        ),
        ([{"figure": "coverage.stages", "op": ">=", "value": 1}], "not a number"),
        ([{"figure": "coverage.contradicted", "value": 0}], "$.rules[0].op"),
        ([{"figure": "coverage.contradicted", "op": "==", "value": 0, "systems": []}], "$.rules[0].systems"),
        ([{"figure": "coverage.contradicted", "op": "=>", "value": 0}], "$.rules[0].op"),
        ([], "$.rules"),
        (
            [{"figure": "missing_traces", "op": "==", "value": 0, "systems": ["nope"]}],
            "systems not in the traces",
        ),
        # strict, finite values: NaN or Infinity would never pass, false would be read as 0
        ([{"figure": "coverage.contradicted", "op": "<=", "value": float("nan")}], "$.rules[0].value: "),
        ([{"figure": "coverage.contradicted", "op": "<=", "value": float("inf")}], "finite number"),
        ([{"figure": "missing_traces", "op": "==", "value": False}], "$.rules[0].value: "),
        ([{"figure": "missing_traces", "op": "==", "value": "0"}], "$.rules[0].value: "),
    ],
)
def test_bad_policies_exit_2(tmp_path, rules, expected):
    result = run_cli("audit", ZH_ANN, ZH_TRACES, "--policy", policy_file(tmp_path, rules))
    assert result.returncode == 2 and expected in result.stderr
    assert "Traceback" not in result.stderr


@pytest.mark.parametrize(
    ("figure", "expected"),
    [
        (
            "retrieval.context.hit_rate",
            "no 'hit_rate' under retrieval.context of system 'bm25-materials-only'; there is "
            "retrieval.context.at.K.MEAN (K: 1, 3, 10; MEAN: hit_rate, mrr, mean_recall, queries, "
            "queries_with_unjudged, mean_depth)",
        ),
        (
            "retrieval.context.at.5.mrr",
            "there is retrieval.context.at.1.MEAN, retrieval.context.at.3.MEAN, retrieval.context.at.10.MEAN (MEAN:",
        ),
        ("retrieval.context.at", "is not a number: add a level; there is retrieval.context.at.1.MEAN"),
        (
            "coverage.stages",
            "add a level; there is coverage.stages.candidates.all, coverage.stages.context.all",
        ),
    ],
)
def test_a_wrong_figure_lists_the_paths_that_exist_in_full(tmp_path, figure, expected):
    result = run_cli(
        "audit",
        ZH_ANN,
        ZH_TRACES,
        "--policy",
        policy_file(tmp_path, [{"figure": figure, "op": ">=", "value": 1}]),
    )
    assert result.returncode == 2 and expected in result.stderr, result.stderr


def test_the_readme_policy_example_is_a_valid_policy(tmp_path):
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    example = readme.split('```json\n{"name": "release gate"', 1)[1].split("```", 1)[0]
    policy = tmp_path / "release.policy.json"
    policy.write_text('{"name": "release gate"' + example, encoding="utf-8")
    assert any(rule["figure"].startswith("retrieval.") for rule in json.loads(policy.read_text())["rules"])
    result = run_cli("audit", ZH_ANN, ZH_TRACES, "--policy", policy)
    assert result.returncode in (0, 1), result.stderr


def _traces_with_unjudged_item(tmp_path):
    trace = json.loads(ZH_TRACES.read_text(encoding="utf-8").splitlines()[2])
    trace["stages"][0]["items"].insert(0, {"doc_id": "unjudged-doc", "text": "关于维修资金的其他说明。"})
    return write_jsonl(tmp_path / "t.jsonl", [trace])


def test_review_queue_and_apply_round_trip(tmp_path):
    folder = copy_example(ZH, tmp_path)
    annotations = folder / "repair.annotations.json"
    original = annotations.read_bytes()
    with (folder / "corpus.jsonl").open("a", encoding="utf-8") as corpus:  # a grade needs its document
        corpus.write(
            json.dumps({"doc_id": "unjudged-doc", "version": "1", "text": "关于维修资金的其他说明。"}) + "\n"
        )
    queue = tmp_path / "queue.jsonl"
    result = run_cli("review", annotations, _traces_with_unjudged_item(tmp_path), "-o", queue)
    assert result.returncode == 0, result.stderr
    items = [json.loads(line) for line in queue.read_text(encoding="utf-8").splitlines()]
    unjudged = [i for i in items if i["type"] == "unjudged"]
    assert [i["id"] for i in unjudged] == ["unjudged-doc"]
    assert unjudged[0]["decision"] == {
        "type": "doc_judgment",
        "query_id": "repair-001",
        "doc_id": "unjudged-doc",
        "grade": None,
    }
    decisions = write_jsonl(tmp_path / "decisions.jsonl", [dict(unjudged[0]["decision"], grade=0)])
    new = tmp_path / "repair.v2.annotations.json"
    result = run_cli("review", annotations, "--apply", decisions, "--version", "1.1", "-o", new)
    assert result.returncode == 0, result.stderr
    assert annotations.read_bytes() == original
    updated = json.loads(new.read_text(encoding="utf-8"))
    assert updated["version"] == "1.1"
    assert updated["queries"][0]["doc_judgments"]["unjudged-doc"] == 0


def test_review_refuses_unfilled_decisions_and_same_version(tmp_path):
    decisions = write_jsonl(
        tmp_path / "d.jsonl",
        [{"type": "doc_judgment", "query_id": "repair-001", "doc_id": "x", "grade": None}],
    )
    result = run_cli("review", ZH_ANN, "--apply", decisions, "--version", "2", "-o", tmp_path / "n.json")
    assert result.returncode == 2 and "d.jsonl:1: $.grade: grade is still null" in result.stderr
    decisions = write_jsonl(
        tmp_path / "d.jsonl", [{"type": "doc_judgment", "query_id": "repair-001", "doc_id": "x", "grade": 1}]
    )
    result = run_cli("review", ZH_ANN, "--apply", decisions, "--version", "1.0", "-o", tmp_path / "n.json")
    assert result.returncode == 2 and "must differ" in result.stderr


def test_review_alias_decision_changes_the_next_score(tmp_path):
    folder = copy_example(ZH, tmp_path)
    decisions = write_jsonl(
        tmp_path / "d.jsonl",
        [
            {
                "type": "alias",
                "query_id": "repair-001",
                "sub_question": "deadline",
                "fact": "survey-excluded",
                "alias": "查勘时间另计",
            }
        ],
    )
    new = folder / "v2.annotations.json"
    run_cli("review", folder / "repair.annotations.json", "--apply", decisions, "--version", "1.1", "-o", new)
    data = json.loads(new.read_text(encoding="utf-8"))
    fact = data["queries"][0]["sub_questions"][2]["answer_facts"][1]
    assert fact["aliases"] == ["查勘时间另计"]
    assert "ann:repair-fund-zh@1.1" in evidence_eval.score(new, ZH_TRACES).signature


def test_compare_refuses_a_version_mismatch(tmp_path):
    folder = copy_example(ZH, tmp_path)
    data = json.loads((folder / "repair.annotations.json").read_text(encoding="utf-8"))
    data["version"] = "2.0"
    (folder / "v2.annotations.json").write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    a = evidence_eval.score(ZH_ANN, ZH_TRACES)
    b = evidence_eval.score(folder / "v2.annotations.json", ZH_TRACES)
    with pytest.raises(UsageError, match=r"ann: repair-fund-zh@1.0 vs repair-fund-zh@2.0"):
        compare(a, b, system_a="hybrid-full", system_b="hybrid-full")
    result = compare(a, b, system_a="hybrid-full", system_b="hybrid-full", allow_mismatch=True)
    assert "ann" in result.mismatched


def test_compare_cli_refuses_mismatch_exit_2(tmp_path):
    ra, rb = tmp_path / "a.json", tmp_path / "b.json"
    run_cli("score", ZH_ANN, ZH_TRACES, "-o", ra, "--format", "json")
    run_cli("score", ZH_ANN, ZH_TRACES, "-o", rb, "--format", "json", "--k", "5")
    result = run_cli("compare", ra, rb, "--system-a", "hybrid-full", "--system-b", "hybrid-full")
    assert result.returncode == 2 and "k: 1,3,10 vs 5" in result.stderr


def _synthetic_report(tmp_path, better_share, queries=60, seed=0):
    """Two systems over `queries` copies of the Chinese query: B's context holds the
    deadline chunk in `better_share` of them, A's never."""
    import random

    rng = random.Random(seed)
    data = json.loads(ZH_ANN.read_text(encoding="utf-8"))
    base = data["queries"][0]
    data["queries"] = [dict(base, query_id=f"q{i}") for i in range(queries)]
    ann = tmp_path / "many.annotations.json"
    ann.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    (tmp_path / "corpus.jsonl").write_bytes((ZH / "corpus.jsonl").read_bytes())
    lines = ZH_TRACES.read_text(encoding="utf-8").splitlines()
    truncated, full = json.loads(lines[1]), json.loads(lines[2])
    rows = []
    for i in range(queries):
        rows.append(dict(truncated, query_id=f"q{i}", system="A"))
        rows.append(dict(full if rng.random() < better_share else truncated, query_id=f"q{i}", system="B"))
    return evidence_eval.score(ann, write_jsonl(tmp_path / "many.traces.jsonl", rows))


def test_compare_on_a_known_difference(tmp_path):
    report = _synthetic_report(tmp_path, better_share=0.5)
    result = compare(report, report, system_a="A", system_b="B", trials=400, seed=1)
    context = next(f for f in result.figures if f.figure == "coverage.stages.context.all")
    assert context.a == pytest.approx(2 / 3)
    assert 0.0 < context.delta <= 1 / 3
    assert context.ci_low > 0 and context.ci_low <= context.delta <= context.ci_high
    assert context.p_value < 0.01
    candidates = next(f for f in result.figures if f.figure == "coverage.stages.candidates.all")
    assert candidates.delta == 0 and candidates.p_value == 1.0
    assert any(flip["where"] == "context" and flip["b"] == "supported" for flip in result.flips)
    recall = next(f for f in result.figures if f.figure == "retrieval.context.at.3.mean_recall")
    summary_a = next(s for s in report.systems if s.system == "A").summary
    assert recall.a == pytest.approx(summary_a.retrieval["context"].at["3"].mean_recall)
    assert recall.delta == 0  # the truncated chunk still names its document: doc recall cannot see it
    # one seed, one result: shown on shorter runs (the bootstrap's cost is per trial)
    once, again = (compare(report, report, system_a="A", system_b="B", trials=50, seed=1) for _ in range(2))
    assert again.figures == once.figures


def test_compare_two_trace_files_against_one_annotation_set(tmp_path):
    lines = ZH_TRACES.read_text(encoding="utf-8").splitlines()
    a = write_jsonl(tmp_path / "a.jsonl", [json.loads(lines[1])])
    b = write_jsonl(tmp_path / "b.jsonl", [json.loads(lines[2])])
    result = run_cli("compare", a, b, "--annotations", ZH_ANN, "--trials", "200")
    assert result.returncode == 0, result.stderr
    assert "A = hybrid-truncated, B = hybrid-full; 1 paired query" in result.stdout
    assert "flip repair-001 / deadline at context: missing -> supported" in result.stdout


# --- one options object for every command that scores ---------------------------------------


def _invoke(*args):
    from click.testing import CliRunner

    from evidence_eval.cli import main

    return CliRunner().invoke(main, [str(arg) for arg in args])


def _traces_with_a_deep_unjudged_item(tmp_path):
    trace = json.loads(ZH_TRACES.read_text(encoding="utf-8").splitlines()[2])
    trace["stages"][0]["items"].insert(2, {"doc_id": "deep-unjudged", "text": "关于维修资金的其他说明。"})
    return write_jsonl(tmp_path / "t.jsonl", [trace])


def _unjudged(queue):
    return [
        json.loads(line)["id"]
        for line in queue.read_text(encoding="utf-8").splitlines()
        if json.loads(line)["type"] == "unjudged"
    ]


def test_review_scores_with_the_options_given_or_those_of_a_report(tmp_path):
    traces = _traces_with_a_deep_unjudged_item(tmp_path)
    default, at_one, reused = tmp_path / "default.jsonl", tmp_path / "k1.jsonl", tmp_path / "reused.jsonl"
    assert _invoke("review", ZH_ANN, traces, "-o", default).exit_code == 0
    assert _unjudged(default) == ["deep-unjudged"]  # at rank 3: inside K=3 and K=10
    assert _invoke("review", ZH_ANN, traces, "-o", at_one, "--k", "1").exit_code == 0
    assert _unjudged(at_one) == []
    report = tmp_path / "report.json"
    result = _invoke("score", ZH_ANN, traces, "--k", "1", "--answer-lower", "60", "-o", report)
    assert result.exit_code == 0, result.stderr
    recorded = json.loads(report.read_text(encoding="utf-8"))["options"]
    assert recorded["retrieval"]["k"] == [1] and recorded["matching"]["answer_lower"] == 60
    result = _invoke("review", ZH_ANN, traces, "-o", reused, "--from-report", report)
    assert result.exit_code == 0, result.stderr
    assert reused.read_bytes() == at_one.read_bytes()


def test_review_refuses_options_it_would_ignore(tmp_path):
    report = tmp_path / "report.json"
    assert _invoke("score", ZH_ANN, ZH_TRACES, "-o", report).exit_code == 0
    out = tmp_path / "queue.jsonl"
    for args, fragment in (
        (["--from-report", report, "--k", "3"], "--k and --from-report both set the scoring options"),
        (["--from-report", ZH_ANN], "not an evidence_eval report"),
    ):
        result = _invoke("review", ZH_ANN, ZH_TRACES, "-o", out, *args)
        assert result.exit_code == 2 and len(result.stderr.strip().splitlines()) == 1, result.stderr
        assert fragment in result.stderr
    decisions = write_jsonl(
        tmp_path / "d.jsonl", [{"type": "doc_judgment", "query_id": "repair-001", "doc_id": "x", "grade": 1}]
    )
    result = _invoke(
        "review", ZH_ANN, "--apply", decisions, "--version", "2", "-o", out, "--answer-upper", "95"
    )
    assert result.exit_code == 2 and "--apply scores nothing: drop --answer-upper" in result.stderr
    assert sorted(p.name for p in tmp_path.iterdir()) == ["d.jsonl", "report.json"]


def test_compare_scores_trace_files_with_the_options_given(tmp_path):
    lines = ZH_TRACES.read_text(encoding="utf-8").splitlines()
    a = write_jsonl(tmp_path / "a.jsonl", [json.loads(lines[1])])
    b = write_jsonl(tmp_path / "b.jsonl", [json.loads(lines[2])])
    result = _invoke(
        "compare", a, b, "--annotations", ZH_ANN, "--trials", "100", "--k", "2", "--unit", "chunk"
    )
    assert result.exit_code == 0, result.stderr
    assert "unit:chunk" in result.stdout and "|k:2|" in result.stdout
    assert "retrieval.context.at.2.hit_rate" in result.stdout
    reports = []
    for name, traces in (("a", a), ("b", b)):
        reports.append(tmp_path / f"{name}.json")
        assert _invoke("score", ZH_ANN, traces, "-o", reports[-1]).exit_code == 0
    result = _invoke("compare", *reports, "--k", "2")
    assert result.exit_code == 2 and "--k: only for trace files (with --annotations)" in result.stderr


def test_score_takes_options_as_one_object_or_keywords_not_both():
    report = evidence_eval.score(ZH_ANN, ZH_TRACES, k=[2])
    again = evidence_eval.score(ZH_ANN, ZH_TRACES, options=report.options)
    assert again == report
    with pytest.raises(UsageError, match="not both"):
        evidence_eval.score(ZH_ANN, ZH_TRACES, options=report.options, k=[3])


def test_a_v1_report_stays_readable_and_is_never_compared_with_a_v2_one(zh_report):
    """Reports made before matcher v2 load (the v2 fields have defaults) and `compare` refuses
    to set them beside a v2 report: the signatures name different matchers."""
    from evidence_eval.models.report import Report

    v1 = json.loads(zh_report.model_dump_json())
    v1["signature"] = re.sub(
        r"match:[^|]+", "match:evidence-align.v1+fact-align.v1+values.v1+cues.v1", v1["signature"]
    )
    for system in v1["systems"]:
        for figures in (system["summary"]["coverage"], *system["summary"]["by_kind"].values()):
            figures.pop("stages_graded"), figures.pop("answer_graded")
        for query in system["queries"]:
            for sq in query["sub_questions"]:
                sq["answer"].pop("graded")
                for fact in sq["answer"]["matches"]:
                    fact.pop("support"), fact.pop("critical")
    old = Report.model_validate(v1)
    assert old.systems[0].summary.coverage.answer_graded == {}
    with pytest.raises(UsageError, match=r"match: evidence-align\.v1.* vs evidence-align\.v4"):
        compare(old, zh_report, system_a="hybrid-full", system_b="hybrid-full")


@pytest.mark.parametrize(
    ("figure", "measure"),
    [
        (
            "coverage.stages.context.vital",
            "Coverage(stage='context', group='vital', kind=None, graded=False)",
        ),
        ("by_kind.deadline.answer.all", "Coverage(stage=None, group='all', kind='deadline', graded=False)"),
        ("coverage.answer_graded.all", "Coverage(stage=None, group='all', kind=None, graded=True)"),
        ("coverage.contradicted", "Count(what='contradicted', kind=None, key=None)"),
        ("coverage.lost_at.context", "Count(what='lost_at', kind=None, key='context')"),
        ("missing_traces", "Queries(what='missing_traces')"),
        ("retrieval.context.at.3.mean_recall", "Retrieval(stage='context', k=3, mean='mean_recall')"),
    ],
)
def test_policy_figures_are_named_measures_with_typed_parameters(zh_report, figure, measure):
    from evidence_eval.metrics.measures import parse_measure
    from evidence_eval.report.audit import figure_value

    for system_report in zh_report.systems:
        parsed = parse_measure(figure, system_report.summary, system_report.system)
        assert repr(parsed) == measure
        assert figure_value(system_report, figure) == (parsed.value(system_report.summary), None)
    summary = zh_report.systems[0].summary
    expected = {
        "coverage.stages.context.vital": summary.coverage.stages["context"]["vital"].share,
        "coverage.contradicted": float(summary.coverage.contradicted),
        "missing_traces": float(len(summary.missing_traces)),
        "retrieval.context.at.3.mean_recall": summary.retrieval["context"].at["3"].mean_recall,
    }
    if figure in expected:
        assert parse_measure(figure, summary, "s").value(summary) == expected[figure]


def test_a_figure_with_a_level_too_many_is_refused(zh_report):
    from evidence_eval.errors import UsageError
    from evidence_eval.metrics.measures import parse_measure

    summary = zh_report.systems[0].summary
    with pytest.raises(UsageError, match="drop 'all'"):
        parse_measure("coverage.contradicted.all", summary, "s")


def test_audit_lists_offenders_worst_first_and_counts_the_rest(monkeypatch):
    import evidence_eval.report.audit as audit_module
    from evidence_eval import api

    report = api.score(EN_ANN, EN_TRACES)
    policy = Policy(rules=[Rule(figure="coverage.answer.all", op=">=", value=1.0)])
    every = audit_module.offenders(report.systems[0], "coverage.answer.all")
    ranks = [(audit_module._severity(o.status)) for o in every]
    assert ranks == sorted(ranks) and len(every) >= 2
    monkeypatch.setattr(audit_module, "WORST_SHOWN", 1)
    outcome = next(o for o in audit_module.audit(report, policy) if o.system == report.systems[0].system)
    assert outcome.offender_count == len(every) and len(outcome.worst) == 1
    assert outcome.offender_lines()[-1] == f"… and {len(every) - 1} more"


def test_compare_prints_hostile_system_names_inert(tmp_path):
    lines = ZH_TRACES.read_text(encoding="utf-8").splitlines()
    hostile = "\x1b[2J\x1b]8;;http://x.example\x07link\x1b]8;;\x07\u202eevil\nB"
    a = write_jsonl(tmp_path / "a.jsonl", [dict(json.loads(lines[1]), system="A\x07")])
    b = write_jsonl(tmp_path / "b.jsonl", [dict(json.loads(lines[2]), system=hostile)])
    result = run_cli("compare", a, b, "--annotations", ZH_ANN, "--trials", "200")
    assert result.returncode == 0, result.stderr
    assert not set(result.stdout) & {"\x1b", "\x07", "\u202e"}
    assert (
        "A = A\\x07, B = \\x1b[2J\\x1b]8;;http://x.example\\x07link\\x1b]8;;\\x07\\u202eevil\\nB;"
        in result.stdout
    )


def _en_variant(tmp_path, change_query=None, change_trace=None):
    """The English example's set and traces with a change, beside its corpus."""
    data = json.loads(EN_ANN.read_text(encoding="utf-8"))
    if change_query:
        change_query(data["queries"][0])
    ann = tmp_path / "warranty.annotations.json"
    ann.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    (tmp_path / "corpus.jsonl").write_bytes((EN_ANN.parent / "corpus.jsonl").read_bytes())
    traces = [json.loads(line) for line in EN_TRACES.read_text(encoding="utf-8").splitlines()]
    for trace in traces:
        if change_trace:
            change_trace(trace)
    return ann, write_jsonl(tmp_path / "t.jsonl", [t for t in traces if t["system"] == "hybrid-full"])


def _failed_audit(tmp_path, rules, **changes):
    """`audit` of the English example with `changes` (`_en_variant`) on `rules`: it fails
    (exit 1); its stdout."""
    ann, traces = _en_variant(tmp_path, **changes)
    result = run_cli("audit", ann, traces, "--policy", policy_file(tmp_path, rules))
    assert result.returncode == 1, result.stdout + result.stderr
    return result.stdout


GATE_ON_NOTHING = [
    {"figure": "coverage.contradicted", "op": "==", "value": 0},
    {"figure": "coverage.uncertain", "op": "<=", "value": 0},
    {"figure": "coverage.answer.vital", "op": ">=", "value": 0.9},
    {"figure": "coverage.stages.context.all", "op": ">=", "value": 0.9},
    {"figure": "coverage.lost_at.context", "op": "==", "value": 0},
    {"figure": "missing_traces", "op": "==", "value": 0},
]


def test_a_gate_on_a_set_with_no_sub_questions_fails_with_the_reason(tmp_path):
    """A count (`contradicted == 0`) over no sub-question is not a pass: n/a, with why."""
    stdout = _failed_audit(
        tmp_path, GATE_ON_NOTHING, change_query=lambda query: query.update(sub_questions=[])
    )
    lines = stdout.splitlines()
    for rule in GATE_ON_NOTHING[:5]:
        label = f"{rule['figure']} {rule['op']} {rule['value']}"
        assert f"FAIL  [hybrid-full] {label}: measured n/a: no sub-question" in lines
    assert "PASS  [hybrid-full] missing_traces == 0: measured 0" in lines  # the query is there
    assert "1 passed, 5 failed" in stdout


def test_a_gate_on_traces_with_no_answers_fails_the_answer_rules_with_the_reason(tmp_path):
    lines = _failed_audit(
        tmp_path, GATE_ON_NOTHING, change_trace=lambda trace: trace.pop("answer")
    ).splitlines()
    for rule in GATE_ON_NOTHING[:3]:
        label = f"{rule['figure']} {rule['op']} {rule['value']}"
        assert f"FAIL  [hybrid-full] {label}: measured n/a: no answers in these traces" in lines
    assert "PASS  [hybrid-full] coverage.stages.context.all >= 0.9: measured 1" in lines


def test_a_gate_on_sub_questions_without_facts_or_vital_ones_says_so(tmp_path):
    def okay_without_facts(query):
        for sq in query["sub_questions"]:
            sq.update(answer_facts=[], importance="okay")

    rules = [
        {"figure": "coverage.answer.all", "op": ">=", "value": 0.9},
        {"figure": "coverage.stages.context.vital", "op": ">=", "value": 0.9},
        {"figure": "coverage.answer_without_evidence", "op": "==", "value": 0},
    ]
    lines = _failed_audit(tmp_path, rules, change_query=okay_without_facts).splitlines()
    assert (
        "FAIL  [hybrid-full] coverage.answer.all >= 0.9: measured n/a: no sub-question has answer facts"
        in lines
    )
    assert (
        "FAIL  [hybrid-full] coverage.stages.context.vital >= 0.9: measured n/a: no vital sub-question"
        in lines
    )
    assert (
        "FAIL  [hybrid-full] coverage.answer_without_evidence == 0: measured n/a: "
        "no sub-question has answer facts"
    ) in lines


def test_a_retrieval_rule_no_query_entered_fails_with_the_reason(tmp_path):
    def nothing_relevant(query):
        query["doc_judgments"] = dict.fromkeys(query["doc_judgments"], 0)

    rules = [
        {"figure": "retrieval.context.at.3.hit_rate", "op": ">=", "value": 0.9},
        {"figure": "retrieval.context.at.3.queries_with_unjudged", "op": "==", "value": 0},
        {"figure": "retrieval.context.at.3.queries", "op": "==", "value": 0},
    ]
    stdout = _failed_audit(tmp_path, rules, change_query=nothing_relevant)
    assert (
        "FAIL  [hybrid-full] retrieval.context.at.3.queries_with_unjudged == 0: measured n/a: no query"
        in stdout
    )
    assert "PASS  [hybrid-full] retrieval.context.at.3.queries == 0: measured 0" in stdout
    assert (
        "FAIL  [hybrid-full] retrieval.context.at.3.hit_rate >= 0.9: measured n/a: no query entered the "
        "mean: 1 with no unit judged relevant (--zero-positive exclude)"
    ) in stdout.splitlines()


def test_compare_with_too_few_paired_queries_gives_no_interval_and_no_p(tmp_path):
    """One paired query: a bootstrap interval of zero width beside p = 1 says nothing; the
    delta stands, with why there is no CI and no p."""
    lines = ZH_TRACES.read_text(encoding="utf-8").splitlines()
    a = write_jsonl(tmp_path / "a.jsonl", [json.loads(lines[1])])
    b = write_jsonl(tmp_path / "b.jsonl", [json.loads(lines[2])])
    result = run_cli("compare", a, b, "--annotations", ZH_ANN, "--trials", "200")
    assert result.returncode == 0, result.stderr
    assert "A = hybrid-truncated, B = hybrid-full; 1 paired query;" in result.stdout
    assert (
        "coverage.stages.context.all: A 0.667  B 1.000  delta +0.333  no CI, no p: 1 paired query, "
        "fewer than 6 (under 6 no difference can reach p < 0.05)"
    ) in result.stdout.splitlines()
    assert "p=" not in result.stdout
    report = evidence_eval.score(ZH_ANN, ZH_TRACES)
    figures = compare(report, report, system_a="hybrid-truncated", system_b="hybrid-full").figures
    figure = next(f for f in figures if f.figure == "coverage.stages.context.all")
    assert (figure.delta, figure.ci_low, figure.ci_high, figure.p_value) == (
        pytest.approx(1 / 3),
        None,
        None,
        None,
    )


def test_compare_with_six_paired_queries_gives_the_interval(tmp_path):
    report = _synthetic_report(tmp_path, better_share=0.5, queries=6, seed=3)
    context = next(
        f
        for f in compare(report, report, system_a="A", system_b="B", trials=200).figures
        if f.figure == "coverage.stages.context.all"
    )
    assert context.ci_low is not None and context.p_value is not None and context.not_applicable is None
