"""A 1 MB paste stays responsive and fills in progressively; autosave survives kill -9; the self-test command."""
from __future__ import annotations

import json
import os
import subprocess
import sys
import time

import pytest
from guitest_helpers import REPO
from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication


def test_1mb_paste_stays_responsive_and_fills_progressively(qtbot, make_window):
    window = make_window()
    lines = []
    size, i = 0, 0
    while size < 1_000_000:
        line = (f"hey u gonna come to party number {i} tonight? I would appreciate a reply by tomorrow, item {i}. "
                f"The committee approved budget {i} yesterday. yeah thx lol see ya {i}")
        lines.append(line)
        size += len(line) + 1
        i += 1
    text = "\n".join(lines)
    gaps, last = [], [time.monotonic()]

    def tick():
        now = time.monotonic()
        gaps.append(now - last[0])
        last[0] = now

    ticker = QTimer(interval=10)
    ticker.timeout.connect(tick)
    progress = []
    window.scoring.progress.connect(lambda d, t: progress.append((d, t, window.progress.isVisible())))
    ticker.start()
    QApplication.clipboard().setText(text)
    QTimer.singleShot(0, window.editor.paste)
    qtbot.waitUntil(lambda: window.editor.revision > 0 and not window.scoring.busy, timeout=110_000)
    ticker.stop()
    assert window.editor.text() == text
    print(f"1 MB paste: max event-loop gap {max(gaps):.3f} s over {len(gaps)} ticks, {len(progress)} chunks")
    assert max(gaps) < 1.0, f"the GUI thread was blocked for {max(gaps):.2f} s"
    assert len(progress) > 5 and any(visible for _, _, visible in progress), "no visible progressive fill"
    _, informal, scored = window.editor.stats(window.editor.target)
    assert scored == 4 * len(lines) and informal == 2 * len(lines)
    assert not window.progress.isVisible()


def test_typing_during_fill_drops_stale_results(qtbot, make_window):
    window = make_window()
    text = "\n".join(f"hey u {i} ok? Fine {i}." for i in range(6000))
    window.editor.setPlainText(text)
    qtbot.waitUntil(lambda: window.scoring.dispatcher.stale_chunks_dropped == 0 and window.progress.isVisible(), timeout=20_000)
    c = window.editor.textCursor()
    c.setPosition(0)
    window.editor.setTextCursor(c)
    qtbot.keyClicks(window.editor, "Dear all. ")
    qtbot.waitUntil(lambda: not window.scoring.busy, timeout=60_000)
    assert window.scoring.dispatcher.stale_chunks_dropped >= 1
    first = window.editor.document().firstBlock()
    data = window.editor.block_data(first)
    assert data is not None and data.sentences[0].text == "Dear all."


