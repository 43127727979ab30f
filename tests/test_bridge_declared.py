"""The scoring a file declares: read from USEBIO and PBN, obeyed by the standings, overridden by
the caller; unknown or contradicting declarations refused at their line."""

from __future__ import annotations

import warnings
from pathlib import Path

import pandas as pd
import pytest

from tourneystats import bridge
from tourneystats.bridge.declared import pbn_scoring, scoring_of, usebio_scoring
from tourneystats.core.schema import ValidationError

DATA = Path(__file__).parent / "data" / "bridge"

_LINE = (
    "<TRAVELLER_LINE><NS_PAIR_NUMBER>{ns}</NS_PAIR_NUMBER><EW_PAIR_NUMBER>{ew}</EW_PAIR_NUMBER>"
    "<SCORE>{score}</SCORE>{extra}</TRAVELLER_LINE>\n"
)


def usebio(event_type: str | None = "MP_PAIRS", method: str = "", board_type: str = "",
           extra: str = "", average: str = "", program: str = "") -> str:  # fmt: skip
    """A USEBIO file of one board with three results (+420, +450, -50)."""
    kind = f' EVENT_TYPE="{event_type}"' if event_type else ""
    lines = "".join(
        _LINE.format(ns=ns, ew=ew, score=score, extra=extra)
        for ns, ew, score in ((1, 4, 420), (2, 5, 450), (3, 6, -50))
    )
    return (
        f'<?xml version="1.0"?>\n<USEBIO Version="1.2">\n<EVENT{kind}>\n'
        f"<EVENT_DESCRIPTION>Club</EVENT_DESCRIPTION>\n{program}{method}\n"
        f"<BOARD{board_type}><BOARD_NUMBER>1</BOARD_NUMBER>{average}\n{lines}</BOARD>\n"
        "</EVENT></USEBIO>\n"
    )


def write(tmp_path: Path, text: str, name: str = "club.xml") -> Path:
    path = tmp_path / name
    path.write_text(text)
    return path


# --- the vocabulary ------------------------------------------------------------------------------


def test_scoring_names():
    assert scoring_of("MP") == "mp" and scoring_of("Cross-IMPs") == "cross_imps"
    assert set(bridge.SCORINGS) >= {"mp", "butler", "cross_imps", "cross_imps_n"}
    with pytest.raises(ValueError, match="unknown bridge scoring 'aggregate'"):
        scoring_of("aggregate")


@pytest.mark.parametrize(
    "tag, method",
    [
        ("MP", "mp"),
        ("MatchPoints", "mp"),
        ("MP;MP2", "mp"),
        ("IMP", "cross_imps"),  # a pairs file's bare IMP: every result against every other
        ("IMP;Butler", "butler_all"),
        ("IMP;Butler-2", "butler_2"),
        ("IMP;Mean", "butler_all"),
        ("IMP;Median", "butler_median"),
        ("IMP;Cross", "cross_imps_sum"),
        ("IMP;Cross1", "cross_imps_n"),
        ("IMP; Cross2", "cross_imps_n1"),
        ("Butler", "butler_all"),
        ("", None),
    ],
)
def test_pbn_scoring_values(tag, method):
    assert pbn_scoring(tag) == method


@pytest.mark.parametrize(
    "tag, message",
    [
        ("Facit", "unknown value 'FACIT'"),
        ("BAM", "BAM scoring is not supported"),
        ("Chicago", "not supported"),
        ("IMP_1961", "not supported"),
        ("MP;IMP", "contradict"),
        ("MP;Butler", "contradict"),
        ("IMP;Butler;Cross1", "contradict"),
        ("IMP;MP2", "contradict"),
    ],
)
def test_pbn_scoring_refused(tag, message):
    with pytest.raises(ValueError, match=message):
        pbn_scoring(tag)


@pytest.mark.parametrize(
    "event_type, methods, publishes, method",
    [
        ("MP_PAIRS", {}, None, "mp"),
        ("BUTLER_PAIRS", {"SCORING_METHOD": "IMPS"}, "butler", "butler"),
        ("CROSS_IMP", {"SCORING_METHOD": "IMPS"}, None, "cross_imps"),
        ("CROSS_IMPS", {}, None, "cross_imps"),
        ("PAIRS", {"BOARD_SCORING_METHOD": "MATCH_POINTS"}, None, "mp"),
        ("PAIRS", {"BOARD_SCORING_METHOD": "CROSS_IMPS"}, None, "cross_imps"),
        ("PAIRS", {"BOARD_SCORING_METHOD": "IMPS"}, "butler", "butler"),
        ("SWISS_PAIRS_BUTLER_IMPS", {}, None, "butler"),
        (None, {}, None, None),
    ],
)
def test_usebio_scoring_values(event_type, methods, publishes, method):
    assert usebio_scoring(event_type, methods, publishes=publishes) == method


# --- USEBIO files --------------------------------------------------------------------------------


