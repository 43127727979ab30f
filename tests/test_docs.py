"""The documentation site: every public name has a rendered page, the gallery shows its figures.

One strict build (warnings as errors) of the whole site, with one notebook of the gallery run (the
others are left out to keep the test short; every notebook runs in the suite through nbmake, and
CI builds the whole site, running all of them).
"""

from __future__ import annotations

import importlib
import os
import re
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


@pytest.fixture(scope="module")
def site(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("html")
    others = [p.name for p in (ROOT / "notebooks").glob("*.ipynb") if p.stem != NOTEBOOK]
    excluded = ["_build", *[f"_generated/notebooks/{n}" for n in others]]
    # the notebooks draw with Jupyter's inline backend, as in CI (the suite's Agg shows nothing)
    environment = {k: v for k, v in os.environ.items() if k != "MPLBACKEND"}
    done = subprocess.run(
        [sys.executable, "-m", "sphinx", "-q", "-W", "--keep-going", "-b", "html",
         "-D", f"exclude_patterns={','.join(excluded)}", str(ROOT / "docs"), str(out)],
        capture_output=True, text=True, cwd=ROOT, env=environment,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr[-3000:]
    return out


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
    assert text.index("The families") < text.index("Shared tools")
    assert "tourneystats.core" not in text
    for name in ("Iterable", "Sequence", "dataclass", "TypeVar"):
        assert not re.search(rf"\b{name}\b", text), name
    assert not RAW.search(text)


def test_the_gallery_shows_the_figures_of_its_notebooks(site):
    page = site / "_generated" / "notebooks" / f"{NOTEBOOK}.html"
    html = page.read_text(encoding="utf-8")
    assert html.count("<img") >= 1
    assert "<table" in html  # the standings tables


def test_the_home_page_has_a_quickstart_and_a_visible_table_of_contents(site):
    html = (site / "index.html").read_text(encoding="utf-8")
    assert "Quickstart" in html and "sample_data()" in _text(site / "index.html")
    assert 'class="toctree-wrapper' in html


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
