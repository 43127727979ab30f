"""Sphinx configuration of the tourneystats documentation (``sphinx-build -W docs OUT``).

Every build is nitpicky (each cross-reference must resolve) and writes nothing into the source
tree but ``docs/_generated`` (ignored by git, rebuilt each time): the notebooks' outputs and the
figures of the plot directive go under the build folder.
"""

from __future__ import annotations

import builtins
import dataclasses
import importlib
import re
import shutil
import sys
from pathlib import Path
from typing import Any

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
    "matplotlib.sphinxext.plot_directive",
]
# ".rst" first: autosummary writes its stubs (RST) with the first suffix, and MyST would print them
source_suffix = {".rst": "restructuredtext", ".md": "myst-nb", ".ipynb": "myst-nb"}
exclude_patterns = ["_build", "jupyter_execute", "_generated/presets.md", "**.ipynb_checkpoints"]
nitpicky = True  # every reference resolves (tests/test_docs.py builds with -W)
html_theme = "pydata_sphinx_theme"
html_title = f"tourneystats {version}"
html_static_path = ["_static"]
html_css_files = ["tourneystats.css"]
html_theme_options = {
    "navigation_with_keys": False,
    "header_links_before_dropdown": 6,  # the six sections, never "More"
    "show_toc_level": 2,
    "secondary_sidebar_items": ["page-toc"],
    "footer_start": ["copyright"],
    "footer_end": [],
}
#: pages without sub-pages: no empty "Section navigation" column
html_sidebars = {
    "index": [],
    "install": [],
    "getting_started": [],
    "changelog": [],
}
autosummary_generate = True
# a class page: its docstring (fields under Parameters or Attributes) and its documented methods,
# without autosummary's tables of every attribute and inherited method (blank for fields)
templates_path = ["_templates"]
# ("set": the setter matplotlib generates on an Artist subclass, all of Artist's properties)
autodoc_default_options = {"members": True, "exclude-members": "set"}
numpydoc_show_class_members = False
numpydoc_class_members_toctree = False
# the notebooks and the executable pages (getting started, user guide) are committed without
# outputs: every build runs them, so the site shows the tables and charts of this version (a
# failing cell fails the build)
nb_execution_mode = "force"
nb_execution_timeout = 300
nb_execution_raise_on_error = True
nb_execution_show_tb = True
nb_merge_streams = True
nb_execution_in_temp = True  # a page writing files (an archive) writes them there
myst_enable_extensions = ["colon_fence", "dollarmath"]

# the figures of the plot pages: drawn at build time, no source link, one PNG
plot_include_source = True
plot_html_show_source_link = False
plot_html_show_formats = False
plot_formats = [("png", 100)]
plot_rcparams = {"figure.dpi": 100}
plot_pre_code = "import pandas as pd\nimport tourneystats"  # as the accessor's examples assume

intersphinx_mapping: dict[str, Any] = {}  # no network: third-party names link by EXTERNAL below
suppress_warnings = ["myst.header"]

GENERATED = HERE / "_generated"