@pytest.mark.skipif(sys.platform == "win32", reason="SIGKILL semantics")
def test_autosave_recovery_after_kill(qtbot, make_window, tmp_path):
    (tmp_path / "settings.ini").write_text("[documents]\nautosave_interval_s=0.5\n")
    typed = "An unsaved paragraph, typed just before the crash 💥. hey u gonna lose this?"
    env = dict(os.environ, KEIGO_HOME=str(tmp_path), QT_QPA_PLATFORM="offscreen")
    proc = subprocess.Popen([sys.executable, "-m", "gui.app", "--type-text", typed], cwd=REPO, env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    try:
        deadline = time.monotonic() + 60
        found = None
        while time.monotonic() < deadline and found is None:
            for f in (tmp_path / "autosave").glob("*.json"):
                try:
                    if json.loads(f.read_text(encoding="utf-8"))["text"] == typed:
                        found = f
                except (OSError, ValueError, KeyError):
                    pass
            time.sleep(0.1)
        assert found is not None, "no autosave appeared: " + (proc.stdout.read1(4000).decode() if proc.poll() is not None else "")
        assert proc.poll() is None, "the app exited on its own"
    finally:
        proc.kill()  # SIGKILL: no cleanup handlers run
        proc.wait(10)
    window = make_window()  # same KEIGO_HOME: autosave dir and settings under tmp_path
    assert window.documents.recovered is not None
    assert window.editor.text() == typed
    assert window.editor.document().isModified()
    assert "Recovered unsaved text" in window.statusBar().currentMessage()
    assert not found.exists()  # adopted by this session
    assert list((tmp_path / "autosave").glob("*.json")) == [window.documents.autosave.file]
    # a second window does not take the autosave of a session that is still running
    other = make_window()
    assert other.documents.recovered is None


def test_clean_exit_leaves_no_autosave(qtbot, make_window, tmp_path):
    window = make_window()
    window.editor.insertPlainText("draft")
    window.documents.autosave_now()
    assert window.documents.autosave.file.exists()
    window.close()  # ask_unsaved answers Discard in tests
    assert not list((tmp_path / "autosave").glob("*.json"))


def test_self_test_command(tmp_path):
    env = dict(os.environ, KEIGO_HOME=str(tmp_path), QT_QPA_PLATFORM="offscreen")
    env.pop("DISPLAY", None)
    out = subprocess.run([sys.executable, "-m", "gui.app", "--self-test"], check=False, cwd=REPO, env=env,
                         capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, out.stdout + out.stderr
    assert "keigo self-test: OK" in out.stdout
    assert "rewrite" in out.stdout


def test_a_scorer_error_is_reported_once_not_retried_forever(qtbot, make_window):
    from guitest_helpers import FakeRegistry, FakeScorer

    class BrokenScorer(FakeScorer):
        calls = 0

        def score(self, sentences, batch_size=64):
            BrokenScorer.calls += 1
            if BrokenScorer.calls > 1:  # the warm-up passes, then the model starts failing
                raise RuntimeError("ORT: bad alloc")
            return super().score(sentences)

    reg = FakeRegistry()
    reg.versions["scorer"][0].factory = BrokenScorer
    window = make_window(reg)
    window.editor.setPlainText("hey u there?")
    qtbot.waitUntil(lambda: "Scoring failed" in window.statusBar().currentMessage(), timeout=10_000)
    qtbot.wait(800)
    assert BrokenScorer.calls <= 3
    assert not window.scoring.busy
    assert window.editor.text() == "hey u there?"


def test_huge_junk_paragraph_stays_responsive(qtbot, make_window):
    window = make_window()
    # ~250 kB in one paragraph: every Latin-1/Latin Extended character, emoji (two UTF-16 units), informal words
    junk = ("".join(chr(c) for c in range(0x20, 0x2FF)) + " 😀🎉 u ") * 330 + " lol " * 1000
    gaps, last = [], [time.monotonic()]

    def tick():
        now = time.monotonic()
        gaps.append(now - last[0])
        last[0] = now

    ticker = QTimer(interval=10)
    ticker.timeout.connect(tick)
    ticker.start()
    QTimer.singleShot(0, lambda: window.editor.setPlainText(junk))
    qtbot.waitUntil(lambda: window.editor.revision > 0 and not window.scoring.busy, timeout=60_000)
    ticker.stop()
    assert max(gaps) < 1.0, f"the GUI thread was blocked for {max(gaps):.2f} s"
    assert window.editor.text() == junk
    _, _, scored = window.editor.stats(window.editor.target)
    assert scored >= 300  # scored and counted, though a paragraph this long is not tinted
    window.editor.setPlainText("😀 short u ok. Fine 🎉🎉🎉.")
    qtbot.waitUntil(lambda: not window.scoring.busy, timeout=10_000)
    assert window.editor.stats(window.editor.target)[2] == 2


def test_self_test_fails_loudly(qtbot, capsys):
    from guitest_helpers import FakeRegistry, FakeRewriter

    import gui.app

    class LazyRewriter(FakeRewriter):
        def rewrite(self, sentences, beam=4, nbest=1):
            from engine.types import Candidate, Rewrite

            return [Rewrite(s, (Candidate(s, 0.0),)) for s in sentences]  # never changes anything

    reg = FakeRegistry()
    reg.versions["rewriter"][0].factory = LazyRewriter
    assert gui.app.self_test(registry=reg) == 1
    err = capsys.readouterr().err
    assert "keigo: error: self-test failed: the rewriter suggested no change" in err
    assert gui.app.self_test(registry=FakeRegistry()) == 0
    assert "score 0." in capsys.readouterr().out
