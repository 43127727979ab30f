"""Measure a drawn figure as a reader sees it: the texts drawn, their boxes, leader lines, glyphs.

:func:`measure` draws the figure on an Agg canvas and records every :class:`~matplotlib.text.Text`
actually drawn (visible, not empty), with its box in display pixels; every leader line (the
arrow of an :class:`~matplotlib.text.Annotation`) drawn; and the warnings matplotlib gives
for glyphs missing from the fonts. :class:`Measure` counts what a reader would call a fault.
"""

from __future__ import annotations

import warnings
from dataclasses import dataclass, field
from unittest import mock

import numpy as np
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.figure import Figure
from matplotlib.text import Annotation, Text
from matplotlib.transforms import Bbox

#: pixels two boxes may share, or a box may pass the figure's edge, before it counts
TOLERANCE = 0.5


@dataclass
class Measure:
    """What a drawn figure shows: its texts' boxes, its leader lines, its missing glyphs."""

    texts: list[str]
    boxes: list[Bbox]  # axis-aligned (of a slanted text: around its slanted rectangle)
    corners: list[np.ndarray]  # the four corners of each text's (slanted) rectangle, pixels
    leaders: list[tuple[int, np.ndarray]]  # (the label's index, the line's vertices in pixels)
    figure: Bbox
    height: float  # inches
    missing: list[str] = field(default_factory=list)

    def overlapping(self) -> list[tuple[str, str]]:
        """Pairs of texts whose boxes overlap."""
        out = []
        boxes = [_shrunk(b) for b in self.boxes]
        for i, a in enumerate(boxes):
            for j in range(i + 1, len(boxes)):
                if a.overlaps(boxes[j]) and _quads_meet(self.corners[i], self.corners[j]):
                    out.append((self.texts[i], self.texts[j]))
        return out

    def cut(self) -> list[str]:
        """Texts that leave the figure (in part)."""
        f = self.figure
        t = TOLERANCE
        return [
            text
            for text, c in zip(self.texts, self.corners)
            if (c[:, 0] < f.x0 - t).any()
            or (c[:, 1] < f.y0 - t).any()
            or (c[:, 0] > f.x1 + t).any()
            or (c[:, 1] > f.y1 + t).any()
        ]

    def crossings(self) -> list[tuple[str, str]]:
        """(label, text) pairs where the label's leader line runs through another text."""
        out = []
        boxes = [_shrunk(b) for b in self.boxes]
        for own, vertices in self.leaders:
            for k, box in enumerate(boxes):
                if k != own and _path_hits(vertices, box):
                    out.append((self.texts[own], self.texts[k]))
        return out

    def summary(self) -> dict:
        """The counts a report gives."""
        return {
            "texts": len(self.texts),
            "overlapping pairs": len(self.overlapping()),
            "leader lines through texts": len(self.crossings()),
            "cut texts": len(self.cut()),
            "missing glyphs": len(self.missing),
            "height (in)": round(self.height, 2),
        }


def measure(fig: Figure) -> Measure:
    """Draw `fig` and measure what was drawn."""
    canvas = FigureCanvasAgg(fig)
    drawn: list[Text] = []
    original = Text.draw

    def recording(self: Text, renderer):
        original(self, renderer)
        if self.get_visible() and self.get_text().strip():
            drawn.append(self)

    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        with mock.patch.object(Text, "draw", recording):
            canvas.draw()
    renderer = canvas.get_renderer()
    boxes = [Text.get_window_extent(t, renderer) for t in drawn]
    leaders = []
    for i, t in enumerate(drawn):
        patch = t.arrow_patch if isinstance(t, Annotation) else None
        if patch is not None and patch.get_visible():
            paths, _ = patch._get_path_in_displaycoord()
            for path in paths if isinstance(paths, list) else [paths]:
                leaders.append((i, np.asarray(path.vertices, dtype=float)))
    missing = [str(w.message) for w in caught if "missing from" in str(w.message)]
    return Measure(
        texts=[t.get_text() for t in drawn],
        boxes=boxes,
        corners=[_corners(t, b) for t, b in zip(drawn, boxes)],
        leaders=leaders,
        figure=fig.bbox,
        height=fig.get_figheight(),
        missing=missing,
    )


def _corners(text: Text, box: Bbox) -> np.ndarray:
    """The corners of `text`'s rectangle (slanted as the text is), shrunk by the tolerance,
    from its axis-aligned box `box` and its angle."""
    angle = np.deg2rad(text.get_rotation())
    c, s = abs(np.cos(angle)), abs(np.sin(angle))
    if s < 1e-9 or c < 1e-9:
        b = _shrunk(box)
        return np.array([[b.x0, b.y0], [b.x1, b.y0], [b.x1, b.y1], [b.x0, b.y1]])
    # the box is L c + H s wide: H from the font size and lines, then the text's length L
    dpi = text.figure.dpi if text.figure is not None else 100.0
    height = text.get_fontsize() * dpi / 72 * 1.2 * (text.get_text().count("\n") + 1)
    length = max((box.width - height * s) / c, 0.0)
    length, height = max(length - 2 * TOLERANCE, 0), max(height - 2 * TOLERANCE, 0)
    centre = np.array([(box.x0 + box.x1) / 2, (box.y0 + box.y1) / 2])
    along = np.array([np.cos(angle), np.sin(angle)]) * length / 2
    across = np.array([-np.sin(angle), np.cos(angle)]) * height / 2
    return np.array([centre - along - across, centre + along - across,
                     centre + along + across, centre - along + across])  # fmt: skip


def _quads_meet(a: np.ndarray, b: np.ndarray) -> bool:
    """Whether two convex quadrilaterals overlap (no separating axis among their edges)."""
    for quad in (a, b):
        for k in range(4):
            edge = quad[(k + 1) % 4] - quad[k]
            normal = np.array([-edge[1], edge[0]])
            if not normal.any():
                continue
            pa, pb = a @ normal, b @ normal
            if pa.max() <= pb.min() or pb.max() <= pa.min():
                return False
    return True


def _shrunk(box: Bbox) -> Bbox:
    t = TOLERANCE
    return Bbox.from_extents(box.x0 + t, box.y0 + t, box.x1 - t, box.y1 - t)


def _path_hits(vertices: np.ndarray, box: Bbox) -> bool:
    """Whether the polyline through `vertices` enters `box` (Liang-Barsky on each segment)."""
    for (x0, y0), (x1, y1) in zip(vertices[:-1], vertices[1:]):
        dx, dy = x1 - x0, y1 - y0
        lo, hi = 0.0, 1.0
        for p, q in ((-dx, x0 - box.x0), (dx, box.x1 - x0), (-dy, y0 - box.y0), (dy, box.y1 - y0)):
            if p == 0:
                if q < 0:
                    break
                continue
            r = q / p
            if p < 0:
                lo = max(lo, r)
            else:
                hi = min(hi, r)
        else:
            if lo < hi:
                return True
    return False


def assert_readable(fig: Figure, *, max_height: float = 14.0, glyphs: bool = True) -> Measure:
    """Assert the figure a reader sees holds: no overlapping texts, none cut by the edge, no
    leader line through another text, at most `max_height` inches tall, and (`glyphs`) no
    glyph missing from the fonts."""
    m = measure(fig)
    assert not m.overlapping(), m.overlapping()[:5]
    assert not m.cut(), m.cut()[:5]
    assert not m.crossings(), m.crossings()[:5]
    assert m.height <= max_height + 1e-9, m.height
    if glyphs:
        assert not m.missing, m.missing[:3]
    return m