#: the third-party names our signatures and docstrings use, and their documentation pages (the
#: build works offline, so no intersphinx inventory: each link is written here)
PANDAS = "https://pandas.pydata.org/docs/reference/api/"
PYTHON = "https://docs.python.org/3/library/"
MPL = "https://matplotlib.org/stable/api/"
NUMPY = "https://numpy.org/doc/stable/reference/generated/"
EXTERNAL = {
    "pandas.DataFrame": PANDAS + "pandas.DataFrame.html",
    "pd.DataFrame": PANDAS + "pandas.DataFrame.html",
    "DataFrame": PANDAS + "pandas.DataFrame.html",
    "pandas.Series": PANDAS + "pandas.Series.html",
    "pd.Series": PANDAS + "pandas.Series.html",
    "pandas.Index": PANDAS + "pandas.Index.html",
    "pandas.Categorical": PANDAS + "pandas.Categorical.html",
    "pandas.Timestamp": PANDAS + "pandas.Timestamp.html",
    "pandas.read_parquet": PANDAS + "pandas.read_parquet.html",
    "pandas.read_csv": PANDAS + "pandas.read_csv.html",
    "pandas.DataFrame.sort_values": PANDAS + "pandas.DataFrame.sort_values.html",
    "pandas.api.extensions.register_dataframe_accessor": PANDAS
    + "pandas.api.extensions.register_dataframe_accessor.html",
    "numpy.ndarray": NUMPY + "numpy.ndarray.html",
    "numpy.histogram_bin_edges": NUMPY + "numpy.histogram_bin_edges.html",
    "os.PathLike": PYTHON + "os.html#os.PathLike",
    "pathlib.Path": PYTHON + "pathlib.html#pathlib.Path",
    "Path": PYTHON + "pathlib.html#pathlib.Path",
    "ValueError": "https://docs.python.org/3/library/exceptions.html#ValueError",
    "matplotlib.axes.Axes": MPL + "_as_gen/matplotlib.axes.Axes.html",
    "matplotlib.axes._axes.Axes": MPL + "_as_gen/matplotlib.axes.Axes.html",
    "Axes": MPL + "_as_gen/matplotlib.axes.Axes.html",
    "matplotlib.figure.Figure": MPL + "_as_gen/matplotlib.figure.Figure.html",
    "matplotlib.lines.Line2D": MPL + "_as_gen/matplotlib.lines.Line2D.html",
    "matplotlib.text.Text": MPL + "text_api.html#matplotlib.text.Text",
    "matplotlib.artist.Artist": MPL + "artist_api.html#matplotlib.artist.Artist",
    "matplotlib.backend_bases.RendererBase": MPL
    + "backend_bases_api.html#matplotlib.backend_bases.RendererBase",
    "matplotlib.transforms.Bbox": MPL + "transformations.html#matplotlib.transforms.Bbox",
    "matplotlib.collections.LineCollection": MPL
    + "collections_api.html#matplotlib.collections.LineCollection",
    "numpy.datetime64": "https://numpy.org/doc/stable/reference/arrays.scalars.html"
    "#numpy.datetime64",
    "datetime.date": PYTHON + "datetime.html#datetime.date",
}
for _name in ("Sequence", "Mapping", "Iterable", "Hashable", "Callable", "Collection",
              "Iterator", "MutableMapping"):  # fmt: skip
    EXTERNAL[f"collections.abc.{_name}"] = PYTHON + f"collections.abc.html#collections.abc.{_name}"


def _clean() -> None:
    """An empty ``_generated`` folder: no page of an earlier build (a stub of a name since
    removed, a stub in another format) outlives its source."""
    if GENERATED.is_dir():
        shutil.rmtree(GENERATED)
    GENERATED.mkdir()


def _notebooks() -> None:
    """The notebooks of the project, copied beside the pages (the examples run and render them;
    they read the sample seasons through ``tourneystats.sample_data()``)."""
    target = GENERATED / "notebooks"
    target.mkdir(parents=True, exist_ok=True)
    for source in sorted((ROOT / "notebooks").iterdir()):
        if source.suffix in (".ipynb", ".png"):
            shutil.copy2(source, target / source.name)


def _cli() -> None:
    """The command line reference: every command's ``--help``, as the program prints it."""
    parser = build_parser()
    lines = ["# Command line reference", "",
             "Every command's `--help`, as the program prints it. The "
             "[command-line walkthrough](../user_guide/cli.md) shows them at work.", "",
             "```text", parser.format_help().rstrip(), "```", ""]  # fmt: skip
    sub = next(a for a in parser._actions if a.dest == "command")
    for name, command in sub.choices.items():
        complete_help(command)  # the parts read from the families, as --help shows them
        lines += [f"## `tourneystats {name}`", "", "```text", command.format_help().rstrip()]
        lines += ["```", ""]
    (GENERATED / "cli.md").write_text("\n".join(lines))


