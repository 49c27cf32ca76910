import json
import os
import stat

import pytest

from engine.fsio import atomic_replace_dir, atomic_temp_path, atomic_write_json, atomic_write_text


def test_text_json_roundtrip_and_no_leftovers(tmp_path):
    p = tmp_path / "sub" / "a.json"
    atomic_write_json(p, {"x": "é"})
    assert json.loads(p.read_text(encoding="utf-8")) == {"x": "é"}
    atomic_write_text(p, "new")
    assert p.read_text() == "new"
    assert sorted(x.name for x in p.parent.iterdir()) == ["a.json"]


def test_failure_keeps_old_file_and_removes_temp(tmp_path):
    p = tmp_path / "a.txt"
    p.write_text("old")
    with pytest.raises(RuntimeError), atomic_temp_path(p) as tmp:
        tmp.write_text("half")
        raise RuntimeError("crash")
    assert p.read_text() == "old"
    assert [x.name for x in tmp_path.iterdir()] == ["a.txt"]


def test_new_file_respects_umask_existing_keeps_mode(tmp_path):
    old = os.umask(0o022)
    try:
        p = atomic_write_text(tmp_path / "n.txt", "x")
        assert stat.S_IMODE(p.stat().st_mode) == 0o644
        os.chmod(p, 0o600)
        atomic_write_text(p, "y")
        assert stat.S_IMODE(p.stat().st_mode) == 0o600
    finally:
        os.umask(old)


def test_symlink_is_written_through(tmp_path):
    real = tmp_path / "real.txt"
    real.write_text("a")
    link = tmp_path / "link.txt"
    link.symlink_to(real)
    atomic_write_text(link, "b")
    assert link.is_symlink() and real.read_text() == "b"


def test_replace_dir(tmp_path):
    target = tmp_path / "model"
    target.mkdir()
    (target / "old").write_text("1")
    staging = tmp_path / "staging"
    staging.mkdir()
    (staging / "new").write_text("2")
    atomic_replace_dir(staging, target)
    assert [x.name for x in target.iterdir()] == ["new"]
    assert sorted(x.name for x in tmp_path.iterdir()) == ["model"]
    with pytest.raises(FileNotFoundError):
        atomic_replace_dir(tmp_path / "missing", target)
