"""Read PBN 2.1 (Portable Bridge Notation) result files into the canonical bridge frames.

Two kinds of PBN files carry results, and both are read:

- **game level**: one PBN game per table result, with ``Contract``, ``Declarer``, ``Result`` and
  ``Score`` tags (and ``ScoreIMP``/``ScoreMP``/``ScorePercentage`` when published). When the games
  name ``HomeTeam``/``VisitTeam`` (a team match), they form a *team results frame*; otherwise a
  *pairs traveller frame* (pair ids from ``PairNS``/``PairEW``).
- **event level**: one game per board whose ``ScoreTable`` section is the board's traveller, and
  a ``TotalScoreTable`` section with the session result of each pair.

What the reader understands of the notation: ``%`` escape lines (first column), ``;`` and ``{...}``
commentary (braces may span lines), tag pairs ``[Name "value"]`` with ``\\"`` and ``\\\\`` escapes,
several tags per line or a tag across lines (import format), games separated by semi-empty lines,
tag value inheritance (``"#"``: the value of the nearest earlier game; ``"##text"``: ``text`` for
this and all later games), sections after a tag (``Auction``, ``Play``, and tables) with their
column declarations (``Name\\6R``: minimum width and alignment, ``+``/``-`` sort marks), string
tokens in quotes, ``-`` (irrelevant) and ``?`` (unknown) elements, ``^`` marking an artificial
score, and a ``Multiplicity`` column. Only the first occurrence of a tag in a game counts (except
``Note``). A malformed file raises :class:`~tourneystats.ValidationError` naming the file and line.

Every table result is read or refused, never dropped:

- a game stating a result (a ``Contract``, ``Result``, ``Score``, ``ScoreIMP``, ``ScoreMP`` or
  ``ScorePercentage`` value) or holding a ``ScoreTable`` must have a ``Board`` tag, and a game
  stating a result a ``Contract`` tag (both are in PBN 2.1's mandatory tag set, section 3). A
  game without any result (a deal of a hand record, event data) is not a result and is skipped;
  a ``ScoreTable`` row whose every value is ``-`` or ``?`` (a board not played) too;
- a score must be a whole number (``Score "NS 420"``, ``Score_NS``), else the line is refused;
  a result with a known contract but no score is scored from its declarer, tricks and
  vulnerability, and refused when it lacks them; a ``?`` contract with a score keeps the score;
- ``}`` outside a comment is refused; an empty file, or one of comments only, is refused;
- a score marked ``^`` (an assigned adjusted score) is read with ``adjusted`` True;
- the results then go through the family's checks
  (:func:`~tourneystats.bridge.checks.check_play`: board, contract, declarer, tricks,
  vulnerability, the score against its contract), whose errors name the line of the result;
  the vulnerability is the ``Vulnerable`` tag's, else the board's standard one.
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

import numpy as np
import pandas as pd

from ..core.folders import result_files
from ..core.schema import (
    ADJUSTED,
    ARTIFICIAL,
    BOARD,
    BOARDS,
    CONTRACT,
    DATUM,
    DECLARER,
    EVENT,
    EW_IMPS,
    EW_MP,
    EW_PAIR,
    EW_PERCENTAGE,
    HOME_IMPS,
    HOME_SIDE,
    HOME_TEAM,
    LEAD,
    LINE,
    NAMES,
    NS_IMPS,
    NS_MP,
    NS_PAIR,
    NS_PERCENTAGE,
    NS_SCORE,
    PAIR,
    PERCENTAGE,
    RANK,
    ROOM,
    ROUND,
    SCORING,
    SECTION,
    TABLE,
    TEAM,
    TOTAL,
    TRICKS,
    VISIT_TEAM,
    VULNERABLE,
    ValidationError,
    fail_rows,
)
from .checks import check_play, located
from .contract import (
    DEFAULT_SECTION,
    BridgeFile,
    Published,
    artificial_code,
    combine,
    contract_score,
    contract_text,
    tricks_from_result,
    vulnerability,
    vulnerable_text,
)
from .declared import pbn_scoring, scoring_of
from .pbn_lex import _Game, _inherit, _lex_games

__all__ = ["read_pbn"]

_INT = re.compile(r"^[+-]?\d+$")
_NUMBER = re.compile(r"^[+-]?(?:\d+(?:\.\d*)?|\.\d+)$")
_ART_CODE = re.compile(r"^A(\d{2})(\d{2})$", re.IGNORECASE)
_PERCENT = re.compile(r"^(\d+(?:\.\d+)?)%?$")
_AVERAGE_WORDS = {
    "A+": 60,
    "AVE+": 60,
    "AVG+": 60,
    "A": 50,
    "AVE": 50,
    "AVG": 50,
    "A-": 40,
    "AVE-": 40,
    "AVG-": 40,
}
_RANKS = "AKQJT98765432"
_SUITS = "SHDC"


# --- value helpers -------------------------------------------------------------------------------


def _blank(value: str | None) -> bool:
    return value is None or value.strip() in ("", "-", "?")


def _side_values(text: str | None) -> dict[str, float]:
    """Parse the 5 formats of Score/ScoreIMP/ScoreMP/ScorePercentage into {"NS"|"EW"|"": v}."""
    if _blank(text):
        return {}
    assert text is not None
    parts = text.replace("^", "").split()
    out: dict[str, float] = {}
    for side, value in [("", parts[0])] if len(parts) == 1 else zip(parts[::2], parts[1::2]):
        side = side.upper()
        if len(parts) % 2 and len(parts) > 1 or side not in ("", "NS", "EW"):
            raise ValueError(f"{text!r} is not a value by side (e.g. 'NS 420', 'EW 50', '420')")
        if not _NUMBER.match(value):
            raise ValueError(f"{text!r}: {value!r} is not a number")
        out[side] = float(value)
    return out


def _tricks_from_tag(result: str | None, declarer: str | None) -> int | None:
    """Tricks of declarer from a Result tag ("9", "NS 9", "EW 4 NS 9", "^9")."""
    if _blank(result):
        return None
    values = _side_values(result)
    if "" in values:
        return int(values[""])
    if declarer is None:
        return None
    side = "NS" if declarer in "NS" else "EW"
    if side in values:
        return int(values[side])
    other = "EW" if side == "NS" else "NS"
    return 13 - int(values[other])


def _card(value: str | None) -> str | None:
    """A card as suit + rank ("SA", "HT"), from either order ("AS", "10H"); None if not a card."""
    if value is None:
        return None
    text = value.strip().upper().replace("10", "T")
    if len(text) != 2:
        return None
    if text[0] in _SUITS and text[1] in _RANKS:
        return text
    if text[0] in _RANKS and text[1] in _SUITS:
        return text[1] + text[0]
    return None


def _int_prefix(value: str | None) -> float:
    """The leading integer of a rank ("3", "3=", "3-4"), NaN when none."""
    if value is None:
        return np.nan
    m = re.match(r"^\s*(\d+)", value)
    return float(m.group(1)) if m else np.nan


def _num(value: str | None) -> float:
    if value is None:
        return np.nan
    text = value.strip().lstrip("^").rstrip("%")
    return float(text) if _NUMBER.match(text) else np.nan


def _round_value(value: str | None) -> Any:
    if _blank(value):
        return None
    assert value is not None
    return int(value) if _INT.match(value.strip()) else value.strip()


# --- event level: ScoreTable and TotalScoreTable -------------------------------------------------


def _artificial(get: Callable[[str], Any], line: int, path: Path) -> tuple[str | None, int | None]:
    """(artificial code, assigned score) of a ScoreTable row carrying '^' or an A-code."""
    for col in ("score_ns", "score_ew", "contract", "result"):
        value = get(col)
        if value is not None:
            m = _ART_CODE.match(value.lstrip("^"))
            if m:
                return artificial_code(int(m.group(1)), int(m.group(2))), None
    marked = {
        col: get(col)[1:]
        for col in (
            "score_ns",
            "score_ew",
            "percentage_ns",
            "percentage_ew",
            "mp_ns",
            "mp_ew",
            "imp_ns",
            "imp_ew",
        )
        if get(col) is not None and get(col).startswith("^")
    }
    if not marked:
        return None, None
    pct: dict[str, Any]  # (a float or None)
    pct = {"ns": None, "ew": None}
    for side in ("ns", "ew"):
        for col in (f"percentage_{side}", f"score_{side}"):
            value = marked.get(col)
            if value is None:
                continue
            word = value.upper()
            if word in _AVERAGE_WORDS:
                pct[side] = _AVERAGE_WORDS[word]
            elif col.startswith("percentage") or value.endswith("%"):
                m = _PERCENT.match(value)
                if m:
                    pct[side] = float(m.group(1))
            if pct[side] is not None:
                break
    if pct["ns"] is not None or pct["ew"] is not None:
        ns = pct["ns"] if pct["ns"] is not None else 100 - pct["ew"]
        ew = pct["ew"] if pct["ew"] is not None else 100 - pct["ns"]
        return artificial_code(ns, ew), None
    for col, sign in (("score_ns", 1), ("score_ew", -1)):
        value = marked.get(col)
        if value is not None and _INT.match(value):
            return None, sign * int(value)  # an assigned (real) score, scored as usual
    raise ValidationError(
        f"{path}: line {line}: artificial score {marked} gives neither percentages nor a score"
    )


def _score_table_rows(game: _Game, ctx: dict, path: Path, lines: list, published: list) -> None:
    """Append the results of a board's ScoreTable to `lines` and their published values."""
    table = game.tables["ScoreTable"]
    cols = [c.lower() for c in table.columns]
    if not {"contract", "score_ns", "score_ew", "percentage_ns", "percentage_ew"} & set(cols):
        raise ValidationError(
            f"{path}: line {table.line}: ScoreTable declares no Contract, Score_NS/EW or "
            f"Percentage_NS/EW column (columns: {', '.join(table.columns)})"
        )
    for values, line in table.rows(path, "ScoreTable"):
        row = {
            c: (None if v is None or v.strip() in ("-", "?") else v) for c, v in zip(cols, values)
        }
        get = row.get
        try:
            art, ns_score, contract, declarer, tricks, adjusted = _score_row(get, line, path)
        except (ValueError, ValidationError) as exc:
            if isinstance(exc, ValidationError) and str(exc).startswith(str(path)):
                raise
            raise ValidationError(f"{path}: line {line}: ScoreTable row: {exc}") from None
        if art is None and ns_score is None and contract is None:
            continue  # nothing stated: a board that was not played
        multiplicity = get("multiplicity")
        repeat = int(multiplicity) if multiplicity and multiplicity.isdigit() else 1
        base = {
            EVENT: ctx[EVENT],
            SECTION: get("section") or ctx[SECTION],
            ROUND: _round_value(get("round")) if "round" in row else ctx[ROUND],
            BOARD: ctx[BOARD],
            NS_PAIR: get("pairid_ns"),
            EW_PAIR: get("pairid_ew"),
        }
        res = {
            **base,
            NS_SCORE: ns_score,
            CONTRACT: contract,
            DECLARER: declarer,
            TRICKS: tricks,
            LEAD: _card(get("lead")),
            ARTIFICIAL: art,
            VULNERABLE: ctx[VULNERABLE],
            ADJUSTED: adjusted,
            SCORING: ctx[SCORING],
            "_line": line,
            "_scoring_line": ctx["_scoring_line"],
            "_names_ns": get("names_ns"),
            "_names_ew": get("names_ew"),
        }
        pub = _published_row(base, row, ns_score)
        for _ in range(repeat):
            lines.append(res)
            published.append(pub)


