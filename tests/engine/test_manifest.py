"""engine.manifest: digests, ONNX signatures, atomic manifest writes and directory verification."""
from __future__ import annotations

import hashlib
import json
import shutil
from pathlib import Path

import pytest

from engine import manifest as mf
from engine.errors import ModelError

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "models"


@pytest.fixture
def scorer_dir(tmp_path) -> Path:
    d = tmp_path / "scorer"
    shutil.copytree(FIXTURES / "scorer", d)
    return d


def test_file_digest_matches_hashlib(tmp_path):
    p = tmp_path / "f.bin"
    data = bytes(range(256)) * 5000
    p.write_bytes(data)
    assert mf.file_digest(p) == (hashlib.sha256(data).hexdigest(), len(data))


def test_onnx_io_reads_names_dtypes_and_shapes():
    io = mf.onnx_io(FIXTURES / "scorer" / "model.onnx")
    assert [(i["name"], i["dtype"]) for i in io["inputs"]] == [("input_ids", "int64"), ("attention_mask", "int64")]
    assert [(o["name"], o["dtype"]) for o in io["outputs"]] == [("p_formal", "float32"), ("graded", "float32")]
    assert len(io["inputs"][0]["shape"]) == 2


def test_onnx_io_refuses_missing_and_truncated_files(tmp_path):
    with pytest.raises(ModelError, match="missing"):
        mf.onnx_io(tmp_path / "nope.onnx")
    bad = tmp_path / "bad.onnx"
    bad.write_bytes((FIXTURES / "scorer" / "model.onnx").read_bytes()[:500])
    with pytest.raises(ModelError, match="bad.onnx"):
        mf.onnx_io(bad)


def test_build_and_write_manifest_round_trip(scorer_dir):
    (scorer_dir / "manifest.json").unlink()
    m = mf.build_manifest(scorer_dir, role="scorer", version="v1", kind="textcnn", config={"lr": 0.1},
                          metrics={"acc": 0.9}, data=["made up"])
    assert set(m["files"]) == {"model.onnx", "tokenizer.json", "scorer.json", "MODEL_CARD.md"}
    assert m["files"]["model.onnx"]["size"] == (scorer_dir / "model.onnx").stat().st_size
    assert m["onnx"]["model.onnx"]["outputs"][0]["name"] == "p_formal"
    assert m["schema_version"] == 1 and m["created"].endswith("+00:00")
    path = mf.write_manifest(scorer_dir, m)
    assert path == scorer_dir / "manifest.json"
    assert not [p for p in scorer_dir.iterdir() if p.name.endswith(".tmp")]
    assert mf.load_manifest(scorer_dir) == json.loads(path.read_text())
    assert mf.verify_dir(scorer_dir) == []


def test_write_manifest_failure_keeps_the_old_manifest(scorer_dir, monkeypatch):
    before = (scorer_dir / "manifest.json").read_bytes()

    def boom(*a, **k):
        raise OSError("disk full")

    monkeypatch.setattr(mf.json, "dump", boom)
    with pytest.raises(OSError):
        mf.write_manifest(scorer_dir, {"schema_version": 1})
    assert (scorer_dir / "manifest.json").read_bytes() == before
    assert sorted(p.name for p in scorer_dir.iterdir()) == sorted(
        ["manifest.json", "model.onnx", "tokenizer.json", "scorer.json", "MODEL_CARD.md"])


@pytest.mark.parametrize("content, match", [
    (None, "missing"),
    (b"{not json", "not valid JSON"),
    (b"[1, 2]", "not a JSON object"),
    (b'{"schema_version": 99, "role": "scorer", "version": "v", "kind": "k", "files": {}}', "schema_version"),
    (b'{"schema_version": 1, "role": "scorer", "version": "v", "kind": "k"}', "files"),
    (b"\xff\xfe\x00garbage", "not valid JSON"),
])
def test_load_manifest_refuses_bad_manifests(scorer_dir, content, match):
    p = scorer_dir / "manifest.json"
    if content is None:
        p.unlink()
    else:
        p.write_bytes(content)
    with pytest.raises(ModelError, match=match):
        mf.load_manifest(scorer_dir)
    assert mf.verify_dir(scorer_dir)


def test_verify_dir_accepts_every_fixture():
    for d in ("scorer", "rewriter", "rewriter_split"):
        assert mf.verify_dir(FIXTURES / d) == [], d


def test_verify_dir_finds_a_changed_byte(scorer_dir):
    p = scorer_dir / "tokenizer.json"
    data = bytearray(p.read_bytes())
    data[10] ^= 1
    p.write_bytes(bytes(data))
    problems = mf.verify_dir(scorer_dir)
    assert len(problems) == 1 and "wrong checksum" in problems[0] and "tokenizer.json" in problems[0]


def test_verify_dir_finds_missing_extra_and_disallowed_files(scorer_dir):
    (scorer_dir / "scorer.json").unlink()
    (scorer_dir / "weights.pkl").write_bytes(b"\x80\x04K\x01.")
    problems = "\n".join(mf.verify_dir(scorer_dir))
    assert "scorer.json is missing" in problems
    assert "weights.pkl is not listed" in problems
    assert "weights.pkl is not an allowed file type" in problems


def test_verify_dir_finds_an_onnx_file_that_does_not_load(scorer_dir):
    onnx = scorer_dir / "model.onnx"
    onnx.write_bytes(onnx.read_bytes()[:1000])
    m = json.loads((scorer_dir / "manifest.json").read_text())
    sha, size = mf.file_digest(onnx)
    m["files"]["model.onnx"] = {"sha256": sha, "size": size}  # checksums agree: only loading can tell
    mf.write_manifest(scorer_dir, m)
    problems = mf.verify_dir(scorer_dir)
    assert len(problems) == 1 and "does not load" in problems[0]
    assert mf.verify_dir(scorer_dir, load_onnx=False) == []


def test_verify_dir_of_a_missing_directory(tmp_path):
    assert "does not exist" in mf.verify_dir(tmp_path / "nothing")[0]