def test_usebio_declarations_are_obeyed(tmp_path):
    cross = write(tmp_path, usebio("CROSS_IMP", "<SCORING_METHOD>IMPS</SCORING_METHOD>"))
    assert set(bridge.read_results(cross).pairs["scoring"]) == {"cross_imps"}
    st = bridge.standings_from_path(cross)
    assert st["imps"].tolist() == [6.0, 4.5, -10.5, 10.5, -4.5, -6.0]
    # a bare IMPS is Butler where the file publishes datums
    bare = usebio("PAIRS", "<BOARD_SCORING_METHOD>IMPS</BOARD_SCORING_METHOD>",
                  average="<BOARD_AVERAGE>440</BOARD_AVERAGE>")  # fmt: skip
    assert set(bridge.read_results(write(tmp_path, bare)).pairs["scoring"]) == {"butler"}
    # no declaration: matchpointed, as before; no scoring column
    plain = write(tmp_path, usebio(None), "plain.xml")
    assert "scoring" not in bridge.read_results(plain).pairs.columns
    assert set(bridge.standings_from_path(plain)["scoring"]) == {"mp"}


@pytest.mark.parametrize(
    "text, line, message",
    [
        (usebio("NOTSUP"), 3, "unknown EVENT_TYPE 'NOTSUP'"),
        (usebio("AGGREGATE"), 3, "unsupported EVENT_TYPE 'AGGREGATE'"),
        (usebio("MP_PAIRS", "<SCORING_METHOD>FOO</SCORING_METHOD>"), 5, "unknown SCORING_METHOD"),
        (usebio("MP_PAIRS", "<SCORING_METHOD>IMPS</SCORING_METHOD>"), 5, "contradicting"),
        (usebio("BUTLER_PAIRS", "<BOARD_SCORING_METHOD>CROSS_IMPS</BOARD_SCORING_METHOD>"), 5,
         "contradicting"),
        (usebio("MP_PAIRS", board_type=' EVENT_TYPE="BUTLER_PAIRS"'), 6,
         "EVENT_TYPE BUTLER_PAIRS contradicts the EVENT's MP_PAIRS"),
        (usebio("PAIRS", "<SCORING_METHOD>IMPS</SCORING_METHOD>"), 5, "without saying Butler"),
        (usebio("KO"), 3, "team events"),
    ],
)  # fmt: skip
def test_usebio_declarations_refused_at_their_line(tmp_path, text, line, message):
    path = write(tmp_path, text)
    with pytest.raises(ValidationError, match=rf"club\.xml: line {line}: .*{message}"):
        bridge.read_results(path)
    if "team" not in message:  # the caller's scoring replaces the declaration, unread
        st = bridge.standings_from_path(path, scoring="mp")
        assert set(st["scoring"]) == {"mp"} and len(st) == 6


def test_usebio_program_implies_the_convention(tmp_path):
    program = "<PROGRAM_NAME>Compscore3</PROGRAM_NAME>"
    path = write(tmp_path, usebio("MP_PAIRS", program=program))
    assert set(bridge.read_results(path).pairs["convention"]) == {"compscore"}
    other = write(tmp_path, usebio("MP_PAIRS", program="<PROGRAM_NAME>X</PROGRAM_NAME>"), "x.xml")
    assert "convention" not in bridge.read_results(other).pairs.columns


# --- PBN files -----------------------------------------------------------------------------------


def pbn(*scorings: str) -> str:
    out = ["% PBN 2.1\n"]
    for board, scoring in enumerate(scorings, start=1):
        tag = f'[Scoring "{scoring}"]\n' if scoring is not None else ""
        out += [
            '[Event "Club"]\n', f'[Board "{board}"]\n', tag,
            '[ScoreTable "PairId_NS;PairId_EW;Score_NS"]\n', "1 4 420\n2 5 450\n3 6 -50\n", "\n",
        ]  # fmt: skip
    return "".join(out)


def test_pbn_declarations(tmp_path):
    path = write(tmp_path, pbn("IMP;Butler-2", "#"), "s.pbn")  # "#": inherited from board 1
    assert set(bridge.read_results(path).pairs["scoring"]) == {"butler_2"}
    st = bridge.standings_from_path(path)
    assert set(st["scoring"]) == {"butler_2"} and "mp" not in st.columns  # an IMP session only
    refused = write(tmp_path, pbn("MP", "IMP;Cross1"), "r.pbn")  # line 12: board 2's tag
    with pytest.raises(ValidationError, match=r"r\.pbn: line 12: .*contradicting"):
        bridge.read_results(refused)
    unknown = write(tmp_path, pbn("Facit"), "u.pbn")
    with pytest.raises(ValidationError, match=r"u\.pbn: line 4: .*unknown value 'FACIT'"):
        bridge.read_results(unknown)
    assert set(bridge.standings_from_path(unknown, scoring="butler")["scoring"]) == {"butler"}


def test_team_pbn_must_declare_imps(tmp_path):
    text = (DATA / "pbn-teams-imps.pbn").read_text().replace('[Scoring "IMP"]', '[Scoring "MP"]')
    with pytest.raises(ValidationError, match="team matches are scored in IMPs"):
        bridge.read_results(write(tmp_path, text, "t.pbn"))


