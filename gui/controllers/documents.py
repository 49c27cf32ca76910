"""Documents: new, open, save, save as, recent files, autosave and recovery of text a crash left unsaved.

Questions to the user (unsaved changes, which file) go through `prompts`, the window: an object with
``ask_unsaved(name) -> QMessageBox.StandardButton``, ``ask_open_path(start) -> str`` and
``ask_save_path(start) -> (str, chosen filter)`` ("" when cancelled).
"""
from __future__ import annotations

import time
from pathlib import Path

from PySide6.QtCore import QObject, QTimer, Signal
from PySide6.QtWidgets import QMessageBox

from engine.errors import InputError, KeigoError

from ..documents import AutosaveStore, Recovery, TextFormat, read_document, write_document

_NEWLINES = {"\n": "LF", "\r\n": "CRLF", "\r": "CR"}


class DocumentsController(QObject):
    changed = Signal()  # path, format or saved state changed: the title and the format label follow
    loaded = Signal()  # another document's text is in the editor: scoring and suggestions start over
    message = Signal(str, int)
    error = Signal(str, str)  # title, text

    def __init__(self, editor, settings, prompts, autosave: AutosaveStore | None = None,
                 parent: QObject | None = None):
        super().__init__(parent)
        self.editor, self.settings, self.prompts, self.autosave = editor, settings, prompts, autosave
        self.path: Path | None = None
        self.format = TextFormat()
        self.recovered: Recovery | None = None
        self._autosaved_revision = -1
        self._autosave_timer = QTimer(self, interval=int(settings.autosave_interval_s * 1000))
        self._autosave_timer.timeout.connect(self.autosave_now)
        if autosave is not None:
            self._autosave_timer.start()

    # ------------------------------------------------------------------ what the window shows

    @property
    def name(self) -> str:
        return self.path.name if self.path else "Untitled"

    def format_label(self) -> str:
        f = self.format
        endings = "mixed line endings" if f.line_endings else _NEWLINES.get(f.newline, "?")
        enc = f.encoding.upper().replace("CP", "Windows-") + (" with BOM" if f.bom else "")
        return f"{enc} · {endings}"

    # ------------------------------------------------------------------ open and save

    def maybe_save(self) -> bool:
        """True when the document may go: saved, unchanged, or the user chose to discard it."""
        if not self.editor.document().isModified():
            return True
        answer = self.prompts.ask_unsaved(self.name)
        if answer == QMessageBox.StandardButton.Save:
            return self.save()
        return answer == QMessageBox.StandardButton.Discard

    def _set_document(self, text: str, path: Path | None, fmt: TextFormat) -> None:
        self.editor.load_text(text)
        self.path, self.format = path, fmt
        if self.autosave is not None:
            self.autosave.clear()
        self.changed.emit()
        self.loaded.emit()

    def new(self) -> bool:
        if not self.maybe_save():
            return False
        self._set_document("", None, TextFormat())
        return True

    def open(self) -> bool:
        """Ask which file (after asking about unsaved changes), then open it."""
        if not self.maybe_save():
            return False
        name = self.prompts.ask_open_path(str(self.path.parent) if self.path else str(Path.home()))
        return self.open_path(name) if name else False

    def open_path_prompting(self, path: str) -> bool:
        return self.maybe_save() and self.open_path(path)

    def open_path(self, path) -> bool:
        """Open without asking (callers ask first); on error the current document is left untouched."""
        path = Path(path)
        try:
            loaded = read_document(path)
        except InputError as exc:
            self.error.emit("Cannot open file", f"{exc}")
            return False
        self._set_document(loaded.text, path, loaded.format)
        self.settings.add_recent(path)
        self.message.emit(f"Opened {path.name}", 8000)
        return True

    def open_recent(self, path: str) -> None:
        if not Path(path).exists():
            self.settings.remove_recent(path)
            self.error.emit("Cannot open file", f"{path} no longer exists; it was removed from the recent files.")
            return
        self.open_path_prompting(path)

    def save(self) -> bool:
        if self.path is None:
            return self.save_as()
        return self._write(self.path, self.format)

    def save_as(self, path=None) -> bool:
        if path is None:
            start = str(self.path) if self.path else str(Path.home() / "Untitled.txt")
            name, chosen = self.prompts.ask_save_path(start)
            if not name:
                return False
            path = Path(name)
            if not path.suffix:
                path = path.with_suffix(".md" if "Markdown" in chosen and "Text" not in chosen else ".txt")
        path = Path(path)
        fmt = self.format
        try:
            self.editor.text().encode(fmt.encoding)
        except UnicodeEncodeError:
            fmt = TextFormat("utf-8", False, fmt.newline, ())  # the old encoding cannot hold the new text
        return self._write(path, fmt)

    def _write(self, path: Path, fmt: TextFormat) -> bool:
        try:
            write_document(path, self.editor.text(), fmt)
        except KeigoError as exc:
            self.error.emit("Cannot save", str(exc))
            return False
        self.path, self.format = path, fmt
        self.editor.document().setModified(False)
        self.settings.add_recent(path)
        if self.autosave is not None:
            self.autosave.clear()
        self.changed.emit()
        self.message.emit(f"Saved {path.name}", 8000)
        return True

    # ------------------------------------------------------------------ autosave and recovery

    def autosave_now(self) -> None:
        if self.autosave is None:
            return
        if not self.editor.document().isModified():
            if self._autosaved_revision != -1:
                self.autosave.clear()
                self._autosaved_revision = -1
            return
        if self.editor.revision == self._autosaved_revision:
            return
        try:
            self.autosave.save(self.editor.text(), str(self.path) if self.path else None, self.format)
            self._autosaved_revision = self.editor.revision
        except OSError as exc:
            self.message.emit(f"Autosave failed: {exc}", 8000)

    def recover(self) -> None:
        """Put the newest text a crashed session left unsaved into the editor (the others wait their turn)."""
        if self.autosave is None:
            return
        try:
            found = self.autosave.orphans()
        except OSError:
            return
        if not found:
            return
        rec = found[0]
        self.editor.load_text(rec.text)
        self.path, self.format = (Path(rec.path) if rec.path else None), rec.format
        self.editor.document().setModified(True)
        self.recovered = rec
        self.changed.emit()
        self.loaded.emit()
        self.autosave_now()  # the text is safe in this session's autosave before the old one goes
        self.autosave.forget(rec)
        when = time.strftime("%H:%M:%S", time.localtime(rec.saved_at))
        more = f" {len(found) - 1} more will be offered next time." if len(found) > 1 else ""
        self.message.emit(f"Recovered unsaved text from a session that ended unexpectedly (autosaved at {when}). "
                          f"Save it to keep it.{more}", 0)

    def shutdown(self) -> None:
        self._autosave_timer.stop()

    def close(self) -> None:
        """Clean exit: nothing is left to recover."""
        self.shutdown()
        if self.autosave is not None:
            self.autosave.close()
