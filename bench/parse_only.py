"""The floor: parse the benchmark's input files with orjson, the fastest JSON parser for Python."""

from __future__ import annotations

import sys

try:
    from orjson import loads
except ImportError:  # the floor must be the fastest parser: json.loads would flatter every ratio
    sys.exit("parse_only.py needs orjson: pip install -e '.[bench]'")


def main(folder: str) -> None:
    with open(f"{folder}/bench.annotations.json", "rb") as handle:
        loads(handle.read())
    for name in ("corpus.jsonl", "bench.traces.jsonl"):
        with open(f"{folder}/{name}", "rb") as handle:
            for line in handle:
                loads(line)


if __name__ == "__main__":
    for folder in sys.argv[1:]:
        main(folder)
