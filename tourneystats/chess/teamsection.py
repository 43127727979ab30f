"""The TRF-2026 team section: the records of a team event beside the ``001`` players.

FIDE's "Tournament Report File, version 2026" (TRF-2026; ``013`` is "to be phased out") gives a
team event in these records, read here by :func:`read_team_section` (columns 1-based, as the
format gives them):

* ``310``, one per team: its pairing number (columns 5-7, 1 to 999), name (9-40), nickname
  (42-46), strength factor (48-53), published match points (55-60) and game points (62-67), rank
  (69-71; ties allowed), and its players' start ranks in board order (4 columns each from
  column 74, one blank between them; ``0000`` or blanks: no player);
* ``320``: the pairing-allocated byes: their match points (5-8) and game points (10-13), then
  the team given one in round 1, 2, ... (3 columns each from column 15, one blank between them;
  ``000``: none);
* ``240`` (in a team event, of teams): a full-, half- or zero-point bye (``F``/``H``/``Z``,
  column 5) in the round of columns 7-9, of the teams of columns 11-14, 16-19, ...;
* ``330``: a forfeited match: ``+-`` (the white team won), ``-+`` (the black team won) or ``--``
  (both lost; columns 5-6), its round (8-10), the white team (12-14) and the black team (16-18);
* ``300``: a team playing out of its ``310`` board order in a round: the round (5-7), the team
  (9-11), its opponent (13-15) and the players of its boards 1, 2, ... (4 columns each from
  column 17; ``0000``: an empty board);
* ``352``: the boards' colour sequence (``WBWB``: one letter a board) and ``362``: the match
  point system (``TW 2.0 TD 1.0 TL 0.0``, the defaults).

The informative ``801``/``802`` records repeat what the others give and are not read.
"""

from __future__ import annotations

import os
import re
from pathlib import Path
from typing import Any, NamedTuple

import numpy as np
import pandas as pd

from ..core.schema import (
    GAME_POINTS,
    MATCH_POINTS,
    NAME,
    PLAYER,
    RANK,
    ROUND,
    TEAM,
    ValidationError,
)
from .trflines import _decode, _split_lines, no_control_characters

#: the records of the team section, as the reader names them
TEAM_SECTION_TAGS = ("310", "320", "240", "330", "300", "352", "362")
_BYE_KINDS = {"F": "fpb", "H": "hpb", "Z": "zpb"}
_FORFEITS = {"+-": (1, 0), "-+": (0, 1), "--": (0, 0)}  # (white won, black won)
_NUMBER = re.compile(r"^\s*\d+(\.\d*)?\s*$")


class TeamSection(NamedTuple):
    """What :func:`read_team_section` returns (every frame has the ``line`` of its record).

    Attributes
    ----------
    rosters : pandas.DataFrame
        ``team, name, player, order, line``: one row per player of a ``310`` record.
    published : pandas.DataFrame
        ``team, name, match_points, game_points, rank, line``: the ``310`` values (NaN: blank).
    byes : pandas.DataFrame
        ``round, team, kind, line``: the team byes of ``320`` (``pab``) and ``240`` records.
    forfeits : pandas.DataFrame
        ``round, white, black, white_won, black_won, line``: the ``330`` records.
    lineups : pandas.DataFrame
        ``round, team, opponent_team, board, player, line``: the ``300`` records (player 0: an
        empty board).
    match : tuple of float or None
        The ``362`` match points of a win, a draw, a loss (None: no record).
    pab : tuple of float or None
        The ``320`` match and game points of a pairing-allocated bye (None: no record).
    colours : str or None
        The ``352`` colour sequence (one letter a board).
    lines : dict
        The line of the ``320``, ``352`` and ``362`` records (for error messages).
    """

    rosters: pd.DataFrame
    published: pd.DataFrame
    byes: pd.DataFrame
    forfeits: pd.DataFrame
    lineups: pd.DataFrame
    match: tuple[float, float, float] | None
    pab: tuple[float, float] | None
    colours: str | None
    lines: dict


def has_team_section(path: str | os.PathLike) -> bool:
    """Whether the TRF file `path` has ``310`` team records (the TRF-2026 team section)."""
    data = Path(path).read_bytes()
    return data.startswith(b"310 ") or b"\n310 " in data or b"\r310 " in data


