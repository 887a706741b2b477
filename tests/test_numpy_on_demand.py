"""NumPy is imported only where an array pays (a long answer, the Python fallbacks): a run of
short answers, with the kernels built, never imports it (0.15 s of every start-up)."""

from __future__ import annotations

import subprocess
import sys

import numpy as np
import pytest

from evidence_eval.text import segment
from tests.conftest import EN_ANN, EN_TRACES, ROOT, ZH_ANN, ZH_TRACES


@pytest.mark.skipif(segment._KERNEL is None, reason="the compiled kernel is not built here")
def test_scoring_short_answers_imports_no_numpy():
    code = (
        "import sys\n"
        "import evidence_eval\n"
        f"evidence_eval.score({str(ZH_ANN)!r}, {str(ZH_TRACES)!r})\n"
        f"evidence_eval.score({str(EN_ANN)!r}, {str(EN_TRACES)!r})\n"
        "from evidence_eval.text.segment import segmenter_for\n"
        "print(segmenter_for('zh').proper_names('张伟在北京大学工作'))\n"  # posseg's route, compiled
        "print('numpy' in sys.modules)\n"
    )
    out = subprocess.run([sys.executable, "-c", code], check=True, capture_output=True, text=True, cwd=ROOT)
    names, numpy_imported = out.stdout.splitlines()[-2:]
    assert names == "[(0, 2), (3, 7)]"  # 张伟, 北京大学
    assert numpy_imported == "False"


def test_the_kernels_posseg_tables_are_the_bytes_of_posseg_as_arrays():
    """`_posseg_tables`, made without NumPy, against NumPy's arrays of jieba's own tables."""
    from jieba.posseg import start_P, trans_P

    states, trans, follows, moves, start, emit, _, _ = segment._posseg_tables()
    assert states == sorted(trans_P) and len(states) == 256
    number = {state: index for index, state in enumerate(states)}
    arrays = np.full((len(states), len(states)), -np.inf)
    for before, row in trans_P.items():
        for after, move in row.items():
            arrays[number[before], number[after]] = move
    followed = arrays > -np.inf
    padded = np.zeros((len(states), -(-len(states) // 64) * 64), dtype=bool)
    padded[:, : len(states)] = followed
    assert trans == arrays.tobytes()
    assert follows == np.packbits(padded, axis=1, bitorder="little").tobytes()
    assert moves == followed.any(axis=1).tobytes()
    assert start == np.array([start_P[state] for state in states]).tobytes()
    model = segment._posseg_model()  # the Python route's arrays: the same tables
    assert (model.trans == arrays).all() and (model.follows == followed).all()
    assert model.emit == emit and model.number == number