#: the page of each family (its module docstring is the user documentation), then the shared tools
FAMILIES = ("cards", "chess", "bridge", "league")
SHARED = ("whatif", "plot", "archive", "synth", "accessor")
#: public for type hints only: the Axes and Figure the charts return (matplotlib's own reference)
NOT_LISTED = {"ChartAxes", "ChartFigure"}
#: the names the top level defines itself (the others are the families' names, re-exported)
TOP_LEVEL = ("read_table", "write_table", "competition_rank", "decided_by", "validate", "Column",
             "ValidationError", "sample_data")  # fmt: skip
#: the modules (not public themselves) whose text the reference cites: each gets a section of
#: the "formats and rules in detail" page
NOTES = ("tourneystats.chess.trf", "tourneystats.chess.pgn", "tourneystats.chess.kinds",
         "tourneystats.chess.points", "tourneystats.chess.regulations",
         "tourneystats.bridge.declared", "tourneystats.bridge.vpscales",
         "tourneystats.bridge.weighted", "tourneystats.bridge.teams")  # fmt: skip

#: the API by task: a title, a sentence, and which public names (module.name) do it; a name
#: may serve several tasks. The task of a name not listed is told by its name (`_task`).
TASKS: dict[str, tuple[str, list[str]]] = {
    "Standings of a season": (
        "Final tables, every event of a frame at once.",
        [
            "cards.standings",
            "chess.standings",
            "bridge.standings",
            "bridge.team_standings",
            "bridge.pool_standings",
            "bridge.imp_standings",
            "bridge.mp_standings",
            "bridge.bam_standings",
            "bridge.season_summary",
            "league.leaderboard",
            "competition_rank",
            "decided_by",
        ],
    ),
    "Reading files and folders": (
        "Result files of every format, and whole folders, to the long-format frames.",
        [
            "read_table",
            "write_table",
            "sample_data",
            "cards.read_mtg_json",
            "cards.read_tom",
            "cards.read_results",
            "cards.read_people",
            "chess.read_trf",
            "chess.read_pgn",
            "chess.write_trf",
            "chess.read_results",
            "bridge.read_pbn",
            "bridge.read_usebio",
            "bridge.read_results",
            "bridge.read_people",
            "league.read_results",
            "cards.standings_from_path",
            "chess.standings_from_path",
            "bridge.standings_from_path",
            "bridge.team_standings_from_path",
            "league.standings_from_path",
        ],
    ),
    "Checking against published values": (
        "Compare what a file publishes with what the rules give.",
        [
            "cards.check_from_path",
            "chess.check_from_path",
            "bridge.check_from_path",
            "cards.file_report",
            "validate",
            "chess.validate_results",
        ],
    ),
    "History and drift": (
        "The standings after every round, session or evening.",
        [
            "cards.standings_by_round",
            "chess.standings_by_round",
            "bridge.season_history",
            "league.history",
            "cards.history_from_path",
            "chess.history_from_path",
            "bridge.history_from_path",
            "league.history_from_path",
            "plot.drift",
        ],
    ),
    "What-if analysis": (
        "The same results under other rules, and what decided each place.",
        [
            "cards.compare",
            "chess.compare",
            "bridge.compare",
            "league.compare",
            "whatif.compare",
            "whatif.summary",
            "whatif.decisive",
            "whatif.tie_depth",
            "whatif.kendall_tau",
            "plot.compare",
            "plot.decisive",
        ],
    ),
    "Explaining a value": (
        "The per-round terms that add up to a tie-break, percentage or ranking.",
        [
            "cards.explain",
            "chess.explain",
            "bridge.explain",
            "league.explain",
            "bridge.pair_scores",
        ],
    ),
    "Charts": (
        "Each takes `ax=None` and returns the Axes.",
        [
            "plot.drift",
            "plot.compare",
            "plot.decisive",
            "plot.distribution",
            "plot.board_spread",
            "plot.pair_boards",
            "accessor.TourneyAccessor",
        ],
    ),
    "Archives and clusters": (
        "Years of results in one Parquet dataset, recomputed at once.",
        [
            "archive.import_folder",
            "archive.write_archive",
            "archive.read_archive",
            "archive.recompute",
            "archive.archive_files",
            "archive.load_config",
        ],
    ),
    "Rules, presets and conventions": (
        "Small documented objects; pass a name or one of your own.",
        [
            "cards.Rules",
            "cards.get_rules",
            "chess.RuleSet",
            "chess.TieBreak",
            "chess.parse_tiebreak",
            "chess.point_system",
            "chess.rules_for_date",
            "bridge.Convention",
            "bridge.MatchpointRules",
            "bridge.ButlerRules",
            "bridge.TeamRules",
            "bridge.KnockoutRules",
            "league.LeagueRules",
            "whatif.RuleSpec",
        ],
    ),
    "Synthetic seasons": (
        "Seeded seasons of any size, for tests and benchmarks.",
        [
            "synth.cards_season",
            "synth.chess_swiss",
            "synth.swiss",
            "synth.bridge_pairs",
            "synth.bridge_teams",
            "synth.league",
            "synth.event_names",
        ],
    ),
}


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
        if callable(getattr(module, n, None))
        and not isinstance(getattr(module, n), type(sys))
        and n not in NOT_LISTED
        and not alias(n)
    ]


