"""ModelRegistry: bundled fallback, install/use/rollback/verify, atomic pointer, and refusal of corrupt models."""
from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from engine import registry as reg_mod
from engine.errors import ModelError, ModelNotInstalled
from engine.manifest import build_manifest, file_digest, load_manifest, write_manifest
from engine.registry import ModelRegistry
from engine.rewriter import FormalRewriter
from engine.scorer import FormalityScorer

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "models"


@pytest.fixture
def reg(tmp_path) -> ModelRegistry:
    (tmp_path / "bundled").mkdir()
    return ModelRegistry(root=tmp_path / "user", bundled_root=tmp_path / "bundled")


def _variant(tmp_path, fixture: str, version: str, role: str | None = None) -> Path:
    """A copy of a fixture with its own version name (a fresh manifest, as training would write)."""
    d = tmp_path / "src" / version
    shutil.copytree(FIXTURES / fixture, d)
    old = load_manifest(d)
    (d / "manifest.json").unlink()
    m = build_manifest(d, role=role or old["role"], version=version, kind=old["kind"], config={},
                       metrics={"acc": 0.5}, data=[])
    write_manifest(d, m)
    return d


def _pointer(reg, role):
    p = reg.root / role / "current.json"
    return json.loads(p.read_text()) if p.exists() else None


def test_empty_registry(reg):
    assert reg.current("scorer") is None
    assert reg.list() == []
    assert {"scorer", "scorer-accurate", "rewriter"} <= set(reg.roles())
    with pytest.raises(ModelNotInstalled, match="no formality scorer is installed"):
        reg.load_scorer()
    rules = reg.load_rewriter()
    assert rules.info.kind == "rules"
    assert rules.rewrite(["u r gr8"])[0].flags[0] == "rules"


def test_bundled_is_the_fallback(reg):
    shutil.copytree(FIXTURES / "scorer", reg.bundled_root / "scorer")
    cur = reg.current("scorer")
    assert cur.version == "bundled" and cur.bundled and cur.current
    s = reg.load_scorer()
    assert isinstance(s, FormalityScorer) and s.info.version == "bundled" and s.info.kind == "textcnn"
    assert [v.version for v in reg.list("scorer")] == ["bundled"]


def test_install_use_rollback(reg, tmp_path):
    shutil.copytree(FIXTURES / "scorer", reg.bundled_root / "scorer")
    v1 = reg.install("scorer", _variant(tmp_path, "scorer", "v1"))
    assert v1.version == "v1" and not v1.current and reg.current("scorer").version == "bundled"
    assert not [p for p in (reg.root / "scorer").iterdir() if p.name.startswith(".staging")]
    reg.install("scorer", _variant(tmp_path, "scorer", "v2"), activate=True)
    assert reg.current("scorer").version == "v2"
    assert _pointer(reg, "scorer") == {"version": "v2", "history": ["bundled"]}
    reg.switch("scorer", "v1")
    assert _pointer(reg, "scorer") == {"version": "v1", "history": ["v2", "bundled"]}
    assert [v.version for v in reg.list("scorer")] == ["bundled", "v1", "v2"]
    assert [v.current for v in reg.list("scorer")] == [False, True, False]
    assert reg.load_scorer().info.version == "v1"
    assert reg.switch("scorer").version == "v2"
    assert reg.switch("scorer").version == "bundled"
    with pytest.raises(ModelError, match="no earlier version"):
        reg.switch("scorer")
    assert reg.current("scorer").version == "bundled"


def test_use_and_rollback_refuse_corrupt_versions_and_keep_the_current(reg, tmp_path):
    reg.install("scorer", _variant(tmp_path, "scorer", "good"), activate=True)
    reg.install("scorer", _variant(tmp_path, "scorer", "bad"))
    onnx = reg.root / "scorer" / "bad" / "model.onnx"
    onnx.write_bytes(onnx.read_bytes()[:-10])
    before = (reg.root / "scorer" / "current.json").read_bytes()
    with pytest.raises(ModelError, match="refusing scorer/bad"):
        reg.switch("scorer", "bad")
    assert (reg.root / "scorer" / "current.json").read_bytes() == before
    assert reg.current("scorer").version == "good"
    # a rollback target that went bad is refused too
    reg.install("scorer", _variant(tmp_path, "scorer", "other"), activate=True)
    (reg.root / "scorer" / "good" / "tokenizer.json").unlink()
    before = (reg.root / "scorer" / "current.json").read_bytes()
    with pytest.raises(ModelError, match="tokenizer.json is missing"):
        reg.switch("scorer")
    assert (reg.root / "scorer" / "current.json").read_bytes() == before


