"""The `keigo` command: line contract, exit codes, streaming, bad input, and what it must not import."""
from __future__ import annotations

import io
import json
import os
import re
import select
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from engine.registry import ModelRegistry

REPO = Path(__file__).resolve().parent.parent
FIXTURES = REPO / "tests" / "fixtures" / "models"
SCORE_RE = re.compile(r"^(\d\.\d{4}|nan)\t")

BAD_LINES = [
    "",
    "   ",
    "hey u r gonna love it lol",
    "😀😀 emoji only 🎉",
    "שלום עולם مرحبا",
    "ctrl \x01\x07\x1b[31m chars\x7f",
    "tab\there",
    "",
    "I would be grateful if you could send me the report.",
]


def _env(home: Path, bundled: Path | None = None) -> dict:
    env = dict(os.environ)
    env["KEIGO_HOME"] = str(home)
    env["PYTHONPATH"] = str(REPO) + (os.pathsep + env["PYTHONPATH"] if env.get("PYTHONPATH") else "")
    if bundled is not None:
        env["KEIGO_BUNDLED_MODELS"] = str(bundled)
    return env


def keigo(args, *, home, stdin: bytes = b"", bundled=None, timeout=300):
    return subprocess.run([sys.executable, "-m", "keigo", *args], input=stdin, capture_output=True, check=False,
                          env=_env(home, bundled), cwd=REPO, timeout=timeout)


@pytest.fixture
def empty(tmp_path):
    """A user home and a bundled-models dir with nothing in them."""
    (tmp_path / "bundled").mkdir()
    return tmp_path / "home", tmp_path / "bundled"


@pytest.fixture
def with_models(empty):
    home, bundled = empty
    reg = ModelRegistry(root=home / "models", bundled_root=bundled)
    reg.install("scorer", FIXTURES / "scorer", activate=True)
    reg.install("rewriter", FIXTURES / "rewriter", activate=True)
    return home, bundled


def _lines(out: bytes) -> list[str]:
    text = out.decode("utf-8")
    assert text.endswith("\n") or text == ""
    return text.split("\n")[:-1]


# ------------------------------------------------------------------ no models installed


def test_score_without_a_scorer_exits_3(empty):
    home, bundled = empty
    r = keigo(["score"], home=home, bundled=bundled, stdin=b"hello\n")
    assert r.returncode == 3
    assert b"no formality scorer is installed" in r.stderr and r.stderr.startswith(b"keigo: error: ")
    assert r.stdout == b""


def test_rewrite_without_a_model_uses_the_rules(empty):
    home, bundled = empty
    data = "\n".join(BAD_LINES).encode() + b"\n"
    r = keigo(["rewrite"], home=home, bundled=bundled, stdin=data)
    assert r.returncode == 0, r.stderr
    assert b"rule-based formalizer" in r.stderr
    out = _lines(r.stdout)
    assert len(out) == len(BAD_LINES)
    assert out[0] == "" and out[1] == "   " and out[7] == ""
    assert out[2] == "You are going to love it."


def test_models_list_and_verify_on_the_rule_path(empty):
    home, bundled = empty
    r = keigo(["models", "list"], home=home, bundled=bundled)
    assert r.returncode == 0 and b"rule-based formalizer" in r.stdout
    r = keigo(["models", "verify"], home=home, bundled=bundled)
    assert r.returncode == 0 and b"ok      rewriter/rules" in r.stdout


# ------------------------------------------------------------------ with the fixture models


def test_score_line_contract(with_models, tmp_path):
    home, bundled = with_models
    f = tmp_path / "in.txt"
    f.write_bytes("\n".join(BAD_LINES).encode() + b"\n")
    r = keigo(["score", str(f)], home=home, bundled=bundled)
    assert r.returncode == 0, r.stderr
    out = _lines(r.stdout)
    assert len(out) == len(BAD_LINES)
    for line, src in zip(out, BAD_LINES):
        assert SCORE_RE.match(line), line
        assert line.split("\t", 1)[1] == src
    assert out[0] == "nan\t" and out[1] == "nan\t   "
    assert float(out[8].split("\t")[0]) > 0.9
    assert float(out[2].split("\t")[0]) < 0.1


