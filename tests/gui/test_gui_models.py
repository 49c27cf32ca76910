"""Models: loading off the GUI thread, corrupt models reported with a working fallback, switch and roll back."""
from __future__ import annotations

import shutil

import pytest
from guitest_helpers import FIXTURE_MODELS, FakeRegistry, FakeRewriter, FakeScorer, wait_scored

from engine.errors import ModelError


def test_corrupt_scorer_at_startup_gives_message_and_fallback(qtbot, make_window):
    window = make_window(FakeRegistry(corrupt_current_scorer=True))
    assert window.models.engine.scorer is None
    assert any("failed to load" in n and "corrupt" in n for n in window.models.notes)
    assert "failed to load" in window.scores.detail.text()
    # the rest of the app works: rewriting, documents
    window.editor.setPlainText("hey u there?")
    wait_scored(qtbot, window)
    window.suggesting.refresh()
    qtbot.waitUntil(lambda: window.suggesting.current is not None and window.suggesting.current.rewrite is not None, timeout=10_000)
    assert window.suggesting.accept(0)
    assert window.editor.text() == "Hello you there?"


def test_switch_to_corrupt_version_stays_on_previous(qtbot, make_window):
    reg = FakeRegistry()
    reg.add("scorer", "20261122-broken", None, activate=False)
    window = make_window(reg)
    window.editor.setPlainText("hey u there?")
    wait_scored(qtbot, window)
    before = window.models.engine.scorer
    dialog = window.show_models_dialog()
    assert dialog.select("scorer", "20261122-broken")
    with qtbot.waitSignal(window.models.modelsReady, timeout=10_000):
        dialog.use_button.click()
    assert window.models.engine.scorer is before
    assert reg.current("scorer").version == "bundled"
    assert "stays on the current version" in dialog.status.text()
    assert "sha256 mismatch" in dialog.status.text()
    dialog.close()


def test_switch_rescoring_and_rollback(qtbot, make_window):
    class HarshScorer(FakeScorer):
        def score(self, sentences, batch_size=64):
            return super().score(sentences) * 0 + 0.1

    reg = FakeRegistry()
    reg.add("scorer", "20261122-harsh", HarshScorer, {"accuracy": 0.5}, activate=False)
    window = make_window(reg)
    window.editor.setPlainText("I would appreciate a reply.")
    wait_scored(qtbot, window)
    assert window.editor.stats(0.5)[1] == 0
    dialog = window.show_models_dialog()
    assert dialog.table.rowCount() == 3
    assert "Accuracy: 50.0 %" in [dialog.table.item(r, 4).text() for r in range(3)]
    dialog.select("scorer", "20261122-harsh")
    with qtbot.waitSignal(window.models.modelsReady, timeout=10_000):
        dialog.use_button.click()
    assert window.models.engine.scorer.info.version == "20261122-harsh"
    assert "20261122-harsh" in window.models_label.text()
    wait_scored(qtbot, window)
    assert window.editor.stats(0.5)[1] == 1  # the document was re-scored by the new model
    dialog.select("scorer", "20261122-harsh")
    with qtbot.waitSignal(window.models.modelsReady, timeout=10_000):
        dialog.rollback_button.click()
    assert window.models.engine.scorer.info.version == "bundled"
    wait_scored(qtbot, window)
    assert window.editor.stats(0.5)[1] == 0
    dialog.close()


def test_switch_does_not_block_the_gui(qtbot, make_window):
    import time

    class SlowScorer(FakeScorer):
        def __init__(self):
            time.sleep(1.0)  # a big model loading
            super().__init__()

    reg = FakeRegistry()
    reg.add("scorer", "slow", SlowScorer, activate=False)
    window = make_window(reg)
    t0 = time.monotonic()
    window.models.switch("scorer", "slow")
    assert time.monotonic() - t0 < 0.5  # returned at once; loading happens in a worker
    assert window.models.engine.scorer.info.version == "bundled"  # old model serves until the new one is warm
    qtbot.waitUntil(lambda: window.models.engine.scorer.info.version == "slow", timeout=10_000)


def test_status_bar_reports_gpu_provider(qtbot, make_window):
    reg = FakeRegistry()
    reg.versions["scorer"][0].factory = lambda: FakeScorer(provider="CUDAExecutionProvider")
    window = make_window(reg)
    assert "GPU (CUDAExecutionProvider)" in window.models_label.text()
    plain = make_window(FakeRegistry())
    assert "CPU (no GPU used)" in plain.models_label.text()


# ------------------------------------------------------------------------ the real registry and tiny ONNX models

needs_fixtures = pytest.mark.skipif(not (FIXTURE_MODELS / "scorer" / "manifest.json").is_file(),
                                    reason="tiny ONNX fixtures not built")


