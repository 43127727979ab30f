"""Hostile cases: card results tables, MTG archive JSON and Pokémon TOM files."""

from __future__ import annotations

import io
import re
from collections.abc import Callable, Iterator

from .common import (
    TESTS,
    Case,
    _csv_edit,
    _csv_generic,
    _csv_rows,
    _garbage,
    _join,
    _parquet_generic,
    _read_csv,
    _sub,
    _truncate_mid_line,
)

# --- cards ---------------------------------------------------------------------------------------


def cards_cases() -> Iterator[Case]:
    data = (TESTS / "cards" / "melee-14643-matches.csv").read_bytes()
    name = "matches.csv"
    yield from _csv_generic("cards", "cards", name, data)
    yield from _parquet_generic("cards", "cards", name, data)
    header, rows = _csv_rows(data)
    yield Case(
        "cards/a row dropped",
        "cards",
        {name: header + _join(rows[:3] + rows[4:])},
        "error",
        locate="rows",
    )
    for column, value in (
        ("wins", "-1"),
        ("wins", "x"),
        ("wins", "1.5"),
        ("wins", "1000000000000"),
        ("round", "0"),
        ("round", "-2"),
        ("round", "1000000000000"),
        ("player", ""),
    ):
        yield Case(
            f"cards/{column} {value or 'missing'}",
            "cards",
            {name: _csv_edit(data, 0, column, value)},
            "error",
            locate="rows",
        )
    frame = _read_csv(data)
    yield Case(
        "cards/plays himself",
        "cards",
        {name: _csv_edit(data, 0, "opponent", frame.loc[0, "player"])},
        "error",
        locate="rows",
    )
    yield Case(
        "cards/games disagree with the opponent's row",
        "cards",
        {name: _csv_edit(data, 0, "wins", "2")},
        "error",
        locate="rows",
    )
    # the last round renumbered: a round-number gap
    last = frame["round"].astype(int).max()
    gap = data.decode().replace(
        f"\n{frame.loc[0, 'event']},{last},", f"\n{frame.loc[0, 'event']},{last + 5},"
    )
    yield Case("cards/a round-number gap", "cards", {name: gap.encode()}, "error", locate="rows")
    yield from _cards_match_cases(data, name)
    yield from _cards_game_cases(data)
    yield from _cards_name_cases(data, name)


def _cards_name_cases(data: bytes, name: str) -> Iterator[Case]:
    """Names read as every reader reads them (:mod:`tourneystats.core.people`): whitespace
    around or doubled is no part of a name; letter case is (two players, with a warning);
    two players whose names differ only by whitespace collide."""
    frame = _read_csv(data)
    first = frame.loc[0, "player"]
    spaced = frame.assign(
        player=frame["player"].mask(frame.index == 0, f" {first}  "),
        opponent=frame["opponent"].mask(frame["opponent"] == first, f"{first}\t"),
    )
    yield Case(
        "cards/a name with spaces around in some rows", "cards",
        {name: _cards_frame_csv(spaced)}, "same", "cards/original",
    )  # fmt: skip
    inside = frame["player"].str.contains(" ").idxmax()
    doubled = frame.replace(
        frame.loc[inside, "player"], frame.loc[inside, "player"].replace(" ", "  ")
    )
    yield Case(
        "cards/a name with a doubled space inside", "cards", {name: _cards_frame_csv(doubled)},
        "same", "cards/original",
    )  # fmt: skip
    # the first round's player 0 renamed as another player of round 1 plus a space: the
    # second is in two matches of round 1 once names are trimmed
    one = frame[frame["round"] == "1"]
    other = one.loc[~one["player"].isin(frame.loc[0, ["player", "opponent"]]), "player"].iloc[0]
    clash = frame.assign(
        player=frame["player"].mask(frame.index == 0, other + " "),
        opponent=frame["opponent"].mask(
            (frame["round"] == "1") & (frame["opponent"] == first), other + " "
        ),
    )
    yield Case(
        "cards/two players whose names differ by a trailing space", "cards",
        {name: _cards_frame_csv(clash)}, "error", locate="rows",
    )  # fmt: skip