def test_score_json(with_models):
    home, bundled = with_models
    r = keigo(["score", "-", "--json"], home=home, bundled=bundled, stdin="\n".join(BAD_LINES).encode())
    assert r.returncode == 0, r.stderr
    objs = [json.loads(x) for x in _lines(r.stdout)]
    assert [o["text"] for o in objs] == BAD_LINES  # also without a final newline in the input
    assert objs[0] == {"score": None, "degree": None, "text": "", "words": []}
    o = objs[2]
    assert 0 <= o["score"] <= 1
    assert o["degree"] == o["score"]  # the fixture scorer has no display map: the app shows P(formal)
    assert [w["word"] for w in o["words"]] == ["hey", "u", "r", "gonna", "love", "it", "lol"]
    for w in o["words"]:
        assert o["text"][w["start"]:w["end"]] == w["word"] and isinstance(w["weight"], float)


def test_score_degree_follows_the_display_map(empty, tmp_path):
    import shutil

    from engine.degree import build_map
    from engine.manifest import build_manifest, load_manifest, write_manifest

    home, bundled = empty
    d = tmp_path / "graded-scorer"
    shutil.copytree(FIXTURES / "scorer", d)
    cfg = json.loads((d / "scorer.json").read_text())
    cfg["display"] = build_map(0.0, [-3.0, 3.0], [-3.0, 3.0], boundary=0.0).to_json()  # degree = (graded + 3) / 6
    (d / "scorer.json").write_text(json.dumps(cfg))
    m = load_manifest(d)
    write_manifest(d, build_manifest(d, role=m["role"], version=m["version"] + "-graded", kind=m["kind"],
                                     config=m.get("config") or {}, metrics=m.get("metrics") or {},
                                     data=m.get("data") or []))
    ModelRegistry(root=home / "models", bundled_root=bundled).install("scorer", d, activate=True)
    r = keigo(["score", "-", "--degree"], home=home, bundled=bundled, stdin=b"hey u r gonna love it lol\nThank you.\n\n")
    assert r.returncode == 0, r.stderr
    out = _lines(r.stdout)
    low, high = (float(x.split("\t")[0]) for x in out[:2])
    assert 0 <= low < 0.5 < high <= 1 and out[2] == "nan\t"
    j = keigo(["score", "-", "--json"], home=home, bundled=bundled, stdin=b"Thank you.\n")
    o = json.loads(_lines(j.stdout)[0])
    assert abs(o["degree"] - high) < 1e-4 and o["degree"] != o["score"]


def test_bad_bytes_crlf_bom_and_a_megabyte_line(with_models, tmp_path):
    home, bundled = with_models
    big = ("hey u r gonna love it lol " * 40000)[:1_000_000].encode()
    junk = bytes(range(256)).replace(b"\n", b"")
    data = b"\xef\xbb\xbfThank you.\r\nbad \xff\xfe bytes\r\n" + junk + b"\n" + big + b"\n\n\x00nul\n"
    f = tmp_path / "in.txt"
    f.write_bytes(data)
    r = keigo(["score", str(f)], home=home, bundled=bundled)
    assert r.returncode == 0, r.stderr
    assert b"not valid UTF-8" in r.stderr
    out = _lines(r.stdout)
    assert len(out) == 6
    assert out[0].endswith("\tThank you.") and out[1].endswith("\tbad \ufffd\ufffd bytes")
    assert len(out[3]) > 1_000_000 and out[4] == "nan\t" and out[5].endswith("\t\x00nul")
    r = keigo(["rewrite", str(f), "--beam", "2"], home=home, bundled=bundled)
    assert r.returncode == 0, r.stderr
    out = _lines(r.stdout)
    assert len(out) == 6 and out[3] == big.decode() and out[4] == ""  # too long: returned whole
    assert f"{f} line 4 is longer than the rewriter's input limit".encode() in r.stderr


