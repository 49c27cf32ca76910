"""Hypothesis fuzzing of the command line and the model store (issue 15): random bytes keep the line contract,
random manifests and pointers never break a command. Random kill points: tests/engine/test_store_kill.py."""
from __future__ import annotations

import json
import re
import shutil
import tempfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from engine.errors import ModelError
from engine.registry import ModelRegistry

REPO = Path(__file__).resolve().parent.parent
FIXTURES = REPO / "tests" / "fixtures" / "models"
SCORE_RE = re.compile(r"^(\d\.\d{4}|nan)\t")
WIDE_BOMS = (b"\xff\xfe", b"\xfe\xff", b"\x00\x00\xfe\xff")
FUZZ = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])


@pytest.fixture(scope="module")
def home(tmp_path_factory):
    base = tmp_path_factory.mktemp("fuzz")
    (base / "bundled").mkdir()
    reg = ModelRegistry(root=base / "home" / "models", bundled_root=base / "bundled")
    reg.install("scorer", FIXTURES / "scorer", activate=True)
    return base


@pytest.fixture
def cli(home, monkeypatch):
    monkeypatch.setenv("KEIGO_HOME", str(home / "home"))
    monkeypatch.setenv("KEIGO_BUNDLED_MODELS", str(home / "bundled"))
    from engine import cli

    return cli


def _expected_lines(data: bytes) -> list[str]:
    if data.startswith(b"\xef\xbb\xbf"):
        data = data[3:]
    if not data:
        return []
    parts = data.split(b"\n")
    if data.endswith(b"\n"):
        parts = parts[:-1]
    return [p.removesuffix(b"\r").decode("utf-8", "replace") for p in parts]


lines_of_bytes = st.lists(st.binary(max_size=40) | st.sampled_from([b"", b" ", b"\r", b"\xff\xfe", b"\x00", b"\t"]),
                          max_size=12).map(lambda parts: b"\n".join(parts))


@FUZZ
@given(data=lines_of_bytes | st.binary(max_size=300), trailing=st.booleans())
def test_random_bytes_keep_the_score_line_contract(cli, capsys, data, trailing):
    if data.startswith(WIDE_BOMS):
        data = b"x" + data  # a UTF-16/32 byte-order mark changes the encoding: covered below
    if trailing:
        data += b"\n"
    capsys.readouterr()
    with tempfile.NamedTemporaryFile(suffix=".txt") as f:
        f.write(data)
        f.flush()
        assert cli.main(["score", f.name, "--batch-size", "3"]) == 0
    out = capsys.readouterr().out
    expected = _expected_lines(data)
    assert out.endswith("\n") or not expected
    got = out.split("\n")[:-1]
    assert len(got) == len(expected)
    for line, src in zip(got, expected):
        assert SCORE_RE.match(line) and line.split("\t", 1)[1] == src


@FUZZ
@given(text=st.lists(st.text(alphabet=st.characters(blacklist_categories=("Cs",), blacklist_characters="\n\r"),
                             max_size=30), max_size=8),
       encoding=st.sampled_from(["utf-16", "utf-32", "utf-8-sig", "utf-8"]))
def test_random_text_in_any_marked_encoding_is_read_line_for_line(cli, capsys, text, encoding):
    data = "".join(t + "\n" for t in text).encode(encoding)
    # FF FE 00 00 is the UTF-32 LE mark, and also UTF-16 LE text starting with NUL: read as UTF-32 (documented)
    assume(not (encoding == "utf-16" and data.startswith(b"\xff\xfe\x00\x00")))
    capsys.readouterr()
    with tempfile.NamedTemporaryFile(suffix=".txt") as f:
        f.write(data)
        f.flush()
        assert cli.main(["rewrite", f.name, "--rules-only", "--json"]) == 0
    got = [json.loads(x)["source"] for x in capsys.readouterr().out.split("\n")[:-1]]
    assert got == text


json_values = st.recursive(st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=8),
                           lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner,
                                                                                       max_size=3), max_leaves=6)
names = st.sampled_from(["good", "v2", "bundled", "../../outside", "/tmp", "", "good\n", ".staging-x"]) | st.text(
    max_size=10)
pointers = st.fixed_dictionaries({}, optional={"version": names | json_values,
                                               "history": st.lists(names | json_values, max_size=4) | json_values})
manifest_keys = st.sampled_from(["role", "version", "kind", "created", "files", "onnx", "config", "metrics", "data",
                                 "runtime", "schema_version"])


@FUZZ
@given(pointer=pointers | json_values, edits=st.dictionaries(manifest_keys, json_values, max_size=3),
       raw=st.none() | st.binary(max_size=30))
def test_random_manifests_and_pointers_never_break_the_store(cli, capsys, monkeypatch, pointer, edits, raw):
    with tempfile.TemporaryDirectory() as tmp:
        root, bundled = Path(tmp) / "models", Path(tmp) / "bundled"
        shutil.copytree(FIXTURES / "scorer", bundled / "scorer")
        shutil.copytree(FIXTURES / "scorer", root / "scorer" / "good")
        shutil.copytree(FIXTURES / "scorer", root / "scorer" / "v2")
        manifest = json.loads((root / "scorer" / "v2" / "manifest.json").read_text())
        manifest.update(edits)
        (root / "scorer" / "v2" / "manifest.json").write_text(json.dumps(manifest))
        ptr = root / "scorer" / "current.json"
        ptr.write_bytes(raw if raw is not None else json.dumps(pointer).encode())
        # the commands first, on the store as damaged: each answers (0, or 3 with a message), none raises
        monkeypatch.setenv("KEIGO_HOME", tmp)
        monkeypatch.setenv("KEIGO_BUNDLED_MODELS", str(bundled))
        capsys.readouterr()
        for args in (["models", "list"], ["models", "verify", "scorer"], ["models", "rollback", "scorer"]):
            assert cli.main(args) in (0, 3)
        reg = ModelRegistry(root=root, bundled_root=bundled)
        assert {v.version for v in reg.list("scorer")} >= {"bundled", "good"}
        assert reg.current("scorer").path.resolve().is_relative_to(Path(tmp).resolve())
        results = {r.version: r.ok for r in reg.verify("scorer")}
        assert results["good"] and results["bundled"]
        assert reg.load_scorer().score(["Thank you."]).shape == (1,)
        try:
            reg.switch("scorer")
        except ModelError:
            pass
        assert reg.switch("scorer", "good").version == "good"
        assert json.loads(ptr.read_text())["version"] == "good"
