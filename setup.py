"""The compiled alignment DP, optional: where it does not build, `align.py`'s plain-Python/NumPy
path (the same alignments) runs instead. Everything else is in pyproject.toml."""

from setuptools import Extension, setup

setup(
    ext_modules=[
        Extension("evidence_eval.match._align_kernel", ["evidence_eval/match/_align_kernel.c"], optional=True),
        Extension("evidence_eval.match._ratio_kernel", ["evidence_eval/match/_ratio_kernel.c"], optional=True),
    ]
)