# --- mixed tables and the command line -----------------------------------------------------------


def test_mixed_folder_is_one_table(tmp_path):
    """A matchpoint and a Butler session: one table, the columns of both, each row its own."""
    for name in ("usebio-mp-pairs-howell.xml", "usebio-butler-mitchell.xml"):
        (tmp_path / name).write_bytes((DATA / name).read_bytes())
    st = bridge.standings_from_path(tmp_path)
    assert st.columns.tolist() == ["event", "section", "line", "pair", "names", "scoring", "boards", "mp",
                                   "top", "percentage", "imps", "factored", "rank", "decided_by"]  # fmt: skip
    mp, butler = st[st["scoring"] == "mp"], st[st["scoring"] == "butler"]
    assert len(mp) == 12 and len(butler) == 14
    assert st["names"].notna().all()  # both files name the two players of every pair
    assert mp["imps"].isna().all() and mp["percentage"].notna().all()
    assert butler["percentage"].isna().all() and butler["imps"].notna().all()
    forced = bridge.standings_from_path(tmp_path, scoring="mp")
    assert set(forced["scoring"]) == {"mp"} and "imps" not in forced.columns


def test_a_session_declaring_two_scorings_is_refused():
    df = pd.DataFrame({"event": "E", "board": [1, 1], "ns_pair": [1, 2], "ew_pair": [3, 4],
                       "ns_score": [420, 450], "scoring": ["mp", "butler"]})  # fmt: skip
    with pytest.raises(ValidationError, match="a session declares two different scoring values"):
        bridge.standings(df)
    with pytest.raises(ValidationError, match="unknown bridge scoring 'bam'"):
        bridge.standings(df.assign(scoring="bam"))
    assert set(bridge.standings(df, scoring="mp")["scoring"]) == {"mp"}


def test_command_line_options(tmp_path, capsys):
    from tourneystats.cli import main

    howell = str(DATA / "usebio-mp-pairs-howell.xml")
    assert main(["standings", howell, "--family", "bridge", "--convention", "ebu"]) == 0
    assert "128.769231" in capsys.readouterr().out  # factored, unrounded
    assert main(["standings", howell, "--family", "bridge", "--convention", "acbl"]) == 2
    assert "unknown bridge convention 'acbl'" in capsys.readouterr().err
    assert main(["standings", howell, "--family", "bridge", "--scoring", "bam"]) == 2
    assert "unknown bridge scoring 'bam'" in capsys.readouterr().err
    teams = str(DATA / "pbn-teams-imps.pbn")
    assert main(["standings", teams, "--family", "bridge", "--vp-scale", "wbf25"]) == 2
    assert "not shipped" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        main(["standings", howell, "--family", "chess", "--convention", "ebu"])
    assert "--convention is an option of the bridge family" in capsys.readouterr().err
    # board 20 has one room in the file: its IMPs cannot be computed, which is no difference
    assert main(["check", str(DATA / "pbn-teams-imps.pbn"), "--family", "bridge"]) == 0
    out = capsys.readouterr().out
    assert "home_imps: 298 of 299 equal" in out and "1 not computable" in out
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        assert main(["check", str(DATA), "--family", "bridge", "--convention", "ebu"]) == 1


def test_check_reads_only_files_that_publish(tmp_path):
    csv = tmp_path / "club.csv"
    pd.DataFrame({"event": "E", "board": 1, "ns_pair": [1, 2], "ew_pair": [3, 4],
                  "ns_score": [420, 450]}).to_csv(csv, index=False)  # fmt: skip
    with pytest.raises(ValidationError, match="only USEBIO .* and PBN .* files publish values"):
        bridge.check_from_path(csv)
    with pytest.raises(ValidationError, match="no USEBIO or PBN files in this folder"):
        bridge.check_from_path(tmp_path)


def test_check_scores_each_result_with_the_fields_its_method_fixes():
    """A session declared ``butler_all`` keeps every result in the datum, in the check's
    per-result IMPs as in the standings (the default convention drops the top and bottom):
    datum (420 + 450 - 50 + 170 + 620) / 5 = 322 -> 320; 420 - 320 = 100 -> 3 IMPs."""
    from tourneystats.bridge import check
    from tourneystats.bridge.mp import MatchpointRules

    frame = pd.DataFrame({"event": "E", "board": 1, "ns_pair": [1, 2, 3, 4, 5],
                          "ew_pair": [6, 7, 8, 9, 10], "scoring": "butler_all",
                          "ns_score": pd.array([420, 450, -50, 170, 620], dtype="Int64")})  # fmt: skip
    lines = check._scored_lines(frame, None, None, None, MatchpointRules.make())
    assert lines["ns_imps"].tolist() == [3, 4, -9, -4, 7]
    assert bridge.butler(frame.drop(columns="scoring"))["ns_imps"].tolist() == [2, 3, -9, -5, 7]
    table = bridge.standings(frame)
    assert table.loc[table["line"] == "NS"].set_index("pair")["imps"].to_dict() == {
        5: 7, 2: 4, 1: 3, 4: -4, 3: -9
    }  # fmt: skip
