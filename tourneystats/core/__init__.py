"""The shared core of every family: the data model, ranks, tables and result folders.

- :mod:`~tourneystats.core.schema`: column names, column specs, :func:`validate` and
  :class:`ValidationError`;
- :mod:`~tourneystats.core.ranking`: competition ranks over ordered criteria;
- :mod:`~tourneystats.core.io`: CSV/Parquet tables and atomic writes that never overwrite an input;
- :mod:`~tourneystats.core.folders`: the one way every family lists and screens a results folder.
"""
