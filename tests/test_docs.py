"""The documentation site: every public name has a rendered page, the gallery shows its figures.

One strict build (nitpicky, warnings as errors) of the whole site, with one notebook of the
examples run (the others are left out to keep the test short; every notebook runs in the suite
through nbmake, and CI builds the whole site, running all of them). The executable pages (getting
started, the user guide) are not run by this build: their code runs here, in this process, cell
after cell as Jupyter would, and their commands through the command line's ``main``.
"""

from __future__ import annotations

import importlib
import os
import re
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PUBLIC = ["tourneystats", "tourneystats.cards", "tourneystats.chess", "tourneystats.bridge",
          "tourneystats.league", "tourneystats.whatif", "tourneystats.plot",
          "tourneystats.archive", "tourneystats.synth", "tourneystats.accessor"]  # fmt: skip
#: raw reStructuredText a page shows when its source was not read as reStructuredText
RAW = re.compile(r"\.\. (auto\w+|currentmodule)::|:toctree:")
#: public functions exempt from the numpydoc sections (Parameters, Returns and Examples): none
SECTIONS_MISSING: set[str] = set()
NOTEBOOK = "chess"  # the one notebook the test runs: a figure and tables
DOCS = ROOT / "docs"
#: the pages whose code cells every build runs (myst-nb), and which this test runs in-process
EXECUTED = sorted(
    p for p in DOCS.rglob("*.md") if "_generated" not in p.parts and "file_format: mystnb" in
    p.read_text(encoding="utf-8")[:200]
)  # fmt: skip
CELL = re.compile(r"^```\{code-cell\}[^\n]*\n(.*?)^```", re.S | re.M)


@pytest.mark.parametrize("name", PUBLIC)
def test_a_public_module_shows_its_public_names_only(name):
    module = importlib.import_module(name)
    assert sorted(dir(module)) == sorted(module.__all__)
    assert all(hasattr(module, n) for n in module.__all__)
    imported = {"Any", "Path", "Sequence", "Iterable", "dataclass", "TypeVar", "importlib", "pd"}
    assert not imported & set(module.__all__)


def test_the_readers_have_one_path_each():
    import tourneystats as ts

    package = Path(ts.__file__).parent
    for gone in ("trf", "pbn", "usebio", "io"):
        assert not (package / f"{gone}.py").exists() and gone not in dir(ts)
    assert ts.read_trf is ts.chess.read_trf and ts.read_pbn is ts.bridge.read_pbn
    assert ts.read_usebio is ts.bridge.read_usebio


def _git_status() -> str | None:
    try:
        done = subprocess.run(["git", "status", "--porcelain", "--untracked-files=all"],
                              capture_output=True, text=True, cwd=ROOT, timeout=60)  # fmt: skip
    except (OSError, subprocess.TimeoutExpired):
        return None
    return done.stdout if done.returncode == 0 else None  # not a git checkout: no check


