"""`keigo score|rewrite|models` under hostile conditions (issue 15): pipes and FIFOs with a terminal on stderr,
clients that wait for each answer, UTF-16 input, endless lines, unwritable output, unusable KEIGO_HOME."""
from __future__ import annotations

import os
import pty
import select
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from engine.registry import ModelRegistry

REPO = Path(__file__).resolve().parent.parent
FIXTURES = REPO / "tests" / "fixtures" / "models"


def _env(home: Path, bundled: Path) -> dict:
    return dict(os.environ, KEIGO_HOME=str(home), KEIGO_BUNDLED_MODELS=str(bundled), PYTHONPATH=str(REPO),
                OMP_NUM_THREADS="1")


@pytest.fixture(scope="module")
def store(tmp_path_factory):
    base = tmp_path_factory.mktemp("store")
    (base / "bundled").mkdir()
    reg = ModelRegistry(root=base / "home" / "models", bundled_root=base / "bundled")
    reg.install("scorer", FIXTURES / "scorer", activate=True)
    reg.install("rewriter", FIXTURES / "rewriter", activate=True)
    return base / "home", base / "bundled"


def _keigo_with_tty_stderr(args, env, timeout=120, **kw):
    """Run keigo with stderr on a pseudo-terminal (the progress bar's condition), stdout captured."""
    master, slave = pty.openpty()
    try:
        proc = subprocess.Popen([sys.executable, "-m", "keigo", *args], stdout=subprocess.PIPE, stderr=slave,
                                env=env, cwd=REPO, **kw)
        os.close(slave)
        err = bytearray()

        def drain():
            while True:
                try:
                    chunk = os.read(master, 4096)
                except OSError:
                    return
                if not chunk:
                    return
                err.extend(chunk)

        t = threading.Thread(target=drain, daemon=True)
        t.start()
        out, _ = proc.communicate(timeout=timeout)
        return proc.returncode, out, bytes(err)
    finally:
        os.close(master)


LINES = b"Thank you for your reply.\n" * 5000  # 130 kB: a progress bar would be drawn for a file this size


def test_a_pipe_path_with_a_terminal_on_stderr_scores_every_line(store):
    home, bundled = store
    # keigo score <(cat f): the file argument is a pipe; the old bar reopened it to count lines and drained it
    r, w = os.pipe()

    def feed():
        with os.fdopen(w, "wb") as f:
            f.write(LINES)

    t = threading.Thread(target=feed)
    t.start()
    code, out, err = _keigo_with_tty_stderr(["score", f"/dev/fd/{r}"], _env(home, bundled), pass_fds=(r,))
    os.close(r)
    t.join()
    assert code == 0, err
    assert out.count(b"\n") == 5000


def test_a_fifo_with_a_terminal_on_stderr_does_not_hang(store, tmp_path):
    home, bundled = store
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)

    def feed():
        with open(fifo, "wb") as f:
            f.write(LINES)

    t = threading.Thread(target=feed, daemon=True)
    t.start()
    code, out, err = _keigo_with_tty_stderr(["score", str(fifo)], _env(home, bundled), timeout=120)
    assert code == 0, err
    assert out.count(b"\n") == 5000


@pytest.mark.parametrize("cmd", [["score"], ["rewrite", "--beam", "1"]])
def test_one_line_is_answered_before_the_next_is_written(store, cmd):
    home, bundled = store
    proc = subprocess.Popen([sys.executable, "-m", "keigo", *cmd], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            stderr=subprocess.DEVNULL, env=_env(home, bundled), cwd=REPO)
    try:
        for line in (b"hey u r gonna love it lol\n", b"Thank you.\n"):
            proc.stdin.write(line)
            proc.stdin.flush()
            ready, _, _ = select.select([proc.stdout], [], [], 60)
            assert ready, "no answer to a complete line while stdin stays open"
            assert proc.stdout.readline().endswith(b"\n")
        proc.stdin.close()
        assert proc.wait(60) == 0 and proc.stdout.read() == b""
    finally:
        proc.kill()


@pytest.mark.parametrize("encoding", ["utf-16", "utf-16-be", "utf-32", "utf-8-sig"])
def test_input_with_a_byte_order_mark_is_decoded(store, encoding, tmp_path):
    home, bundled = store
    text = "Thank you.\r\nhey 😀 lol\n\nשלום\n"
    data = text.encode(encoding)
    if encoding == "utf-16-be":
        data = b"\xfe\xff" + data
    r = subprocess.run(check=False, args=[sys.executable, "-m", "keigo", "score"], input=data, capture_output=True,
                       env=_env(home, bundled), cwd=REPO, timeout=120)
    assert r.returncode == 0, r.stderr
    got = [x.split("\t", 1)[1] for x in r.stdout.decode().split("\n")[:-1]]
    assert got == ["Thank you.", "hey 😀 lol", "", "שלום"]