def _score_row(get: Callable[[str], Any], line: int, path: Path) -> tuple:
    """(artificial code, NS score, contract, declarer, tricks, adjusted) of a ScoreTable row."""
    art, assigned = _artificial(get, line, path)
    contract = get("contract")
    declarer = get("declarer")
    declarer = declarer.lstrip("^").upper() if declarer else None
    ns_score = None if art is not None else _row_score(get, assigned)
    if contract is not None:
        contract = contract_text(contract.lstrip("^"))
    if art is not None:
        contract = declarer = None
    tricks = None
    result = get("result")
    if contract not in (None, "Pass") and not _blank(result):
        result = result.lstrip("^")
        if result[:1] in "+-=" and result not in ("-",):
            tricks = int(tricks_from_result(contract, result))
        else:
            tricks = _tricks_from_tag(result, declarer)
    if tricks is not None and not 0 <= tricks <= 13:
        raise ValueError(f"Result gives {tricks} tricks")
    if contract == "Pass":
        declarer, tricks = None, None
        ns_score = 0 if ns_score is None else ns_score
    elif contract is not None and ns_score is None and (declarer is None or tricks is None):
        raise ValueError("no score, and no Declarer and Result to compute it from")
    return art, ns_score, contract, declarer, tricks, assigned is not None or None


