import os

import pandas as pd
import pytest

from tourneystats import ValidationError, read_table, write_table
from tourneystats.core.io import as_text, atomic_write, table_columns


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


@pytest.mark.parametrize("group_rows", [3, 8])  # dictionaries differ between row groups; one
@pytest.mark.parametrize(
    "opponents, shares",
    [
        (["Bob", "zoë", None, "Bob", "alice", None, "zoë", "Émile"], True),  # all players
        (["Bob", "zoë", None, "Bob", "alice", None, "ghost", "Émile"], False),  # "ghost" is not
        (["Bob", "ghost", None, "Bob", "alice", None, "zoë", "Émile"], False),  # (first group)
        ([None] * 8, True),  # byes only
    ],
)
def test_a_column_shares_the_categories_of_another_when_its_values_are_among_them(
    tmp_path, opponents, shares, group_rows
):
    """``shared={"opponent": "player"}``: the opponent column takes the player column's
    categories (its codes are those of the same names), or is read as without it when one of
    its values is not a player's; its text is the file's either way."""
    import pyarrow as pa
    import pyarrow.parquet as pq

    players = ["zoë", "Bob", "", "alice", "Émile", "Bob", "Émile", "zoë"]
    table = pa.table({"player": players, "opponent": pa.array(opponents, pa.string())})
    p = tmp_path / "t.parquet"
    pq.write_table(table, p, row_group_size=group_rows)
    plain = read_table(p)
    alone = read_table(p, dictionaries=["player", "opponent"])
    coded = read_table(p, dictionaries=["player", "opponent"], shared={"opponent": "player"})
    # with a text column that shares nothing and a number column (each read on its own)
    more = table.add_column(0, "event", pa.array(list("EEFFEEFF"))).append_column(
        "round", pa.array(range(8))
    )
    pq.write_table(more, tmp_path / "more.parquet", row_group_size=group_rows)
    both = read_table(
        tmp_path / "more.parquet",
        dictionaries=["event", "player", "opponent"],
        shared={"opponent": "player"},
    )
    assert both.columns.tolist() == ["event", "player", "opponent", "round"]
    assert both["event"].astype("str").tolist() == list("EEFFEEFF")
    assert both["round"].tolist() == list(range(8))
    pd.testing.assert_frame_equal(both[["player", "opponent"]], coded)
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


def test_every_file_read_is_an_input_never_written_over(tmp_path):
    """Inside tracking_inputs, a table read (or a file noted) cannot be a write's target; a
    target whose folder is a file, or that is a folder, is refused before writing."""
    from tourneystats.core.io import check_target, note_input, tracking_inputs

    read, noted = tmp_path / "read.csv", tmp_path / "vp.csv"
    write_table(pd.DataFrame({"a": [1]}), read)
    noted.write_text("x\n")
    with tracking_inputs() as inputs:
        read_table(read)
        note_input(noted)
        assert inputs == {read, noted}
        for target in (read, noted):
            with pytest.raises(ValueError, match=f"refusing to write over the input file {target}"):
                write_table(pd.DataFrame({"a": [2]}), target)
    assert read.read_text() == "a\n1\n" and noted.read_text() == "x\n"
    write_table(pd.DataFrame({"a": [2]}), read)  # no longer tracked: an ordinary target
    with pytest.raises(ValueError, match="read.csv is a file, not a folder"):
        check_target(read / "sub" / "out.csv", (".csv",))
    (tmp_path / "folder.csv").mkdir()
    with pytest.raises(ValueError, match="is a folder, not a file to write"):
        check_target(tmp_path / "folder.csv", (".csv",))


def test_json_is_read_strictly():
    """A key twice with different values is refused at its JSON path, twice with the same value
    read once; nesting beyond 100 levels is refused at its line and column, brackets inside
    strings (escaped quotes too) not counted."""
    from tourneystats.core.jsontext import MAX_DEPTH, load_json

    doc = '{"Rounds": [{"Matches": [{"P": 1}, {"P": 1, "R": "2-0", "R": "0-2"}]}]}'
    with pytest.raises(ValidationError, match=r"f\.json: Rounds\[0\]\.Matches\[1\]: the key 'R'"):
        load_json(doc, "f.json")
    assert load_json('{"a": {"b": 1, "b": 1}}', "f.json") == {"a": {"b": 1}}
    with pytest.raises(ValidationError, match="f.json: the top-level object: the key 'a'"):
        load_json('{"a": 1, "a": [1]}', "f.json")
    deep = '{"x":\n ' + "[" * (MAX_DEPTH + 5) + "]" * (MAX_DEPTH + 5) + "}"
    # the object is level 1; the brackets open at column 2 of line 2, the 100th (column 101)
    # is level 101
    with pytest.raises(ValidationError, match="f.json: line 2, column 101: nested more than 100"):
        load_json(deep, "f.json")
    inside = '{"s": "' + '\\"[' * 500 + '", "t": ' + "[" * 99 + "]" * 99 + "}"
    assert load_json(inside, "f.json")["s"] == '"[' * 500
    with pytest.raises(ValidationError, match=r"line 1, column 2: not valid JSON"):
        load_json("{,}", "f.json")


def test_nearly_distinct_floats_are_written_without_a_dictionary(tmp_path):
    """A float column whose values are nearly all distinct (a computed ratio) is written plain;
    one of few values, text and integers keep their dictionary; the table reads back equal."""
    import numpy as np
    import pyarrow.parquet as pq

    n = 50_000
    rng = np.random.default_rng(7)
    frame = pd.DataFrame(
        {
            "player": [f"p{i % 997}" for i in range(n)],
            "rank": np.arange(n) % 64 + 1,
            "ratio": rng.random(n),  # nearly all distinct
            "pct": np.round(rng.random(n), 2),  # 101 values
            "some": np.where(np.arange(n) % 3 == 0, np.nan, rng.random(n)),  # 2/3 distinct
        }
    )
    path = write_table(frame, tmp_path / "t.parquet")
    pd.testing.assert_frame_equal(read_table(path), frame)
    chunk = pq.read_metadata(path).row_group(0)
    encodings = {chunk.column(i).path_in_schema: chunk.column(i).encodings for i in range(5)}
    assert "RLE_DICTIONARY" not in encodings["ratio"]
    for name in ("player", "rank", "pct", "some"):
        assert "RLE_DICTIONARY" in encodings[name], name
    small = write_table(frame.head(1_000), tmp_path / "small.parquet")  # the writer's default
    assert "RLE_DICTIONARY" in pq.read_metadata(small).row_group(0).column(2).encodings
