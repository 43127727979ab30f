"""Who the rows are: the names, ids and ratings a source gives, joined onto computed tables.

Every family computes on ids (a start number, a pair number, a user id) and reads the people
behind them into a separate frame (``chess.read_pgn(...).players``, ``read_usebio(...).pairs``,
``cards.read_tom(...).players``). :func:`with_people` joins that frame's :data:`PEOPLE` columns
onto a finished table, after the ranking: the ids stay the identity, the names are labels, and
two players of one name stay two players.

**How a name is read** (:func:`clean_name`, :func:`clean_names`, :func:`with_clean_names`): a
player or team name that is an identity, in a file or in a frame given to the package, is read
so by every family: cards (results tables and frames, the published standings beside them, MTG
JSON files, TOM names), chess (results and players frames, PGN tags), the league's players and
teams, bridge teams (team results, pools, knockouts). Where ids are numbers (TRF start
numbers, bridge pair numbers, TOM user ids), the names are labels shown as the file gives them.

- *Whitespace is no part of a name.* Leading and trailing whitespace is removed and every run
  of whitespace inside (tabs, line ends, no-break spaces) becomes one space: ``"Ann Lee "``,
  ``" Ann  Lee"`` and ``"Ann\u00a0Lee"`` are ``"Ann Lee"``. Web pages, spreadsheets and PDFs
  show them alike, so no reader can tell two players by them: one player whose name has a
  trailing space in one round stays one player. Two *different* players whose names differ
  only so collide: the reader refuses them where it meets them (two matches of one player in a
  round, a player against himself, a name listed twice), naming the event, round and player.
- *Letter case is part of a name.* ``"Gen Shinohara"`` and ``"GEN Shinohara"`` are two players
  (melee.gg lists two such players, in the same rounds, in the 2024 Asia Vintage
  Championship): a reader keeps them apart and says so in a warning naming the event and both
  spellings (:func:`case_variants`), as one player spelled two ways would be split.
"""

from __future__ import annotations

import functools
from collections.abc import Hashable, Sequence
from typing import Any

import numpy as np
import pandas as pd

from .schema import (
    EVENT,
    HOME_TEAM,
    LEAGUE,
    NAME,
    NAMES,
    PAIR,
    PEOPLE,
    PLAYER,
    SEASON,
    SECTION,
    TEAM,
    VISIT_TEAM,
    shortened,
)

#: the columns of team names (bridge teams, pools and knockouts; league teams)
TEAM_NAMES = (TEAM, HOME_TEAM, VISIT_TEAM)


def clean_name(name: Any) -> Any:
    """A name as every reader reads it: trimmed, each run of whitespace one space (anything
    but a text is returned as it is).

    Examples
    --------
    >>> clean_name(" Ann \t Lee\u00a0"), clean_name(12)
    ('Ann Lee', 12)
    """
    return " ".join(name.split()) if isinstance(name, str) else name


def clean_names(values: pd.Series) -> pd.Series:
    """:func:`clean_name` of every value of a column of names: `values` itself when no name
    changes (numbers, ids, a column of clean names: nothing is copied), else a new column
    (the caller's is never modified).

    Examples
    --------
    >>> names = pd.Series(["Ann ", "Bo", "Cy  Dee"])
    >>> clean_names(names).tolist()
    ['Ann', 'Bo', 'Cy Dee']
    >>> clean = pd.Series(["Ann", "Bo"])
    >>> clean_names(clean) is clean
    True
    """
    if isinstance(values.dtype, pd.CategoricalDtype):  # the categories cleaned (maybe merged)
        odd = _unclean(values.cat.categories)  # (distinct already)
        if not odd:
            return values
        cleaned = _cleaned(pd.Series(values.cat.categories), odd)
        taken = cleaned.array.take(values.cat.codes.to_numpy(), allow_fill=True)
        return pd.Series(taken, index=values.index, name=values.name).astype("category")
    if not (pd.api.types.is_string_dtype(values.dtype) or values.dtype == object):
        return values
    odd = _unclean(values.unique())  # (names repeat: a pass over the distinct ones)
    return _cleaned(values, odd) if odd else values