def test_use_refuses_an_onnx_file_that_does_not_load(reg, tmp_path):
    reg.install("scorer", _variant(tmp_path, "scorer", "good"), activate=True)
    src = _variant(tmp_path, "scorer", "unloadable")
    (src / "model.onnx").write_bytes(b"\x08\x07garbage" * 100)
    m = load_manifest(src)
    sha, size = file_digest(src / "model.onnx")
    m["files"]["model.onnx"] = {"sha256": sha, "size": size}
    write_manifest(src, m)
    with pytest.raises(ModelError, match="does not load"):
        reg.install("scorer", src, activate=True)
    assert not (reg.root / "scorer" / "unloadable").exists()
    assert sorted(p.name for p in (reg.root / "scorer").iterdir()) == ["current.json", "good"]
    assert reg.current("scorer").version == "good"


def test_install_refuses_wrong_checksum_missing_tokenizer_and_wrong_role(reg, tmp_path):
    src = _variant(tmp_path, "scorer", "v1")
    (src / "scorer.json").write_text('{"max_length": 64, "min_length": 5, "pad_id": 0}')
    with pytest.raises(ModelError, match="scorer.json"):
        reg.install("scorer", src)
    src2 = _variant(tmp_path, "scorer", "v2")
    (src2 / "tokenizer.json").unlink()
    with pytest.raises(ModelError, match="tokenizer.json is missing"):
        reg.install("scorer", src2)
    with pytest.raises(ModelError, match="not 'rewriter'"):
        reg.install("rewriter", _variant(tmp_path, "scorer", "v3"))
    assert reg.current("scorer") is None


def test_install_twice_and_bad_names(reg, tmp_path):
    src = _variant(tmp_path, "scorer", "v1")
    reg.install("scorer", src)
    with pytest.raises(ModelError, match="already installed"):
        reg.install("scorer", src)
    for bad in ("../escape", "a/b", ".hidden", "", "bundled"):
        with pytest.raises(ModelError):
            reg.install("scorer", src, version=bad)
    with pytest.raises(ModelError):
        reg.switch("../scorer", "v1")
    with pytest.raises(ModelError, match="no version"):
        reg.switch("scorer", "v9")


def test_corrupt_pointer_falls_back_to_bundled(reg, tmp_path):
    shutil.copytree(FIXTURES / "scorer", reg.bundled_root / "scorer")
    reg.install("scorer", _variant(tmp_path, "scorer", "v1"), activate=True)
    (reg.root / "scorer" / "current.json").write_bytes(b"\xff{garbage")
    assert reg.current("scorer").version == "bundled"
    (reg.root / "scorer" / "current.json").write_text('{"version": "deleted-since"}')
    assert reg.current("scorer").version == "bundled"


def test_load_falls_back_to_bundled_when_the_current_files_changed(reg, tmp_path, caplog):
    shutil.copytree(FIXTURES / "scorer", reg.bundled_root / "scorer")
    reg.install("scorer", _variant(tmp_path, "scorer", "v1"), activate=True)
    tok = reg.root / "scorer" / "v1" / "tokenizer.json"
    tok.write_text(tok.read_text().replace("grateful", "gratefuX"))
    with caplog.at_level("WARNING", logger="keigo.engine"):
        s = reg.load_scorer()
    assert s.info.version == "bundled" and "wrong checksum" in caplog.text


def test_a_named_version_loads_exactly_that_version(reg, tmp_path):
    # An explicit switch loads the version by name: that version or an error naming it, not a silent fallback.
    shutil.copytree(FIXTURES / "scorer", reg.bundled_root / "scorer")
    reg.install("scorer", _variant(tmp_path, "scorer", "v1"), activate=True)
    tok = reg.root / "scorer" / "v1" / "tokenizer.json"
    tok.write_text(tok.read_text().replace("grateful", "gratefuX"))
    with pytest.raises(ModelError, match="v1"):
        reg.load_scorer(version="v1")
    assert reg.load_scorer().info.version == "bundled"
    assert reg.load_scorer(version="bundled").info.version == "bundled"
    with pytest.raises(ModelError, match="no version 'v9'"):
        reg.load_scorer(version="v9")
    with pytest.raises(ModelError, match="invalid version name"):
        reg.load_rewriter(version="../v1")


def test_load_refuses_changed_files_without_a_bundled_model(reg, tmp_path):
    reg.install("scorer", _variant(tmp_path, "scorer", "v1"), activate=True)
    (reg.root / "scorer" / "v1" / "model.onnx").write_bytes(b"not a model")
    with pytest.raises(ModelError, match="model.onnx"):
        reg.load_scorer()