def section_lines(path: str | os.PathLike) -> list[str]:
    """The text lines of the TRF file `path` (UTF-8, else Windows-1252 or Latin-1), refused with
    its line when it holds a control character (a NUL byte, ...)."""
    data, text = _decode(Path(path).read_bytes().rstrip(b"\x1a"))
    data = data.replace(b"\r\n", b"\n").replace(b"\r", b"\n")
    no_control_characters(data, Path(path))
    return text if text is not None else _split_lines(data.decode("latin-1"))


def read_team_section(path: str | os.PathLike) -> TeamSection:
    """The team section of the TRF file `path` (see the module's description), each record
    checked on its own: numbers where numbers go, a team pairing number given once, a player in
    one team only, the teams that byes, forfeits and line-ups name given by a ``310`` record.

    Raises
    ------
    ValidationError
        Naming the file, the line and the column.

    Examples
    --------
    >>> import tempfile, pathlib
    >>> from tourneystats.chess.teamsection import read_team_section
    >>> path = pathlib.Path(tempfile.mkdtemp()) / "cup.trf"
    >>> _ = path.write_text("\\n".join([
    ...  "310   1 Rooks                                            3.0    2.5   1     1    2",
    ...  "310   2 Knights                                          1.0    1.5   2     3    4",
    ...  "320  1.0  1.0   0   2",
    ... ]))
    >>> s = read_team_section(path)
    >>> s.rosters[["team", "name", "player", "order"]]
       team     name  player  order
    0     1    Rooks       1      1
    1     1    Rooks       2      2
    2     2  Knights       3      1
    3     2  Knights       4      2
    >>> s.byes[["round", "team", "kind"]], s.pab
    (   round  team kind
    0      2     2  pab, (1.0, 1.0))
    """
    lines = section_lines(path)
    out: dict[str, list] = {tag: [] for tag in TEAM_SECTION_TAGS}
    for n, text in enumerate(lines, start=1):
        tag = text[:3]
        if tag in out and text[3:4] in (" ", ""):
            out[tag].append((n, text.rstrip()))
    where = _Place(path)
    rosters, published = _teams(out["310"], where)
    known = set(published[TEAM])
    match, pab, colours, single = _settings(out, where)
    byes = _byes(out["320"], out["240"], known, where)
    forfeits = _forfeits(out["330"], known, where)
    lineups = _lineups(out["300"], known, where)
    return TeamSection(rosters, published, byes, forfeits, lineups, match, pab, colours, single)


class _Place:
    """Error messages naming the file, the line and the column."""

    def __init__(self, path: str | os.PathLike):
        self.path = path

    def fail(self, line: int, column: int | None, message: str) -> ValidationError:
        at = f"{self.path}:{line}" + (f": column {column}" if column else "")
        return ValidationError(f"TRF: {at}: {message}")


def _int(text: str, start: int, width: int, where: _Place, line: int, what: str,
         *, blank: int | None = None) -> int:  # fmt: skip
    """The whole number of columns `start` (0-based) to `start + width`; `blank`: the value of
    blanks (None: refused)."""
    field = text[start : start + width].strip()
    if not field and blank is not None:
        return blank
    if not field.isdigit() or not field.isascii():
        raise where.fail(line, start + 1, f"{what} must be a whole number, got {field!r}")
    return int(field)


def _float(text: str, start: int, width: int, where: _Place, line: int, what: str) -> float:
    """The decimal number of the columns (NaN: blank)."""
    field = text[start : start + width]
    if not field.strip():
        return float("nan")
    if not _NUMBER.match(field) or not field.isascii():
        raise where.fail(line, start + 1, f"{what} must be a number (as 1111.5), got {field!r}")
    return float(field)