def _row_score(get: Callable[[str], Any], assigned: int | None) -> int | None:
    """The NS score of a ScoreTable row that is not artificial: assigned, Score_NS or Score_EW
    (None when the row gives neither)."""
    if assigned is not None:
        return assigned
    for col, name, sign in (("score_ns", "Score_NS", 1), ("score_ew", "Score_EW", -1)):
        value = get(col)
        if value is None:
            continue
        text = value.lstrip("^")
        if _INT.match(text):
            return sign * int(text)
        if text.upper() == "PASS":
            return 0
        raise ValueError(f"{name} {value!r} is not a score")
    return None


def _published_row(base: dict, row: dict, ns_score: int | None) -> dict:
    """The values a ScoreTable row published: MP, percentages, IMPs, score, rank."""
    pub = {**base}
    for col, name in (
        ("mp_ns", NS_MP),
        ("mp_ew", EW_MP),
        ("percentage_ns", NS_PERCENTAGE),
        ("percentage_ew", EW_PERCENTAGE),
        ("imp_ns", NS_IMPS),
        ("imp_ew", EW_IMPS),
    ):
        if col in row:
            pub[name] = _num(row.get(col))
    if "score_ns" in row or "score_ew" in row:
        pub[NS_SCORE] = ns_score
    if "rank" in row:
        pub[RANK] = _int_prefix(row.get("rank"))
    return pub


def _total_table_rows(game: _Game, ctx: dict, path: Path, totals: list) -> None:
    table = game.tables["TotalScoreTable"]
    cols = [c.lower() for c in table.columns]
    kinds = (
        ("totalmp", "MP"),
        ("totalscoremp", "MP"),
        ("totalimp", "IMP"),
        ("totalscoreimp", "IMP"),
        ("totalscore", None),
        ("totalscorebam", "BAM"),
    )
    for values, line in table.rows(path, "TotalScoreTable"):
        row = {
            c: (None if v is None or v.strip() in ("-", "?") else v) for c, v in zip(cols, values)
        }
        out = {
            EVENT: ctx[EVENT],
            SECTION: row.get("section") or ctx[SECTION],
            PAIR: row.get("pairid"),
            LINE: _line_value(row.get("direction") or row.get("line")),
            NAMES: row.get("names"),
            "_line": line,
        }
        if out[PAIR] is None:
            raise ValidationError(f"{path}: line {line}: TotalScoreTable row without a PairId")
        for col, kind in kinds:
            if col in row:
                out[TOTAL] = _num(row[col])
                out[SCORING] = kind or _scoring(ctx.get("scoring"))
                break
        for col in ("totalpercentage", "meanpercentage"):
            if col in row:
                out[PERCENTAGE] = _num(row[col])
                break
        if "rank" in row:
            out[RANK] = _int_prefix(row["rank"])
        if "nrboards" in row:
            out[BOARDS] = _num(row["nrboards"])
        totals.append(out)


