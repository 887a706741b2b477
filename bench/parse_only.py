"""The floor: parse the benchmark's input files with the fastest JSON parser installed."""

from __future__ import annotations

import sys

try:
    import orjson

    loads = orjson.loads
except ImportError:  # pragma: no cover
    import json

    loads = json.loads


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