def _teams(records: list, where: _Place) -> tuple[pd.DataFrame, pd.DataFrame]:
    """The 310 records: the rosters and the published values; a team number once, a player in
    one team."""
    members, teams = [], []
    seen: dict[int, int] = {}
    team_of: dict[int, tuple[int, int]] = {}
    for n, text in records:
        team = _int(text, 4, 3, where, n, "a team pairing number (310, columns 5-7)")
        if not 1 <= team <= 999:
            raise where.fail(n, 5, f"a team pairing number must be 1 to 999, got {team}")
        if team in seen:
            raise where.fail(n, 5, f"team {team} has a second 310 record (the first: line "
                                   f"{seen[team]})")  # fmt: skip
        seen[team] = n
        if text[71:73].strip():
            raise where.fail(n, 72, "columns 72-73 of a 310 record must be blank (a field out "
                                    "of its columns?)")  # fmt: skip
        name = text[8:40].strip()
        mp = _float(text, 54, 6, where, n, "match points (310, columns 55-60)")
        gp = _float(text, 61, 6, where, n, "game points (310, columns 62-67)")
        rank = _int(text, 68, 3, where, n, "a rank (310, columns 69-71)", blank=0)
        teams.append((team, name, mp, gp, rank or np.nan, n))
        for order, start in enumerate(range(73, len(text), 5), start=1):
            player = _int(text, start, 4, where, n, "a start rank (310)", blank=0)
            if not player:
                continue
            if player in team_of:
                other, line = team_of[player]
                raise where.fail(n, start + 1, f"player {player} is in two teams: {other} (line "
                                               f"{line}) and {team}")  # fmt: skip
            team_of[player] = (team, n)
            members.append((team, name, player, order, n))
    rosters = pd.DataFrame(members, columns=[TEAM, NAME, PLAYER, "order", "line"])
    published = pd.DataFrame(teams, columns=[TEAM, NAME, MATCH_POINTS, GAME_POINTS, RANK, "line"])
    return rosters, published


def _settings(out: dict, where: _Place) -> tuple:
    """The 362 match points, the 320 bye points, the 352 colours, and their lines."""
    single: dict[str, int] = {}
    for tag in ("352", "362"):
        if len(out[tag]) > 1:
            raise where.fail(out[tag][1][0], None, f"a second {tag} record")
        if out[tag]:
            single[tag] = out[tag][0][0]
    match = None
    if out["362"]:
        n, text = out["362"][0]
        found = dict(re.findall(r"T([WDL])\s*(\d+(?:\.\d*)?)", text[4:]))
        if not found:
            raise where.fail(n, 5, "a 362 record gives match points as TW 2.0 TD 1.0 TL 0.0")
        match = tuple(float(found.get(k, d)) for k, d in (("W", 2.0), ("D", 1.0), ("L", 0.0)))
        if not match[0] > match[1] > match[2] >= 0:
            raise where.fail(n, 5, f"match points must be win > draw > loss >= 0, got {match}")
    colours = None
    if out["352"]:
        n, text = out["352"][0]
        colours = text[4:].strip().upper()
        if not colours or set(colours) - {"W", "B"}:
            raise where.fail(n, 5, f"a 352 record is a sequence of W and B, got {colours!r}")
    pab = None
    for n, text in out["320"]:
        points = tuple(_float(text, s, 4, where, n, w) for s, w in
                       ((4, "PAB match points (320, columns 5-8)"),
                        (9, "PAB game points (320, columns 10-13)")))  # fmt: skip
        if any(np.isnan(points)):
            raise where.fail(n, 5, "a 320 record gives the match and game points of a bye")
        if pab is not None and points != pab:
            raise where.fail(n, 5, f"a 320 record gives other bye points ({points}) than line "
                                   f"{single['320']} ({pab})")  # fmt: skip
        pab, single["320"] = points, single.get("320", n)
    return match, pab, colours, single


def _byes(pabs: list, others: list, known: set, where: _Place) -> pd.DataFrame:
    """The team byes of the 320 and 240 records; a team's bye once a round."""
    rows = []
    for n, text in pabs:
        for rnd, start in enumerate(range(14, len(text), 4), start=1):
            team = _int(text, start, 3, where, n, "a team pairing number (320)", blank=0)
            if team:
                rows.append((rnd, team, "pab", n, start + 1))
    for n, text in others:
        kind = _BYE_KINDS.get(text[4:5].upper())
        if kind is None:
            raise where.fail(n, 5, f"a 240 bye is F, H or Z, got {text[4:5]!r}")
        rnd = _int(text, 6, 3, where, n, "a round (240, columns 7-9)")
        for start in range(10, len(text), 5):
            team = _int(text, start, 4, where, n, "a team pairing number (240)", blank=0)
            if team:
                rows.append((rnd, team, kind, n, start + 1))
    for rnd, team, _, n, column in rows:
        if team not in known:
            raise where.fail(n, column, f"team {team} has no 310 record")
        if rnd < 1:
            raise where.fail(n, column, "a bye's round must be 1 or more")
    byes = pd.DataFrame(rows, columns=[ROUND, TEAM, "kind", "line", "_column"])
    twice = byes[byes.duplicated([ROUND, TEAM], keep="first")]
    if len(twice):
        first = twice.iloc[0]
        raise where.fail(int(first["line"]), int(first["_column"]),
                         f"team {first[TEAM]} has a second bye in round {first[ROUND]}")  # fmt: skip
    return byes.drop(columns="_column")