def _real_registry(tmp_path, corrupt_bundled_scorer=False):
    from engine.registry import ModelRegistry

    bundled = tmp_path / "bundled"
    bundled.mkdir()
    shutil.copytree(FIXTURE_MODELS / "scorer", bundled / "scorer")
    shutil.copytree(FIXTURE_MODELS / "rewriter", bundled / "rewriter")
    if corrupt_bundled_scorer:
        onnx = bundled / "scorer" / "model.onnx"
        onnx.write_bytes(b"this is not an onnx model")
    return ModelRegistry(root=tmp_path / "models", bundled_root=bundled), bundled


@needs_fixtures
def test_real_tiny_models_score_and_rewrite(qtbot, make_window, tmp_path):
    reg, bundled = _real_registry(tmp_path)
    window = make_window(reg, bundled_root=bundled)
    assert window.models.engine.scorer is not None and window.models.engine.scorer.info.version == "bundled"
    assert "bundled" in window.models_label.text()
    window.editor.setPlainText("hey u there? I would appreciate a reply.")
    wait_scored(qtbot, window, 60_000)
    scored = list(window.editor.scored_sentences())
    assert len(scored) == 2 and all(0.0 <= r.score <= 1.0 for r in scored)
    window.suggesting.refresh()
    qtbot.waitUntil(lambda: window.suggesting.current is not None and window.suggesting.current.rewrite is not None, timeout=60_000)
    box = window.show_about()
    assert "scorer" in box.text() and "rewriter" in box.text()
    box.close()


@needs_fixtures
def test_real_corrupt_bundled_scorer_reports_and_falls_back(qtbot, make_window, tmp_path):
    reg, bundled = _real_registry(tmp_path, corrupt_bundled_scorer=True)
    window = make_window(reg, bundled_root=bundled)
    assert window.models.engine.scorer is None
    assert any("scorer failed to load" in n for n in window.models.notes)
    assert "model.onnx" in " ".join(window.models.notes)
    assert window.models.engine.rewriter is not None  # the tiny rewriter still works
    window.editor.setPlainText("hey u there?")
    window.suggesting.refresh()
    qtbot.waitUntil(lambda: window.suggesting.current is not None and window.suggesting.current.rewrite is not None, timeout=60_000)


@needs_fixtures
def test_real_switch_and_rollback(qtbot, make_window, tmp_path):
    reg, bundled = _real_registry(tmp_path)
    reg.install("scorer", FIXTURE_MODELS / "scorer", version="20261122-1300-tiny")
    window = make_window(reg, bundled_root=bundled)
    window.editor.setPlainText("hey u there? I would appreciate a reply.")
    wait_scored(qtbot, window, 60_000)
    with qtbot.waitSignal(window.models.modelsReady, timeout=30_000):
        window.models.switch("scorer", "20261122-1300-tiny")
    assert window.models.engine.scorer.info.version == "20261122-1300-tiny"
    assert reg.current("scorer").version == "20261122-1300-tiny"
    wait_scored(qtbot, window, 60_000)
    assert len(list(window.editor.scored_sentences())) == 2
    with qtbot.waitSignal(window.models.modelsReady, timeout=30_000):
        window.models.switch("scorer")
    assert window.models.engine.scorer.info.version == "bundled"
    assert reg.current("scorer").version == "bundled"


@needs_fixtures
def test_real_switch_to_corrupt_trained_version_keeps_current(qtbot, make_window, tmp_path):
    reg, bundled = _real_registry(tmp_path)
    reg.install("scorer", FIXTURE_MODELS / "scorer", version="20261122-1400-tiny")
    onnx = tmp_path / "models" / "scorer" / "20261122-1400-tiny" / "model.onnx"
    onnx.write_bytes(onnx.read_bytes()[:-10] + b"0123456789")
    reg.install("scorer", FIXTURE_MODELS / "scorer", version="20261122-1300-good", activate=True)
    pointer = tmp_path / "models" / "scorer" / "current.json"
    on_disk = pointer.read_bytes()
    window = make_window(reg, bundled_root=bundled)
    before = window.models.engine.scorer
    dialog = window.show_models_dialog()
    assert dialog.select("scorer", "20261122-1400-tiny")
    with qtbot.waitSignal(window.models.switchFinished, timeout=30_000) as finished:
        dialog.use_button.click()
    assert finished.args[:3] == ["scorer", "20261122-1400-tiny", False]
    assert window.models.engine.scorer is before  # the old model kept serving
    assert reg.current("scorer").version == "20261122-1300-good" and pointer.read_bytes() == on_disk
    assert "Could not switch" in dialog.status.text()
    dialog.close()


class SpyRegistry(FakeRegistry):
    """Records which model the app runs at the moment each pointer is written; can refuse to write it."""

    def __init__(self, **kw):
        super().__init__(**kw)
        self.controller = None
        self.live_at_write: list[str | None] = []
        self.refuse_pointer = False

    def switch(self, role, version=None, *, loaded=False):
        self.live_at_write.append(self.controller.live_version(role))
        if self.refuse_pointer:
            raise ModelError(f"cannot write models/{role}/current.json: disk full")
        return super().switch(role, version, loaded=loaded)