def test_rewrite_json_and_nbest(with_models):
    home, bundled = with_models
    src = "thank you for your prompt reply.\n\nhey can u send me the report lol\n"
    r = keigo(["rewrite", "--json", "--nbest", "2"], home=home, bundled=bundled, stdin=src.encode())
    assert r.returncode == 0, r.stderr
    objs = [json.loads(x) for x in _lines(r.stdout)]
    assert [o["source"] for o in objs] == src.split("\n")[:-1]
    # the scorer finds the first line formal already: it comes back unchanged, alone, flagged
    assert objs[0]["flags"] == ["already_formal"] and objs[0]["candidates"][0]["text"] == src.split("\n")[0]
    assert "reranked" in objs[2]["flags"] and all("flags" in c for c in objs[2]["candidates"])
    assert objs[1]["flags"] == ["empty"]
    r = keigo(["rewrite", "--json", "--nbest", "2", "--force"], home=home, bundled=bundled, stdin=src.encode())
    objs = [json.loads(x) for x in _lines(r.stdout)]
    assert len(objs[0]["candidates"]) == 2 and objs[0]["candidates"][0]["text"] == "thank you for your prompt reply."
    assert "forced" in objs[0]["flags"]
    r = keigo(["rewrite", "--nbest", "2", "--beam", "2", "--force"], home=home, bundled=bundled, stdin=src.encode())
    out = _lines(r.stdout)
    assert len(out) == 3 and out[0].count("\t") == 1 and out[0].split("\t")[0] == "thank you for your prompt reply."
    r = keigo(["rewrite", "--rules-only", "--json"], home=home, bundled=bundled, stdin=b"u r gr8\n")
    assert json.loads(r.stdout)["flags"][0] == "rules" and b"no rewriter model" not in r.stderr


def test_stdin_is_streamed_in_batches(with_models):
    home, bundled = with_models
    proc = subprocess.Popen([sys.executable, "-m", "keigo", "score"], stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=_env(home, bundled), cwd=REPO)
    try:
        proc.stdin.write(b"Thank you.\n" * 64)
        proc.stdin.flush()
        ready, _, _ = select.select([proc.stdout], [], [], 120)
        assert ready, "no output before stdin was closed"
        first = proc.stdout.readline()
        assert SCORE_RE.match(first.decode()) and first.endswith(b"\tThank you.\n")
        proc.stdin.write(b"lol\n")
        proc.stdin.close()
        rest = proc.stdout.read()
        assert proc.wait(60) == 0
        assert len(rest.split(b"\n")) - 1 == 64
    finally:
        proc.kill()


# ------------------------------------------------------------------ exit codes


def test_exit_codes(with_models, tmp_path):
    home, bundled = with_models
    assert keigo(["score", "--frobnicate"], home=home, bundled=bundled).returncode == 2
    assert keigo(["rewrite", "--beam", "0"], home=home, bundled=bundled).returncode == 2
    assert keigo(["models"], home=home, bundled=bundled).returncode == 2
    assert keigo(["nonsense"], home=home, bundled=bundled).returncode == 2
    r = keigo(["score", str(tmp_path / "missing.txt")], home=home, bundled=bundled)
    assert r.returncode == 4 and b"missing.txt" in r.stderr
    assert keigo(["rewrite", str(tmp_path)], home=home, bundled=bundled).returncode == 4
    r = keigo(["models", "use", "scorer", "v404"], home=home, bundled=bundled)
    assert r.returncode == 3 and b"no version" in r.stderr
    r = keigo(["models", "rollback", "scorer"], home=home, bundled=bundled)
    assert r.returncode == 3


