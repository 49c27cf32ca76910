"""Documents and the self-test leave nothing behind and lose nothing (issue 15)."""
from __future__ import annotations

import os
import tempfile

import pytest

from gui.documents import TextFormat, read_document, write_document


@pytest.mark.skipif(not hasattr(os, "symlink"), reason="needs symbolic links")
def test_saving_through_a_symlink_writes_the_target_and_keeps_the_link(tmp_path):
    real = tmp_path / "notes" / "real.txt"
    real.parent.mkdir()
    real.write_text("old text\n")
    link = tmp_path / "link.txt"
    link.symlink_to(real)
    write_document(link, "new text\n", TextFormat())
    assert link.is_symlink() and os.readlink(link) == str(real)
    assert real.read_text() == "new text\n" and read_document(link).text == "new text\n"
    assert sorted(p.name for p in real.parent.iterdir()) == ["real.txt"]  # no temp file left beside it


def test_self_test_removes_its_temp_folder(qtbot, monkeypatch, tmp_path):
    from guitest_helpers import FakeRegistry

    import gui.app

    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path))
    assert gui.app.self_test(registry=FakeRegistry()) == 0
    assert [p.name for p in tmp_path.iterdir() if p.name.startswith("keigo-self-test-")] == []
