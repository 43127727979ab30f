"""The strict JSON reading of ``core.jsontext``: the depth limit's place (line, column) against a
plain-Python scanner (``tests/reference_jsontext.py``)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis_profiles import examples
from reference_jsontext import too_deep

from tourneystats.core.jsontext import MAX_DEPTH, _too_deep, load_json
from tourneystats.core.schema import ValidationError

DEEP = "[" * (MAX_DEPTH + 1) + "]" * (MAX_DEPTH + 1)


@pytest.mark.parametrize(
    ("prefix", "where"),
    [
        ('["\\"[[[", ', "line 1, column 110"),  # an escaped quote: the string goes on
        ('["\\\\", ', "line 1, column 107"),  # an escaped backslash: the quote ends the string
        ('["\\\\\\"[", ', "line 1, column 110"),  # three backslashes: the quote is escaped
        ('["a\\\\\\\\", ', "line 1, column 110"),  # four: it is not
        ('["[[[{{{]]]", ', "line 1, column 114"),  # brackets in a string are not counted
        ('["éü€", ', "line 1, column 112"),  # 2 + 2 + 3 bytes: columns count bytes
        ('["é",\n "x", ', "line 2, column 106"),  # a multi-byte line before: not counted
    ],
)
def test_depth_is_found_at_its_byte(prefix: str, where: str) -> None:
    """Each document opens level 101 with the 101st bracket after `prefix` (which opens one)."""
    text = prefix + "[" * MAX_DEPTH + "]" * MAX_DEPTH + "]"
    assert too_deep(text, MAX_DEPTH) == where
    assert _too_deep(text) == where
    assert _too_deep(text.encode()) == where
    with pytest.raises(ValidationError, match=f"e.json: {where}: nested more than 100"):
        load_json(text, "e.json")


def test_shallow_documents_pass() -> None:
    assert _too_deep(DEEP) == "line 1, column 101"
    assert _too_deep('["' + DEEP + '"]') is None  # all in a string
    assert _too_deep("[" * MAX_DEPTH + "]" * MAX_DEPTH) is None
    assert _too_deep(("[]" * 200).encode()) is None
    assert load_json(b'\xef\xbb\xbf{"a": "\\u00e9"}', "e.json") == {"a": "é"}  # a BOM


#: pieces of JSON-like text: brackets, quotes, backslash runs, multi-byte characters, lines
PIECES = st.sampled_from(
    ["[", "]", "{", "}", '"', "\\", "\\\\", '\\"', "a", "é", "€", "\n", ",", " ", "[[[[", "]]]]"]
)


@settings(max_examples=examples(300), deadline=None)
@given(st.lists(PIECES, max_size=60), st.integers(min_value=0, max_value=3))
def test_depth_matches_a_plain_scanner(pieces: list[str], extra: int) -> None:
    """Any text (valid JSON or not): the first bracket past the limit, as the reference finds it
    byte by byte, with a run of brackets that may cross the limit inside or outside strings."""
    head = "".join(pieces)
    text = head + "[" * (MAX_DEPTH - 2 + extra) + "".join(reversed(pieces))
    assert _too_deep(text) == too_deep(text, MAX_DEPTH)
    assert _too_deep(text.encode()) == too_deep(text, MAX_DEPTH)