def test_models_commands(with_models, tmp_path):
    home, bundled = with_models
    r = keigo(["models", "list"], home=home, bundled=bundled)
    assert r.returncode == 0
    row = next(x for x in r.stdout.decode().splitlines() if x.startswith("scorer "))
    assert "fixture" in row and "*" in row and "Train accuracy: 100.0 %" in row
    assert keigo(["models", "verify"], home=home, bundled=bundled).returncode == 0
    r = keigo(["models", "install", "rewriter", str(FIXTURES / "rewriter_split")], home=home, bundled=bundled)
    assert r.returncode == 0, r.stderr
    assert keigo(["models", "use", "rewriter", "fixture-split"], home=home, bundled=bundled).returncode == 0
    r = keigo(["models", "rollback", "rewriter"], home=home, bundled=bundled)
    assert r.returncode == 0 and b"rolled back to fixture" in r.stdout
    cfg = home / "models" / "rewriter" / "fixture-split" / "config.json"
    cfg.write_text(cfg.read_text() + " ")
    r = keigo(["models", "verify", "rewriter"], home=home, bundled=bundled)
    assert r.returncode == 3 and b"FAILED  rewriter/fixture-split" in r.stdout
    r = keigo(["models", "use", "rewriter", "fixture-split"], home=home, bundled=bundled)
    assert r.returncode == 3 and b"refusing" in r.stderr
    assert json.loads((home / "models" / "rewriter" / "current.json").read_text())["version"] == "fixture"


def test_score_imports_neither_qt_nor_torch(with_models, tmp_path):
    home, bundled = with_models
    f = tmp_path / "in.txt"
    f.write_text("Thank you.\nlol\n")
    code = ("import sys; from keigo.cli import main; rc = main(['score', sys.argv[1], '--json']); "
            "rc2 = main(['rewrite', sys.argv[1]]); "
            "bad = sorted({m.split('.')[0] for m in sys.modules} & {'PySide6', 'torch', 'transformers', 'gui', "
            "'training'}); print('IMPORTED', bad, rc, rc2)")
    r = subprocess.run([sys.executable, "-c", code, str(f)], capture_output=True, env=_env(home, bundled),
                       cwd=REPO, timeout=120, check=False)
    assert r.returncode == 0, r.stderr
    assert r.stdout.decode().splitlines()[-1] == "IMPORTED [] 0 0"


@pytest.mark.skipif(not hasattr(signal, "SIGINT") or sys.platform == "win32", reason="POSIX signals")
def test_interrupt_exits_130(empty):
    home, bundled = empty
    # A suite started as a background job has SIGINT ignored, which children inherit; a handler is not
    # inherited (exec resets it to the default), so install one while starting the child, as a terminal would.
    previous = signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        proc = subprocess.Popen([sys.executable, "-m", "keigo", "rewrite"], stdin=subprocess.PIPE,
                                stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=_env(home, bundled), cwd=REPO)
    finally:
        signal.signal(signal.SIGINT, previous)
    try:
        # the warning is printed inside the command, once its interrupt handling is in place
        line = b""
        deadline = time.time() + 120
        while b"rule-based" not in line and time.time() < deadline:
            line = proc.stderr.readline()
        proc.send_signal(signal.SIGINT)
        assert proc.wait(60) == 130
    finally:
        proc.kill()


# ------------------------------------------------------------------ in-process


@pytest.fixture
def inproc(with_models, monkeypatch):
    home, bundled = with_models
    monkeypatch.setenv("KEIGO_HOME", str(home))
    monkeypatch.setenv("KEIGO_BUNDLED_MODELS", str(bundled))
    from keigo.cli import main

    return main


def test_in_process_score_and_rewrite(inproc, tmp_path, capsys):
    f = tmp_path / "in.txt"
    f.write_text("\n".join(BAD_LINES) + "\n", encoding="utf-8")
    assert inproc(["score", str(f)]) == 0
    out = capsys.readouterr().out.split("\n")[:-1]
    assert [x.split("\t", 1)[1] for x in out] == BAD_LINES
    assert inproc(["rewrite", str(f), "--rules-only"]) == 0
    assert len(capsys.readouterr().out.split("\n")[:-1]) == len(BAD_LINES)


def test_in_process_reads_stdin_bytes(inproc, monkeypatch, capsys):
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(b"Thank you.\n\xff\n\n")))
    assert inproc(["score"]) == 0
    cap = capsys.readouterr()
    assert [x.split("\t", 1)[1] for x in cap.out.split("\n")[:-1]] == ["Thank you.", "\ufffd", ""]
    assert "not valid UTF-8" in cap.err


