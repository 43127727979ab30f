"""Sphinx configuration of the tourneystats documentation (``sphinx-build -W docs OUT``)."""

from __future__ import annotations

import shutil
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path.insert(0, str(ROOT))

import tourneystats  # noqa: E402
from tourneystats.cli import build_parser  # noqa: E402

project = "tourneystats"
author = "the tourneystats developers"
release = version = tourneystats.__version__
extensions = [
    "sphinx.ext.autodoc",
    "sphinx.ext.autosummary",
    "sphinx.ext.intersphinx",
    "numpydoc",
    "myst_nb",
]
source_suffix = {".md": "myst-nb", ".ipynb": "myst-nb"}
exclude_patterns = ["_build"]
html_theme = "pydata_sphinx_theme"
html_title = f"tourneystats {version}"
html_theme_options = {"navigation_with_keys": False}
autosummary_generate = True
autodoc_default_options = {"members": True}
numpydoc_show_class_members = False
numpydoc_class_members_toctree = False
nb_execution_mode = "off"  # the notebooks run in the test suite; their stored outputs are shown
myst_enable_extensions = ["colon_fence"]

intersphinx_mapping = {}  # no network: links to pandas and numpy stay plain text
suppress_warnings = ["myst.header"]

GENERATED = HERE / "_generated"


def _notebooks() -> None:
    """The notebooks of the project, copied beside the pages (the gallery renders them)."""
    target = GENERATED / "notebooks"
    target.mkdir(parents=True, exist_ok=True)
    for source in sorted((ROOT / "notebooks").iterdir()):
        if source.suffix in (".ipynb", ".png"):
            shutil.copy2(source, target / source.name)


def _cli() -> None:
    """The command line reference: every command's ``--help``, as the program prints it."""
    parser = build_parser()
    lines = ["# Command line reference", "", "```text", parser.format_help().rstrip(), "```", ""]
    sub = next(a for a in parser._actions if a.dest == "command")
    for name, command in sub.choices.items():
        for action in command._actions:  # the help a family command shows with --help
            if action.dest == "rules":
                from tourneystats.cli import _rules_help

                action.help = _rules_help()
        lines += [f"## `tourneystats {name}`", "", "```text", command.format_help().rstrip()]
        lines += ["```", ""]
    GENERATED.mkdir(exist_ok=True)
    (GENERATED / "cli.md").write_text("\n".join(lines))


#: the page of each family (its module docstring is the user documentation), then the rest
FAMILIES = ("cards", "chess", "bridge", "league")
REFERENCE = ("core", "whatif", "archive", "plot", "synth", "accessor", "io")


def _autosummary(module_name: str, names: list[str], *, docs: bool = True) -> list[str]:
    """A module's documentation (or just its name) and the table of its public names."""
    head = (
        [f".. automodule:: {module_name}", "   :no-members:"]
        if docs
        else [f".. currentmodule:: {module_name}"]
    )
    return ["```{eval-rst}", *head, "", ".. autosummary::", "   :toctree: api", "",
            *[f"   {n}" for n in names], "```", ""]  # fmt: skip


def _public(module) -> list[str]:
    names = getattr(module, "__all__", None) or [n for n in vars(module) if not n.startswith("_")]
    return [n for n in names if callable(getattr(module, n, None))]


def _reference_pages() -> None:
    """A page per family and per shared module, listing every public function and class."""
    import importlib

    GENERATED.mkdir(exist_ok=True)
    for name in FAMILIES:
        module = importlib.import_module(f"tourneystats.{name}")
        lines = [f"# `tourneystats.{name}`", "", *_autosummary(module.__name__, _public(module))]
        (GENERATED / f"family-{name}.md").write_text("\n".join(lines))
    lines = ["# API reference", "", "The families: "
             + ", ".join(f"[`tourneystats.{n}`](family-{n}.md)" for n in FAMILIES) + ".", ""]  # fmt: skip
    for name in REFERENCE:
        module = importlib.import_module(f"tourneystats.{name}")
        if name == "core":
            for leaf in ("schema", "ranking", "whatif", "io", "folders", "dates", "check"):
                sub = importlib.import_module(f"tourneystats.core.{leaf}")
                lines += [f"## `tourneystats.core.{leaf}`", "",
                          *_autosummary(sub.__name__, _public(sub), docs=False)]  # fmt: skip
            continue
        lines += [f"## `tourneystats.{name}`", "",
                  *_autosummary(module.__name__, _public(module), docs=False)]  # fmt: skip
    (GENERATED / "api.md").write_text("\n".join(lines))


def _presets() -> None:
    """A table per family of its named presets: each one's fields that differ from the default."""
    import dataclasses

    from tourneystats import cards, chess

    registries = [("Card games (`rules=`)", cards.RULES, "mtg"),
                  ("Chess (`rules=`)", chess.RULE_SETS, "adjusted")]  # fmt: skip
    lines = []
    for title, registry, default in registries:
        base = registry[default]
        lines += [f"## {title}", "", "| name | differs from the default in |", "| --- | --- |"]
        for name, preset in registry.items():
            changed = [
                f"`{f.name}={getattr(preset, f.name)!r}`"
                for f in dataclasses.fields(preset)
                if getattr(preset, f.name) != getattr(base, f.name) and f.name != "name"
            ]
            label = f"`{name}`" + (" (default)" if name == default else "")
            lines.append(f"| {label} | {', '.join(changed) or '-'} |")
        lines.append("")
    (GENERATED / "presets.md").write_text("\n".join(lines))


_notebooks()
_cli()
_reference_pages()
_presets()
