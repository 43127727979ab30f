"""The package's shape: every module imports on its own, no module or function grows too long."""

import ast
import json
import os
import pkgutil
import subprocess
import sys
from pathlib import Path

import pytest

import tourneystats

PACKAGE = Path(tourneystats.__file__).parent
MODULES = sorted(
    m.name
    for m in pkgutil.walk_packages([str(PACKAGE)], "tourneystats.")
    if "__main__" not in m.name
)


#: imports each module named on the command line (after the package's name) with none of the
#: package's modules loaded before it (the libraries it uses stay loaded: they cannot depend on
#: the package), and prints the ones that fail with their error, as JSON
ALONE = """
import importlib, json, sys, traceback
package, failed = sys.argv[1], {}
for name in sys.argv[2:]:
    for loaded in [m for m in sys.modules if m == package or m.startswith(package + ".")]:
        del sys.modules[loaded]
    try:
        importlib.import_module(name)
    except BaseException:
        failed[name] = traceback.format_exc().strip().splitlines()[-1]
print(json.dumps(failed))
"""


def test_every_module_imports_alone():
    # each module imported with none of the package loaded: an import cycle or an import-order
    # dependency fails here (one interpreter for all: a fresh one each costs a second a module)
    n = max(1, min(4, os.cpu_count() or 1))  # (interpreters side by side, a share each)
    runs = [
        subprocess.Popen(
            [sys.executable, "-c", ALONE, "tourneystats", *MODULES[i::n]],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        for i in range(n)
    ]
    failed = {}
    for run in runs:
        out, err = run.communicate()
        assert run.returncode == 0, err
        failed.update(json.loads(out.strip().splitlines()[-1]))
    assert not failed, failed


def test_a_module_that_needs_another_imported_first_fails_alone(tmp_path):
    """The check above finds an import-order dependency: ``b`` uses ``a`` without importing
    it, so ``b`` alone fails, and after ``a`` it would not."""
    package = tmp_path / "layoutpkg"
    package.mkdir()
    (package / "__init__.py").write_text("")
    (package / "a.py").write_text("import sys\nsys.modules['layoutpkg'].shared = 1\n")
    (package / "b.py").write_text("import layoutpkg\nvalue = layoutpkg.shared\n")
    command = [sys.executable, "-c", ALONE, "layoutpkg", "layoutpkg.a", "layoutpkg.b"]
    done = subprocess.run(command, capture_output=True, text=True, cwd=tmp_path)
    assert json.loads(done.stdout) == {
        "layoutpkg.b": "AttributeError: module 'layoutpkg' has no attribute 'shared'"
    }
    command = [sys.executable, "-c", ALONE, "layoutpkg", "layoutpkg.b"]  # (and b alone)
    done = subprocess.run(command, capture_output=True, text=True, cwd=tmp_path)
    assert list(json.loads(done.stdout)) == ["layoutpkg.b"]


def _code_lines(node: ast.AST, lines: list[str]) -> int:
    """Lines of code of a function, its docstring, blank lines and comments left out."""
    body = node.body
    if isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
        body = body[1:]
    if not body:
        return 0
    text = lines[body[0].lineno - 1 : node.end_lineno]
    return sum(1 for line in text if line.strip() and not line.strip().startswith("#"))


@pytest.mark.parametrize(
    "path", sorted(PACKAGE.rglob("*.py")), ids=lambda p: p.relative_to(PACKAGE).as_posix()
)
def test_modules_and_functions_stay_readable(path):
    source = path.read_text()
    lines = source.splitlines()
    assert len(lines) <= 1000, f"{path.relative_to(PACKAGE)}: {len(lines)} lines"
    long = {
        node.name: _code_lines(node, lines)
        for node in ast.walk(ast.parse(source))
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef)
        and _code_lines(node, lines) > 100
    }
    assert not long, f"{path.relative_to(PACKAGE)}: functions over 100 lines of code: {long}"


def test_no_module_is_hidden_by_a_name_of_its_package():
    # a function named like its module (cards.standings in cards/standings.py) would make
    # ``import tourneystats.cards.standings`` and ``mock.patch("...standings.x")`` miss the module
    import importlib

    hidden = []
    for name in MODULES:
        parent, _, leaf = name.rpartition(".")
        module = importlib.import_module(name)
        if getattr(importlib.import_module(parent), leaf) is not module:
            hidden.append(name)
    assert not hidden


def test_the_top_level_holds_the_project_and_nothing_else():
    """The project's top level: the package, its tests, notebooks, sample data, docs, CI."""
    root = PACKAGE.parent
    if not (root / ".git").exists():
        pytest.skip("not a git checkout (an installed package)")
    listed = subprocess.run(
        ["git", "ls-files"], cwd=root, capture_output=True, text=True, check=True
    ).stdout.split()
    top = {name.split("/")[0] for name in listed}
    expected = {"pyproject.toml", "README.md", "tourneystats", "notebooks", "data", "tests"}
    assert top - expected <= {".ci", "docs", ".gitignore"}, sorted(top - expected)
    assert expected <= top
