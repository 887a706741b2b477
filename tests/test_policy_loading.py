"""Reading a policy: a threshold a share figure can never meet (95 for 0.95) is refused when
the policy is read, before any scoring, with the value it likely meant."""

from __future__ import annotations

import json

import pytest
from conftest import ZH_ANN, ZH_TRACES, run_cli


def policy_file(tmp_path, figure, op, value):
    path = tmp_path / "policy.json"
    path.write_text(json.dumps({"name": "g", "rules": [{"figure": figure, "op": op, "value": value}]}))
    return path


@pytest.mark.parametrize(
    ("figure", "op", "value", "hint"),
    [
        ("coverage.stages.context.vital", ">=", 95, ": did you mean 0.95?"),
        ("coverage.answer.all", "<=", 90, ": did you mean 0.9?"),
        ("by_kind.deadline.answer_graded.vital", ">=", 80, ": did you mean 0.8?"),
        ("coverage.stages_graded.context.all", ">=", -0.5, ""),
        ("retrieval.candidates.at.3.hit_rate", ">=", 250, ""),
        ("retrieval.context.at.1.mrr", ">", 1.5, ": did you mean 0.015?"),
    ],
)
def test_a_share_threshold_outside_0_to_1_is_refused(tmp_path, figure, op, value, hint):
    policy = policy_file(tmp_path, figure, op, value)
    result = run_cli("audit", ZH_ANN, ZH_TRACES, "--policy", policy)
    assert result.returncode == 2 and not result.stdout
    assert (
        f"{policy}: $.rules[0].value: {value:g} on {figure!r}, a share from 0 to 1{hint}\n"
        in result.stderr.removeprefix("evidence-eval: error: ")
    )


@pytest.mark.parametrize(
    ("figure", "value"),
    [
        ("coverage.contradicted", 3),
        ("coverage.answer_statuses.missing", 5),
        ("by_kind.deadline.lost_at.context", 2),
        ("missing_traces", 10),
        ("retrieval.candidates.at.3.queries", 25),
        ("retrieval.candidates.at.3.mean_depth", 4.5),
        ("coverage.stages.context.vital", 1),
        ("coverage.stages.context.vital", 0),
    ],
)
def test_counts_and_shares_in_range_are_read_as_written(tmp_path, figure, value):
    policy = policy_file(tmp_path, figure, "<=", value)
    result = run_cli("audit", ZH_ANN, ZH_TRACES, "--policy", policy)
    assert result.returncode in (0, 1), result.stderr
    assert f"{figure} <= {value:g}: measured" in result.stdout


def test_which_figures_are_shares():
    from evidence_eval.models.policy import is_share

    assert is_share("coverage.stages.context.all") and is_share("by_kind.k.answer.vital")
    assert is_share("retrieval.x.at.10.mean_recall") and is_share("coverage.answer_graded.all")
    assert not is_share("coverage.uncertain") and not is_share("scored_traces")
    assert not is_share("coverage.stages") and not is_share("retrieval.x.at.10.queries_with_unjudged")
