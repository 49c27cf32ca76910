"""Documents: byte-exact round trips, bad files, unsaved-changes prompt, recent files, drag and drop, settings."""
from __future__ import annotations

import pytest
from PySide6.QtCore import QMimeData, QPointF, Qt, QUrl
from PySide6.QtGui import QDropEvent
from PySide6.QtWidgets import QMessageBox

from engine.errors import InputError
from gui.documents import TextFormat, decode_bytes, encode_text, read_document, write_document

SAMPLES = {
    "utf8_lf.txt": b"Hello there.\nhey u gonna come?\n",
    "utf8_bom_crlf.md": b"\xef\xbb\xbf# Title\r\n\r\nDear Sir \xe2\x80\x94 thanks \xf0\x9f\x98\x80\r\n",
    "no_final_newline.txt": b"one line without newline",
    "mixed.txt": b"a\r\nb\nc\rd\r\n",
    "cp1252.txt": "caf\u00e9 \u201cquoted\u201d \u20ac5\r\n".encode("cp1252"),
    "utf16.txt": "\ufeffhello w\u00f6rld\r\nzwei\r\n".encode("utf-16-le"),
    "nbsp_tabs.txt": "a\u00a0b\tc  \n\n\n  indented\n".encode("utf-8"),
    "empty.txt": b"",
    "cr_only.txt": b"old mac\rline\r",
}


@pytest.mark.parametrize("name", sorted(SAMPLES))
def test_decode_encode_round_trip(name):
    data = SAMPLES[name]
    loaded = decode_bytes(data, name)
    assert "\r" not in loaded.text
    assert encode_text(loaded.text, loaded.format) == data


@pytest.mark.parametrize("name", sorted(SAMPLES))
def test_open_save_round_trip_through_the_window(qtbot, make_window, tmp_path, name):
    window = make_window()
    src = tmp_path / name
    src.write_bytes(SAMPLES[name])
    assert window.documents.open_path(src)
    assert not window.editor.document().isModified()
    out = tmp_path / ("copy-" + name)
    assert window.documents.save_as(out)
    assert out.read_bytes() == SAMPLES[name]
    # editing keeps the file's encoding and line endings
    window.editor.moveCursor(window.editor.textCursor().MoveOperation.End)
    window.editor.insertPlainText("\nmore")
    assert window.documents.save()
    again = read_document(out)
    assert again.format.encoding == decode_bytes(SAMPLES[name]).format.encoding
    assert again.text.endswith("\nmore")


def test_binary_junk_is_refused_and_nothing_is_lost(qtbot, make_window, tmp_path):
    window = make_window()
    window.editor.insertPlainText("my unsaved draft")
    junk = tmp_path / "photo.txt"
    junk.write_bytes(bytes(range(256)) * 40)
    assert window.documents.open_path(junk) is False
    assert "binary" in window.last_error
    assert window.editor.text() == "my unsaved draft"
    assert window.editor.document().isModified()
    with pytest.raises(InputError):
        read_document(tmp_path / "missing.txt")
    with pytest.raises(InputError):
        read_document(tmp_path)


def test_unencodable_text_is_not_saved_silently(tmp_path):
    path = tmp_path / "latin.txt"
    path.write_bytes(b"caf\xe9\n")
    with pytest.raises(InputError, match="Save As"):
        write_document(path, "caf\u00e9 \U0001f600\n", TextFormat("cp1252"))
    assert path.read_bytes() == b"caf\xe9\n"  # untouched


def test_save_as_switches_to_utf8_when_needed(qtbot, make_window, tmp_path):
    window = make_window()
    src = tmp_path / "latin.txt"
    src.write_bytes("caf\u00e9\n".encode("cp1252"))
    window.documents.open_path(src)
    window.editor.insertPlainText("\U0001f600 ")
    out = tmp_path / "out.txt"
    assert window.documents.save_as(out)
    assert out.read_bytes().decode("utf-8").startswith("\U0001f600 caf\u00e9")