def _forfeits(records: list, known: set, where: _Place) -> pd.DataFrame:
    """The 330 records: the forfeited matches."""
    rows = []
    for n, text in records:
        won = _FORFEITS.get(text[4:6])
        if won is None:
            raise where.fail(n, 5, f"a forfeit is +-, -+ or --, got {text[4:6]!r}")
        rnd = _int(text, 7, 3, where, n, "a round (330, columns 8-10)")
        white = _int(text, 11, 3, where, n, "the white team (330, columns 12-14)")
        black = _int(text, 15, 3, where, n, "the black team (330, columns 16-18)")
        for team, column in ((white, 12), (black, 16)):
            if team not in known:
                raise where.fail(n, column, f"team {team} has no 310 record")
        if white == black or rnd < 1:
            raise where.fail(n, 8, "a forfeited match is of two teams in a round 1 or more")
        rows.append((rnd, white, black, *won, n))
    return pd.DataFrame(rows, columns=[ROUND, "white", "black", "white_won", "black_won", "line"])


def _lineups(records: list, known: set, where: _Place) -> pd.DataFrame:
    """The 300 records: the boards of a team out of its default order."""
    rows = []
    for n, text in records:
        rnd = _int(text, 4, 3, where, n, "a round (300, columns 5-7)")
        team = _int(text, 8, 3, where, n, "a team pairing number (300, columns 9-11)")
        opponent = _int(text, 12, 3, where, n, "a team pairing number (300, columns 13-15)")
        for t, column in ((team, 9), (opponent, 13)):
            if t not in known:
                raise where.fail(n, column, f"team {t} has no 310 record")
        for board, start in enumerate(range(16, len(text), 5), start=1):
            player = _int(text, start, 4, where, n, "a start rank (300)", blank=0)
            rows.append((rnd, team, opponent, board, player, n))
    columns = [ROUND, TEAM, "opponent_team", "board", PLAYER, "line"]
    return pd.DataFrame(rows, columns=columns)


# --- the records against the games ---------------------------------------------------------------


def out_of_order(
    paired: pd.DataFrame, lineups: pd.DataFrame, path: str | os.PathLike
) -> np.ndarray:
    """The board of every row of `paired` (a player's game with his team and its opponent team,
    ``board`` in the default order): the ``300`` line-up's where one covers its team and round;
    refused where a line-up lists a player twice, misses one who plays, lists one who does not,
    or names another opponent team."""
    where = _Place(path)
    listed = lineups[lineups[PLAYER] > 0]
    twice = listed[listed.duplicated([ROUND, TEAM, PLAYER])]
    if len(twice):
        raise where.fail(int(twice["line"].iloc[0]), 17, f"player {twice[PLAYER].iloc[0]} is "
                         "on two boards of the line-up")  # fmt: skip
    plans = lineups.drop_duplicates([ROUND, TEAM, "line"])
    again = plans[plans.duplicated([ROUND, TEAM])]
    if len(again):
        raise where.fail(int(again["line"].iloc[0]), 5, f"team {again[TEAM].iloc[0]} has a "
                         f"second line-up in round {again[ROUND].iloc[0]}")  # fmt: skip
    team = paired[TEAM].to_numpy(dtype=np.int64)
    rnd = paired[ROUND].to_numpy(dtype=np.int64)
    player = paired[PLAYER].to_numpy(dtype=np.int64)
    plan = plans.set_index([ROUND, TEAM])
    at = plan.index.get_indexer(pd.MultiIndex.from_arrays([rnd, team]))
    covered = at >= 0
    opponent = paired["opponent_team"].to_numpy(dtype=np.float64)
    planned = plan["opponent_team"].to_numpy()[np.maximum(at, 0)]
    wrong = covered & (opponent != planned)
    if wrong.any():
        k = int(np.flatnonzero(wrong)[0])
        raise where.fail(int(plan["line"].iloc[at[k]]), 13, f"team {team[k]} meets team "
                         f"{int(opponent[k])} in round {rnd[k]} (the 001 records), not team "
                         f"{planned[k]}")  # fmt: skip
    boards = listed.set_index([ROUND, TEAM, PLAYER])["board"]
    board = boards.reindex(pd.MultiIndex.from_arrays([rnd, team, player])).to_numpy()
    missing = covered & np.isnan(board.astype(np.float64))
    if missing.any():
        k = int(np.flatnonzero(missing)[0])
        raise where.fail(int(plan["line"].iloc[at[k]]), 17, f"the line-up of team {team[k]} in "
                         f"round {rnd[k]} leaves out player {player[k]}, who plays")  # fmt: skip
    playing = pd.MultiIndex.from_arrays([rnd, team, player])
    idle = ~boards.index.isin(playing)
    if idle.any():
        row = listed.iloc[int(np.flatnonzero(idle)[0])]
        raise where.fail(int(row["line"]), 17, f"the line-up puts player {row[PLAYER]} on board "
                         f"{row['board']} in round {row[ROUND]}, but he has no game then")  # fmt: skip
    return np.where(covered, board, paired["board"].to_numpy()).astype(np.int64)


