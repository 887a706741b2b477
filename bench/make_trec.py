"""TREC qrels + run for the retrieval benchmark: QUERIES x DEPTH ranked items."""

from __future__ import annotations

import random
import sys
from pathlib import Path


def main(folder: str, queries: int = 10_000, depth: int = 100, seed: int = 13) -> None:
    rng = random.Random(seed)
    out = Path(folder)
    out.mkdir(parents=True, exist_ok=True)
    with open(out / "qrels.txt", "w") as qrels, open(out / "run.txt", "w") as run:
        for q in range(queries):
            pool = [f"D{rng.randrange(1_000_000)}" for _ in range(depth * 2)]
            pool = list(dict.fromkeys(pool))
            for doc in rng.sample(pool, 30):
                qrels.write(f"Q{q} 0 {doc} {rng.choice((0, 0, 1, 2))}\n")
            for rank, doc in enumerate(pool[:depth], start=1):
                run.write(f"Q{q} Q0 {doc} {rank} {1000 - rank:.4f} bench\n")


if __name__ == "__main__":
    main(sys.argv[1], *(int(a) for a in sys.argv[2:]))
