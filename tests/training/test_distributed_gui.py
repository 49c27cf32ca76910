"""The Train panel's "all GPUs" choice: GPUs counted without torch, the request it makes (torchrun through the
protocol's launch arguments) and the choices it refuses."""
from __future__ import annotations

import os
import sys
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")  # before any Qt import

import pytest

pytest.importorskip("PySide6")

from gui.controllers.training_setup import (  # after the Qt platform is chosen
    ALL_GPUS,
    RunChoices,
    TrainInputError,
    build_request,
    cuda_gpu_count,
    read_config,
)

REPO = Path(__file__).resolve().parents[2]
TINY = REPO / "assets" / "configs" / "tiny.toml"
POSIX = pytest.mark.skipif(sys.platform == "win32", reason="the fake nvidia-smi is a shell script")


def _proc(tmp_path, n: int) -> Path:
    d = tmp_path / "gpus"
    for i in range(n):
        (d / f"0000:0{i}:00.0").mkdir(parents=True)
    d.mkdir(exist_ok=True)
    (d / "not-a-gpu.txt").write_text("")
    return d


def test_gpus_counted_from_the_driver(tmp_path, monkeypatch):
    monkeypatch.delenv("CUDA_VISIBLE_DEVICES", raising=False)
    assert cuda_gpu_count(_proc(tmp_path, 3), smi=None) == 3
    monkeypatch.setenv("CUDA_VISIBLE_DEVICES", "0,2")
    assert cuda_gpu_count(tmp_path / "gpus", smi=None) == 2
    monkeypatch.setenv("CUDA_VISIBLE_DEVICES", "")
    assert cuda_gpu_count(tmp_path / "gpus", smi=None) == 0
    monkeypatch.setenv("CUDA_VISIBLE_DEVICES", "-1")
    assert cuda_gpu_count(tmp_path / "gpus", smi=None) == 0
    monkeypatch.delenv("CUDA_VISIBLE_DEVICES")
    assert cuda_gpu_count(tmp_path / "absent", smi=None) == 0


@POSIX
def test_gpus_counted_by_nvidia_smi(tmp_path, monkeypatch):
    monkeypatch.delenv("CUDA_VISIBLE_DEVICES", raising=False)
    smi = tmp_path / "bin" / "nvidia-smi"
    smi.parent.mkdir()
    smi.write_text("#!/bin/sh\necho 'GPU 0: NVIDIA H100 (UUID: a)'\necho 'GPU 1: NVIDIA H100 (UUID: b)'\n"
                   "echo 'no devices were found' >&2\n")
    smi.chmod(0o755)
    assert cuda_gpu_count(tmp_path / "absent", smi=str(smi)) == 2
    smi.write_text("#!/bin/sh\necho 'NVIDIA-SMI has failed' >&2\nexit 9\n")
    assert cuda_gpu_count(tmp_path / "absent", smi=str(smi)) == 0
    assert cuda_gpu_count(tmp_path / "absent", smi=str(tmp_path / "missing-smi")) == 0


def _request(tmp_path, **choices):
    return build_request(RunChoices(data_text=str(REPO / "tests" / "fixtures" / "data"), **choices), TINY,
                         read_config(TINY), None, None, tmp_path / "runs")


def test_all_gpus_launches_torchrun_through_the_protocol(tmp_path):
    request = _request(tmp_path, stage="rewriter", device=ALL_GPUS, gpus=4)
    assert request.processes == 4 and request.overrides[0] == "run.device=cuda"
    assert request.arguments()[:8] == ["-m", "torch.distributed.run", "--standalone", "--nproc-per-node", "4",
                                       "-m", "training", "rewriter"]
    one = _request(tmp_path, stage="rewriter", device="cuda", gpus=4)
    assert one.processes == 1 and one.arguments()[:3] == ["-m", "training", "rewriter"]


@pytest.mark.parametrize("stage, gpus, message", [
    ("classifier", 1, "needs more than one GPU"),
    ("classifier", 0, "needs more than one GPU"),
    ("classifier", -3, "needs more than one GPU"),
    ("all", 2, "trains the classifier or the rewriter stage"),
    ("bt", 8, "trains the classifier or the rewriter stage"),
    ("rewriter", 10**6, "number of training processes"),
])
def test_all_gpus_refusals(tmp_path, stage, gpus, message):
    with pytest.raises(TrainInputError, match=message):
        _request(tmp_path, stage=stage, device=ALL_GPUS, gpus=gpus)


@POSIX
@pytest.mark.parametrize("gpus", [1, 2])
def test_the_panel_offers_all_gpus_when_there_are_several(qtbot, monkeypatch, tmp_path, gpus):
    from gui.panels.train import TrainPanel
    from gui.train_runner import StageLister

    monkeypatch.setenv("KEIGO_HOME", str(tmp_path / "home"))
    monkeypatch.setattr("gui.panels.train.cuda_gpu_count", lambda: gpus)
    panel = TrainPanel(lister=StageLister(python="/bin/true"), runs_root=tmp_path / "runs")
    qtbot.addWidget(panel)
    qtbot.waitUntil(lambda: not panel.lister.running, timeout=30_000)
    panel.set_config(TINY)
    i = panel.device_combo.findData(ALL_GPUS)
    assert (i >= 0) == (gpus > 1)
    if gpus > 1:
        assert "All 2 GPUs" in panel.device_combo.itemText(i)
        panel.device_combo.setCurrentIndex(i)
        panel.data_edit.setText(str(REPO / "tests" / "fixtures" / "data"))
        panel.stage_combo.addItem("classifier", "classifier")
        panel.stage_combo.setCurrentIndex(panel.stage_combo.findData("classifier"))
        request = panel.build_request()
        assert request.processes == 2 and request.stage == "classifier"
    panel.shutdown()
    panel.close()
