"""The main window, a view: editor, gauge and suggestions side by side, the status bar, the menus' dialogs.
The work is done by the controllers (gui/controllers); gui/app.py builds both and wires them."""
from __future__ import annotations

import html
from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QGuiApplication, QKeySequence
from PySide6.QtWidgets import (
    QApplication,
    QFileDialog,
    QLabel,
    QMainWindow,
    QMessageBox,
    QProgressBar,
    QSplitter,
    QVBoxLayout,
    QWidget,
)

from .about import AboutDialog, about_html
from .documents import FILE_FILTER
from .panels.review import ReviewDialog
from .theme import apply_theme, resolve_theme

if TYPE_CHECKING:
    from .controllers.documents import DocumentsController
    from .controllers.models import ModelsController
    from .controllers.scoring import ScoringController
    from .controllers.suggestions import SuggestionsController
    from .workers import TaskRunner

PROGRESS_MIN_PARAGRAPHS = 40  # a shorter job finishes before a bar would be worth showing
SIDE_MIN_WIDTH = 220  # narrower and the rewrite cards wrap into a word per line
SIDE_DEFAULT_WIDTH = 420


class MainWindow(QMainWindow):
    themeChanged = Signal()  # the panels show the new theme; what they hold must be drawn again
    closed = Signal()  # the user closed the window (not only shut down): nothing is left to recover
    # The controllers behind the view, set by gui/app.py assemble() (the menus and dialogs are wired to them).
    documents: DocumentsController
    models: ModelsController
    scoring: ScoringController
    suggesting: SuggestionsController
    tasks: TaskRunner

    def __init__(self, *, settings, editor, scores, suggestions, bundled_root):
        super().__init__()
        self.settings, self.bundled_root = settings, bundled_root
        self.editor, self.scores, self.suggestions = editor, scores, suggestions
        self.theme = editor.theme
        self.last_error: str | None = None
        self.review_dialog: ReviewDialog | None = None  # the last review opened (accept all)
        self.actions_by_name: dict = {}
        self._messages: list = []  # open message boxes and dialogs, closed with the window
        self._dialogs: dict[str, QWidget] = {}
        self._dialog_factories: dict[str, Callable[[], QWidget]] = {}
        self._closing: list[Callable[[], bool]] = []  # each may veto closing (unsaved text)
        self._shutdowns: list[Callable[[], None]] = []
        self._closed = False
        self.setObjectName("main_window")
        self.setAccessibleName("Keigo")
        self.setWindowTitle("Keigo")

        side = QWidget()
        side.setObjectName("side_panel")
        side_lay = QVBoxLayout(side)
        side_lay.setContentsMargins(12, 12, 12, 12)
        side_lay.setSpacing(14)
        side_lay.addWidget(scores)
        side_lay.addWidget(suggestions, 1)
        side.setMinimumWidth(SIDE_MIN_WIDTH)
        self.side = side
        self.splitter = QSplitter(Qt.Orientation.Horizontal)
        self.splitter.setObjectName("splitter")
        self.splitter.addWidget(editor)
        self.splitter.addWidget(side)
        self.splitter.setStretchFactor(0, 3)
        self.splitter.setStretchFactor(1, 2)
        # The side panel can be dragged narrower or shut (its handle, or View > Side Panel); the text never.
        self.splitter.setCollapsible(0, False)
        self.splitter.setCollapsible(1, True)
        self.splitter.splitterMoved.connect(self._on_splitter_moved)
        self._side_width = SIDE_DEFAULT_WIDTH  # what the panel comes back to when it is shown again
        self.setCentralWidget(self.splitter)

        self.progress = QProgressBar()
        self.progress.setObjectName("scoring_progress")
        self.progress.setAccessibleName("Scoring progress")
        self.progress.setMaximumWidth(180)
        self.progress.setFormat("Scoring %p%")
        self.progress.hide()
        self.models_label = QLabel("Loading models…")
        self.models_label.setAccessibleName("Active models")
        self.doc_label = QLabel()
        self.doc_label.setAccessibleName("Document encoding and line endings")
        sb = self.statusBar()
        sb.setObjectName("status_bar")
        sb.addPermanentWidget(self.progress)
        sb.addPermanentWidget(self.doc_label)
        sb.addPermanentWidget(self.models_label)

        editor.document().modificationChanged.connect(self.setWindowModified)
        QGuiApplication.styleHints().colorSchemeChanged.connect(self._on_system_scheme)
        self._restore_geometry()

    # ------------------------------------------------------------------ what the controllers show

    def notify(self, text: str, timeout_ms: int = 8000) -> None:
        self.statusBar().showMessage(text, timeout_ms)

    def show_error(self, title: str, text: str) -> None:
        """Window-modal but non-blocking: the event loop (and the background scoring) keeps running."""
        self.last_error = text
        box = QMessageBox(QMessageBox.Icon.Warning, title, text, QMessageBox.StandardButton.Ok, self)
        box.setAccessibleName(title)
        self._keep(box)
        box.open()
        self.notify(text)

    def show_document(self, name: str, format_label: str) -> None:
        self.setWindowTitle(f"{name}[*] — Keigo")
        self.setWindowModified(self.editor.document().isModified())
        self.doc_label.setText(format_label)

    def show_models(self, text: str, tooltip: str) -> None:
        self.models_label.setText(text)
        self.models_label.setToolTip(tooltip)

    def show_progress(self, done: int, total: int) -> None:
        if total >= PROGRESS_MIN_PARAGRAPHS and done < total:
            self.progress.setMaximum(total)
            self.progress.setValue(done)
            self.progress.show()
        else:
            self.progress.hide()

    # ------------------------------------------------------------------ what the controllers ask

    def ask_unsaved(self, name: str) -> QMessageBox.StandardButton:
        buttons = QMessageBox.StandardButton
        return QMessageBox.question(self, "Unsaved changes", f"Save the changes to {name} before closing it?",
                                    buttons.Save | buttons.Discard | buttons.Cancel, buttons.Save)

    def ask_open_path(self, start: str) -> str:
        return QFileDialog.getOpenFileName(self, "Open", start, FILE_FILTER)[0]

    def ask_save_path(self, start: str) -> tuple[str, str]:
        return QFileDialog.getSaveFileName(self, "Save As", start, FILE_FILTER)

    # ------------------------------------------------------------------ theme

    def set_theme(self, choice: str) -> None:
        self.settings.theme = choice
        self._apply_theme(choice)

    def _on_system_scheme(self, *_) -> None:
        if self.settings.theme == "system":
            self._apply_theme("system")

    def _apply_theme(self, choice: str) -> None:
        theme = self.theme = resolve_theme(choice)
        apply_theme(QApplication.instance(), theme)
        self.editor.set_view(theme, self.editor.target)
        self.scores.set_theme(theme)
        self.suggestions.theme = theme
        self.themeChanged.emit()

    # ------------------------------------------------------------------ the side panel

    sidePanelToggled = Signal(bool)  # shown

    def side_panel_shown(self) -> bool:
        return self.splitter.sizes()[1] > 0

    def set_side_panel(self, shown: bool) -> None:
        """Show or shut the gauge and suggestions; the choice is remembered with the window (settings)."""
        sizes = self.splitter.sizes()
        total = sum(sizes)
        if shown == (sizes[1] > 0):
            return
        if shown:
            width = min(max(self._side_width, SIDE_MIN_WIDTH), max(SIDE_MIN_WIDTH, total - 200))
            self.splitter.setSizes([max(1, total - width), width])
        else:
            self._side_width = sizes[1]
            self.splitter.setSizes([total, 0])
        self.settings.splitter_state = self.splitter.saveState()
        self.sidePanelToggled.emit(shown)

    def toggle_side_panel(self) -> None:
        self.set_side_panel(not self.side_panel_shown())

    def _on_splitter_moved(self, *_) -> None:
        width = self.splitter.sizes()[1]
        if width > 0:
            self._side_width = width
        self.settings.splitter_state = self.splitter.saveState()
        self.sidePanelToggled.emit(width > 0)

    # ------------------------------------------------------------------ dialogs

    def add_dialog(self, name: str, factory: Callable[[], QWidget]) -> None:
        """A dialog the menus open, built on first use (start-up does not pay for it)."""
        self._dialog_factories[name] = factory

    def dialog(self, name: str) -> QWidget | None:
        """The dialog if it was opened before, else None."""
        return self._dialogs.get(name)

    def _open_dialog(self, name: str) -> QWidget:
        dialog = self._dialogs.get(name)
        if dialog is None:
            dialog = self._dialogs[name] = self._dialog_factories[name]()
        dialog.show()
        dialog.raise_()
        return dialog

    def show_models_dialog(self):
        return self._open_dialog("models")

    def show_train_panel(self):
        return self._open_dialog("train")

    def open_review(self, items) -> ReviewDialog:
        """The review before a bulk accept; window-modal, non-blocking (the scoring keeps running)."""
        dialog = self.review_dialog = ReviewDialog(items, self.theme, self)
        dialog.setWindowModality(Qt.WindowModality.WindowModal)
        self._keep(dialog)
        dialog.open()
        return dialog

    def show_about(self) -> AboutDialog:
        dialog = AboutDialog(about_html(self.bundled_root, self.models_label.text()), self)
        self._keep(dialog)
        dialog.open()
        return dialog

    def show_shortcuts(self) -> QMessageBox:
        native = QKeySequence.SequenceFormat.NativeText
        rows = "".join(
            f"<tr><td>{html.escape(name)}</td>"
            f"<td><b>{html.escape(', '.join(s.toString(native) for s in act.shortcuts()))}</b></td></tr>"
            for name, act in self.actions_by_name.items()
            if act.shortcuts()
        )
        box = QMessageBox(self)
        box.setWindowTitle("Keyboard shortcuts")
        box.setAccessibleName("Keyboard shortcuts")
        box.setTextFormat(Qt.TextFormat.RichText)
        box.setText(f"<table cellspacing=4>{rows}</table>")
        self._keep(box)
        box.open()
        return box

    def _keep(self, box) -> None:
        self._messages.append(box)
        box.finished.connect(lambda _=0, b=box: self._messages.remove(b) if b in self._messages else None)

    # ------------------------------------------------------------------ lifecycle

    def add_close_check(self, may_close: Callable[[], bool]) -> None:
        """Asked before the window closes; False keeps it open (unsaved text, a training run)."""
        self._closing.append(may_close)

    def add_shutdown(self, stop: Callable[[], None]) -> None:
        """Run once when the window goes away, in the order added."""
        self._shutdowns.append(stop)

    def _restore_geometry(self) -> None:
        geo = self.settings.geometry
        if geo is not None:
            self.restoreGeometry(geo)
        else:
            self.resize(1240, 800)
        st = self.settings.splitter_state
        if st is not None:
            self.splitter.restoreState(st)
        else:
            self.splitter.setSizes([760, SIDE_DEFAULT_WIDTH])
        if self.splitter.sizes()[1] > 0:
            self._side_width = self.splitter.sizes()[1]

    def shutdown(self) -> None:
        """Stop every controller's work and close the dialogs; safe to call twice."""
        if self._closed:
            return
        self._closed = True
        self.editor.word_card.dismiss()
        for stop in self._shutdowns:
            stop()
        for box in list(self._messages):
            box.close()
        for dialog in self._dialogs.values():  # the Models dialog and the Train panel go with the window
            dialog.close()

    def closeEvent(self, event) -> None:
        if not self._closed and not all(ask() for ask in self._closing):
            event.ignore()
            return
        self.settings.geometry = self.saveGeometry()
        self.settings.splitter_state = self.splitter.saveState()
        self.settings.sync()
        self.shutdown()
        self.closed.emit()
        event.accept()