def _line_value(value: str | None) -> str | None:
    if value is None:
        return None
    text = value.upper().replace("-", "").replace("/", "")
    return text if text in ("NS", "EW") else value


def _scoring(tag: str | None) -> str | None:
    if not tag:
        return None
    first = tag.split(";")[0].strip().upper()
    if first in ("MP", "MATCHPOINTS"):
        return "MP"
    if "IMP" in first or "BUTLER" in tag.upper() or "CROSS" in tag.upper():
        return "IMP"
    return first or None


# --- game level ----------------------------------------------------------------------------------


#: tags stating a table result: a game with one of them (and a value) is read, or refused
_RESULT_TAGS = ("Contract", "Result", "Score", "ScoreIMP", "ScoreMP", "ScorePercentage")


def _has_result(game: _Game) -> bool:
    """Whether a game states a table result (a deal without one, a hand record, has none)."""
    return any(not _blank(game.tags.get(tag)) for tag in _RESULT_TAGS)


def _whole(value: float, tag: str) -> int:
    if value != int(value):
        raise ValueError(f"{tag} {value} is not a whole number")
    return int(value)


def _game_play(tags: dict) -> tuple:
    """(contract, declarer, tricks, NS score, adjusted, declarer sits NS) of a game's tags."""
    contract = tags["Contract"]
    contract = None if _blank(contract) else contract_text(contract.lstrip("^"))
    declarer = tags.get("Declarer", "").strip().lstrip("^").upper()
    declarer = None if _blank(declarer) else declarer
    if declarer is not None and declarer not in ("N", "E", "S", "W"):
        raise ValueError(f"declarer {declarer!r} is not N, E, S or W")
    played = contract not in (None, "Pass")
    tricks = _tricks_from_tag(tags.get("Result"), declarer) if played else None
    if tricks is not None and not 0 <= tricks <= 13:
        raise ValueError(f"Result gives {tricks} tricks")
    if contract == "Pass":
        declarer = None
    score = _side_values(tags.get("Score"))
    ns_side = declarer in ("N", "S") if declarer else True
    if "NS" in score:
        ns_score = _whole(score["NS"], "Score")
    elif "EW" in score:
        ns_score = -_whole(score["EW"], "Score")
    elif "" in score:
        ns_score = _whole(score[""], "Score") * (1 if ns_side else -1)
    else:
        ns_score = None
    if ns_score is None and (contract is None or played and (declarer is None or tricks is None)):
        raise ValueError(
            "no Score, and no Contract with a Declarer and a Result to compute it from"
        )
    adjusted = "^" in (tags.get("Score") or "") or None
    return contract, declarer, tricks, ns_score, adjusted, ns_side


def _game_published(tags: dict, ns_score: int | None, ns_side: bool) -> dict[str, Any]:
    """The values a game published: its score, IMPs, MP and percentages."""
    pub: dict[str, Any] = {NS_SCORE: ns_score}
    imps = _side_values(tags.get("ScoreIMP"))
    if imps:
        pub[NS_IMPS] = imps.get("NS", -imps["EW"] if "EW" in imps else None)
        if pub[NS_IMPS] is None:
            pub[NS_IMPS] = imps[""] * (1 if ns_side else -1)
    for tag, ns_col, ew_col in (
        ("ScoreMP", NS_MP, EW_MP),
        ("ScorePercentage", NS_PERCENTAGE, EW_PERCENTAGE),
    ):
        vals = _side_values(tags.get(tag))
        if vals:
            pub[ns_col] = vals.get("NS", vals.get("", np.nan) if ns_side else np.nan)
            pub[ew_col] = vals.get("EW", vals.get("", np.nan) if not ns_side else np.nan)
    return pub


def _game_result(game: _Game, ctx: dict, path: Path) -> dict:
    """The table result of a game that states one (:func:`_has_result`)."""
    tags = game.tags
    if "Contract" not in tags:
        raise ValidationError(
            f"{path}: line {game.line}: game of board {ctx[BOARD]} states a result but has no "
            "Contract tag (one of PBN 2.1's mandatory tags)"
        )
    line = game.tag_lines["Contract"]
    try:
        contract, declarer, tricks, ns_score, adjusted, ns_side = _game_play(tags)
        pub = _game_published(tags, ns_score, ns_side)
    except (ValueError, ValidationError) as exc:
        raise ValidationError(f"{path}: line {line}: game of board {ctx[BOARD]}: {exc}") from None
    return {
        EVENT: ctx[EVENT],
        SECTION: ctx[SECTION],
        ROUND: ctx[ROUND],
        BOARD: ctx[BOARD],
        CONTRACT: contract,
        DECLARER: declarer,
        TRICKS: tricks,
        LEAD: _card(game.lead),
        VULNERABLE: ctx[VULNERABLE],
        NS_SCORE: ns_score,
        ADJUSTED: adjusted,
        SCORING: ctx[SCORING],
        "_pub": pub,
        "_line": line,
        "_scoring_line": ctx["_scoring_line"],
        "_start": game.line,
        "_home": tags.get("HomeTeam"),
        "_visit": tags.get("VisitTeam"),
        "_table": (tags.get("Table") or "").strip() or None,
        "_room": (tags.get("Room") or "").strip().capitalize() or None,
        "_pair_ns": (tags.get("PairNS") or "").strip() or None,
        "_pair_ew": (tags.get("PairEW") or "").strip() or None,
        "_seats": {s: (tags.get(t) or "").strip() for s, t in zip("NESW", _SEAT_TAGS)},
    }