def _constants(module) -> list[str]:
    """The public constants of a module: neither callable nor a module."""
    return [
        n
        for n in module.__all__
        if not callable(getattr(module, n))
        and not isinstance(getattr(module, n), type(sys))
        and not n.startswith("__")
    ]


def _comment_of(module, name: str) -> list[str]:
    """The ``#:`` comment above a constant, found in the module that defines it."""
    from sphinx.pycode import ModuleAnalyzer

    value = getattr(module, name)
    package = Path(module.__file__).parent
    candidates = [module.__name__]
    if module.__file__.endswith("__init__.py"):
        candidates += [
            f"{module.__name__}.{p.stem}" for p in sorted(package.glob("*.py")) if p.stem[0] != "_"
        ]
        candidates += [
            f"tourneystats.core.{p.stem}"
            for p in sorted((ROOT / "tourneystats" / "core").glob("*.py"))
        ]
    for candidate in candidates:
        try:
            source = importlib.import_module(candidate)
            docs = ModuleAnalyzer.for_module(candidate).find_attr_docs()
        except Exception:  # a module that cannot be analysed: look further
            continue
        if getattr(source, name, None) is value and ("", name) in docs:
            return [line for line in docs[("", name)] if line.strip()]
    return []


def _constant_entries(module) -> list[str]:
    """A ``py:data`` entry per public constant: its comment, and its value when short (the
    presets' tables show the registries)."""
    lines = []
    for name in _constants(module):
        value = getattr(module, name)
        text = " ".join(_comment_of(module, name)).replace("|", "\\|") or "See the module's text."
        if isinstance(value, dict):
            shown = "a mapping of " + ", ".join(f"``{k}``" for k in list(value)[:12])
            shown += ", ..." if len(value) > 12 else ""
        else:
            text_value = " ".join(repr(value).split())
            shown = f"``{text_value if len(text_value) <= 120 else text_value[:110] + ' ...'}``"
        lines += [f".. py:data:: {name}", f"   :module: {module.__name__}", "", f"   {text}", "",
                  f"   Value: {shown}", ""]  # fmt: skip
    return ["```{eval-rst}", *lines, "```", ""] if lines else []


def _documented_names() -> dict[str, str]:
    """module.name (as TASKS writes it) -> the full name of its page."""
    found = {}
    for name in FAMILIES + SHARED:
        module = importlib.import_module(f"tourneystats.{name}")
        for attr in _public(module):
            found[f"{name}.{attr}"] = f"tourneystats.{name}.{attr}"
    for attr in TOP_LEVEL:
        found[attr] = f"tourneystats.{attr}"
    return found


