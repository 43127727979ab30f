"""The per-family options of :func:`~tourneystats.archive.recompute`: a JSON or TOML file (or a
mapping) with one table per family, checked against the family's kernel before any work.
"""

from __future__ import annotations

import importlib
import os
import tomllib
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

from ..core.schema import ValidationError
from .families import FamilySpec, _spec

__all__ = ["load_config"]


def load_config(source: str | os.PathLike | Mapping | None) -> dict[str, dict[str, Any]]:
    """Read the per-family options of :func:`recompute` from a JSON or TOML file (or a mapping).

    The file has one table per family whose keys are keyword options of that family's kernel
    (``cards.standings``, ``chess.standings``, ``bridge.session_standings``, ``league.history``;
    for the league, ``table = "leaderboard"`` writes the final leaderboard instead of the history).

    Parameters
    ----------
    source : str, path, mapping or None
        A ``.toml`` or ``.json`` file, a mapping of family to options, or None (no options).

    Returns
    -------
    dict of str to dict
        Family -> its keyword options.

    Examples
    --------
    >>> from tourneystats.archive import load_config
    >>> import tempfile, pathlib
    >>> p = pathlib.Path(tempfile.mkdtemp()) / "rules.toml"
    >>> _ = p.write_text('[chess]\\ntiebreaks = ["BH/C1", "SB"]\\n[league]\\nprior_rounds = 5\\n')
    >>> load_config(p)
    {'chess': {'tiebreaks': ['BH/C1', 'SB']}, 'league': {'prior_rounds': 5}}
    """
    if source is None:
        return {}
    if isinstance(source, Mapping):
        raw = dict(source)
    else:
        raw = _read_config(Path(source))
    if not isinstance(raw, Mapping):
        raise ValueError(f"--config {source}: expected a table of families")
    config = {}
    where = "config" if isinstance(source, Mapping) else f"--config {source}"
    for family, options in raw.items():
        try:
            _spec(family)
        except ValueError as exc:
            raise ValueError(f"{where}: {exc}") from None
        if not isinstance(options, Mapping):
            raise ValueError(f"{where}: [{family}] must be a table of options")
        config[family] = dict(options)
    return config


def _read_config(path: Path) -> Any:
    """The tables of a JSON or TOML configuration file (an input: never written over)."""
    from ..core.io import note_input
    from ..core.jsontext import load_json

    if path.suffix.lower() not in (".json", ".toml"):
        raise ValueError(f"--config {path}: a configuration must be a .json or .toml file")
    if not path.is_file():
        raise ValueError(f"--config {path}: no such file")
    note_input(path)
    try:
        text = path.read_text(encoding="utf-8")
    except UnicodeDecodeError as exc:
        raise ValidationError(f"--config {path}: not UTF-8 text ({exc.reason})") from None
    if path.suffix.lower() == ".json":
        return load_json(text, f"--config {path}")
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise ValidationError(f"--config {path}: not valid TOML ({exc})") from None


def _bind(spec: FamilySpec, options: Mapping[str, Any]) -> tuple[Callable, dict]:
    """Check `options` against the family's kernel; return the kernel and its keywords."""
    options = dict(options)
    table = options.pop("table", None)
    if table is not None and table not in spec.tables:
        choices = ", ".join(spec.tables) or "none"
        raise ValueError(f"config: {spec.name}: unknown table {table!r} (choices: {choices})")
    if spec.by_unit is not None and spec.by_unit in options:
        raise ValueError(f"config: {spec.name}: {spec.by_unit!r} is set by recompute")
    if "by" in options:
        raise ValueError(
            f"config: {spec.name}: 'by' (pooled standings) is not supported by recompute, which "
            "computes every event on its own"
        )
    kernel = spec.kernel(table)
    signature = spec.options_signature(table)
    valid = spec.option_names(table)
    unknown = [name for name in options if name not in valid]
    takes_any = any(p.kind == p.VAR_KEYWORD for p in signature.parameters.values())
    if unknown and not takes_any:
        keys = ", ".join([*valid, *(["table"] if spec.tables else [])])
        raise ValueError(
            f"config: {spec.name}: unknown option(s) {', '.join(map(repr, unknown))}; "
            f"the {spec.name} options are {keys}"
        )
    try:
        signature.bind(None, **options)
    except TypeError as exc:
        raise ValueError(f"config: {spec.name}: {exc}") from None
    for name, maker in spec.converters.items():
        if isinstance(options.get(name), Mapping):
            # the family's public module: its kernel may be defined in a leaf module of it
            make = getattr(importlib.import_module(spec.module), maker)
            try:
                options[name] = make(**options[name])
            except (TypeError, ValueError) as exc:
                raise ValueError(f"config: {spec.name}: {name}: {exc}") from None
    return kernel, options
