"""The model store under hostile conditions (issue 15): malformed manifests and pointers, models that verify by
checksum but do not load, names that point outside the store, leftovers of killed processes, parallel writers."""
from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from engine.errors import ModelError
from engine.manifest import build_manifest, file_digest, load_manifest, write_manifest
from engine.registry import ModelRegistry, _file_lock

REPO = Path(__file__).resolve().parents[2]
FIXTURES = REPO / "tests" / "fixtures" / "models"


@pytest.fixture
def reg(tmp_path) -> ModelRegistry:
    (tmp_path / "bundled").mkdir()
    return ModelRegistry(root=tmp_path / "user", bundled_root=tmp_path / "bundled")


def _copy(tmp_path, fixture: str, version: str) -> Path:
    d = tmp_path / "src" / version
    shutil.copytree(FIXTURES / fixture, d)
    m = load_manifest(d)
    m["version"] = version
    write_manifest(d, m)
    return d


def _rehash(d: Path) -> None:
    """Update the manifest's checksums after a file was changed (a tamperer who knows the format)."""
    m = load_manifest(d)
    for rel in m["files"]:
        sha, size = file_digest(d / rel)
        m["files"][rel] = {"sha256": sha, "size": size}
    write_manifest(d, m)


def _set_manifest(d: Path, **fields) -> None:
    m = json.loads((d / "manifest.json").read_text())
    m.update(fields)
    (d / "manifest.json").write_text(json.dumps(m))


# ------------------------------------------------------------------ what the store reads is validated


@pytest.mark.parametrize("bad", [{"metrics": [1, 2]}, {"metrics": "high"}, {"created": 5}, {"kind": None},
                                 {"onnx": {"model.onnx": "x"}}, {"files": {"model.onnx": [1]}}])
def test_a_malformed_manifest_marks_one_version_invalid_and_breaks_no_command(reg, tmp_path, bad):
    shutil.copytree(FIXTURES / "scorer", reg.bundled_root / "scorer")
    reg.install("scorer", _copy(tmp_path, "scorer", "good"), activate=True)
    reg.install("scorer", _copy(tmp_path, "scorer", "v2"), activate=True)
    _set_manifest(reg.root / "scorer" / "v2", **bad)
    rows = {v.version: v for v in reg.list("scorer")}
    assert rows["good"].problem is None and rows["v2"].problem  # listed, as INVALID
    results = {r.version: r for r in reg.verify("scorer")}
    assert results["good"].ok and not results["v2"].ok
    assert reg.switch("scorer").version == "good"
    with pytest.raises(ModelError):
        reg.switch("scorer", "v2")
    src = _copy(tmp_path, "scorer", "v3")
    _set_manifest(src, **bad)
    with pytest.raises(ModelError):
        reg.install("scorer", src)
    assert not (reg.root / "scorer" / "v3").exists()


@pytest.mark.parametrize("pointer", [{"version": "good", "history": 7}, {"version": 3, "history": "x"}, [1],
                                     {"version": "good\n", "history": [None, {}, "../x"]}, "null"])
def test_a_malformed_pointer_never_breaks_a_command(reg, tmp_path, pointer):
    shutil.copytree(FIXTURES / "scorer", reg.bundled_root / "scorer")
    reg.install("scorer", _copy(tmp_path, "scorer", "good"), activate=True)
    (reg.root / "scorer" / "current.json").write_text(json.dumps(pointer))
    assert reg.current("scorer").version in ("good", "bundled")
    assert reg.list("scorer") and reg.verify("scorer")
    assert reg.load_scorer().score(["Thank you."]).shape == (1,)
    try:
        reg.switch("scorer")
    except ModelError:
        pass
    assert reg.switch("scorer", "good").version == "good"