def test_progress_bar_only_on_a_terminal_for_long_files(inproc, tmp_path, monkeypatch, capsys):
    f = tmp_path / "long.txt"
    f.write_text("Thank you.\n" * 8000)  # 88 kB: over the bar's 64 kB threshold
    assert inproc(["score", str(f)]) == 0
    assert capsys.readouterr().err == ""

    class Tty(io.StringIO):
        def isatty(self):
            return True

    tty = Tty()
    monkeypatch.setattr(sys, "stderr", tty)
    assert inproc(["score", str(f)]) == 0
    assert "score" in tty.getvalue() and "lines" in tty.getvalue()  # the bar counts bytes, shows lines
    assert len(capsys.readouterr().out.split("\n")) - 1 == 8000


def test_gui_without_pyside6_says_how_to_install(monkeypatch, capsys):
    from keigo.cli import main

    monkeypatch.setitem(sys.modules, "PySide6", None)
    assert main(["gui"]) == 3
    assert "pip install 'keigo[gui]'" in capsys.readouterr().err
    assert main([]) == 3


def test_gui_dispatch_passes_arguments(monkeypatch):
    import keigo.cli as kc

    seen = []
    fake = type(sys)("gui.app")
    fake.main = lambda argv: seen.append(argv) or 0
    monkeypatch.setitem(sys.modules, "gui.app", fake)
    monkeypatch.setattr(kc.importlib.util, "find_spec", lambda name: object())
    assert kc.main(["--self-test"]) == 0 and kc.main(["gui", "--self-test"]) == 0
    assert seen == [["--self-test"], ["--self-test"]]


def test_train_runs_training_as_a_subprocess(monkeypatch):
    import keigo.cli as kc

    calls = []

    class FakeProc:
        def __init__(self, cmd, **kw):
            calls.append((cmd, kw))

        def wait(self, timeout=None):
            return 5

    monkeypatch.setattr(kc.subprocess, "Popen", FakeProc)
    assert kc.main(["train", "classifier", "--config", "c.toml", "classifier.lr=1e-3"]) == 5
    assert kc.main(["eval", "--split", "tune"]) == 5
    assert calls[0][0] == [sys.executable, "-m", "training", "classifier", "--config", "c.toml", "classifier.lr=1e-3"]
    assert calls[1][0] == [sys.executable, "-m", "training", "eval", "--split", "tune"]
    assert all(not kw.get("shell") for _, kw in calls)


def test_train_without_torch_says_how_to_install(monkeypatch, capsys):
    from keigo.cli import main

    monkeypatch.setitem(sys.modules, "torch", None)
    assert main(["train", "classifier"]) == 3
    assert "pip install 'keigo[train]'" in capsys.readouterr().err


def test_rewrite_beam_is_bounded(with_models):
    home, bundled = with_models
    for bad in (["--beam", "100000"], ["--nbest", "17"], ["--beam", "0"]):
        r = keigo(["rewrite", *bad], home=home, bundled=bundled, stdin=b"hey u\n")
        assert r.returncode == 2 and b"from 1 to 16" in r.stderr and r.stdout == b""


def test_train_launches_as_the_run_contract_says(monkeypatch, tmp_path):
    """KEIGO_TRAIN_PYTHON picks the interpreter (it says itself what it lacks), the checkout goes first on
    PYTHONPATH, and --max-minutes reaches `python -m training` unchanged."""
    import keigo.cli as kc

    calls = []

    class FakeProc:
        def __init__(self, cmd, **kw):
            calls.append((cmd, kw))

        def wait(self, timeout=None):
            return 130

    monkeypatch.setattr(kc.subprocess, "Popen", FakeProc)
    monkeypatch.setitem(sys.modules, "torch", None)  # not needed in this interpreter when another one trains
    monkeypatch.setenv("KEIGO_TRAIN_PYTHON", str(tmp_path / "py"))
    monkeypatch.setenv("PYTHONPATH", "/elsewhere")
    assert kc.main(["train", "all", "--run-dir", "r", "--max-minutes", "5"]) == 130
    [(cmd, kw)] = calls
    assert cmd == [str(tmp_path / "py"), "-m", "training", "all", "--run-dir", "r", "--max-minutes", "5"]
    assert kw["env"]["PYTHONPATH"].split(os.pathsep) == [str(REPO), "/elsewhere"]
