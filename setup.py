"""The compiled kernels, each optional: where one does not build, the plain-Python code it
speeds up (the definition of its results, the same results) runs instead. Everything else is in
pyproject.toml."""

from setuptools import Extension, setup

KERNELS = (
    "evidence_eval/match/_align_kernel",  # the alignment DP (align.py)
    "evidence_eval/match/_ratio_kernel",  # rapidfuzz partial_ratio's bounds (ratio_bound.py)
    "evidence_eval/text/_normalize_kernel",  # fold and spaces (normalize.py)
    "evidence_eval/text/_segment_kernel",  # jieba's route and Viterbi (segment.py)
)

setup(
    ext_modules=[
        Extension(path.replace("/", "."), [f"{path}.c"], optional=True) for path in KERNELS
    ]
)