_SEAT_TAGS = ("North", "East", "South", "West")


def _joined(names: Iterable[str]) -> str | None:
    kept = [n for n in names if n and n not in ("?", "-")]
    return " & ".join(kept) if kept else None


# --- assembling frames ---------------------------------------------------------------------------


def _finish_scores(frame: pd.DataFrame) -> pd.DataFrame:
    """Compute ns_score where the file gave none (passed-out games without a Score tag)."""
    need = frame[NS_SCORE].isna() & frame[ARTIFICIAL].isna() & frame[CONTRACT].notna()
    if need.any():
        sub = frame.loc[need]
        vul = vulnerability(sub[BOARD])
        if VULNERABLE in sub.columns:
            vul = sub[VULNERABLE].where(sub[VULNERABLE].notna(), vul)
        frame.loc[need, NS_SCORE] = contract_score(
            sub[CONTRACT], sub[DECLARER], sub[TRICKS], vul
        ).astype("Int64")
    return frame


def _tidy(frame: pd.DataFrame, int_cols: Iterable[str] = ()) -> pd.DataFrame:
    for col in int_cols:
        if col in frame.columns:
            frame[col] = pd.array(frame[col].to_numpy(dtype=object), dtype="Int64")
    if BOARD in frame.columns and len(frame) and frame[BOARD].notna().all():
        frame[BOARD] = frame[BOARD].astype(np.int64)
    if ROUND in frame.columns:
        if frame[ROUND].isna().all():
            frame = frame.drop(columns=ROUND)
        elif all(isinstance(v, (int, np.integer)) for v in frame[ROUND].dropna()):
            frame[ROUND] = pd.array(frame[ROUND].to_numpy(dtype=object), dtype="Int64")
    for col in (VULNERABLE, LEAD, ADJUSTED, SCORING):
        if col in frame.columns and frame[col].isna().all():
            frame = frame.drop(columns=col)
    if ADJUSTED in frame.columns:  # the '^' scores
        frame[ADJUSTED] = frame[ADJUSTED].eq(True)
    return frame.reset_index(drop=True)


def _pairs_frames(
    rows: list[dict], pubs: list[dict], path: Path
) -> tuple[pd.DataFrame, pd.DataFrame, list[dict]]:
    cols = [EVENT, SECTION, ROUND, BOARD, NS_PAIR, EW_PAIR, NS_SCORE, CONTRACT, DECLARER, TRICKS]
    cols += [LEAD, ARTIFICIAL, VULNERABLE, ADJUSTED, SCORING]
    results = pd.DataFrame(
        rows, columns=[*cols, "_line", "_scoring_line", "_names_ns", "_names_ew"]
    )
    for col in (NS_PAIR, EW_PAIR):
        results[col] = results[col].astype(object)
    results = _finish_scores(_tidy(results, (NS_SCORE, TRICKS, BOARD)))
    located(path, results["_line"].to_numpy(), lambda: check_play(results))
    located(path, results["_scoring_line"].to_numpy(), lambda: _one_scoring(results))
    names: list[dict[str, Any]] = []
    for side, col in (("_names_ns", NS_PAIR), ("_names_ew", EW_PAIR)):
        sub = results[[EVENT, SECTION, col, side]].dropna(subset=[col, side])
        names.extend(
            {EVENT: e, SECTION: s, PAIR: p, NAMES: n}
            for e, s, p, n in sub.drop_duplicates([EVENT, SECTION, col]).itertuples(
                index=False, name=None
            )
        )
    results = results.drop(columns=["_line", "_scoring_line", "_names_ns", "_names_ew"])
    keys = [EVENT, SECTION, ROUND, BOARD, NS_PAIR, EW_PAIR]
    columns = list(dict.fromkeys([*keys, *(k for p in pubs for k in p)]))
    published = _tidy(pd.DataFrame(pubs, columns=columns), (BOARD, NS_SCORE))
    if len(published):
        published = published.dropna(axis=1, how="all")
    return results, published, names


def _one_scoring(results: pd.DataFrame) -> None:
    """Refuse the games of a session (event, section) declaring another Scoring than its first."""
    if SCORING not in results.columns:
        return
    declared = results[SCORING]
    first = declared.groupby([results[EVENT], results[SECTION]], sort=False).transform("first")
    bad = (declared.notna() & first.notna() & declared.ne(first)).to_numpy(dtype=bool)
    if bad.any():
        i = int(np.flatnonzero(bad)[0])
        fail_rows(
            results,
            bad,
            f"a game declares Scoring {declared.iloc[i]!r} where the session's first game "
            f"declares {first.iloc[i]!r}: contradicting declarations",
        )