def _task(short: str) -> str:
    """The task of a public name TASKS does not list, told by its name."""
    module, _, name = short.rpartition(".")
    if module in ("synth",):
        return "Synthetic seasons"
    if module == "archive":
        return "Archives and clusters"
    if name[:1].isupper():
        return "Rules, presets and conventions" if "Rules" in name or "Convention" in name \
            else "Other tools"  # fmt: skip
    for word, task in (("read_", "Reading files and folders"), ("check", "Checking against "
                       "published values"), ("standings", "Standings of a season"),
                       ("history", "History and drift"), ("compare", "What-if analysis"),
                       ("explain", "Explaining a value")):  # fmt: skip
        if word in name:
            return task
    return "Other tools"


def _tasks() -> dict[str, list[str]]:
    """Every documented public name under its tasks (TASKS, then `_task` for the rest)."""
    documented = _documented_names()
    tasks: dict[str, list[str]] = {title: [] for title in TASKS}
    tasks["Other tools"] = []
    listed = set()
    for title, (_, names) in TASKS.items():
        for short in names:
            if short in documented:
                tasks[title].append(documented[short])
                listed.add(short)
    for short, full in documented.items():
        if short not in listed:
            tasks[_task(short)].append(full)
    return tasks


def _family_page(name: str) -> None:
    module = importlib.import_module(f"tourneystats.{name}")
    lines = [f"# `tourneystats.{name}`", "", *_autosummary(module.__name__, _public(module))]
    constants = _constant_entries(module)
    if constants:
        lines += ["## Constants", "", *constants]
    (GENERATED / f"family-{name}.md").write_text("\n".join(lines))


def _shared_page(name: str) -> None:
    module = importlib.import_module(f"tourneystats.{name}")
    lines = [f"# `tourneystats.{name}`", "", *_autosummary(module.__name__, _public(module))]
    constants = _constant_entries(module)
    if constants:
        lines += ["## Constants", "", *constants]
    (GENERATED / f"module-{name}.md").write_text("\n".join(lines))


def _reference_pages() -> None:
    """The API reference: a page per family, a page per shared tool, the top level; the index
    lists them, then every public name by task."""
    for name in FAMILIES:
        _family_page(name)
    for name in SHARED:
        _shared_page(name)
    top = ["# `tourneystats`", "", "```{eval-rst}", ".. automodule:: tourneystats",
           "   :no-members:", "```", "",
           "Tables, ranks and validation. The families' file readers (`read_trf`, `read_pbn`, "
           "`read_usebio`, ...) and the archive's functions are also reachable from here; their "
           "pages are in their family's and module's references.", "",
           *_autosummary("tourneystats", list(TOP_LEVEL), docs=False)]  # fmt: skip
    (GENERATED / "module-tourneystats.md").write_text("\n".join(top))
    lines = ["# API reference", "",
             "Plain functions taking and returning long-format DataFrames, grouped by family "
             "and then by task. Each page gives the signature, the parameters, what it returns, "
             "a worked example and related functions.", "",
             "## By family", ""]  # fmt: skip
    for name in FAMILIES:
        summary = importlib.import_module(f"tourneystats.{name}").__doc__.strip().splitlines()[0]
        lines.append(f"- [`tourneystats.{name}`](family-{name}.md): {summary}")
    lines += ["", "## Shared tools", "",
              "- [`tourneystats`](module-tourneystats.md): tables, ranks, validation and the "
              "sample data."]  # fmt: skip
    for name in SHARED:
        summary = importlib.import_module(f"tourneystats.{name}").__doc__.strip().splitlines()[0]
        lines.append(f"- [`tourneystats.{name}`](module-{name}.md): {summary}")
    lines += ["", "## More reference", "",
              "- [Columns of the tables](../columns.md)",
              "- [Presets and publisher conventions](../conventions.md)",
              "- [Formats and rules in detail](notes.md)",
              "- [Command line reference](cli.md)", "",
              "```{toctree}", ":hidden:", "",
              *[f"family-{n}" for n in FAMILIES], "module-tourneystats",
              *[f"module-{n}" for n in SHARED], "../columns", "../conventions", "notes", "cli",
              "```", "", "## By task", ""]  # fmt: skip
    for title, names in _tasks().items():
        if not names:
            continue
        blurb = TASKS[title][0] if title in TASKS else "Helpers of the families."
        lines += [f"### {title}", "", blurb, "", "| | |", "| --- | --- |"]
        lines += [f"| {{py:obj}}`~{n}` | {_plain(_summary(n))} |" for n in names] + [""]
    (GENERATED / "api.md").write_text("\n".join(lines))
    notes = ["# Formats and rules in detail", "",
             "The text of the modules that read each format and hold each publisher's rules, "
             "as the reference pages cite them.", ""]  # fmt: skip
    for name in NOTES:
        notes += [f"## `{name}`", "", "```{eval-rst}", f".. automodule:: {name}",
                  "   :no-members:", "```", ""]  # fmt: skip
    (GENERATED / "notes.md").write_text("\n".join(notes))