def test_hot_swap_switches_the_reference_then_the_pointer(qtbot, make_window):
    reg = SpyRegistry()
    reg.add("scorer", "v2", FakeScorer, activate=False)
    window = make_window(reg)
    reg.controller = window.models
    seen = []
    window.models.engineChanged.connect(lambda engine: seen.append((engine.scorer.info.version,
                                                                    reg.current("scorer").version)))
    with qtbot.waitSignal(window.models.switchFinished, timeout=10_000) as finished:
        window.models.switch("scorer", "v2")
    assert finished.args[:3] == ["scorer", "v2", True]
    assert seen == [("v2", "bundled")]  # the reference switched while the pointer still named the old version
    assert reg.live_at_write == ["v2"]  # and the pointer was written after, for the model already serving
    assert reg.switches == [("scorer", "v2", True)]  # loaded=True: loaded and warmed once, not twice
    assert reg.current("scorer").version == "v2"
    # roll back: the same order, to the previous version
    with qtbot.waitSignal(window.models.switchFinished, timeout=10_000) as finished:
        window.models.switch("scorer")
    assert finished.args[:3] == ["scorer", "bundled", True]
    assert reg.live_at_write == ["v2", "bundled"] and reg.current("scorer").version == "bundled"
    assert window.models.engine.scorer.info.version == "bundled"


def test_a_pointer_that_cannot_be_written_puts_the_old_model_back(qtbot, make_window):
    reg = SpyRegistry()
    reg.add("rewriter", "r2", FakeRewriter, activate=False)
    reg.refuse_pointer = True
    window = make_window(reg)
    reg.controller = window.models
    before = window.models.engine.rewriter
    with qtbot.waitSignal(window.models.switchFinished, timeout=10_000) as finished:
        window.models.switch("rewriter", "r2")
    assert finished.args[:3] == ["rewriter", "r2", False] and "disk full" in finished.args[3]
    assert reg.live_at_write == ["r2"]
    assert window.models.engine.rewriter is before and reg.current("rewriter").version == "bundled"
    assert "stays on the current version" in window.statusBar().currentMessage()


def test_switch_refusals(qtbot, make_window):
    reg = FakeRegistry()
    reg.add("scorer", "slow", FakeScorer, activate=False)
    window = make_window(reg)
    with qtbot.waitSignal(window.models.switchFinished, timeout=10_000) as finished:
        window.models.switch("scorer")  # nothing to roll back to
    assert finished.args[2] is False and "no earlier version of scorer" in finished.args[3]
    with qtbot.waitSignal(window.models.switchFinished, timeout=10_000) as finished:
        window.models.switch("scorer", "v404")
    assert finished.args[2] is False and "no scorer version v404" in finished.args[3]
    assert window.models.switch("scorer", "slow")
    assert not window.models.switch("scorer", "bundled")  # one switch at a time
    qtbot.waitUntil(lambda: not window.models.switching, timeout=10_000)
    assert window.models.engine.scorer.info.version == "slow"
    window.models.registry = None  # build_window could not open the store
    with qtbot.waitSignal(window.models.switchFinished, timeout=1_000) as finished:
        assert not window.models.switch("scorer", "bundled")
    assert finished.args[2] is False and "registry is unavailable" in finished.args[3]


def test_models_dialog_speaks_plain_words(qtbot, make_window):
    """Issue 16 point 7: "Accuracy on GYAFC tune: 90.7 %", "Checked against PyTorch: yes", no raw manifest keys."""
    metrics = {"gyafc_tune_accuracy": 0.9067078552515446,
               "eval": {"pytorch": {"gyafc_tune": {"em": {"accuracy": 0.91}}, "pt16_tune": {"spearman_graded": 0.624}}},
               "parity": {"ok": True, "sentences": 256, "max_abs_diff": {"p_formal": 3e-07}}}
    reg = FakeRegistry()
    reg.add("scorer", "20261122-textcnn", FakeScorer, metrics, activate=False)
    window = make_window(reg)
    dialog = window.show_models_dialog()
    assert dialog.select("scorer", "20261122-textcnn")
    row = dialog.table.selectionModel().selectedRows()[0].row()
    cell = dialog.table.item(row, 4)
    assert cell.text().startswith("Accuracy on GYAFC tune: 90.7 %")
    assert "Checked against PyTorch: yes" in cell.toolTip()
    for raw in ("eval.", "pytorch.gyafc_tune", "parity.ok", "True", "0.9067"):
        assert raw not in cell.text() and raw not in cell.toolTip()
    assert "GYAFC" in dialog.table.horizontalHeaderItem(4).text()
    dialog.close()
