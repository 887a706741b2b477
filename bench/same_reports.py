"""Whether a speed change left `score`'s reports as they were: the reports of a reference
checkout and of this tree on the same inputs, byte for byte once the matcher digests (`#` and
12 hex digits: a hash of the matcher's code, which any edit changes) and the tool's version are
set aside.

    python bench/same_reports.py save DIR [--inputs bench/out/realistic-300 bench/out/score-300]
    python bench/same_reports.py check DIR [--inputs ...]

`save` writes the reports under DIR, one per input folder and language (run it with the reference
checkout's interpreter: `/path/to/ref/.venv/bin/python bench/same_reports.py save DIR`); `check`
scores again with this tree and names the first differing line of each report that differs
(exit 1). Each report is scored inside its input folder, but it names the corpus by its absolute
path: check against the same input folders the references were saved from (`--inputs`), not a
copy of them elsewhere.
"""

from __future__ import annotations

import argparse
import re
import subprocess
import sys
import tempfile
from pathlib import Path

DIGEST = re.compile(rb"#[0-9a-f]{12}")
# The release the report names: a speed release changes it and nothing else.
VERSION = re.compile(rb'("tool_version": "|version:)[0-9][0-9a-z.+-]*')
HERE = Path(__file__).parent
DEFAULT_INPUTS = [str(HERE / "out" / "realistic-300"), str(HERE / "out" / "score-300")]


def report(folder: Path) -> bytes:
    """`score`'s JSON report of one generated input folder, digests masked. Run inside the
    folder, so that the input paths the report names are the same wherever the folder is."""
    with tempfile.TemporaryDirectory() as scratch:
        out = Path(scratch) / "report.json"
        command = [sys.executable, "-m", "evidence_eval.cli", "score", "bench.annotations.json"]
        command += ["bench.traces.jsonl", "--format", "json", "-o", str(out)]
        subprocess.run(command, check=True, stdout=subprocess.DEVNULL, cwd=folder)
        return VERSION.sub(rb"\1VERSION", DIGEST.sub(b"#digest", out.read_bytes()))


def first_difference(before: bytes, after: bytes) -> str:
    for number, (old, new) in enumerate(zip(before.splitlines(), after.splitlines()), 1):
        if old != new:
            return f"line {number}: {old[:160]!r} -> {new[:160]!r}"
    return f"lengths differ: {len(before)} -> {len(after)} bytes"


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("action", choices=["save", "check"])
    parser.add_argument("reference", type=Path)
    parser.add_argument("--inputs", nargs="+", default=DEFAULT_INPUTS)
    arguments = parser.parse_args()
    arguments.reference.mkdir(parents=True, exist_ok=True)
    differing = 0
    for inputs in map(Path, arguments.inputs):
        for language in sorted(path.name for path in inputs.iterdir() if path.is_dir()):
            name = f"{inputs.name}-{language}.json"
            masked = report(inputs / language)
            kept = arguments.reference / name
            if arguments.action == "save":
                kept.write_bytes(masked)
                print(f"saved {kept}")
            elif masked == kept.read_bytes():
                print(f"same  {name}")
            else:
                differing += 1
                print(f"DIFF  {name}: {first_difference(kept.read_bytes(), masked)}")
    return 1 if differing else 0


if __name__ == "__main__":
    sys.exit(main())