def _teams_frame(rows: list[dict], path: Path) -> tuple[pd.DataFrame, pd.DataFrame, pd.DataFrame]:
    frame = pd.DataFrame(rows)
    frame["_table"] = frame["_table"].fillna(frame["_room"])  # no Table: the room names it
    missing = frame["_home"].isna() | frame["_visit"].isna() | frame["_table"].isna()
    if missing.any():
        line = frame.loc[missing, "_start"].iloc[0]
        raise ValidationError(
            f"{path}: line {line}: a team game needs HomeTeam, VisitTeam and a Table (or Room) tag"
        )
    team_a = frame[["_home", "_visit"]].min(axis=1)
    team_b = frame[["_home", "_visit"]].max(axis=1)
    match_keys = [frame[EVENT], frame[ROUND].astype(object).fillna("")]
    frame["_a"], frame["_b"] = team_a, team_b
    table_num = pd.to_numeric(frame["_table"], errors="coerce")
    frame["_tsort"] = table_num.fillna(np.inf)
    # The match's home team: with Room tags and one HomeTeam for both rooms, that team (home NS in
    # the open room, EW in the closed room); otherwise HomeTeam names the team sitting North-South
    # at that table, and the match's home team is the one at home at its lowest-numbered table.
    keys = [*match_keys, frame["_a"], frame["_b"]]
    ordered = frame.sort_values(["_tsort", "_table"], kind="stable")
    first_home = ordered.groupby(
        [ordered[EVENT], ordered[ROUND].astype(object).fillna(""), ordered["_a"], ordered["_b"]],
        sort=False,
    )["_home"].first()
    idx = pd.MultiIndex.from_arrays(keys)
    home = pd.Series(first_home.reindex(idx).to_numpy(), index=frame.index)
    homes_per_match = frame.groupby(keys, sort=False)["_home"].transform("nunique")
    by_room = (homes_per_match == 1) & frame["_room"].isin(["Open", "Closed"])
    side = np.where(
        by_room,
        np.where(frame["_room"] == "Open", "NS", "EW"),
        np.where(frame["_home"] == home, "NS", "EW"),
    )
    visit = np.where(home == frame["_a"], frame["_b"], frame["_a"])
    results = pd.DataFrame(
        {
            EVENT: frame[EVENT],
            ROUND: frame[ROUND],
            BOARD: frame[BOARD],
            HOME_TEAM: home,
            VISIT_TEAM: visit,
            TABLE: frame["_table"],
            HOME_SIDE: side,
            NS_SCORE: frame[NS_SCORE],
            CONTRACT: frame[CONTRACT],
            DECLARER: frame[DECLARER],
            TRICKS: frame[TRICKS],
            LEAD: frame[LEAD],
            VULNERABLE: frame[VULNERABLE],
            ROOM: frame["_room"],
            ADJUSTED: frame[ADJUSTED],
        }
    )
    if results[ROOM].isna().all():
        results = results.drop(columns=ROOM)
    results = _finish_scores(
        _tidy(results.assign(**{ARTIFICIAL: None}), (NS_SCORE, TRICKS, BOARD))
    ).drop(columns=ARTIFICIAL)
    located(path, frame["_line"].to_numpy(), lambda: check_play(results, what="teams"))
    pub = pd.DataFrame(list(frame["_pub"]), index=frame.index)
    published = results[
        [
            c
            for c in (EVENT, ROUND, BOARD, HOME_TEAM, VISIT_TEAM, TABLE, HOME_SIDE)
            if c in results.columns
        ]
    ].copy()
    for col in pub.columns:
        published[col] = pub[col].to_numpy()
    published[NS_SCORE] = pd.array(published[NS_SCORE].to_numpy(dtype=object), dtype="Int64")
    if NS_IMPS in published.columns:
        published[NS_IMPS] = published[NS_IMPS].astype(float) + 0.0  # no -0.0
        published[HOME_IMPS] = (
            np.where(published[HOME_SIDE] == "NS", published[NS_IMPS], -published[NS_IMPS]) + 0.0
        )
    return results, published.reset_index(drop=True), _rosters(frame, side, home, visit)


def _rosters(frame: pd.DataFrame, side: np.ndarray, home: Any, visit: Any) -> pd.DataFrame:
    """The teams with their players' names, from the seats of their games."""
    # the team sitting North-South at a table is the HomeTeam there, unless by room
    ns_team = np.where(side == "NS", home, visit)
    ew_team = np.where(side == "NS", visit, home)
    roster: dict[tuple, list[str]] = {}
    for ev, ns_t, ew_t, seats in zip(frame[EVENT], ns_team, ew_team, frame["_seats"]):
        for team, pair in ((ns_t, "NS"), (ew_t, "EW")):
            players = roster.setdefault((ev, team), [])
            for seat in pair:
                name = seats[seat]
                if name and name not in ("?", "-") and name not in players:
                    players.append(name)
    return pd.DataFrame(
        [{EVENT: e, TEAM: t, NAMES: _joined(p)} for (e, t), p in roster.items()],
        columns=[EVENT, TEAM, NAMES],
    )