def apply_section(
    boards: pd.DataFrame, section: TeamSection, path: str | os.PathLike
) -> pd.DataFrame:
    """The board rows `boards` of a file with the records of `section`: the team byes of the
    ``320``/``240`` records, checked against the games with the ``330`` and ``352`` records (see
    :mod:`tourneystats.chess.teamtrf`)."""
    where = _Place(path)
    if section.colours is not None:
        most = boards["board"].max()
        if pd.notna(most) and int(most) > len(section.colours):
            row = boards[boards["board"] == most].iloc[0]
            raise where.fail(section.lines["352"], 5, f"the 352 colour sequence has "
                             f"{len(section.colours)} boards, but team {row[TEAM]} has a board "
                             f"{int(most)} in round {row[ROUND]}")  # fmt: skip
    boards = _with_byes(boards, section, where)
    _check_forfeits(boards, section.forfeits, where)
    return boards


def _with_byes(boards: pd.DataFrame, section: TeamSection, where: _Place) -> pd.DataFrame:
    """The team byes of the records on the teams' rows (a team that plays is refused)."""
    first = boards.drop_duplicates([ROUND, TEAM]).set_index([ROUND, TEAM])
    byes = section.byes
    at = first.index.get_indexer(pd.MultiIndex.from_arrays([byes[ROUND], byes[TEAM]]))
    for k in np.flatnonzero(at < 0)[:1]:
        raise where.fail(int(byes["line"].iloc[k]), None, f"team {byes[TEAM].iloc[k]} has a bye "
                         f"in round {byes[ROUND].iloc[k]}, a round its players' 001 records do "
                         "not have")  # fmt: skip
    row = first.iloc[at]
    plays = row["opponent_team"].notna().to_numpy()
    for k in np.flatnonzero(plays)[:1]:
        raise where.fail(int(byes["line"].iloc[k]), None, f"team {byes[TEAM].iloc[k]} has a bye "
                         f"in round {byes[ROUND].iloc[k]}, but its players play team "
                         f"{row['opponent_team'].iloc[k]} then")  # fmt: skip
    theirs = row["kind"].astype(str).to_numpy()
    other = np.isin(theirs, ("pab", "fpb", "hpb")) & (theirs != byes["kind"].to_numpy())
    for k in np.flatnonzero(other)[:1]:
        raise where.fail(int(byes["line"].iloc[k]), None, f"team {byes[TEAM].iloc[k]}'s bye in "
                         f"round {byes[ROUND].iloc[k]} is a {byes['kind'].iloc[k]} here, a "
                         f"{theirs[k]} in its players' 001 records")  # fmt: skip
    if "320" in section.lines:
        listed = pd.MultiIndex.from_frame(byes[byes["kind"] == "pab"][[ROUND, TEAM]])
        pab = boards[(boards["kind"] == "pab") & boards["opponent_team"].isna()]
        unlisted = pab[~pd.MultiIndex.from_frame(pab[[ROUND, TEAM]]).isin(listed)]
        if len(unlisted):
            raise where.fail(section.lines["320"], 15, f"team {unlisted[TEAM].iloc[0]}'s "
                             f"players have a pairing-allocated bye (U) in round "
                             f"{unlisted[ROUND].iloc[0]}, which the 320 record does not "
                             "give")  # fmt: skip
    given = byes.set_index([ROUND, TEAM])["kind"]
    key = pd.MultiIndex.from_arrays([boards[ROUND], boards[TEAM]])
    kind = given.reindex(key).to_numpy()
    is_bye = boards["opponent_team"].isna().to_numpy() & pd.notna(kind)
    return boards.assign(kind=np.where(is_bye, kind, boards["kind"].to_numpy()).astype(str))