@pytest.mark.parametrize("escape", ["../../outside", "/ABS", "..", "a/../../outside"])
def test_a_pointer_never_loads_a_model_from_outside_the_store(reg, tmp_path, escape):
    outside = tmp_path / "outside"
    shutil.copytree(FIXTURES / "scorer", outside)
    escape = escape.replace("/ABS", str(outside))
    role_dir = reg.root / "scorer"
    role_dir.mkdir(parents=True)
    (role_dir / "current.json").write_text(json.dumps({"version": escape, "history": [escape]}))
    assert reg.current("scorer") is None  # no bundled scorer: nothing, rather than the outside one
    with pytest.raises(ModelError, match="no formality scorer"):
        reg.load_scorer()
    with pytest.raises(ModelError):
        reg.switch("scorer")


def test_a_version_folder_that_links_outside_the_store_is_ignored(reg, tmp_path):
    outside = tmp_path / "outside"
    shutil.copytree(FIXTURES / "scorer", outside)
    (reg.root / "scorer").mkdir(parents=True)
    (reg.root / "scorer" / "linked").symlink_to(outside, target_is_directory=True)
    (reg.root / "scorer" / "current.json").write_text(json.dumps({"version": "linked", "history": []}))
    assert reg.current("scorer") is None and reg.list("scorer") == []
    with pytest.raises(ModelError):
        reg.switch("scorer", "linked")


# ------------------------------------------------------------------ verified means loaded


def test_a_garbage_tokenizer_with_a_matching_manifest_is_refused(reg, tmp_path):
    shutil.copytree(FIXTURES / "scorer", reg.bundled_root / "scorer")
    src = _copy(tmp_path, "scorer", "v2")
    (src / "tokenizer.json").write_text('{"this": "is not a tokenizer"}')
    _rehash(src)
    with pytest.raises(ModelError, match="tokenizer"):
        reg.install("scorer", src)
    # installed behind the registry's back: verify and use still refuse it, score keeps the bundled model
    shutil.copytree(src, reg.root / "scorer" / "v2")
    assert not {r.version: r for r in reg.verify("scorer")}["v2"].ok
    with pytest.raises(ModelError, match="refusing scorer/v2"):
        reg.switch("scorer", "v2")
    assert reg.current("scorer").version == "bundled"


@pytest.mark.parametrize("value", [1e9, 10**9, "5", -1, True])
def test_scorer_json_sizes_are_bounded(reg, tmp_path, value):
    src = _copy(tmp_path, "scorer", "big")
    cfg = json.loads((src / "scorer.json").read_text())
    cfg["min_length"] = value
    (src / "scorer.json").write_text(json.dumps(cfg))
    _rehash(src)
    if value == -1:  # min_length below 1 is raised to 1: harmless
        reg.install("scorer", src)
        return
    with pytest.raises(ModelError, match="min_length"):
        reg.install("scorer", src)


@pytest.mark.parametrize("key,value", [("max_source_tokens", "x"), ("max_new_tokens", None),
                                       ("max_new_tokens", 10**9), ("prefix", 3), ("guard_min_bleu", "high"),
                                       ("rerank", {"pool_beam": 0})])
def test_a_bad_rewriter_json_value_is_a_model_error(reg, tmp_path, key, value):
    src = _copy(tmp_path, "rewriter", "bad")
    opts = json.loads((src / "rewriter.json").read_text())
    opts[key] = value
    (src / "rewriter.json").write_text(json.dumps(opts))
    _rehash(src)
    with pytest.raises(ModelError):
        reg.install("rewriter", src)
    shutil.copytree(src, reg.root / "rewriter" / "bad")
    (reg.root / "rewriter" / "current.json").write_text(json.dumps({"version": "bad", "history": []}))
    from engine.faithful import make_safe

    with pytest.raises(ModelError):  # what `keigo rewrite` builds: exit 3 with the message, never a traceback
        make_safe(reg.load_rewriter(version="bad"))


# ------------------------------------------------------------------ leftovers, locks, OS errors


def _leftovers(root: Path) -> list[str]:
    return sorted(str(p.relative_to(root)) for p in root.rglob("*")
                  if p.name.startswith(".staging-") or p.name.endswith(".tmp"))