def _presets() -> None:
    """A table per family of its named presets: each one's fields that differ from the default."""
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


def _no_field_aliases(app, what, name, obj, options, lines) -> None:
    """A named tuple's fields are described in its docstring: not "Alias for field number 0"."""
    said = [line.strip() for line in lines if line.strip()]
    said = [line for line in said if not line.startswith(("..", "!!"))]  # numpydoc's mark
    if len(said) == 1 and said[0].startswith("Alias for field number"):
        lines.clear()


_SEE_ALSO: dict[str, list[str]] = {}


def _see_also_index() -> dict[str, list[str]]:
    """full name -> the other names of its first task (the "See also" of a page without one)."""
    if not _SEE_ALSO:
        for names in _tasks().values():
            for full in names:
                if full not in _SEE_ALSO:
                    _SEE_ALSO[full] = [n for n in names if n != full][:6]
    return _SEE_ALSO


def _see_also(app, what, name, obj, options, lines) -> None:
    """A public function's or class's page without a "See Also" section gets one: the other
    names of its task (numpydoc renders it; runs before numpydoc)."""
    if what not in ("function", "class", "exception") or any(
        line.strip() == "See Also" for line in lines
    ):
        return
    related = _see_also_index().get(name)
    if not related:
        return
    block = ["See Also", "--------", *[f"{n} : {_summary(n)}" for n in related], ""]
    at = next((i for i, line in enumerate(lines) if line.strip() in ("Notes", "References",
                                                                      "Examples")), len(lines))  # fmt: skip
    if at == len(lines) and lines and lines[-1].strip():
        block.insert(0, "")
    lines[at:at] = block


def _plain(text: str) -> str:
    """A docstring's text without its markup (roles, literals), for a table cell."""
    text = re.sub(r":[\w:]+:`~?\.?([^`<]*?)(?: <[^>]*>)?`", r"\1", text)
    return text.replace("`", "").replace("|", "\\|").replace("*", "")


def _summary(full: str) -> str:
    module, _, attr = full.rpartition(".")
    doc = (getattr(importlib.import_module(module), attr).__doc__ or "").strip()
    first = doc.split("\n\n")[0].replace("\n", " ")
    first = _plain(first).strip()  # no markup half cut
    return (first[:90].rsplit(" ", 1)[0] + " ...") if len(first) > 90 else first


#: the charts whose Examples draw a figure: their page shows it (the plot directive runs the
#: example again at build time)
DRAWS = re.compile(r"^tourneystats\.(plot\.(drift|compare|decisive|distribution|board_spread|"
                   r"pair_boards)|accessor\.TourneyAccessor\.(drift|slope|decisive|distribution|"
                   r"board_spread|pair_boards))$")  # fmt: skip