def _cleaned(values: pd.Series, odd: list[str]) -> pd.Series:
    """A copy of `values` with those of them that are `odd` read by :func:`clean_name`."""
    at = values.isin(odd).to_numpy(dtype=bool)
    out = values.copy()
    out[at] = [clean_name(v) for v in values[at]]
    return out


def with_clean_names(frame: pd.DataFrame, columns: Sequence[str]) -> pd.DataFrame:
    """`frame` with its name `columns` (those it has) read by :func:`clean_names`: `frame`
    itself when no name changes, else a new frame (the caller's is never modified).

    Examples
    --------
    >>> frame = pd.DataFrame({"home_team": ["Lions ", "Owls"], "visit_team": ["Owls", "Lions"]})
    >>> with_clean_names(frame, ["home_team", "visit_team", "team"])["home_team"].tolist()
    ['Lions', 'Owls']
    >>> with_clean_names(frame, ["visit_team"]) is frame
    True
    """
    changed = {}
    for column in (c for c in columns if c in frame.columns):
        values = frame[column]  # (one object: each frame[column] is a new Series)
        cleaned = clean_names(values)
        if cleaned is not values:
            changed[column] = cleaned
    return frame.assign(**changed) if changed else frame


#: a text :func:`clean_name` changes: whitespace at an end, two spaces, or whitespace other than
#: a space (as ``str.isspace`` says: the characters listed by :func:`_spaces`)
_UNCLEAN = r"^ | $|  |[{}]"


@functools.cache
def _spaces() -> str:
    r"""The whitespace characters but the space, as a regular expression's class (``\x{..}``):
    ``str.isspace`` finds none beyond U+3000 (the tests check every code point)."""
    return "".join(
        f"\\x{{{ord(c):x}}}" for c in map(chr, range(0x3001)) if c.isspace() and c != " "
    )


def _unclean(distinct: Any) -> list[str]:
    """Those of the `distinct` values of a column that :func:`clean_name` changes."""
    maybe = _maybe_unclean(distinct).tolist()
    return [v for v in maybe if isinstance(v, str) and v != clean_name(v)]


def _maybe_unclean(distinct: Any) -> Any:
    """Those of the `distinct` values of a column that :func:`clean_name` may change: for Arrow
    text the few that a regular expression finds (none, most often), else all."""
    if not (isinstance(distinct.dtype, pd.StringDtype) and distinct.dtype.storage == "pyarrow"):
        return distinct
    import pyarrow as pa
    import pyarrow.compute as pc

    text = pa.array(distinct)
    found = pc.match_substring_regex(text, _UNCLEAN.format(_spaces()))
    return distinct[found.fill_null(False).to_numpy(zero_copy_only=False)]


def _none_alike(distinct: Any) -> bool:
    """Whether no two texts of `distinct` (distinct values) differ in letter case only. For
    Arrow text, the ASCII ones (whose ``casefold`` is their lower case) are folded by Arrow
    and the others by Python."""
    if not (isinstance(distinct.dtype, pd.StringDtype) and distinct.dtype.storage == "pyarrow"):
        texts = [v for v in distinct if isinstance(v, str)]
        return len({v.casefold() for v in texts}) == len(texts)
    import pyarrow as pa
    import pyarrow.compute as pc

    text = pa.array(distinct.array if isinstance(distinct, pd.Index) else distinct).drop_null()
    ascii = pc.string_is_ascii(text)
    lower = pc.ascii_lower(text.filter(ascii))
    others = [v.casefold() for v in text.filter(pc.invert(ascii)).to_pylist()]
    folded = pa.chunked_array([lower, pa.array(others, lower.type)], lower.type)
    return len(pc.unique(folded)) == len(text)


