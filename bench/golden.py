"""The golden verdicts of the adversarial cases: what the matcher says of every case of
tests/cases/, under the matcher version that said it (tests/test_golden_verdicts.py fails when
a verdict changes while the version stays the same).

    python bench/golden.py                 # rewrite tests/cases/golden.json
    python bench/golden.py --assign-ids    # give the cases added without an `id` their id

A fact case's verdict is its status and its support rounded to 3 decimals; a span case's is
the route that matched it, or the reasons its candidates were rejected for.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from evidence_eval.errors import InputError
from evidence_eval.io.output import atomic_write
from evidence_eval.match.manifest import matcher_names
from evidence_eval.match.probe import case_id, load_cases, verdict

CASES = Path(__file__).resolve().parent.parent / "tests" / "cases"
GOLDEN = CASES / "golden.json"


def matcher_version() -> str:
    return matcher_names()


def golden_text(version: str, verdicts: dict[str, dict]) -> str:
    """One case a line, sorted by id: a regenerated file's diff shows the verdicts that moved."""
    lines = [
        f"  {json.dumps(key)}: {json.dumps(value, ensure_ascii=False)}"
        for key, value in sorted(verdicts.items())
    ]
    return f'{{\n "version": {json.dumps(version)},\n "verdicts": {{\n' + ",\n".join(lines) + "\n }\n}\n"


def write_golden() -> None:
    cases = load_cases(CASES)
    atomic_write(
        GOLDEN, golden_text(matcher_version(), {case["id"]: verdict(case) for case in cases}), overwrite=True
    )
    print(f"{GOLDEN}: {len(cases)} verdicts under {matcher_version()}")


def assign_ids() -> None:
    """Every case line without an `id` gets `case_id` of its content, as its first key."""
    for path in sorted(CASES.rglob("*.jsonl")):
        lines = path.read_text(encoding="utf-8").splitlines()
        cases = [json.loads(line) for line in lines if line.strip()]
        new = [case for case in cases if "id" not in case]
        if new:
            cases = [case if "id" in case else {"id": case_id(case), **case} for case in cases]
            text = "".join(json.dumps(case, ensure_ascii=False) + "\n" for case in cases)
            atomic_write(path, text, overwrite=True)
            print(f"{path}: {len(new)} ids assigned")
    load_cases(CASES)  # a repeated id is reported here


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--assign-ids", action="store_true", help="give new cases their id, then stop")
    args = parser.parse_args()
    try:
        assign_ids() if args.assign_ids else write_golden()
    except (InputError, json.JSONDecodeError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        sys.exit(2)


if __name__ == "__main__":
    main()