def _read_one(path: Path, event: str | None, scoring: str | None = None) -> BridgeFile:
    """Read one PBN file: its games, their results by kind, then the frames."""
    games = _lex_games(_decode(path.read_bytes()), path)
    if not games:  # a file of hand records only reads as no results; an empty one is refused
        raise ValidationError(f"{path}: no game in this PBN file (it is empty or only comments)")
    _inherit(games, path)

    pair_rows: list[dict] = []
    pair_pubs: list[dict] = []
    game_rows: list[dict] = []
    total_rows: list[dict] = []
    for game in games:
        ctx = _context(game, event, path, scoring)
        if "TotalScoreTable" in game.tables:
            _total_table_rows(game, ctx, path, total_rows)
        traveller = "ScoreTable" in game.tables
        if not traveller and not _has_result(game):
            continue  # a deal without a result (a hand record), or event data only
        if ctx[BOARD] is None:
            raise ValidationError(
                f"{path}: line {game.line}: a game with "
                + ("a ScoreTable" if traveller else "a result (Contract, Result or Score)")
                + " has no Board tag"
            )
        if traveller:
            _score_table_rows(game, ctx, path, pair_rows, pair_pubs)
        else:
            game_rows.append(_game_result(game, ctx, path))

    teams = [r for r in game_rows if r["_home"] is not None or r["_visit"] is not None]
    if teams and (len(teams) != len(game_rows) or pair_rows):
        raise ValidationError(
            f"{path}: mixes team games (HomeTeam/VisitTeam) with pairs results; split the file"
        )
    if teams:
        _team_scoring(teams, path, scoring)
        results, lines, pairs = _teams_frame(teams, path)
    else:
        _add_game_pairs(game_rows, pair_rows, pair_pubs)
        results, lines, names = _pairs_frames(pair_rows, pair_pubs, path)
        pairs = pd.DataFrame(names, columns=[EVENT, SECTION, PAIR, NAMES])
    totals, pairs = _totals(total_rows, pairs, bool(teams))
    boards = pd.DataFrame(columns=[EVENT, SECTION, BOARD, DATUM])
    return BridgeFile(results, Published(lines, boards, totals), pairs)


def _team_scoring(rows: list[dict], path: Path, scoring: str | None) -> None:
    """Refuse team games declaring another scoring than IMPs (team matches are IMPed)."""
    for r in rows:
        if scoring is None and r[SCORING] not in (None, "cross_imps"):
            raise ValidationError(
                f"{path}: line {r['_start']}: a team game declares {r[SCORING]!r} scoring; "
                'team matches are scored in IMPs (Scoring "IMP")'
            )


def _decode(raw: bytes) -> str:
    """The text of a file: UTF-8 (with or without a BOM), else ISO 8859-1."""
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError:
        return raw.decode("latin-1")  # PBN's character set is ISO 8859-1


def _context(
    game: _Game, event: str | None, path: Path, scoring: str | None = None
) -> dict[str, Any]:
    """What a game's results share: event, section, round, board, vulnerability, scoring (the
    ``Scoring`` tag, and the method it declares, or the caller's `scoring`)."""
    tags = game.tags
    label = event if event is not None else (tags.get("Event") or "").strip() or path.stem
    ctx: dict[str, Any] = {
        EVENT: label,
        SECTION: (tags.get("Section") or "").strip() or DEFAULT_SECTION,
        ROUND: _round_value(tags.get("Round")),
        BOARD: None,
        VULNERABLE: None,
        "scoring": tags.get("Scoring"),
        SCORING: scoring,
        "_scoring_line": game.tag_lines.get("Scoring", game.line),
    }
    if scoring is None and tags.get("Scoring") is not None:
        try:
            ctx[SCORING] = pbn_scoring(tags["Scoring"])
        except ValueError as exc:
            raise ValidationError(f"{path}: line {game.tag_lines['Scoring']}: {exc}") from None
    board = (tags.get("Board") or "").strip()
    if board:
        if not board.isdigit() or int(board) < 1:
            raise ValidationError(
                f"{path}: line {game.tag_lines['Board']}: board number {board!r} is not a "
                "positive integer"
            )
        ctx[BOARD] = int(board)
    vul = tags.get("Vulnerable")
    if vul is not None and vul.strip() not in ("", "?"):
        try:
            ctx[VULNERABLE] = vulnerable_text(vul)
        except ValidationError as exc:
            line = game.tag_lines["Vulnerable"]
            raise ValidationError(f"{path}: line {line}: {exc}") from None
    return ctx


def _add_game_pairs(game_rows: list[dict], pair_rows: list[dict], pair_pubs: list[dict]) -> None:
    """Append game-level pairs results to the traveller rows (pairs named by their players)."""
    for r in game_rows:
        seats = r["_seats"]
        pair_rows.append(
            {
                **{k: v for k, v in r.items() if not k.startswith("_")},
                NS_PAIR: r["_pair_ns"] or _joined([seats["N"], seats["S"]]),
                EW_PAIR: r["_pair_ew"] or _joined([seats["E"], seats["W"]]),
                ARTIFICIAL: None,
                "_line": r["_line"],
                "_scoring_line": r["_scoring_line"],
                "_names_ns": _joined([seats["N"], seats["S"]]),
                "_names_ew": _joined([seats["E"], seats["W"]]),
            }
        )
        pair_pubs.append(
            {
                EVENT: r[EVENT],
                SECTION: r[SECTION],
                ROUND: r[ROUND],
                BOARD: r[BOARD],
                NS_PAIR: pair_rows[-1][NS_PAIR],
                EW_PAIR: pair_rows[-1][EW_PAIR],
                **r["_pub"],
            }
        )