def _cards_match_cases(data: bytes, name: str) -> Iterator[Case]:
    """Match level: round numbers, byes, a player in two matches."""
    header, rows = _csv_rows(data)
    frame = _read_csv(data)
    bye = int(frame.index[frame["opponent"] == ""][0])
    first_round = frame["round"] == "1"
    later = frame.assign(round=(frame["round"].astype(int) + 4).astype(str))
    yield Case(
        "cards/rounds numbered from 5 (the later rounds of an event)",
        "cards",
        {name: _cards_frame_csv(later)},
        "same",
        "cards/original",
    )
    yield Case(
        "cards/a middle round missing",
        "cards",
        {name: _cards_frame_csv(frame[frame["round"] != "2"])},
        "error",
        locate="rows",
    )
    yield Case(
        "cards/round 1 typed 10",
        "cards",
        {name: _cards_frame_csv(frame.assign(round=frame["round"].where(~first_round, "10")))},
        "error",
        locate="rows",
    )
    yield Case(
        "cards/a bye with missing counts",
        "cards",
        {name: _csv_edit(_csv_edit(data, bye, "wins", ""), bye, "losses", "")},
        "same",
        "cards/original",
    )
    yield Case(
        "cards/a bye with a negative count",
        "cards",
        {name: _csv_edit(data, bye, "losses", "-1")},
        "error",
        locate="rows",
    )
    # player 0 also listed against another player of round 1 (a second match in that round)
    other = frame.loc[first_round & ~frame["player"].isin(frame.loc[0, ["player", "opponent"]])]
    extra = rows[0].decode().replace(frame.loc[0, "opponent"], other["player"].iloc[0])
    yield Case(
        "cards/a player in two matches of one round",
        "cards",
        {name: header + _join(rows + [extra.encode()])},
        "error",
        locate="rows",
    )


def _cards_frame_csv(frame) -> bytes:
    return frame.to_csv(index=False).encode()


def _cards_game_cases(data: bytes) -> Iterator[Case]:
    """Game level (``game, result`` W/L/D), made from the match-level sample."""
    import pandas as pd

    from tourneystats.cards import matches_to_games

    games = matches_to_games(pd.read_csv(io.BytesIO(data))).astype({"result": object})
    name = "games.csv"
    yield Case(
        "cards/game level", "cards", {name: _cards_frame_csv(games)}, "same", "cards/original"
    )
    played = games.index[games["game"].notna()]
    a = played[0]  # the first game of the first match, from its first player's side
    mirror = games.index[
        (games["round"] == games.loc[a, "round"])
        & (games["player"] == games.loc[a, "opponent"])
        & (games["game"] == games.loc[a, "game"])
    ][0]
    match = games.index[
        (games["round"] == games.loc[a, "round"]) & (games["player"] == games.loc[a, "player"])
    ]
    bye = games.index[games["opponent"].isna()][0]
    third = games.loc[
        (games["round"] == games.loc[a, "round"])
        & ~games["player"].isin([games.loc[a, "player"], games.loc[a, "opponent"]]),
        "player",
    ].iloc[0]
    swapped = games.copy()
    swapped.loc[match, "result"] = swapped.loc[match[::-1], "result"].to_numpy()
    mutations = {
        "a game listed twice": (pd.concat([games, games.loc[[a]]]), "error"),
        "a result that is not W/L/D": (
            games.assign(result=games["result"].mask(games.index == a, "X")),
            "error",
        ),
        "both sides win a game": (
            games.assign(
                result=games["result"].mask(games.index == mirror, games.loc[a, "result"])
            ),
            "error",
        ),
        "one side's games in another order": (swapped, "error"),
        "a game of one side missing": (games.drop(index=a), "error"),
        "a match from one side only": (games.drop(index=match), "error"),
        "a player in two matches of one round": (
            pd.concat([games, games.loc[match].assign(opponent=third)]),
            "error",
        ),
        "game numbers from 0": (games.assign(game=games["game"] - 1), "error"),
        "a game numbered 9": (games.assign(game=games["game"].mask(games.index == a, 9)), "error"),
        "a bye numbered 0": (games.assign(game=games["game"].mask(games.index == bye, 0)), "error"),
        "results in lower case": (games.assign(result=games["result"].str.lower()), "same"),
        "a bye with a game and a result (not used)": (
            games.assign(
                game=games["game"].mask(games.index == bye, 1),
                result=games["result"].mask(games.index == bye, "L"),
            ),
            "same",
        ),
    }
    for label, (frame, expect) in mutations.items():
        yield Case(
            f"cards/game level: {label}",
            "cards",
            {name: _cards_frame_csv(frame)},
            expect,
            "cards/original" if expect == "same" else None,
            locate="rows",
        )


