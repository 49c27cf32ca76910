"""GUI test fixtures: offscreen Qt, windows built on the fake engine, pools drained and windows closed in teardown."""
from __future__ import annotations

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")  # before any Qt import

from pathlib import Path

from gui.app import pyside_problem

if pyside_problem():  # fail the GUI tests with the reason, instead of an abort halfway through the run
    raise RuntimeError(pyside_problem())

import pytest
from guitest_helpers import FakeRegistry

from engine.segment import split_sentences


def _all_pools(window):
    return [window.scoring.dispatcher.pool, window.suggesting.dispatcher.pool, window.tasks.pool]


@pytest.fixture
def make_window(qtbot, tmp_path):
    from PySide6.QtCore import QThreadPool
    from PySide6.QtWidgets import QApplication, QMessageBox

    from gui.app import assemble
    from gui.settings import AppSettings

    created = []

    def make(registry=None, *, autosave: bool = True, recover: bool = True, wait_models: bool = True,
             settings_path: Path | None = None, bundled_root: Path | None = None):
        window = assemble(
            settings=AppSettings(settings_path or tmp_path / "settings.ini"),
            registry=registry if registry is not None else FakeRegistry(),
            segment=split_sentences,
            autosave_dir=(tmp_path / "autosave") if autosave else None,
            recover=recover,
            bundled_root=bundled_root or tmp_path / "no-bundled-models",
        )
        window.ask_unsaved = lambda _name: QMessageBox.StandardButton.Discard
        created.append(window)
        window.show()
        if wait_models:
            qtbot.waitUntil(lambda: window.models.loaded, timeout=20_000)
        return window

    yield make
    for window in created:
        window.editor.document().setModified(False)
        window.close()
        window.shutdown()
        pools = _all_pools(window)
        window.deleteLater()
        for pool in pools:
            assert pool.activeThreadCount() == 0, "a worker thread outlived its window"
    QThreadPool.globalInstance().waitForDone(5000)
    leftover = [w for w in QApplication.topLevelWidgets() if w.isVisible()]
    assert not leftover, f"windows left open: {leftover}"