def _totals(
    total_rows: list[dict], pairs: pd.DataFrame, teams: bool
) -> tuple[pd.DataFrame, pd.DataFrame]:
    """The TotalScoreTable frame, and the pairs with the names it gives (pairs files only)."""
    totals = pd.DataFrame(total_rows)
    if not len(totals):
        return pd.DataFrame(columns=[EVENT, SECTION, PAIR, TOTAL]), pairs
    if not teams:
        extra = totals.dropna(subset=[NAMES])[[EVENT, SECTION, PAIR, NAMES]]
        pairs = (
            pd.concat([pairs, extra], ignore_index=True)
            .drop_duplicates([EVENT, SECTION, PAIR], keep="last")
            .reset_index(drop=True)
        )
    totals = totals.drop(columns=[c for c in ("_line", NAMES) if c in totals.columns])
    return totals.dropna(axis=1, how="all"), pairs


def read_pbn(
    path: str | os.PathLike | Iterable[str | os.PathLike],
    *,
    event: str | None = None,
    scoring: str | None = None,
) -> BridgeFile:
    r"""Read PBN 2.1 result files into the canonical bridge frames.

    Parameters
    ----------
    path : path-like, list of path-likes, or folder
        One ``.pbn`` file, several, or a folder (all its ``.pbn`` files, sorted by name).
    event : str, optional
        Event label for every result; by default each game's ``Event`` tag (the file name when
        empty). Reading several files, a label an earlier file already used gets the file name
        appended in brackets.
    scoring : str, optional
        The scoring of every pairs session (:data:`~tourneystats.bridge.SCORINGS`) instead of
        the ``Scoring`` tags, which are then not read.

    Returns
    -------
    BridgeFile
        ``results``: for game-level team files (``HomeTeam``/``VisitTeam``) the team results frame
        ``event, [round], board, home_team, visit_team, table, home_side, ns_score, contract,
        declarer, tricks, [lead], [vulnerable], [room]``; otherwise the pairs traveller frame
        ``event, section, [round], board, ns_pair, ew_pair, ns_score, contract, declarer, tricks,
        [lead], artificial, [vulnerable], [scoring]`` (``scoring``: the method the ``Scoring``
        tag declares, :mod:`~tourneystats.bridge.declared`, when a game has one; a tag of
        unknown or contradicting values is refused at its line). ``ns_score`` is the file's
        score (computed from the
        contract when the file gives none, e.g. a passed-out game without ``Score``); it is
        missing for an artificial score, whose ``artificial`` code is ``"A<NS%><EW%>"``.
        ``published``: ``lines`` (per result: ``ns_score``, ``ns_imps``, ``home_imps``,
        ``ns_mp``, ``ew_mp``, ``ns_percentage``, ``ew_percentage``, ``ew_imps``, ``rank`` as
        published), ``boards`` (empty for PBN) and ``totals`` (``TotalScoreTable``: ``pair``,
        ``total``, ``scoring``, ``percentage``, ``rank``, ``boards``, ``line``). ``pairs``: pair
        ids with names, or for team files the teams with their players' names.

    Raises
    ------
    ValidationError
        A malformed file, naming the file and line.

    Notes
    -----
    Team games: when the two tables of a match name opposite ``HomeTeam`` tags (as in files written
    per table, where ``HomeTeam`` is the team sitting North-South at that table and ``ScoreIMP``
    is that North-South pair's IMPs), the match's home team is the ``HomeTeam`` of its
    lowest-numbered table and ``home_side`` says where it sat at each table. When both tables
    name the same ``HomeTeam`` and carry ``Room`` tags, the home team sits North-South in the
    ``Open`` room and East-West in the ``Closed`` room. ``published.lines.home_imps`` is the
    published ``ScoreIMP`` turned to the match's home team (the same at both tables).

    Examples
    --------
    >>> from tourneystats import read_pbn
    >>> import pathlib, tempfile
    >>> p = pathlib.Path(tempfile.mkdtemp()) / "club.pbn"
    >>> _ = p.write_text('''% PBN 2.1
    ... [Event "Club"]
    ... [Board "1"]
    ... [Vulnerable "None"]
    ... [ScoreTable "PairId_NS\\2R;PairId_EW\\2R;Contract\\4L;Declarer;Result\\2R;Score_NS\\4R"]
    ...  1  2 3NT  N  9  400
    ...  3  4 4S   E 10 -420
    ... ''')
    >>> read_pbn(p).results[["board", "ns_pair", "ns_score", "contract", "tricks"]]
       board ns_pair  ns_score contract  tricks
    0      1       1       400      3NT       9
    1      1       3      -420       4S      10
    """
    paths = result_files(path, (".pbn",), what="PBN files")
    declared = None if scoring is None else scoring_of(scoring)
    return combine(
        [(p, _read_one(p, event, declared)) for p in paths], rename_clashes=event is None
    )