# --- cards: MTG archive JSON and Pokémon TOM files -----------------------------------------------


def cards_file_cases() -> Iterator[Case]:
    """Mutations of a real MTGODecklistCache JSON file (melee.gg, 27 players, 5 rounds, byes and
    intentional draws listed twice) and of a re-written real TOM export (one pod, a bye, a tie,
    5 drops): JSON errors name the file (and the JSON path), TOM errors the file and the line."""
    yield from _cards_json_cases()
    yield from _cards_tom_cases()


def _json_edit(data: bytes, edit: Callable[[dict], object]) -> bytes:
    import json

    document = json.loads(data)
    edit(document)
    return json.dumps(document, indent=1).encode()


def _cards_json_cases() -> Iterator[Case]:
    data = (
        TESTS / "cards" / "mtgjson" / "sfida-dei-campioni-pauper-61438-2024-02-18.json"
    ).read_bytes()
    name, base = "event.json", "cards-json/original"
    yield Case(base, "cards", {name: data}, "ok")
    r0 = lambda d: d["Rounds"][0]["Matches"]  # noqa: E731
    first = {"Player1": "P001", "Player2": "P099", "Result": "2-0-0"}
    errors = {
        "truncated mid-file": _truncate_mid_line(data, 0.6),
        "truncated early": data[:200],
        "empty file": b"",
        "binary garbage": _garbage(17),
        "a JSON list": b"[1, 2, 3]\n",
        "latin-1 bytes in a name": data.replace(b'"P001"', b'"P\xe9001"'),
        "no Rounds key": _json_edit(data, lambda d: d.pop("Rounds")),
        "no Tournament key": _json_edit(data, lambda d: d.pop("Tournament")),
        "a match without Result": _json_edit(data, lambda d: r0(d)[3].pop("Result")),
        "a match without Player1": _json_edit(data, lambda d: r0(d)[3].pop("Player1")),
        "a match that is a string": _json_edit(data, lambda d: r0(d).__setitem__(2, "P1 beat P2")),
        "result 2-x-0": _json_edit(data, lambda d: r0(d)[3].update(Result="2-x-0")),
        "result W": _json_edit(data, lambda d: r0(d)[3].update(Result="W")),
        "result 2-1": _json_edit(data, lambda d: r0(d)[3].update(Result="2-1")),
        "result with a million games": _json_edit(
            data, lambda d: r0(d)[3].update(Result="1000000-0-0")
        ),
        "unknown round name": _json_edit(data, lambda d: d["Rounds"][2].update(RoundName="Day 2")),
        "conflicting duplicate match": _json_edit(
            data, lambda d: r0(d).append({**r0(d)[0], "Result": "0-2-0"})
        ),
        "a player paired twice in a round": _json_edit(
            data, lambda d: r0(d).append({**r0(d)[0], "Player2": r0(d)[5]["Player1"]})
        ),
        "a player against himself": _json_edit(
            data, lambda d: r0(d)[0].update(Player2=r0(d)[0]["Player1"])
        ),
        "a loss against no one": _json_edit(
            data, lambda d: r0(d).append({**first, "Player2": "-", "Result": "0-2-0"})
        ),
        "standings value that is text": _json_edit(
            data, lambda d: d["Standings"][4].update(OMWP="0.5")
        ),
        "standings entry without Player": _json_edit(
            data, lambda d: d["Standings"][4].pop("Player")
        ),
        "a Swiss round after the finals": _json_edit(
            data, lambda d: d["Rounds"].insert(2, {"RoundName": "Finals", "Matches": [r0(d)[0]]})
        ),
        "no Swiss round at all": _json_edit(data, lambda d: d.update(Rounds=[])),
    }
    for label, mutated in errors.items():
        yield Case(f"cards-json/{label}", "cards", {name: mutated}, "error", locate="file")
    yield from _cards_json_values_cases(data, name, base)
    same = {
        "an identical match listed again": _json_edit(data, lambda d: r0(d).append(r0(d)[0])),
        "a match listed again from the other side": _json_edit(
            data,
            lambda d: r0(d).append(
                {
                    "Player1": r0(d)[0]["Player2"],
                    "Player2": r0(d)[0]["Player1"],
                    "Result": "-".join(r0(d)[0]["Result"].split("-")[i] for i in (1, 0, 2)),
                }
            ),
        ),  # fmt: skip
        "byte-order mark": b"\xef\xbb\xbf" + data,
        "CRLF line ends": data.replace(b"\n", b"\r\n"),
        "compact JSON": _json_edit(data, lambda d: None).replace(b"\n", b""),
        "decks and unknown keys added": _json_edit(data, lambda d: d.update(Decks=[{}], Extra=1)),
        "playoff rounds added": _json_edit(
            data, lambda d: d["Rounds"].append({"RoundName": "Top 8", "Matches": [r0(d)[0]]})
        ),
    }
    for label, mutated in same.items():
        yield Case(f"cards-json/{label}", "cards", {name: mutated}, "same", base)
    split = _json_edit(data, lambda d: d.update(Rounds=d["Rounds"][:2]))
    yield Case("cards-json/two files", "cards", {"a.json": data, "b.json": split}, "ok")
    many = {f"e{i:02d}.json": data for i in range(12)}
    yield Case("cards-json/twelve files on two jobs", "cards", many, "ok", args=("--jobs", "2"))
    broken = {**many, "e05.json": _json_edit(data, lambda d: d["Rounds"][0].update(Matches=3))}
    yield Case(
        "cards-json/a bad file among twelve on two jobs", "cards", broken, "error",
        args=("--jobs", "2"), names=("e05.json",),
    )  # fmt: skip