def test_an_endless_line_stops_with_exit_4_after_the_earlier_lines(store):
    home, bundled = store
    r = subprocess.run(check=False, args=[sys.executable, "-m", "keigo", "score", "/dev/zero"], capture_output=True,
                       env=_env(home, bundled), cwd=REPO, timeout=120)
    assert r.returncode == 4 and b"longer than 16 MiB" in r.stderr and b"Traceback" not in r.stderr


def test_line_limit_in_process(store, monkeypatch, tmp_path, capsys):
    home, bundled = store
    monkeypatch.setenv("KEIGO_HOME", str(home))
    monkeypatch.setenv("KEIGO_BUNDLED_MODELS", str(bundled))
    from engine import cli

    monkeypatch.setattr(cli, "MAX_LINE_BYTES", 4000)
    f = tmp_path / "in.txt"
    f.write_bytes(b"Thank you.\n" + b"x" * 10_000 + b"\nnever read\n")
    assert cli.main(["score", str(f)]) == 4
    cap = capsys.readouterr()
    assert cap.out.endswith("\tThank you.\n") and cap.out.count("\n") == 1
    assert "line 2 is longer than" in cap.err


def test_a_rewrite_line_over_the_limit_comes_back_unchanged_untokenized(store, monkeypatch, tmp_path, capsys):
    home, bundled = store
    monkeypatch.setenv("KEIGO_HOME", str(home))
    monkeypatch.setenv("KEIGO_BUNDLED_MODELS", str(bundled))
    from engine import cli

    monkeypatch.setattr(cli, "MAX_REWRITE_CHARS", 100)
    long = " u r gr8 " * 20
    f = tmp_path / "in.txt"
    f.write_text(f"u r gr8\n{long}\n")
    assert cli.main(["rewrite", str(f), "--rules-only"]) == 0
    out = capsys.readouterr()
    assert out.out.split("\n")[1] == long and "line 2 is longer than" in out.err


@pytest.mark.parametrize("args", [["score"], ["models", "list"], ["models", "verify"]])
def test_unwritable_stdout_is_exit_4_without_a_traceback(store, args):
    home, bundled = store
    env = _env(home, bundled)
    with open("/dev/full", "wb") as full:
        r = subprocess.run(check=False, args=[sys.executable, "-m", "keigo", *args], input=b"Thank you.\n", stdout=full,
                           stderr=subprocess.PIPE, env=env, cwd=REPO, timeout=120)
    assert r.returncode == 4 and b"keigo: error:" in r.stderr and b"Traceback" not in r.stderr, r.stderr
    assert b"Exception ignored" not in r.stderr
    r = subprocess.run(check=False, args=[sys.executable, "-m", "keigo", *args], input=b"Thank you.\n", stdout=subprocess.DEVNULL,
                       stderr=subprocess.PIPE, env=env, cwd=REPO, timeout=120,
                       preexec_fn=lambda: os.close(1))
    assert r.returncode == 4 and b"standard output is closed" in r.stderr, r.stderr


def test_keigo_home_that_is_a_file(store, tmp_path):
    _, bundled = store
    home = tmp_path / "home"
    home.write_text("a file, not a folder")
    env = _env(home, bundled)
    run = lambda *a: subprocess.run([sys.executable, "-m", "keigo", *a], input=b"Thank you.\n", check=False,
                                    capture_output=True, env=env, cwd=REPO, timeout=120)
    r = run("models", "install", "scorer", str(FIXTURES / "scorer"))
    assert r.returncode == 3 and b"cannot write to the model store" in r.stderr and b"Traceback" not in r.stderr
    r = run("models", "use", "scorer", "fixture")
    assert r.returncode == 3 and b"Traceback" not in r.stderr
    r = run("models", "list")
    assert r.returncode == 0, r.stderr
    r = run("score")
    assert r.returncode == 3 and b"no formality scorer" in r.stderr  # the bundled dir here has none


def test_batch_size_is_bounded(store):
    home, bundled = store
    r = subprocess.run(check=False, args=[sys.executable, "-m", "keigo", "score", "--batch-size", "100000"], input=b"x\n",
                       capture_output=True, env=_env(home, bundled), cwd=REPO, timeout=120)
    assert r.returncode == 2 and b"--batch-size" in r.stderr
