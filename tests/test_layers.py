"""The package's layers, as README's Layout names them: a module imports only from its own
layer or the ones below (lazy imports inside functions included). A new upward import fails
here with the module and line."""

from __future__ import annotations

import ast
from functools import cache
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent / "evidence_eval"

# Lowest first. A module belongs to the first entry its dotted name starts with.
LAYERS: list[tuple[str, ...]] = [
    ("errors", "version", "lazy"),
    ("models",),
    ("io",),
    ("lang",),
    ("text",),
    ("match",),
    ("metrics", "coverage", "ingest"),
    ("scoring",),
    ("report",),
    ("annotate",),  # the workflow scores traces for its review queue and reads reports
    ("api",),
    ("cli", "__init__", "dask"),  # `dask`: the old import path of scoring.dask, deprecated
    ("testing",),  # what the tests and benchmarks share
]
# Upward edges let through (module, imported module): none. Add one only with the reason.
ALLOWED: set[tuple[str, str]] = set()


def layer_of(module: str) -> int:
    for index, names in enumerate(LAYERS):
        if any(module == name or module.startswith(name + ".") for name in names):
            return index
    raise AssertionError(f"evidence_eval.{module} is in no layer: add it to LAYERS")


def module_name(path: Path) -> str:
    parts = path.relative_to(PACKAGE).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" and len(parts) > 1 else parts)


@cache
def imported(path: Path) -> tuple[tuple[int, str], ...]:
    """(line, module inside the package) of every import in the file: parsed once for the
    tests below (the parse is their cost)."""
    package_parts = path.relative_to(PACKAGE).parent.parts
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom):
            if node.level:
                base = list(package_parts[: len(package_parts) - node.level + 1])
                target = ".".join([*base, *(node.module.split(".") if node.module else [])])
                names = [target] if node.module else [".".join([*base, a.name]) for a in node.names]
                found += [(node.lineno, name) for name in names if name]
            elif node.module and node.module.startswith("evidence_eval."):
                found.append((node.lineno, node.module.removeprefix("evidence_eval.")))
        elif isinstance(node, ast.Import):
            found += [
                (node.lineno, a.name.removeprefix("evidence_eval."))
                for a in node.names
                if a.name.startswith("evidence_eval.")
            ]
    return tuple(found)


def test_no_module_imports_from_a_higher_layer():
    upward = []
    for path in sorted(PACKAGE.rglob("*.py")):
        module = module_name(path)
        for line, target in imported(path):
            if layer_of(target) > layer_of(module) and (module, target) not in ALLOWED:
                upward.append(f"{path.relative_to(PACKAGE.parent)}:{line}: {module} imports {target}")
    assert not upward, "\n".join(upward)


def test_only_scoring_touches_the_garbage_collector_or_forks():
    touching = []
    for path in sorted(PACKAGE.rglob("*.py")):
        module = module_name(path)
        text = path.read_text(encoding="utf-8")
        if module.startswith("scoring"):
            continue
        for needle in ("import gc", "gc.freeze", "ProcessPoolExecutor", "os.fork", "multiprocessing"):
            if needle in text:
                touching.append(f"{module}: {needle}")
    assert not touching, touching


# The only modules beside the packages: the entry points, what every layer needs, and the
# deprecated import path `evidence_eval.dask` (README named it before it moved to scoring/).
TOP_LEVEL_MODULES = {"__init__", "api", "cli", "errors", "lazy", "version", "dask"}


def test_every_module_lives_in_a_package_but_the_entry_points():
    stray = sorted(path.stem for path in PACKAGE.glob("*.py") if path.stem not in TOP_LEVEL_MODULES)
    assert not stray, f"move {stray} into the package whose story it tells (README, Layout)"


def test_packages_import_one_another_one_way():
    """No two packages (or top-level modules) import each other, lazily or not: a circle
    hidden inside one layer fails here."""
    edges = set()
    for path in sorted(PACKAGE.rglob("*.py")):
        source = module_name(path).split(".")[0]
        edges |= {(source, target.split(".")[0]) for _, target in imported(path)}
    both_ways = sorted((a, b) for a, b in edges if a < b and (b, a) in edges)
    assert not both_ways, both_ways