def _cards_json_values_cases(data: bytes, name: str, base: str) -> Iterator[Case]:
    """Issue 42's kinds: a round block repeated, published values no standings can have, and
    names spelled with other whitespace or letter case in one round."""
    import copy

    rounds = lambda d: d["Rounds"]  # noqa: E731
    standing = lambda d, i: d["Standings"][i]  # noqa: E731

    def renamed(d: dict) -> None:  # round 3 again at the end, named round 6
        rounds(d).append({**copy.deepcopy(rounds(d)[2]), "RoundName": "Round 6"})

    def spaced(d: dict) -> None:  # every name of round 2 with a trailing space
        for m in rounds(d)[1]["Matches"]:
            m.update(Player1=m["Player1"] + " ", Player2=m["Player2"] and "  " + m["Player2"])

    def collide(d: dict) -> None:  # a second player "P001 " in round 1: P001 once trimmed
        first = rounds(d)[0]["Matches"]
        p1 = next(m for m in first if m["Player1"] == "P001")
        other = next(m for m in first if "P001" not in (m["Player1"], m["Player2"]))
        other.update(Player1="P001 ")
        assert p1 is not other

    def upper(d: dict) -> None:  # P001 spelled p001 in round 2: two players, as read
        for m in rounds(d)[1]["Matches"]:
            for key in ("Player1", "Player2"):
                if m[key] == "P001":
                    m[key] = "p001"

    errors = {
        "a round block repeated": lambda d: rounds(d).insert(3, copy.deepcopy(rounds(d)[2])),
        "a round block repeated under another name": renamed,
        "negative published points": lambda d: standing(d, 3).update(Points=-3),
        "negative published wins": lambda d: standing(d, 3).update(Wins=-1),
        "published rank 0": lambda d: standing(d, 3).update(Rank=0),
        "published OMWP as a percentage": lambda d: standing(d, 3).update(OMWP=67.4),
        "published OGWP as a percentage": lambda d: standing(d, 3).update(OGWP=52.2),
        "two players whose names differ by a trailing space": collide,
    }
    for label, edit in errors.items():
        yield Case(
            f"cards-json/{label}", "cards", {name: _json_edit(data, edit)}, "error", locate="path"
        )
    yield Case(
        "cards-json/names of one round with spaces around", "cards",
        {name: _json_edit(data, spaced)}, "same", base,
    )  # fmt: skip
    yield Case(
        "cards-json/a name in lower case in one round (two players, with a warning)", "cards",
        {name: _json_edit(data, upper)}, "ok", want=(("player", "p001", "rounds", 1),),
    )  # fmt: skip
    yield Case(
        "cards-json/a negative published GWP (melee.gg's -0.2)", "cards",
        {name: _json_edit(data, lambda d: standing(d, 3).update(GWP=-0.2))}, "same", base,
    )  # fmt: skip


def _tom_sub(data: bytes, pattern: str, repl: str, count: int = 1) -> bytes:
    return _sub(data, pattern, repl, count=count)


