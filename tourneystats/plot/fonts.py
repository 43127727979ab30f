"""Fonts of the charts: a fallback chain found at run time, and names every chain can draw.

Matplotlib (3.6 and later) draws each character with the first font of a list that has it.
:func:`font_family` is that list: matplotlib's default sans-serif font, then the fonts for
Chinese, Japanese and Korean (CJK) that this machine has (:data:`CJK_FAMILIES`, in that order).
:func:`readable` rewrites a text the chain cannot draw whole: kana and hangul are written out
by their sounds, other characters no font has are left out, and a name left with nothing
is shown as ``"(name in another script)"``. So a chart never shows empty boxes, nor warns
about missing glyphs, and draws CJK names wherever a CJK font is installed.
"""

from __future__ import annotations

import functools
import logging
import re
import unicodedata
from collections.abc import Iterable
from typing import Any

from matplotlib import font_manager, ticker
from matplotlib.axes import Axes
from matplotlib.text import Text

#: fonts for Chinese, Japanese and Korean names, tried in this order (the first families
#: found are used; each covers most of the others' characters)
CJK_FAMILIES = (
    "Noto Sans CJK JP",
    "Noto Sans CJK SC",
    "Noto Sans CJK TC",
    "Noto Sans CJK KR",
    "Source Han Sans",
    "Source Han Sans SC",
    "WenQuanYi Zen Hei",
    "WenQuanYi Micro Hei",
    "Droid Sans Fallback",
    "Microsoft YaHei",
    "SimHei",
    "Yu Gothic",
    "Meiryo",
    "Malgun Gothic",
    "PingFang SC",
    "Hiragino Sans",
    "Apple SD Gothic Neo",
    "Noto Sans SC",
    "Noto Sans JP",
    "Noto Sans KR",
    "IPAGothic",
    "IPAexGothic",
    "TakaoGothic",
    "AR PL UMing CN",
)
#: what a name is shown as when no font of the chain has any of its letters
UNREADABLE = "(name in another script)"


@functools.cache
def font_family() -> tuple[str, ...]:
    """The fallback chain of the charts: the default sans-serif font, then the installed CJK
    fonts of :data:`CJK_FAMILIES` (at most two).

    Examples
    --------
    >>> font_family()[0]
    'DejaVu Sans'
    """
    installed = {f.name for f in font_manager.fontManager.ttflist}
    if not installed.intersection(CJK_FAMILIES):  # installed after matplotlib's font cache
        installed |= _add_system_cjk_fonts()
    cjk = [name for name in CJK_FAMILIES if name in installed][:2]
    if cjk:  # most CJK fonts have no bold: matplotlib's notice of it is no news to a user
        logging.getLogger("matplotlib.font_manager").addFilter(_no_bold_notice)
    return (_default_family(), *cjk)


def _no_bold_notice(record: logging.LogRecord) -> bool:
    """Leave out matplotlib's notice that a CJK font of the chain has no bold weight."""
    message = record.getMessage()
    return not (
        message.startswith("findfont: Failed to find font weight")
        and any(name in message for name in CJK_FAMILIES)
    )


def _default_family() -> str:
    path = font_manager.findfont(font_manager.FontProperties(family=["sans-serif"]))
    return str(font_manager.get_font(path).family_name)


#: words in the file names of CJK fonts (a font installed after matplotlib cached its list)
_CJK_FILES = re.compile(r"cjk|wqy|wenquanyi|droidsansfallback|ipag|ipaexg|takao|uming|sourcehan")


def _add_system_cjk_fonts() -> set[str]:
    """Add the system's CJK font files that matplotlib's cached list misses; their families."""
    found = set()
    for path in font_manager.findSystemFonts():
        if _CJK_FILES.search(path.lower().replace("-", "").replace("_", "")):
            try:
                font_manager.fontManager.addfont(path)
                found.add(str(font_manager.get_font(path).family_name))
            except (OSError, RuntimeError, ValueError):  # a font file matplotlib cannot read
                continue
    return found


@functools.cache
def _covered() -> frozenset[int]:
    """The characters some font of the chain has."""
    out: set[int] = set()
    for family in font_family():
        prop = font_manager.FontProperties(family=family)
        path = font_manager.findfont(prop, fallback_to_default=False)
        out.update(font_manager.get_font(path).get_charmap())
    return frozenset(out)


def readable(text: str) -> str:
    """`text` as the chart's fonts can draw it.

    Characters that some font of :func:`font_family` has are kept; kana and hangul no font has
    are written by their sound (``"かな"`` -> ``"kana"``); other characters no font has are
    left out; a name left without a letter or digit becomes :data:`UNREADABLE`.

    Examples
    --------
    >>> readable("Ann Smith")
    'Ann Smith'
    >>> readable("Åsa Öberg, Ђорђе")
    'Åsa Öberg, Ђорђе'
    """
    covered = _covered()
    if all(ord(c) in covered or c in "\n\t" for c in text):
        return text
    out = []
    for c in text:
        if ord(c) in covered or c in "\n\t":
            out.append(c)
        else:
            out.append(_sound(c))
    kept = re.sub(r" {2,}", " ", "".join(out)).strip()
    if not any(c.isalnum() for c in kept):
        return UNREADABLE
    return kept


def _sound(c: str) -> str:
    """A kana or hangul syllable's sound (the last word of its Unicode name), else nothing."""
    name = unicodedata.name(c, "")
    if name.startswith(("HIRAGANA LETTER ", "KATAKANA LETTER ", "HANGUL SYLLABLE ")):
        return name.rsplit(" ", 1)[-1].lower()
    return ""


def use_fonts(ax: Axes, texts: Iterable[Text] = ()) -> None:
    """Draw the texts of `ax` (its labels, titles, ticks and `texts`) with :func:`font_family`,
    and rewrite those the chain cannot draw whole with :func:`readable`."""
    family: Any = list(font_family())
    own = [*ax.texts, ax.title, ax._left_title, ax._right_title]  # type: ignore[attr-defined]
    own += [ax.xaxis.label, ax.yaxis.label, *texts]
    for artist in ax.artists:
        inner = getattr(artist, "_text", None)
        if isinstance(inner, Text):
            own.append(inner)
    legend = ax.get_legend()
    if legend is not None:
        own += [*legend.get_texts(), legend.get_title()]
    for text in own:
        text.set_fontfamily(family)
        words = text.get_text()
        if words:
            shown = readable(words)
            if shown != words:
                text.set_text(shown)
    ax.tick_params(labelfontfamily=family)
    for axis in (ax.xaxis, ax.yaxis):
        formatter = axis.get_major_formatter()
        if isinstance(formatter, ticker.FixedFormatter):  # labels set with the ticks
            formatter.seq = [readable(str(s)) for s in formatter.seq]