def _figures(app, what, name, obj, options, lines) -> None:
    """The Examples of a chart become a plot directive: the page shows the figure drawn (runs
    after numpydoc, on its reStructuredText)."""
    if not DRAWS.match(name):
        return
    at = next((i for i, line in enumerate(lines) if line.strip() == ".. rubric:: Examples"), None)
    if at is None:
        return
    start = next(i for i in range(at + 1, len(lines)) if lines[i].strip())
    end = start
    while end < len(lines) and (lines[end].strip() or (end + 1 < len(lines) and lines[
            end + 1].startswith((">>>", "...")))):  # fmt: skip
        end += 1
    example = lines[start:end]
    lines[start:end] = [".. plot::", "   :format: doctest", "",
                        *[f"   {line}" for line in example], ""]  # fmt: skip


def _chart_figures_to_pyplot() -> None:
    """The plot directive collects the figures pyplot tracks; a chart draws on a figure pyplot
    does not track (nothing pops up in a script): in this process, hand each to pyplot."""
    from matplotlib import _pylab_helpers
    from matplotlib.backend_bases import FigureManagerBase
    from matplotlib.backends.backend_agg import FigureCanvasAgg

    from tourneystats.plot import ChartFigure

    original = ChartFigure.__init__

    def init(self, *args: Any, **kwargs: Any) -> None:
        original(self, *args, **kwargs)
        number = max(_pylab_helpers.Gcf.figs, default=0) + 1
        manager = FigureManagerBase(FigureCanvasAgg(self), number)
        _pylab_helpers.Gcf._set_new_active_manager(manager)

    ChartFigure.__init__ = init  # type: ignore[method-assign]


#: private types that public signatures name, and the public page that describes them
PRIVATE_TYPES = {
    "Published": "tourneystats.bridge.BridgeFile",  # the named tuple of BridgeFile.published
    "tourneystats.bridge.contract.Published": "tourneystats.bridge.BridgeFile",
}


def _external(app, env, node, contnode):
    """A reference to a third-party name (pandas, NumPy, Python, matplotlib): a link to its
    page; a reference to one of ours by a private path: a link to its public page."""
    from docutils import nodes

    target = node.get("reftarget", "")
    if "[" in target:  # a generic type cut at its comma ("tuple[str"): its base type
        target = target.split("[", 1)[0]
        if isinstance(getattr(builtins, target, None), type):
            return contnode  # a built-in type, as Sphinx leaves "tuple" itself
    if target in EXTERNAL:
        reference = nodes.reference("", "", internal=False, refuri=EXTERNAL[target])
        reference.append(contnode)
        return reference
    where, parent = "", node
    while parent is not None and not where:  # the docstring the reference is written in
        where, parent = str(parent.source or ""), parent.parent
    source = re.search(r"docstring of ([\w.]+)", where)
    target = PRIVATE_TYPES.get(target, target)
    public = _public_name(target, node.get("py:module"))
    if public is None and source:
        public = _public_name(target, source.group(1))
    if public is None and node.get("reftype") == "mod" and target.startswith("tourneystats."):
        public = _documented_module(target)  # a private module: the page of its package
    if public and public != node.get("reftarget"):
        domain = env.get_domain("py")
        return domain.resolve_xref(env, node["refdoc"], app.builder, "obj", public, node, contnode)
    return None


_PUBLIC: dict[int, list[str]] = {}