@pytest.fixture(scope="module")
def build(tmp_path_factory) -> tuple[Path, str | None, str | None]:
    """The site, built as ``sphinx-build -n -W docs OUT``, and ``git status`` before and after.

    OUT is a folder inside a folder of its own (``.../build/html``): myst-nb wrote its executed
    notebooks beside OUT (``docs/jupyter_execute`` for ``docs/_build``), so the test can see that
    nothing but OUT appears there."""
    out = tmp_path_factory.mktemp("site") / "build" / "html"
    others = [p.name for p in (ROOT / "notebooks").glob("*.ipynb") if p.stem != NOTEBOOK]
    not_run = [str(p.relative_to(DOCS)) for p in EXECUTED]
    not_run += [f"_generated/notebooks/{n}" for n in others]  # shown, without outputs
    # the notebooks draw with Jupyter's inline backend, as in CI (the suite's Agg shows nothing)
    environment = {k: v for k, v in os.environ.items() if k != "MPLBACKEND"}
    before = _git_status()
    done = subprocess.run(
        [sys.executable, "-m", "sphinx", "-q", "-n", "-W", "--keep-going", "-b", "html",
         "-D", f"not_run={','.join(not_run)}",
         str(DOCS), str(out)],
        capture_output=True, text=True, cwd=ROOT, env=environment,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr[-3000:]
    return out, before, _git_status()


@pytest.fixture(scope="module")
def site(build) -> Path:
    return build[0]


def test_the_build_writes_only_into_its_output_folder(build):
    out, before, after = build
    assert sorted(p.name for p in out.parent.iterdir()) == ["html"]  # no jupyter_execute beside
    assert not (DOCS / "jupyter_execute").exists()
    assert not any(DOCS.rglob("*.ipynb")) or all(
        "_generated" in p.parts for p in DOCS.rglob("*.ipynb")
    )
    assert before == after  # git status unchanged (docs/_generated is ignored)


def _text(page: Path) -> str:
    body = page.read_text(encoding="utf-8")
    body = body[body.find("<article") :]
    return re.sub(r"<[^>]+>", "", re.sub(r"<(script|style).*?</\1>", "", body, flags=re.S))


def test_every_public_function_has_a_rendered_page(site):
    api = site / "_generated" / "api"
    pages = {p.stem: p for p in api.glob("*.html")}
    for name in PUBLIC[1:]:
        module = importlib.import_module(name)
        for attr in module.__all__:
            value = getattr(module, attr)
            if not callable(value) or attr in ("ChartAxes", "ChartFigure"):
                continue
            if getattr(value, "__name__", attr) in set(module.__all__) - {attr}:  # another name
                real = pages[f"{name}.{value.__name__}"]  # of a function with its own page,
                assert f"{name.split('.')[-1]}.{attr}" in _text(real)  # which says so
                assert f"{name}.{attr}" not in pages  # and no second page
                continue
            page = pages.get(f"{name}.{attr}")
            assert page is not None, f"no API page for {name}.{attr}"
            html = page.read_text(encoding="utf-8")
            assert 'class="sig sig-object py"' in html, f"{page.name}: no signature"
            text = _text(page)
            assert len(text.split("#", 1)[1].strip()) > len(attr) * 2 + 40, f"{page.name}: empty"
            if not isinstance(value, type) and f"{name}.{attr}" not in SECTIONS_MISSING:
                for section in ("Parameters", "Returns", "Examples"):
                    assert section in text, f"{page.name}: no {section}"
    for page in pages.values():
        assert not RAW.search(_text(page)), f"{page.name} shows raw reStructuredText"
    assert pages["tourneystats.chess.standings"].read_text().count("Examples") >= 1


def test_the_api_page_starts_with_the_families_and_lists_no_internals(site):
    text = _text(site / "_generated" / "api.html")
    assert text.index("By family") < text.index("Shared tools") < text.index("By task")
    assert "tourneystats.core" not in text
    for name in ("Iterable", "Sequence", "dataclass", "TypeVar"):
        assert not re.search(rf"\b{name}\b", text), name
    assert not RAW.search(text)


def test_the_gallery_shows_the_figures_of_its_notebooks(site):
    page = site / "_generated" / "notebooks" / f"{NOTEBOOK}.html"
    html = page.read_text(encoding="utf-8")
    assert html.count("<img") >= 1
    assert "<table" in html  # the standings tables


def test_the_sections_are_in_the_top_bar_with_short_names(site):
    html = (site / "index.html").read_text(encoding="utf-8")
    bar = html[html.index('class="bd-navbar-elements') :]
    bar = bar[: bar.index("</ul>")]
    names = [re.sub(r"\s+", " ", n).strip() for n in re.findall(r"<a[^>]*>(.*?)</a>", bar, re.S)]
    names = [re.sub(r"<[^>]+>", "", n).strip() for n in names]
    assert names == ["Install", "Getting started", "User guide", "Examples", "API", "Changelog"]
    assert sum(len(n) for n in names) < 60  # one row at 1,600 px
    assert "More" not in bar


def test_the_getting_started_page_is_for_a_pip_user_and_names_the_players(site):
    text = _text(site / "getting_started.html")
    assert "sample_data()" in text and "pip install ." not in text
    assert "project root" not in text
    page = (DOCS / "getting_started.md").read_text(encoding="utf-8")
    drift = next(c for c in CELL.findall(page) if "plot.drift" in c)
    assert "players=season.players" in drift


def test_no_page_shows_an_empty_section_navigation(site):
    for page in ["install", "getting_started", "changelog", "index"]:
        html = (site / f"{page}.html").read_text(encoding="utf-8")
        assert "Section Navigation" not in html, page


def test_the_plot_pages_show_their_figure(site):
    api = site / "_generated" / "api"
    for name in ("drift", "compare", "decisive", "distribution", "board_spread", "pair_boards"):
        html = (api / f"tourneystats.plot.{name}.html").read_text(encoding="utf-8")
        assert re.search(r'<img[^>]+src="[^"]*\.png"', html), name
        assert "yaxis_inverted" not in html
    html = (api / "tourneystats.accessor.TourneyAccessor.html").read_text(encoding="utf-8")
    assert html.count("<img") >= 6


def test_every_function_page_has_a_see_also(site):
    api = site / "_generated" / "api"
    missing = [
        p.name
        for p in api.glob("tourneystats.*.html")
        if "See also" not in _text(p) and "See Also" not in _text(p)
    ]
    assert missing == []


def test_the_examples_show_thumbnails_of_the_charts(site):
    html = (site / "examples" / "index.html").read_text(encoding="utf-8")
    assert html.count("<img") >= 12
    for name in ("drift", "compare", "decisive", "distribution", "board_spread", "pair_boards"):
        assert f"tourneystats.plot.{name}.html" in html


def test_the_api_reference_lists_every_public_function_by_task(site):
    text = _text(site / "_generated" / "api.html")
    assert text.index("By family") < text.index("By task")
    for name in PUBLIC[1:]:
        module = importlib.import_module(name)
        for attr in module.__all__:
            value = getattr(module, attr)
            if getattr(value, "__name__", attr) in set(module.__all__) - {attr}:
                continue  # another name of a function listed under its own
            if callable(value) and attr not in ("ChartAxes", "ChartFigure", "TitleNote"):
                assert attr in text.split("By task", 1)[1], f"{name}.{attr}"


@pytest.mark.parametrize("page", EXECUTED, ids=lambda p: p.stem)
def test_the_code_of_an_executed_page_runs(tmp_path, monkeypatch, page):
    """Its cells, one namespace, in order (as Jupyter runs them), in an empty folder."""
    import matplotlib
    import matplotlib.pyplot as plt

    matplotlib.use("Agg")
    monkeypatch.chdir(tmp_path)
    namespace: dict = {"__name__": "page"}
    text = page.read_text(encoding="utf-8")
    for match in CELL.finditer(text):
        line = text[: match.start()].count("\n") + 2
        try:
            exec(compile(match.group(1), f"{page.name}:{line}", "exec"), namespace)
        finally:
            plt.close("all")
    assert list(tmp_path.iterdir()) == [] or page.stem == "bulk"


def _guide_commands():
    from test_readme import commands

    pages = [DOCS / "getting_started.md", *sorted((DOCS / "user_guide").glob("*.md"))]
    return [(page, line, lines) for page in pages for line, lines in commands(page)]


@pytest.mark.parametrize(
    "page, line_no, lines", _guide_commands(), ids=lambda v: getattr(v, "stem", str(v)[:30])
)
def test_the_commands_of_the_guide_run(tmp_path, monkeypatch, page, line_no, lines):
    """A bash block's ``tourneystats`` commands, in a folder where ``data/`` is the samples."""
    from tourneystats.cli import main

    (tmp_path / "data").symlink_to(ROOT / "data", target_is_directory=True)
    monkeypatch.chdir(tmp_path)
    for command in lines:
        words = shlex.split(command)
        assert words[0] == "tourneystats", f"{page.name}:{line_no}: not a command: {command}"
        try:
            status = main(words[1:])
        except SystemExit as exc:  # --help
            status = exc.code
        assert status in (0, 1) if words[1] in ("check", "recompute") else status == 0, (
            f"{page.name}:{line_no}: {command}"
        )


def test_the_options_table_names_every_rule_set():
    """The command line guide's table of family options lists every cards preset and chess rule
    set the command line takes (a preset added to the code and not to the table went unseen)."""
    from tourneystats.cards.rules import RULES
    from tourneystats.chess.rules import RULE_SETS

    text = (DOCS / "user_guide" / "cli.md").read_text()
    cards = re.search(r"^\| cards \| `--rules` a preset: (.*?) \(default", text, re.M)
    assert cards is not None and re.findall(r"`(\w+)`", cards.group(1)) == list(RULES)
    chess = re.search(r"^\| chess \| `--rules (\S+)`", text, re.M)
    assert chess is not None
    assert set(chess.group(1).replace("\\", "").split("|")) == {*RULE_SETS, "auto[:RULES]"}


def test_the_chart_examples_draw_what_they_say():
    """What the charts' docstring examples (which end with the chart) draw."""
    import matplotlib
    import pandas as pd

    import tourneystats  # noqa: F401  (the accessor)
    from tourneystats.plot import board_spread, compare, decisive, distribution, drift, pair_boards

    matplotlib.use("Agg")
    hist = pd.DataFrame({"round": [1, 1, 1, 2, 2, 2], "player": ["Ann", "Bo", "Cy"] * 2,
                         "rank": [1, 2, 3, 2, 1, 3]})  # fmt: skip
    ax = drift(hist, step="round", players=["Ann", "Bo"])
    assert ax.yaxis_inverted()
    assert [line.get_label() for line in ax.get_lines()] == ["Bo", "Ann"]
    assert [t.get_text() for t in ax.texts] == ["Bo (1)", "Ann (2)"]
    table = pd.DataFrame({"event": "E", "player": ["Ann", "Bo", "Cy"] * 2,
                          "rules": pd.Categorical(["old"] * 3 + ["new"] * 3, ["old", "new"]),
                          "rank": [1, 2, 3, 2, 1, 3]})  # fmt: skip
    ax = compare(table)
    assert [line.get_label() for line in ax.get_lines()] == ["Ann", "Bo"]
    assert [t.get_text() for t in ax.texts][:3] == ["Ann  1", "Bo  2", "Cy  3"]
    st = pd.DataFrame({"season": ["S1"] * 3 + ["S2"] * 3, "event": list("AAABBB"),
                       "player": list("uvwxyz"), "rank": [1, 2, 2, 1, 2, 3],
                       "PTS": [2, 1, 1, 3, 2, 1],
                       "decided_by": ["PTS", "tied", None, "PTS", "PTS", None]})  # fmt: skip
    ax = decisive(st, by="season")
    assert [c.get_label() for c in ax.containers] == ["PTS", "tied"]
    assert [t.get_text() for t in ax.get_xticklabels()] == ["S1", "S2"]
    st = pd.DataFrame({"event": ["A", "A", "A", "B", "B"], "omwp": [0.5, 0.62, 0.41, 0.55, 0.33]})
    ax = distribution(st, "omwp", bins=4)
    assert (len(ax.patches), ax.get_xlabel()) == (4, "OMW% (opponents' match-win %)")
    ax = distribution(st, "omwp", by="event")
    assert [t.get_text() for t in ax.get_xticklabels()] == ["A", "B"]
    mp = pd.DataFrame({"event": "club", "board": 1, "ns_score": [110, 140, 170, 170, 620],
                       "ns_percentage": [0.0, 25.0, 62.5, 62.5, 100.0]})  # fmt: skip
    ax = board_spread(mp, event="club", board=1)
    assert (ax.get_xlabel(), len(ax.collections[0].get_offsets())) == ("NS score", 4)
    ps = pd.DataFrame({"pair": [3, 3, 3], "board": [1, 2, 3], "direction": ["NS", "EW", "EW"],
                       "percentage": [75.0, 50.0, 12.5]})  # fmt: skip
    ax = pair_boards(ps, pair=3)
    assert len(ax.patches) == 3
    assert [t.get_text() for t in ax.get_xticklabels()] == ["1", "2", "3"]
    # the accessor's
    hist = pd.DataFrame({"event": ["s1", "s1", "s2", "s2"], "pair": [1, 2, 1, 2],
                         "rank": [1, 2, 2, 1]})  # fmt: skip
    ax = hist.tourney.drift(players=[2])
    assert (ax.get_xlabel(), [t.get_text() for t in ax.texts]) == ("event", ["pair 2 (1)"])
    st = pd.DataFrame({"event": ["A", "A", "B"], "omwp": [0.5, 0.6, 0.4]})
    assert st.tourney.distribution("omwp", by="event").get_ylabel() == (
        "OMW% (opponents' match-win %)"
    )
    mp = pd.DataFrame({"event": "club", "board": 1, "ns_score": [100, -50, 100],
                       "ns_percentage": [75.0, 0.0, 75.0]})  # fmt: skip
    ax = mp.tourney.board_spread(event="club", board=1)
    assert ax.collections[0].get_offsets().tolist() == [[-50.0, 0.0], [100.0, 75.0]]
    ps = pd.DataFrame({"pair": 1, "board": [1, 2], "percentage": [40.0, 70.0]})
    assert [float(b.get_height()) for b in ps.tourney.pair_boards(pair=1).patches] == [-10.0, 20.0]
    t = pd.DataFrame({"event": "E", "player": ["Ann", "Bo"] * 2,
                      "rules": pd.Categorical(["x", "x", "y", "y"], ["x", "y"]),
                      "rank": [1, 2, 2, 1]})  # fmt: skip
    assert [line.get_label() for line in t.tourney.slope().get_lines()] == ["Ann", "Bo"]
    st = pd.DataFrame({"event": "A", "player": ["u", "v", "w"], "rank": [1, 2, 2],
                       "PTS": [2, 1, 1], "decided_by": ["PTS", "tied", None]})  # fmt: skip
    assert [c.get_label() for c in st.tourney.decisive().containers] == ["PTS", "tied"]


def test_every_column_of_the_tables_has_a_line_in_the_glossary():
    import pandas as pd

    import tourneystats as ts
    from tourneystats import bridge, cards, chess, league, whatif

    glossary = (ROOT / "docs" / "columns.md").read_text(encoding="utf-8")
    data = ts.sample_data()
    melee = pd.read_csv(data / "cards" / "melee-14643-matches.csv")
    trf = chess.read_trf(data / "chess")
    evenings = pd.concat(pd.read_csv(p) for p in sorted((data / "bridge").glob("club-*.csv")))
    butler = bridge.read_usebio(data / "bridge-published" / "usebio-butler-mitchell.xml")
    teams = bridge.read_pbn(data / "bridge-published" / "pbn-teams-imps.pbn").results
    club = pd.read_csv(data / "league" / "kvallsligan.csv")
    compared = cards.compare(melee, rules=["mtg", "pokemon"])
    tables = {
        "cards.standings": cards.standings(melee),
        "cards.standings by season": cards.standings(
            pd.read_csv(data / "cards" / "league-2024-matches.csv"), by="season"
        ),
        "cards.standings_by_round": cards.standings_by_round(melee),
        "chess.standings": chess.standings(trf.results),
        "chess.standings_from_path": chess.standings_from_path(data / "chess"),
        "bridge.standings_from_path": bridge.standings_from_path(
            data / "bridge-published" / "usebio-butler-mitchell.xml"
        ),
        "chess.standings_by_round": chess.standings_by_round(trf.results),
        "bridge.standings": bridge.standings(evenings),
        "bridge.standings (Butler)": bridge.standings(butler.results),
        "bridge.season_summary": bridge.season_summary(evenings),
        "bridge.season_history": bridge.season_history(evenings),
        "bridge.team_standings": bridge.team_standings(teams),
        "league.leaderboard": league.leaderboard(club),
        "league.history": league.history(club),
        "cards.compare": compared,
        "chess.compare": chess.compare(trf.results, rules=["fide2024", "fide2026"]),
        "whatif.summary": whatif.summary(compared, cut=8),
    }
    tiebreaks = {"PTS", "BH", "BH/C1", "SB"}  # chess: one column per code, named by the code
    for name, table in tables.items():
        for column in table.columns:
            if column in tiebreaks:
                continue
            assert f"`{column}`" in glossary, f"{name}: column {column!r} not in docs/columns.md"
        if name.startswith(("cards.stand", "chess.stand", "bridge.", "league.")):
            assert "decided_by" in table.columns, name
        assert not any(table[c].isna().all() for c in table.columns if c != "decided_by"), name


def test_every_public_function_documents_every_parameter_what_it_returns_and_an_example():
    # numpydoc's own check of each docstring against its signature, top level included
    import inspect

    from numpydoc.validate import validate

    wanted = {"PR01": "parameters not documented", "PR02": "documented but not parameters",
              "RT01": "no Returns", "EX01": "no Examples"}  # fmt: skip
    faults = []
    for name in PUBLIC:
        module = importlib.import_module(name)
        for attr in module.__all__:
            value = getattr(module, attr)
            if (
                not callable(value)
                or inspect.isclass(value)
                or attr in ("ChartAxes", "ChartFigure")
            ):
                continue
            found = validate(f"{value.__module__}.{value.__qualname__}")["errors"]
            faults += [f"{name}.{attr}: {wanted[code]}" for code, _ in found if code in wanted]
    assert faults == []


def test_every_example_runs_when_pasted_into_a_fresh_session():
    # each public name's examples in an empty namespace, as a reader copies them into Jupyter:
    # they import what they use (not only the module's own names, as doctests see them)
    import doctest
    import inspect
    import warnings

    import matplotlib

    matplotlib.use("Agg")
    finder = doctest.DocTestFinder(recurse=False)
    flags = doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE
    failed, seen = [], set()
    for name in PUBLIC:
        module = importlib.import_module(name)
        for attr in module.__all__:
            value = getattr(module, attr)
            if not (inspect.isfunction(value) or inspect.isclass(value)) or id(value) in seen:
                continue
            seen.add(id(value))
            for test in finder.find(value, f"{name}.{attr}", globs={}):
                runner = doctest.DocTestRunner(optionflags=flags)
                with warnings.catch_warnings():
                    warnings.simplefilter("ignore")
                    runner.run(test, out=lambda text: None)
                if runner.failures:
                    failed.append(test.name)
    assert len(seen) > 100 and failed == []