def _cards_tom_cases() -> Iterator[Case]:
    data = (TESTS / "cards" / "tom" / "prerelease-2026-06.tdf").read_bytes()
    name, base = "event.tdf", "cards-tom/original"
    yield Case(base, "cards", {name: data}, "ok")
    match = r'<match outcome="1"><player1 userid="(\d+)"/><player2 userid="(\d+)"/></match>'
    errors = {
        "truncated mid-file": _truncate_mid_line(data, 0.7),
        "truncated early": data[:300],
        "binary garbage": _garbage(23),
        "unknown outcome 4": _tom_sub(data, r'outcome="1"', 'outcome="4"'),
        "unknown outcome 9": _tom_sub(data, r'outcome="2"', 'outcome="9"'),
        "outcome x": _tom_sub(data, r'outcome="1"', 'outcome="x"'),
        "outcome missing": _tom_sub(data, r'<match outcome="1">', "<match>"),
        "an unreported match in a reported round": _tom_sub(data, r'outcome="2"', 'outcome="0"'),
        "a player paired twice in a round": _tom_sub(data, match, r'<match outcome="1"><player1 userid="\1"/><player2 userid="\2"/></match><match outcome="2"><player1 userid="\1"/><player2 userid="\2"/></match>'),
        "an unknown player": _tom_sub(data, r'<player1 userid="\d+"/>', '<player1 userid="999999"/>'),
        "a player against himself": _tom_sub(data, match, r'<match outcome="1"><player1 userid="\1"/><player2 userid="\1"/></match>'),
        "round type 7": _tom_sub(data, r'<round number="1" type="2"', '<round number="1" type="7"'),
        "a bye with two players": _tom_sub(data, r'<match outcome="1">', '<match outcome="5">'),
        "a player listed twice": _tom_sub(data, r"(<players>\n)", r'\1    <player userid="100001"></player>\n'),
        "a result after the drop": _tom_sub(data, r"(<lastname>100003</lastname>)", r"\1<dropped><status>1</status><round>1</round></dropped>"),
        "a drop round 0": _tom_sub(data, r"<round>1</round>", "<round>0</round>"),
        "an entity declaration": _tom_sub(data, r"(<\?xml[^>]*\?>\n)", '\\1<!DOCTYPE t [<!ENTITY x "y">]>\n'),
        "a round number 0": _tom_sub(data, r'<round number="2"', '<round number="0"'),
        "a round listed twice": _tom_sub(data, r'<round number="3"', '<round number="2"'),
        "not a TOM file": b'<?xml version="1.0"?>\n<results><player/></results>\n',
    }  # fmt: skip
    for label, mutated in errors.items():
        yield Case(f"cards-tom/{label}", "cards", {name: mutated}, "error", locate="line")
    top_cut = _tom_sub(
        data,
        r"(      </rounds>)",
        '        <round number="4" type="1" stage="6"><matches></matches></round>\n\\1',
    )
    yield Case("cards-tom/a top-cut round", "cards", {name: top_cut}, "same", base)
    yield Case(
        "cards-tom/CRLF line ends", "cards", {name: data.replace(b"\n", b"\r\n")}, "same", base
    )
    yield Case("cards-tom/as .xml", "cards", {"event.xml": data}, "ok")
    # the 4 players TOM places 20-23 played no match: listed, sharing rank 20, no points
    yield Case(
        "cards-tom/placed players without a match are listed", "cards", {name: data}, "ok",
        want=(("player", "100009", "rank", 20), ("player", "100026", "rank", 20),
              ("player", "100026", "match_points", 0), ("player", "100006", "rank", 19)),
    )  # fmt: skip
    unplaced = _tom_sub(data, r'\s*<player id="100026" place="23"/>', "")
    yield Case(
        "cards-tom/a registered player with no match and no place", "cards",
        {name: unplaced}, "ok", want=(("player", "100025", "rank", 20),),
    )  # fmt: skip
    spaced = _tom_sub(data, r"<firstname>([^<]*)</firstname>", r"<firstname>  \1 </firstname>")
    yield Case("cards-tom/a first name with spaces around", "cards", {name: spaced}, "same", base)
    last = data.decode().rsplit('<round number="3"', 1)
    pending = (
        last[0] + '<round number="3"' + re.sub(r'outcome="\d+"', 'outcome="0"', last[1])
    ).encode()
    yield Case("cards-tom/last round not reported yet", "cards", {name: pending}, "ok")


# --- cards: check, compare, strict JSON ------------------------------------------------------