def _in_use(codes: np.ndarray, categories: pd.Index) -> tuple[np.ndarray, pd.Index]:
    """Categorical `codes` numbered again over the categories some row has (-1 stays -1), and
    those categories (a frame of a few events keeps the categories of a whole archive)."""
    used = np.zeros(len(categories) + 1, dtype=bool)  # the last slot: -1's (no copy, no cast)
    used[codes] = True
    used = used[:-1]
    if used.all():  # (a frame's own categories)
        return codes, categories
    remap = np.full(len(categories) + 1, -1, dtype=codes.dtype)  # the last slot: -1 stays -1
    remap[:-1][used] = np.arange(int(used.sum()))
    return remap[codes], categories[used]


def case_variants(frame: pd.DataFrame, column: str, within: Sequence[str] = ()) -> list[str]:
    """The names of `column` that another name of the same `within` group (an event) differs
    from in letter case only, shown as ``event 'E': 'Gen Shinohara', 'GEN Shinohara'``; a
    reader warns with them (two players, as :mod:`~tourneystats.core.people` reads names).
    Computed on the distinct names of each group.

    Examples
    --------
    >>> frame = pd.DataFrame({"event": ["E", "E", "F"], "player": ["Al", "AL", "al"]})
    >>> case_variants(frame, "player", ["event"])
    ["event 'E': 'AL', 'Al'"]
    """
    keys = [*within, column]
    values = frame[column]
    if isinstance(values.dtype, pd.CategoricalDtype):  # its codes, of the categories in use
        codes, distinct = _in_use(values.cat.codes.to_numpy(), values.cat.categories)
        if _none_alike(distinct):  # (most often: no two alike at all)
            return []
    elif _none_alike(values.unique()):  # (the rows not coded: no memory per row)
        return []
    else:
        codes, distinct = pd.factorize(values)
    folds = pd.Series([v.casefold() if isinstance(v, str) else v for v in distinct.tolist()])
    alike = folds.duplicated(keep=False).to_numpy()
    names = frame.loc[(codes >= 0) & alike[codes.clip(0)], keys].drop_duplicates()
    text = names[column].astype(str)
    folded = names[list(within)].assign(_folded=text.str.casefold())
    clash = folded.duplicated(keep=False).to_numpy()
    if not clash.any():
        return []
    shown = names[clash].assign(_folded=folded["_folded"][clash]).sort_values([*within, column])
    out = []
    for group, rows in shown.groupby([*within, "_folded"], sort=True, observed=True):
        where = ", ".join(f"{k} {v!r}" for k, v in zip(within, group[: len(within)], strict=True))
        spelled = ", ".join(repr(v) for v in rows[column])
        out.append(f"{where}: {spelled}" if where else spelled)
    return out


#: the id columns a people frame may be keyed by, in the order they are looked for
ENTITIES = (PLAYER, PAIR, TEAM)
#: the columns that, when both frames have them, scope an id (a start number is per event)
SCOPES = (LEAGUE, SEASON, EVENT, SECTION)


