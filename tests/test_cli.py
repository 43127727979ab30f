import pytest

from tourneystats import __version__
from tourneystats.cli import main


def test_version(capsys):
    with pytest.raises(SystemExit) as exit_info:
        main(["--version"])
    assert exit_info.value.code == 0
    assert __version__ in capsys.readouterr().out


def test_help_lists_commands(capsys):
    with pytest.raises(SystemExit):
        main(["--help"])
    out = capsys.readouterr().out
    assert "demo" in out and "standings" in out


def test_demo_needs_data_folder(tmp_path, capsys):
    assert main(["demo", "--data", str(tmp_path / "none"), "--out", str(tmp_path / "o")]) == 2
    assert "no data folder" in capsys.readouterr().err
