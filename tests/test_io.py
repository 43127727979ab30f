import os

import pandas as pd
import pytest

from tourneystats import ValidationError, read_table, write_table
from tourneystats.core.io import as_text
from tourneystats.io import atomic_write, table_columns


@pytest.mark.parametrize("suffix", [".csv", ".parquet"])
def test_round_trip(tmp_path, suffix):
    df = pd.DataFrame({"event": ["A", "B"], "round": [1, 2], "points": [0.5, 1.0]})
    path = write_table(df, tmp_path / f"sub/t{suffix}")
    back = read_table(path)
    pd.testing.assert_frame_equal(back, df, check_dtype=suffix == ".parquet")
    assert [p.name for p in path.parent.iterdir()] == [path.name]  # no temporary left


def test_parquet_keeps_categorical_and_nullable(tmp_path):
    df = pd.DataFrame(
        {"event": pd.Categorical(["A", "B"]), "opponent": pd.array([1, None], dtype="Int64")}
    )
    back = read_table(write_table(df, tmp_path / "t.parquet"))
    pd.testing.assert_frame_equal(back, df)


def test_refuses_to_overwrite_input(tmp_path):
    src = tmp_path / "in.csv"
    src.write_text("a\n1\n")
    with pytest.raises(ValueError, match="input file"):
        write_table(pd.DataFrame({"a": [2]}), tmp_path / "." / "in.csv", inputs=[src])
    assert src.read_text() == "a\n1\n"


def test_failed_write_leaves_old_file(tmp_path):
    path = tmp_path / "t.parquet"
    write_table(pd.DataFrame({"a": [1]}), path)

    def broken(tmp):
        tmp.write_text("half")
        raise RuntimeError("disk full")

    with pytest.raises(RuntimeError, match="disk full"):
        atomic_write(path, broken)
    assert read_table(path)["a"].tolist() == [1]
    assert [p.name for p in tmp_path.iterdir()] == ["t.parquet"]


def test_unknown_format(tmp_path):
    with pytest.raises(ValueError, match="unknown table format"):
        write_table(pd.DataFrame({"a": [1]}), tmp_path / "t.xlsx")
    with pytest.raises(ValueError, match="unknown table format"):
        read_table(tmp_path / "t.xlsx")


def test_written_files_get_ordinary_permissions(tmp_path):
    import os

    umask = os.umask(0o022)
    try:
        path = write_table(pd.DataFrame({"a": [1]}), tmp_path / "t.csv")
    finally:
        os.umask(umask)
    assert path.stat().st_mode & 0o777 == 0o644


@pytest.mark.parametrize("suffix", [".csv", ".parquet"])
def test_table_columns_reads_the_header_only(tmp_path, suffix):
    df = pd.DataFrame({"event": ["A"], "round": [1], "note": ["x"]})
    path = write_table(df, tmp_path / f"t{suffix}")
    assert table_columns(path) == ["event", "round", "note"]
    assert read_table(path, columns=["event", "round"]).columns.tolist() == ["event", "round"]
    with pytest.raises(ValueError, match="unknown table format"):
        table_columns(tmp_path / "t.xlsx")


def test_table_columns_of_a_csv_header_as_pandas_reads_it(tmp_path):
    path = tmp_path / "t.csv"
    path.write_text('\ufeffevent,"a, b", c\n1,2,3\n', encoding="utf-8")
    assert table_columns(path) == pd.read_csv(path).columns.tolist() == ["event", "a, b", " c"]
    (tmp_path / "empty.csv").write_text("")
    with pytest.raises(ValidationError, match="empty.csv: empty file"):
        table_columns(tmp_path / "empty.csv")


def test_text_columns_read_as_sorted_dictionaries(tmp_path):
    import pyarrow as pa
    import pyarrow.parquet as pq

    names = ["zoë", "Bob", "", "alice", None, "Bob", "Émile", "zoë"]
    table = pa.table({"player": names, "round": list(range(8)), "event": ["E"] * 8})
    p = tmp_path / "t.parquet"
    pq.write_table(table, p, row_group_size=3)  # three dictionaries to unify
    plain = read_table(p)
    coded = read_table(p, dictionaries=["player", "round", "missing"])
    assert coded.attrs["dictionaries"] == ["player"]  # text columns only
    assert list(coded.columns) == list(plain.columns)
    codes, uniques = pd.factorize(plain["player"], sort=True)
    assert (coded["player"].cat.codes.to_numpy() == codes).all()
    assert coded["player"].cat.categories.equals(pd.Index(uniques))
    text = pd.Series(as_text(coded["player"], plain["player"].dtype), name="player")
    pd.testing.assert_series_equal(text, plain["player"])
    pd.testing.assert_frame_equal(coded.drop(columns="player"), plain.drop(columns="player"))
    assert "dictionaries" not in read_table(p).attrs
    csv = tmp_path / "t.csv"
    write_table(plain, csv)
    assert read_table(csv, dictionaries=["player"]).attrs == {}