def test_pointer_is_replaced_atomically(reg, tmp_path, monkeypatch):
    reg.install("scorer", _variant(tmp_path, "scorer", "v1"), activate=True)
    reg.install("scorer", _variant(tmp_path, "scorer", "v2"))
    before = (reg.root / "scorer" / "current.json").read_bytes()

    def fail(*a, **k):
        raise OSError("power cut")

    monkeypatch.setattr(reg_mod.os, "replace", fail)
    with pytest.raises(ModelError, match="cannot write .*current.json: power cut"):  # exit 3, not a traceback
        reg.switch("scorer", "v2")
    assert (reg.root / "scorer" / "current.json").read_bytes() == before
    assert sorted(p.name for p in (reg.root / "scorer").iterdir()) == ["current.json", "v1", "v2"]


def test_verify_reports_per_version(reg, tmp_path):
    shutil.copytree(FIXTURES / "scorer", reg.bundled_root / "scorer")
    reg.install("scorer", _variant(tmp_path, "scorer", "v1"))
    reg.install("rewriter", _variant(tmp_path, "rewriter", "r1"))
    assert all(r.ok for r in reg.verify())
    assert [(r.role, r.version) for r in reg.verify("scorer")] == [("scorer", "bundled"), ("scorer", "v1")]
    (reg.root / "rewriter" / "r1" / "config.json").write_text("{}")
    bad = [r for r in reg.verify() if not r.ok]
    assert [(r.role, r.version) for r in bad] == [("rewriter", "r1")] and "config.json" in bad[0].problems[0]
    assert not reg.verify("scorer", "nope")[0].ok


def test_load_rewriter_model(reg, tmp_path):
    reg.install("rewriter", _variant(tmp_path, "rewriter_split", "r1", role="rewriter"), activate=True)
    rw = reg.load_rewriter()
    assert isinstance(rw, FormalRewriter) and rw.info.version == "r1" and rw.info.kind == "bart"
    assert rw.rewrite(["thank you for your prompt reply."], beam=1)[0].best == "thank you for your prompt reply."


def test_a_version_that_is_not_current_loads_by_name(reg, tmp_path):
    shutil.copytree(FIXTURES / "scorer", reg.bundled_root / "scorer")
    reg.install("scorer", _variant(tmp_path, "scorer", "v1"))
    reg.install("rewriter", _variant(tmp_path, "rewriter", "r1"))
    assert reg.current("scorer").version == "bundled" and reg.current("rewriter") is None
    assert reg.load_scorer(version="v1").info.version == "v1"
    assert reg.load_rewriter(version="r1").info.version == "r1"
    assert reg.load_rewriter().info.kind == "rules"  # loading by name changes nothing
    assert reg.current("scorer").version == "bundled" and _pointer(reg, "scorer") is None
    assert reg.resolve("scorer", "v1").path == reg.root / "scorer" / "v1"
    assert reg.resolve("scorer").version == "bundled"
    with pytest.raises(ModelNotInstalled):
        reg.resolve("rewriter")
    with pytest.raises(ModelError, match="no version 'v2'"):
        reg.resolve("scorer", "v2")


def test_switch_and_rollback_are_one_function(reg, tmp_path):
    for v in ("v1", "v2", "v3"):
        reg.install("scorer", _variant(tmp_path, "scorer", v), activate=True)
    assert _pointer(reg, "scorer") == {"version": "v3", "history": ["v2", "v1"]}
    assert reg.previous("scorer").version == "v2"
    # a switch to any other version pushes the one in use ...
    assert reg.switch("scorer", "v1").version == "v1"
    assert _pointer(reg, "scorer") == {"version": "v1", "history": ["v3", "v2"]}
    # ... a switch to the previous one is the rollback: it leaves the history
    assert reg.switch("scorer", "v3").version == "v3"
    assert _pointer(reg, "scorer") == {"version": "v3", "history": ["v2"]}
    assert reg.switch("scorer").version == "v2"  # no version: roll back
    assert _pointer(reg, "scorer") == {"version": "v2", "history": []}
    assert reg.previous("scorer") is None
    with pytest.raises(ModelError, match="no earlier version of scorer"):
        reg.switch("scorer")
    assert reg.switch("scorer", "v2").version == "v2"  # already in use: nothing is written
    assert _pointer(reg, "scorer") == {"version": "v2", "history": []}


def test_a_switch_after_loading_rechecks_the_files(reg, tmp_path):
    # loaded=True (the app has just loaded and run the version) still refuses files changed since
    reg.install("scorer", _variant(tmp_path, "scorer", "v1"), activate=True)
    reg.install("scorer", _variant(tmp_path, "scorer", "v2"))
    onnx = reg.root / "scorer" / "v2" / "model.onnx"
    onnx.write_bytes(onnx.read_bytes()[:-10])
    before = (reg.root / "scorer" / "current.json").read_bytes()
    with pytest.raises(ModelError, match="refusing scorer/v2"):
        reg.switch("scorer", "v2", loaded=True)
    assert (reg.root / "scorer" / "current.json").read_bytes() == before