def with_people(
    table: pd.DataFrame,
    people: pd.DataFrame | None,
    *,
    columns: Sequence[str] = PEOPLE,
) -> pd.DataFrame:
    """`table` with the `columns` of `people` it lacks, placed right after its id column.

    The rows are matched on the id (``player``, ``pair`` or ``team``: the first of them both
    frames have) within the scopes both frames have (``league``, ``season``, ``event``,
    ``section``); ids compare as given, or as text when no id matches so. A row without a match
    gets missing values; a key listed twice in `people` takes its first row. The table's rows,
    their order and its other columns are unchanged; the caller's frames are not modified.

    Parameters
    ----------
    table : pandas.DataFrame
        A computed table (standings, history, comparison, check, explanation).
    people : pandas.DataFrame or None
        The players (pairs, teams) frame of the source; None returns `table` unchanged.
    columns : sequence of str
        The columns carried over, those `people` has with a value (default :data:`PEOPLE`:
        ``name, names, fide_id, title, federation, rating``).

    Returns
    -------
    pandas.DataFrame

    Examples
    --------
    >>> table = pd.DataFrame({"event": "E", "player": [2, 1, 3], "rank": [1, 2, 3]})
    >>> people = pd.DataFrame({"event": "E", "player": [1, 2, 3],
    ...                        "name": ["Smith, J", "Doe, Jane", "Smith, J"],
    ...                        "rating": [1900, 2100, None], "points": [1.0, 2.0, 0.0]})
    >>> with_people(table, people)
      event  player       name  rating  rank
    0     E       2  Doe, Jane  2100.0     1
    1     E       1   Smith, J  1900.0     2
    2     E       3   Smith, J     NaN     3
    """
    if people is None or not len(table):
        return table
    entity = next((c for c in ENTITIES if c in table.columns and c in people.columns), None)
    carried = [  # a column the source leaves empty is not given
        c
        for c in columns
        if c in people.columns and c not in table.columns and people[c].notna().any()
    ]
    if entity is None or not carried:
        return table
    keys = [c for c in SCOPES if c in table.columns and c in people.columns] + [entity]
    at = _positions(table, people, keys)
    out = table.copy(deep=False)
    where = out.columns.get_loc(entity)
    assert isinstance(where, int)  # (a table's columns are unique)
    for offset, column in enumerate(carried):
        out.insert(where + 1 + offset, column, _taken(people[column], at, out.index))
    return out


def _positions(table: pd.DataFrame, people: pd.DataFrame, keys: list[str]) -> np.ndarray:
    """For each row of `table`, the first row of `people` with its `keys` (-1: none); ids
    compared as given, else as text."""
    at = _indexer(table, people, keys)
    if (at < 0).all():  # ids typed differently in the two frames (1 and "1"): as text
        as_text = {k: (lambda f, k=k: f[k].astype("string")) for k in keys}
        at = _indexer(table.assign(**as_text), people.assign(**as_text), keys)
    return at


def _indexer(table: pd.DataFrame, people: pd.DataFrame, keys: list[str]) -> np.ndarray:
    """The keys of both frames as one integer code each (the people's distinct values of each
    key, found by Arrow: no Python object per row), then each table row's first match."""
    import pyarrow as pa  # on first use, as core.io: importing the package stays light
    import pyarrow.compute as pc

    in_table = np.zeros(len(table), dtype=np.int64)
    in_people = np.zeros(len(people), dtype=np.int64)
    missing = np.zeros(len(table), dtype=bool)  # a key value the people do not have
    for key in keys:
        try:
            values = pc.unique(_arrow(people[key]))
            t = pc.index_in(_arrow(table[key]), value_set=values).fill_null(-1)
            p = pc.index_in(_arrow(people[key]), value_set=values).fill_null(-1)
        except (pa.ArrowInvalid, pa.ArrowNotImplementedError, pa.ArrowTypeError):
            return np.full(len(table), -1, dtype=np.int64)  # types that do not compare
        size = len(values)
        t_codes = np.asarray(t, dtype=np.int64)
        missing |= t_codes < 0
        in_table = in_table * size + t_codes.clip(0)
        in_people = in_people * size + np.asarray(p, dtype=np.int64)  # (its own values: found)
        if in_people.max(initial=0) > 1 << 40:  # dense again before the codes grow too large
            codes, _ = pd.factorize(np.concatenate([in_people, in_table]))
            in_people, in_table = codes[: len(people)], codes[len(people) :]
    first = np.flatnonzero(~pd.Index(in_people).duplicated())  # the first row of each key
    found = pd.Index(in_people[first]).get_indexer(pd.Index(in_table))
    return np.where((found >= 0) & ~missing, first[found], -1)


def _arrow(values: pd.Series) -> Any:
    """`values` as an Arrow array (a categorical's values, not its codes)."""
    import pyarrow as pa

    array = pa.array(values, from_pandas=True)
    if isinstance(array, pa.DictionaryArray):
        return array.dictionary_decode()
    return array