def cards_command_cases() -> Iterator[Case]:
    """``check`` with the published standings beside a real results table (melee.gg event
    14643), ``compare`` and its two outputs, and JSON that Python's reader would take silently
    (a key twice, deep nesting), mutating the real files."""
    yield from _cards_check_cases()
    yield from _cards_compare_cases()
    yield from _cards_strict_json_cases()


def _cards_check_cases() -> Iterator[Case]:
    matches = (TESTS / "cards" / "melee-14643-matches.csv").read_bytes()
    standings = (TESTS / "cards" / "melee-14643-standings.csv").read_bytes()
    files = {"e-matches.csv": matches, "e-standings.csv": standings}
    tom = (TESTS / "cards" / "tom" / "prerelease-2026-06.tdf").read_bytes()
    js = (
        TESTS / "cards" / "mtgjson" / "sfida-dei-campioni-pauper-61438-2024-02-18.json"
    ).read_bytes()
    for label, name, data in (("TOM", "event.tdf", tom), ("MTG JSON", "event.json", js)):
        yield Case(
            f"cards check/{label}", "cards", {name: data}, "ok", command="check", out="diff.csv"
        )
    for label, target in (
        ("the published standings read beside", "e-standings.csv"),
        ("the results", "e-matches.csv"),
    ):
        yield Case(
            f"cards check/--out over {label}", "cards", files, "error", command="check",
            target="e-matches.csv", out=None, args=("--out", "{dir}/" + target),
            names=(target,),
        )  # fmt: skip
    for label, data in (
        ("empty", b""),
        ("binary garbage", _garbage(43)),
        ("header only", standings.splitlines(keepends=True)[0]),
    ):
        yield Case(
            f"cards check/published standings {label}", "cards",
            {**files, "e-standings.csv": data}, "error", command="check", target="e-matches.csv",
            out="diff.csv", names=("e-standings.csv",),
        )  # fmt: skip
    yield Case(
        "cards check/no published standings beside", "cards", {"e-matches.csv": matches},
        "error", command="check", out="diff.csv",
    )  # fmt: skip


def _cards_compare_cases() -> Iterator[Case]:
    matches = (TESTS / "cards" / "melee-14643-matches.csv").read_bytes()
    name = "matches.csv"
    rules = ("--rules", "mtg,melee")
    yield Case(
        "cards compare/mtg and melee", "cards", {name: matches}, "ok", command="compare",
        out="compare.parquet", args=(*rules, "--chart", "{out}/places.png"),
    )  # fmt: skip
    yield Case(
        "cards compare/--chart where a file stands in the way", "cards", {name: matches},
        "error", command="compare", out="compare.csv",
        args=(*rules, "--chart", "{dir}/matches.csv/places.png"), names=("matches.csv",),
    )  # fmt: skip
    yield Case(
        "cards compare/--out over the results", "cards", {name: matches}, "error",
        command="compare", out=None, args=(*rules, "--out", "{dir}/matches.csv"),
    )  # fmt: skip
    for label, value in (
        ("a rule set twice", "mtg,mtg"),
        ("an unknown rule set", "mtg,nosuch"),
        ("a rule set under two spellings", "mtg,MTG"),
        ("a rule set under two spellings, spaced", "melee, Melee "),
    ):
        yield Case(
            f"cards compare/{label}", "cards", {name: matches}, "error", command="compare",
            out="compare.csv", args=("--rules", value), locate="option", names=("--rules",),
        )  # fmt: skip
    yield Case(
        "cards compare/MTG and Melee (the presets mtg and melee)", "cards", {name: matches},
        "ok", command="compare", out="compare.csv", args=("--rules", "MTG,Melee"),
    )  # fmt: skip
    bridge = (TESTS / "bridge" / "usebio-butler-mitchell.xml").read_bytes()
    for label, value in (("butler,Butler", "error"), ("butler,mp", "ok")):
        yield Case(
            f"bridge compare/--rules {label}", "bridge", {"session.xml": bridge}, value,
            command="compare", out="compare.csv", args=("--rules", label), locate="option",
            names=("--rules",) if value == "error" else (),
        )  # fmt: skip
    yield Case(
        "cards compare/--tiebreaks (chess only)", "cards", {name: matches}, "error",
        command="compare", out="compare.csv", args=(*rules, "--tiebreaks", "BH"),
        locate="option", names=("--tiebreaks",),
    )  # fmt: skip
    yield from _cards_compare_folder_cases()