@pytest.mark.parametrize(
    "opponents, shares",
    [
        (["Bob", "zoë", None, "Bob", "alice", None, "zoë", "Émile"], True),  # all players
        (["Bob", "zoë", None, "Bob", "alice", None, "ghost", "Émile"], False),  # "ghost" is not
        ([None] * 8, True),  # byes only
    ],
)
def test_a_column_shares_the_categories_of_another_when_its_values_are_among_them(
    tmp_path, opponents, shares
):
    """``shared={"opponent": "player"}``: the opponent column takes the player column's
    categories (its codes are those of the same names), or is read as without it when one of
    its values is not a player's; its text is the file's either way."""
    import pyarrow as pa
    import pyarrow.parquet as pq

    players = ["zoë", "Bob", "", "alice", "Émile", "Bob", "Émile", "zoë"]
    table = pa.table({"player": players, "opponent": pa.array(opponents, pa.string())})
    p = tmp_path / "t.parquet"
    pq.write_table(table, p, row_group_size=3)  # dictionaries differ between row groups
    plain = read_table(p)
    alone = read_table(p, dictionaries=["player", "opponent"])
    coded = read_table(p, dictionaries=["player", "opponent"], shared={"opponent": "player"})
    assert coded["player"].cat.categories.equals(alone["player"].cat.categories)
    same = coded["opponent"].cat.categories.equals(coded["player"].cat.categories)
    assert same == shares
    if not shares:
        pd.testing.assert_series_equal(coded["opponent"], alone["opponent"])
    for column in ("player", "opponent"):
        text = pd.Series(as_text(coded[column], plain[column].dtype), name=column)
        pd.testing.assert_series_equal(text, plain[column])


def test_dictionaries_read_apart_keep_the_index_and_the_column_order(tmp_path):
    """The text columns read as dictionaries are read before the others: the frame is that of
    a single read (an index stored by pandas, the order of `columns`, only text columns)."""
    frame = pd.DataFrame(
        {"round": [1, 2, 3], "player": ["b", "a", "b"], "points": [0.5, None, 1.0]},
        index=pd.Index([7, 3, 5], name="row"),
    )
    p = tmp_path / "t.parquet"
    frame.to_parquet(p)
    coded = read_table(p, dictionaries=["player"])
    assert isinstance(coded["player"].dtype, pd.CategoricalDtype)
    pd.testing.assert_frame_equal(coded.astype({"player": "str"}), read_table(p))
    some = read_table(p, columns=["points", "player"], dictionaries=["player"])
    assert list(some.columns) == ["points", "player"]
    alone = read_table(p, columns=["player"], dictionaries=["player"])
    assert alone["player"].astype("str").tolist() == ["b", "a", "b"]


def test_write_table_refuses_to_write_over_an_input_however_it_is_named(tmp_path):
    frame = pd.DataFrame({"a": [1]})
    source = tmp_path / "in.csv"
    frame.to_csv(source, index=False)
    (tmp_path / "sub").mkdir()
    (tmp_path / "link.csv").symlink_to(source)
    os.link(source, tmp_path / "hard.csv")
    others = [tmp_path / f"other{i}.csv" for i in range(3)]
    for other in others:
        frame.to_csv(other, index=False)
    for name in (source, tmp_path / "sub" / ".." / "in.csv", tmp_path / "link.csv",
                 tmp_path / "hard.csv"):  # fmt: skip
        with pytest.raises(ValueError, match="refusing to write over the input file"):
            write_table(frame, name, inputs=[*others, source])
    assert source.read_text() == "a\n1\n"  # untouched
    # a new file, and a missing input spelled differently from a missing target
    assert write_table(frame, tmp_path / "out.csv", inputs=[*others, source]).exists()
    with pytest.raises(ValueError, match="refusing to write over"):
        write_table(frame, tmp_path / "new.csv", inputs=[tmp_path / "sub" / ".." / "new.csv"])
    assert not (tmp_path / "new.csv").exists()