def test_leftovers_of_killed_processes_are_removed_on_the_next_start(reg, tmp_path):
    reg.install("scorer", _copy(tmp_path, "scorer", "v1"), activate=True)
    role = reg.root / "scorer"
    shutil.copytree(FIXTURES / "scorer", role / ".staging-0123456789ab")
    (role / ".current.json.x1y2.tmp").write_text('{"version": "v')
    assert len(_leftovers(reg.root)) >= 2
    # while another process holds the lock (an install in progress), its staging folder is left alone
    with _file_lock(reg.root / ".lock") as held:
        assert held
        ModelRegistry(root=reg.root, bundled_root=reg.bundled_root)
        assert len(_leftovers(reg.root)) >= 2
    ModelRegistry(root=reg.root, bundled_root=reg.bundled_root)
    assert _leftovers(reg.root) == []
    assert reg.current("scorer").version == "v1"


def _run(code: str, *args) -> subprocess.Popen:
    env = dict(os.environ, PYTHONPATH=str(REPO), OMP_NUM_THREADS="1")
    return subprocess.Popen([sys.executable, "-c", code, *args], env=env, cwd=REPO,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)


_USE = """
import sys
from engine.registry import ModelRegistry
ModelRegistry(root=sys.argv[1], bundled_root=sys.argv[2]).switch("scorer", sys.argv[3])
"""

_INSTALL = """
import sys
from engine.errors import ModelError
from engine.registry import ModelRegistry
try:
    ModelRegistry(root=sys.argv[1], bundled_root=sys.argv[2]).install("scorer", sys.argv[3])
except ModelError as e:
    print("refused:", e)
"""


def test_parallel_switches_lose_no_history(reg, tmp_path):
    versions = [f"v{i}" for i in range(6)]
    for v in versions:
        reg.install("scorer", _copy(tmp_path, "scorer", v))
    procs = [_run(_USE, str(reg.root), str(reg.bundled_root), v) for v in versions]
    for p in procs:
        assert p.wait(120) == 0, p.stderr.read().decode()
    ptr = json.loads((reg.root / "scorer" / "current.json").read_text())
    # every switch happened after the one before it: each earlier version is in the history exactly once
    assert sorted([ptr["version"], *ptr["history"]]) == versions


def test_parallel_installs_of_one_version(reg, tmp_path):
    src = _copy(tmp_path, "scorer", "same")
    procs = [_run(_INSTALL, str(reg.root), str(reg.bundled_root), str(src)) for _ in range(2)]
    outs = []
    for p in procs:
        assert p.wait(120) == 0
        err = p.stderr.read().decode()
        assert "Traceback" not in err, err
        outs.append(p.stdout.read().decode())
    assert sum("already installed" in o for o in outs) == 1
    assert reg.verify("scorer", "same")[0].ok and _leftovers(reg.root) == []


def test_an_unwritable_store_is_a_model_error(tmp_path):
    home_file = tmp_path / "home"
    home_file.write_text("not a folder")
    reg = ModelRegistry(root=home_file / "models", bundled_root=tmp_path)
    assert reg.current("scorer") is None and reg.list() == []
    with pytest.raises(ModelError, match="cannot write to the model store"):
        reg.install("scorer", FIXTURES / "scorer")
    if os.geteuid() == 0:
        return  # root writes anywhere; the read-only case needs an ordinary user
    ro = tmp_path / "ro"
    ro.mkdir()
    ro.chmod(0o500)
    try:
        with pytest.raises(ModelError, match="cannot write to the model store"):
            ModelRegistry(root=ro / "models", bundled_root=tmp_path).install("scorer", FIXTURES / "scorer")
    finally:
        ro.chmod(0o700)


def test_build_manifest_round_trip_still_verifies(tmp_path):
    d = tmp_path / "m"
    shutil.copytree(FIXTURES / "scorer", d)
    (d / "manifest.json").unlink()
    write_manifest(d, build_manifest(d, role="scorer", version="x", kind="textcnn", config={}, metrics={},
                                     data=[]))
    reg = ModelRegistry(root=tmp_path / "user", bundled_root=tmp_path)
    assert reg.install("scorer", d).version == "x"