def _cards_compare_folder_cases() -> Iterator[Case]:
    """``compare`` of a folder of MTG JSON files, one of them refused: stops naming it and
    ``--skip-bad-files``; with ``--skip-bad-files``, compares the others."""
    good = (
        TESTS / "cards" / "mtgjson" / "sfida-dei-campioni-pauper-61438-2024-02-18.json"
    ).read_bytes()
    other = (
        TESTS
        / "cards"
        / "mtgjson"
        / "8o-torneio-11a-liga-arena-guardians-modern-167476-2024-10-14.json"
    ).read_bytes()
    twice = _json_edit(good, lambda d: d["Rounds"][0]["Matches"].append(
        dict(d["Rounds"][0]["Matches"][0], Result="0-2-0")))  # fmt: skip
    rules = ("--rules", "mtg,melee")
    for label, bad in (("truncated", good[:300]), ("a player paired twice", twice)):
        files = {"a.json": good, "b.json": bad, "c.json": other}
        yield Case(
            f"cards compare/folder, a file {label}", "cards", files, "error", command="compare",
            out="compare.csv", args=rules, names=("b.json", "--skip-bad-files"),
        )  # fmt: skip
        yield Case(
            f"cards compare/folder, a file {label}, --skip-bad-files", "cards", files, "ok",
            command="compare", out="compare.csv",
            args=(*rules, "--skip-bad-files", "--chart", "{out}/places.png"),
        )  # fmt: skip
    yield Case(  # an empty file is no MTG archive JSON: left out with a warning, as by standings
        "cards compare/folder, an empty file", "cards", {"a.json": good, "b.json": b""}, "ok",
        command="compare", out="compare.csv", args=rules,
    )  # fmt: skip
    yield Case(
        "cards compare/folder, every file refused, --skip-bad-files", "cards",
        {"a.json": good[:300], "b.json": b""}, "error", command="compare", out="compare.csv",
        args=(*rules, "--skip-bad-files"), names=("a.json",),
    )  # fmt: skip
    for jobs in ("0", "2"):
        yield Case(
            f"cards compare/folder, --jobs {jobs}", "cards", {"a.json": good, "c.json": other},
            "ok", command="compare", out="compare.csv", args=(*rules, "--jobs", jobs),
        )  # fmt: skip
    for jobs in ("-1", "two"):
        yield Case(
            f"cards compare/--jobs {jobs}", "cards", {"a.json": good, "c.json": other}, "error",
            command="compare", out="compare.csv", args=(*rules, "--jobs", jobs),
            locate="option", names=("--jobs",),
        )  # fmt: skip


def _cards_strict_json_cases() -> Iterator[Case]:
    data = (
        TESTS / "cards" / "mtgjson" / "sfida-dei-campioni-pauper-61438-2024-02-18.json"
    ).read_bytes()
    name, base = "event.json", "cards-json/original"
    text = data.decode("utf-8")
    first = re.search(r'"Result": "(\d)-(\d)-(\d)"', text)
    assert first is not None
    won, lost, drawn = first.groups()
    flipped = f'"Result": "{lost}-{won}-{drawn}", "Result": "{won}-{lost}-{drawn}"'
    same = f'"Result": "{won}-{lost}-{drawn}", "Result": "{won}-{lost}-{drawn}"'
    yield Case(
        "cards-json/a Result given twice, differently", "cards",
        {name: text.replace(first.group(), flipped, 1).encode()}, "error", locate="path",
    )  # fmt: skip
    yield Case(
        "cards-json/a Result given twice, the same", "cards",
        {name: text.replace(first.group(), same, 1).encode()}, "same", base,
    )  # fmt: skip
    twice = text.replace('"Rounds":', '"Rounds": [], "Rounds":', 1)
    yield Case(
        "cards-json/Rounds given twice", "cards", {name: twice.encode()}, "error", locate="path"
    )
    deep = text.rstrip().removesuffix("}") + ', "Extra": ' + "[" * 100_000 + "]" * 100_000 + "}"
    yield Case("cards-json/nested 100,000 deep", "cards", {name: deep.encode()}, "error",
               locate="line")  # fmt: skip
    shallow = text.rstrip().removesuffix("}") + ', "Extra": ' + "[" * 50 + "]" * 50 + "}"
    yield Case("cards-json/nested 50 deep (unused)", "cards", {name: shallow.encode()}, "same",
               base)  # fmt: skip
