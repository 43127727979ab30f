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
from tourneystats.clihelp import complete_help  # noqa: E402

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
# ".rst" first: autosummary writes its stubs (RST) with the first suffix, and MyST would print them
source_suffix = {".rst": "restructuredtext", ".md": "myst-nb", ".ipynb": "myst-nb"}
exclude_patterns = ["_build", "_generated/presets.md"]  # included by conventions.md, not a page
html_theme = "pydata_sphinx_theme"
html_title = f"tourneystats {version}"
html_theme_options = {"navigation_with_keys": False}
autosummary_generate = True
# a class page: its docstring (fields under Parameters or Attributes) and its documented methods,
# without autosummary's tables of every attribute and inherited method (blank for fields)
templates_path = ["_templates"]
# ("set": the setter matplotlib generates on an Artist subclass, all of Artist's properties)
autodoc_default_options = {"members": True, "exclude-members": "set"}
numpydoc_show_class_members = False
numpydoc_class_members_toctree = False
# the notebooks are committed without outputs: every build runs them, so the gallery shows
# their charts and tables as the code of this version draws them (a failing cell fails the build)
nb_execution_mode = "force"
nb_execution_timeout = 300
nb_execution_raise_on_error = True
nb_execution_show_tb = True
myst_enable_extensions = ["colon_fence", "dollarmath"]

intersphinx_mapping = {}  # no network: links to pandas and numpy stay plain text
suppress_warnings = ["myst.header"]

GENERATED = HERE / "_generated"


def _clean() -> None:
    """An empty ``_generated`` folder: no page of an earlier build (a stub of a name since
    removed, a stub in another format) outlives its source."""
    if GENERATED.is_dir():
        shutil.rmtree(GENERATED)
    GENERATED.mkdir()


def _notebooks() -> None:
    """The notebooks of the project, copied beside the pages (the gallery runs and renders them;
    they read the sample seasons through ``tourneystats.sample_data()``)."""
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
        complete_help(command)  # the parts read from the families, as --help shows them
        lines += [f"## `tourneystats {name}`", "", "```text", command.format_help().rstrip()]
        lines += ["```", ""]
    GENERATED.mkdir(exist_ok=True)
    (GENERATED / "cli.md").write_text("\n".join(lines))


#: the page of each family (its module docstring is the user documentation), then the shared tools
FAMILIES = ("cards", "chess", "bridge", "league")
SHARED = ("whatif", "plot", "archive", "synth", "accessor")
#: public for type hints only: the Axes and Figure the charts return (matplotlib's own reference)
NOT_LISTED = {"ChartAxes", "ChartFigure"}
#: the names the top level defines itself (the others are the families' names, re-exported)
TOP_LEVEL = ("read_table", "write_table", "competition_rank", "decided_by", "validate", "Column",
             "ValidationError", "sample_data")  # fmt: skip


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
    """The functions and classes a public module exports (its ``__all__``, which every public
    module has: tests/test_docs.py checks it), without the other names of one it exports (an
    earlier name such as ``bridge.session_standings``: its module's text names it)."""
    exported = set(module.__all__)

    def alias(name: str) -> bool:
        real = getattr(getattr(module, name), "__name__", name)
        return real != name and real in exported

    return [
        n
        for n in module.__all__
        if callable(getattr(module, n, None)) and n not in NOT_LISTED and not alias(n)
    ]


def _reference_pages() -> None:
    """A page per family, then the API page: the families, then the shared tools, each public
    function and class with a page of its own (signature, parameters, returns, examples)."""
    import importlib

    GENERATED.mkdir(exist_ok=True)
    for name in FAMILIES:
        module = importlib.import_module(f"tourneystats.{name}")
        lines = [f"# `tourneystats.{name}`", "", *_autosummary(module.__name__, _public(module))]
        (GENERATED / f"family-{name}.md").write_text("\n".join(lines))
    lines = ["# API reference", "", "## The families", ""]
    for name in FAMILIES:
        summary = importlib.import_module(f"tourneystats.{name}").__doc__.strip().splitlines()[0]
        lines.append(f"- [`tourneystats.{name}`](family-{name}.md): {summary}")
    lines += ["", "## Shared tools", "", "### `tourneystats`", "",
              "Tables, ranks and validation; the families' file readers (`read_trf`, "
              "`read_pbn`, `read_usebio`, ...) are also reachable from here.", "",
              *_autosummary("tourneystats", list(TOP_LEVEL), docs=False)]  # fmt: skip
    for name in SHARED:
        module = importlib.import_module(f"tourneystats.{name}")
        summary = module.__doc__.strip().splitlines()[0]
        lines += [f"### `tourneystats.{name}`", "", summary, "",
                  *_autosummary(module.__name__, _public(module), docs=False)]  # fmt: skip
    (GENERATED / "api.md").write_text("\n".join(lines))


def _presets() -> None:
    """A table per family of its named presets: each one's fields that differ from the default."""
    import dataclasses

    from tourneystats import bridge, cards, chess

    registries = [("Card games (`rules=`)", cards.RULES, "mtg"),
                  ("Chess (`rules=`)", chess.RULE_SETS, "adjusted"),
                  ("Bridge (`convention=`)", bridge.CONVENTIONS, "ebu"),
                  ("Bridge teams (`rules=`)", bridge.TEAM_RULES, "vp_only"),
                  ("Bridge knockouts (`rules=`)", bridge.KNOCKOUT_RULES, "ebu")]  # fmt: skip

    def shown(value: object) -> str:  # 1/3 as 0.333333, not 0.3333333333333333
        return f"{value:.6g}" if isinstance(value, float) else repr(value)

    lines = []
    for title, registry, default in registries:
        base = registry[default]
        lines += [f"## {title}", "", "| name | differs from the default in |", "| --- | --- |"]
        for name, preset in registry.items():
            changed = [
                f"`{f.name}={shown(getattr(preset, f.name))}`"
                for f in dataclasses.fields(preset)
                if getattr(preset, f.name) != getattr(base, f.name)
                and f.name not in ("name", "source")
            ]
            label = f"`{name}`" + (" (default)" if name == default else "")
            lines.append(f"| {label} | {', '.join(changed) or '-'} |")
        lines.append("")
    (GENERATED / "presets.md").write_text("\n".join(lines))


_clean()
_notebooks()
_cli()
_reference_pages()
_presets()


def _no_field_aliases(app, what, name, obj, options, lines) -> None:
    """A named tuple's fields are described in its docstring: not "Alias for field number 0"."""
    said = [line.strip() for line in lines if line.strip()]
    said = [line for line in said if not line.startswith(("..", "!!"))]  # numpydoc's mark
    if len(said) == 1 and said[0].startswith("Alias for field number"):
        lines.clear()


def setup(app) -> None:
    app.connect("autodoc-process-docstring", _no_field_aliases)