def test_unsaved_prompt_cancel_keeps_the_document(qtbot, make_window, tmp_path):
    window = make_window()
    window.editor.insertPlainText("draft")
    window.ask_unsaved = lambda _name: QMessageBox.StandardButton.Cancel
    assert window.documents.new() is False
    assert window.editor.text() == "draft"
    other = tmp_path / "other.txt"
    other.write_text("other")
    assert window.documents.open_path_prompting(str(other)) is False
    assert window.editor.text() == "draft"
    # Save in the prompt with a path saves first
    window.documents.path = tmp_path / "draft.txt"
    window.ask_unsaved = lambda _name: QMessageBox.StandardButton.Save
    assert window.documents.new() is True
    assert (tmp_path / "draft.txt").read_text() == "draft"
    assert window.editor.text() == ""


def test_recent_files_persist(qtbot, make_window, tmp_path):
    window = make_window()
    for i in range(3):
        p = tmp_path / f"f{i}.txt"
        p.write_text(f"file {i}")
        window.documents.open_path(p)
    from gui.settings import AppSettings

    recent = AppSettings(tmp_path / "settings.ini").recent_files
    assert [r.rsplit("/", 1)[-1] for r in recent] == ["f2.txt", "f1.txt", "f0.txt"]
    (tmp_path / "f1.txt").unlink()
    window.documents.open_recent(str((tmp_path / "f1.txt").resolve()))
    assert "no longer exists" in window.last_error
    assert len(window.settings.recent_files) == 2


def test_drop_a_file_opens_it(qtbot, make_window, tmp_path):
    window = make_window()
    p = tmp_path / "dropped.md"
    p.write_text("# Dropped\n\nhey u\n")
    mime = QMimeData()
    mime.setUrls([QUrl.fromLocalFile(str(p))])
    event = QDropEvent(QPointF(10, 10), Qt.DropAction.CopyAction, mime, Qt.MouseButton.LeftButton,
                       Qt.KeyboardModifier.NoModifier)
    window.editor.dropEvent(event)
    assert window.editor.text() == "# Dropped\n\nhey u\n"
    assert window.documents.path == p


def test_settings_persist_between_windows(qtbot, make_window, tmp_path):
    window = make_window()
    window.scoring.set_target(0.7)
    window.set_theme("dark")
    window.close()
    again = make_window()
    assert again.scores.target == 0.7
    assert again.theme.name == "dark"
    assert again.editor.theme.dark
    again.set_theme("light")


def test_empty_and_emoji_documents(qtbot, make_window):
    window = make_window()
    window.editor.setPlainText("")
    from guitest_helpers import wait_scored

    wait_scored(qtbot, window)
    assert window.scores.headline.text().startswith("Document formality")
    window.editor.setPlainText("🎉🎉🎉\n\n😀 ok 😀 lol")
    wait_scored(qtbot, window)
    assert window.suggestions.list.count() == 1


def test_a_fresh_window_has_nothing_unsaved(qtbot, make_window, tmp_path):
    window = make_window()
    asked = []
    window.ask_unsaved = lambda _name: asked.append(1) or QMessageBox.StandardButton.Cancel
    assert not window.editor.document().isModified()
    window.documents.autosave_now()
    assert not list((tmp_path / "autosave").glob("*.json"))
    window.close()
    assert asked == [] and not window.isVisible()


def test_corrupt_settings_fall_back_to_defaults(tmp_path):
    from gui.settings import AppSettings

    (tmp_path / "settings.ini").write_text(
        "[editor]\ntarget=banana\n[view]\ntheme=purple\n[rewrite]\nbeam=-3\nnbest=nan\n"
        "[documents]\nautosave_interval_s=nan\nrecent=\n"
    )
    s = AppSettings(tmp_path / "settings.ini")
    assert (s.target, s.theme, s.beam, s.nbest, s.autosave_interval_s, s.recent_files) == (0.5, "system", 1, 3, 3.0, [])


def test_damaged_autosave_is_kept_not_deleted(tmp_path):
    from gui.documents import AutosaveStore

    d = tmp_path / "autosave"
    d.mkdir()
    (d / "20260101-000000-deadbeef.json").write_text('{"text": "half writ')
    store = AutosaveStore(d)
    assert store.orphans() == []
    assert (d / "20260101-000000-deadbeef.damaged").read_text() == '{"text": "half writ'
    store.close()


def test_oversized_file_is_refused(tmp_path, monkeypatch):
    import gui.documents

    monkeypatch.setattr(gui.documents, "MAX_BYTES", 1000)
    big = tmp_path / "big.txt"
    big.write_text("x" * 2000)
    with pytest.raises(InputError, match="up to"):
        read_document(big)