def _public_name(target: str, module: str | None) -> str | None:
    """The documented public name of the object a (private) path names, if it has one."""
    if not target.startswith("tourneystats") and not module:
        return None
    if not _PUBLIC:
        for full in _documented_names().values():
            mod, _, attr = full.rpartition(".")
            _PUBLIC.setdefault(id(getattr(importlib.import_module(mod), attr)), []).append(full)
        for name in ("tourneystats", *(f"tourneystats.{n}" for n in FAMILIES + SHARED)):
            mod = importlib.import_module(name)
            for attr in _constants(mod):
                _PUBLIC.setdefault(id(getattr(mod, attr)), []).append(f"{name}.{attr}")
    candidates = [target] if target.startswith("tourneystats") else []
    while module:  # the names of the docstring's object, then of its modules
        candidates.append(f"{module}.{target}")
        module = module.rpartition(".")[0]
    for candidate in candidates:  # the object itself
        value = _resolve(candidate)
        if value is None:
            continue
        for full in _PUBLIC.get(id(value[0]), []):
            if (
                full.rsplit(".", 1)[1] == candidate.rsplit(".", 1)[1]
                or isinstance(value[0], (dict, tuple, list, frozenset, type))
                or callable(value[0])
            ):
                return full
    for candidate in candidates:  # an attribute of a public class (a field): the class
        value = _resolve(candidate.rpartition(".")[0])
        if value is not None and isinstance(value[0], type):
            for full in _PUBLIC.get(id(value[0]), []):
                return full
    return None


def _documented_module(target: str) -> str | None:
    """The nearest package of a module that has a page of its own."""
    pages = {"tourneystats", *(f"tourneystats.{n}" for n in FAMILIES + SHARED), *NOTES}
    while target and target not in pages:
        target = target.rpartition(".")[0]
    return target or None


def _module_sections_as_rubrics(app, what, name, obj, options, lines) -> None:
    """A module's text is one part of a page: its headings ("Examples") become rubrics, so two
    modules' texts never define one label twice."""
    if what != "module":
        return
    for i in range(len(lines) - 1):
        title, rule = lines[i], lines[i + 1]
        if title.strip() and rule.strip() and set(rule.strip()) <= set("-=~^") and len(
                rule.strip()) == len(title.strip()) and len(rule.strip()) >= 3:  # fmt: skip
            lines[i], lines[i + 1] = f".. rubric:: {title.strip()}", ""


def _resolve(path: str) -> tuple[Any] | None:
    """(the object a dotted path names,), or None."""
    if not path:
        return None
    parts = path.split(".")
    for cut in range(len(parts), 0, -1):
        try:
            value: Any = importlib.import_module(".".join(parts[:cut]))
        except (ImportError, ValueError):
            continue
        try:
            for attr in parts[cut:]:
                value = getattr(value, attr)
        except AttributeError:
            return None
        return (value,)
    return None


def _outputs_in_build_folder(app) -> None:
    """myst-nb writes the executed notebooks beside the build folder (``OUT/../jupyter_execute``:
    ``docs/jupyter_execute`` when OUT is ``docs/_build``, in the source tree): here, inside the
    doctree folder of this build instead."""
    config = getattr(app.env, "mystnb_config", None)
    if config is not None:
        folder = Path(app.doctreedir).resolve() / "jupyter_execute"
        app.env.mystnb_config = config.copy(output_folder=str(folder))


_clean()
_notebooks()
_cli()
_reference_pages()
_presets()


def _not_run(app, config) -> None:
    """``-D not_run=PATTERN,...``: pages this build renders without running them (the test
    suite's quick build, which runs their code itself)."""
    extra = [pattern for pattern in config.not_run.split(",") if pattern]
    config.nb_execution_excludepatterns = [*config.nb_execution_excludepatterns, *extra]


def setup(app) -> None:
    app.add_config_value("not_run", "", "env", types=[str])
    app.connect("config-inited", _not_run)
    _chart_figures_to_pyplot()
    app.connect("autodoc-process-docstring", _no_field_aliases)
    app.connect("autodoc-process-docstring", _see_also, priority=400)  # before numpydoc (500)
    app.connect("autodoc-process-docstring", _figures, priority=600)  # after numpydoc
    app.connect("missing-reference", _external)
    app.connect("autodoc-process-docstring", _module_sections_as_rubrics, priority=600)
    app.connect("builder-inited", _outputs_in_build_folder, priority=900)  # after myst-nb