def _taken(values: pd.Series, at: np.ndarray, index: pd.Index) -> pd.Series:
    """`values` at the positions `at` (missing where -1), integers kept whole (``Int64``)."""
    array = values.array
    if (at < 0).any() and pd.api.types.is_integer_dtype(values.dtype):
        array = array.astype("Int64")
    if (at < 0).any() and pd.api.types.is_bool_dtype(values.dtype):
        array = array.astype("boolean")
    return pd.Series(array.take(at, allow_fill=True), index=index, name=values.name)


#: the columns a person may be selected by, besides the id
LABELS = (NAME, NAMES)


def select(
    frame: pd.DataFrame, wanted: Sequence[Hashable], *, entity: str | None = None
) -> list[Hashable]:
    """The ids of `frame` that `wanted` names: each an id (as given, or as text: ``"12"``
    for 12) or a name (its ``name`` or ``names``, exactly as shown).

    An id wins over a name. A name that two ids share is refused, listing them: ids are the
    identity, names only labels.

    Parameters
    ----------
    frame : pandas.DataFrame
        Rows with the id column (``player``, ``pair`` or ``team``) and maybe the names.
    wanted : sequence
        Ids and names, in the order wanted.
    entity : str, optional
        The id column (default: the first of ``player``, ``pair``, ``team`` in `frame`).

    Returns
    -------
    list
        The ids, in the order of `wanted`.

    Raises
    ------
    ValueError
        An unknown id or name (naming some known ones), or a name of several ids (naming them).

    Examples
    --------
    >>> t = pd.DataFrame({"player": [1, 2, 3], "name": ["Doe, Jane", "Smith, J", "Smith, J"]})
    >>> select(t, ["Doe, Jane", "3"])
    [1, 3]
    >>> select(t, ["Smith, J"])
    Traceback (most recent call last):
    ...
    ValueError: 'Smith, J' is the name of 2 players: 2 (Smith, J), 3 (Smith, J); choose by id
    """
    entity = entity or next(c for c in ENTITIES if c in frame.columns)
    labels = [c for c in LABELS if c in frame.columns]
    rows = frame[[entity, *labels]].drop_duplicates(entity).dropna(subset=[entity])
    ids = rows[entity].tolist()
    by_id = {i: i for i in ids} | {str(i): i for i in ids}
    by_name: dict[str, list] = {}
    for column in labels:
        for i, name in zip(ids, rows[column].tolist(), strict=True):
            if isinstance(name, str) and i not in by_name.setdefault(name, []):
                by_name[name].append(i)
    out: list[Hashable] = []
    unknown: list[Hashable] = []
    for w in wanted:
        hit = by_id.get(w, by_id.get(str(w)))
        named = [hit] if hit is not None else by_name.get(str(w), [])
        if len(named) > 1:
            named = _sorted(named)
            shown = ", ".join(f"{i} ({_label(rows, entity, labels, i)})" for i in named[:8])
            raise ValueError(
                f"{str(w)!r} is the name of {len(named)} {entity}s: {shown}; choose by id"
            )
        (out.append(named[0]) if named else unknown.append(w))
    if unknown:
        known = shortened([_shown(rows, entity, labels, i) for i in _sorted(ids)[:8]], len(ids))
        raise ValueError(f"unknown {entity}(s) {', '.join(map(repr, unknown))}; known: {known}")
    return out


def _sorted(ids: list) -> list:
    """Ids in their order (as text when they do not compare)."""
    try:
        return sorted(ids)
    except TypeError:
        return sorted(ids, key=str)


def _shown(rows: pd.DataFrame, entity: str, labels: list[str], i: Hashable) -> str:
    """``'Doe, Jane' (12)``: a name and its id, or the id alone."""
    name = _label(rows, entity, labels, i)
    return repr(i) if name == str(i) else f"{name!r} ({i})"


def _label(rows: pd.DataFrame, entity: str, labels: list[str], i: Hashable) -> str:
    """The name of id `i` (its id when it has none)."""
    row = rows[rows[entity] == i]
    for column in labels:
        value = row[column].iloc[0] if len(row) else None
        if isinstance(value, str):
            return value
    return str(i)