def _check_forfeits(boards: pd.DataFrame, forfeits: pd.DataFrame, where: _Place) -> None:
    """Each ``330`` record names a match of the games, none of its boards played, won as the
    boards' points say."""
    if forfeits.empty:
        return
    games = boards[boards["opponent_team"].notna()]
    match = games.groupby([ROUND, TEAM]).agg(
        opponent=("opponent_team", "first"),
        played=("kind", lambda k: bool((k == "played").any())),
        points=("points", "sum"),
    )
    white = match.reindex(pd.MultiIndex.from_arrays([forfeits[ROUND], forfeits["white"]]))
    black = match.reindex(pd.MultiIndex.from_arrays([forfeits[ROUND], forfeits["black"]]))
    for k in range(len(forfeits)):  # (a few records a file)
        f = forfeits.iloc[k]
        line, w, b, r = int(f["line"]), int(f["white"]), int(f["black"]), int(f[ROUND])
        if pd.isna(white["opponent"].iloc[k]) or int(white["opponent"].iloc[k]) != b:
            raise where.fail(line, 12, f"teams {w} and {b} do not meet in round {r} in the "
                                       "players' 001 records (a forfeited match is read from "
                                       "its boards' forfeits there)")  # fmt: skip
        if white["played"].iloc[k] or black["played"].iloc[k]:
            raise where.fail(line, 5, f"the match of teams {w} and {b} in round {r} is forfeited "
                                      "here, but boards of it were played (001 records)")  # fmt: skip
        gw, gb = float(white["points"].iloc[k]), float(black["points"].iloc[k])
        if bool(f["white_won"]) != (gw > gb) or bool(f["black_won"]) != (gb > gw):
            sign = "+-" if f["white_won"] else "-+" if f["black_won"] else "--"
            raise where.fail(line, 5, f"the forfeit {sign} "
                                      f"of teams {w} and {b} in round {r} disagrees with the "
                                      f"boards' forfeits in the 001 records ({gw:g}-{gb:g})")  # fmt: skip


def section_points(section: TeamSection, boards: pd.DataFrame, path: str | os.PathLike) -> Any:
    """The point system of the ``362`` and ``320`` records (a
    :class:`~tourneystats.chess.teams.TeamPoints` named ``"trf"``), None without them: the
    others' points as the default's (``tec2023``)."""
    from .teams import _OUTCOMES, TEAM_POINTS

    if section.match is None and section.pab is None:
        return None
    base = TEAM_POINTS["tec2023"]
    match = section.match or base.match
    unplayed = list(base.unplayed)
    if section.pab is not None:
        where = _Place(path)
        mp, gp = section.pab
        size = len(section.colours) if section.colours else int(boards["board"].max())
        m = [k for k, v in enumerate(match) if abs(v - mp) < 1e-9]
        g = [k for k, v in enumerate(base.game) if abs(v * size - gp) < 1e-9]
        if not m:
            raise where.fail(section.lines["320"], 5, f"a bye's {mp:g} match points are no win, "
                             f"draw or loss of the match points {match}")  # fmt: skip
        if not g:
            raise where.fail(section.lines["320"], 10, f"a bye's {gp:g} game points are no win, "
                             f"draw or loss on each of the {size} boards")  # fmt: skip
        unplayed = [(k, _OUTCOMES[m[0]], _OUTCOMES[g[0]]) if k == "pab" else (k, a, b)
                    for k, a, b in unplayed]  # fmt: skip
    return base.replace(name="trf", match=tuple(match), unplayed=tuple(unplayed))
