"""The main window: editor, gauge, suggestions, documents, models and settings wired together."""
from __future__ import annotations

import html
import platform
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from PySide6.QtCore import Qt, QTimer, Signal, Slot
from PySide6.QtGui import QAction, QActionGroup, QGuiApplication, QKeySequence, QTextCursor
from PySide6.QtWidgets import (
    QApplication,
    QDialog,
    QDialogButtonBox,
    QFileDialog,
    QLabel,
    QMainWindow,
    QMessageBox,
    QProgressBar,
    QSplitter,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
)

from engine.errors import InputError, KeigoError
from engine.paths import bundled_models_dir
from engine.types import Rewrite

from . import engine_host
from .documents import FILE_FILTER, AutosaveStore, Recovery, TextFormat, read_document, write_document
from .panels.editor import EditorPanel
from .panels.models import ModelsDialog
from .panels.scores import ScoresPanel
from .panels.suggestions import ListEntry, SuggestionsPanel
from .settings import AppSettings
from .theme import Theme, apply_theme, resolve_theme
from .workers import EngineRefs, RewriteDispatcher, ScoringDispatcher, TaskRunner

LIST_LIMIT = 300  # informal sentences listed at once; the count in the gauge is always complete
CURSOR_DEBOUNCE_MS = 350


@dataclass
class CursorSuggestion:
    tracker: QTextCursor  # selects the sentence; Qt keeps it on the same characters while the text changes
    source: str
    score: float | None
    request_id: int = 0
    rewrite: Rewrite | None = None

    def still_valid(self) -> bool:
        return self.tracker.selectedText() == self.source


def _version(dist: str, module: str | None = None) -> str:
    try:
        from importlib.metadata import version

        return version(dist)
    except Exception:  # noqa: BLE001 (a boundary: reported to the user, the app keeps running)
        try:
            mod = __import__(module or dist)
            return str(getattr(mod, "__version__", "unknown"))
        except Exception:  # noqa: BLE001 (a boundary: reported to the user, the app keeps running)
            return "not installed"


def _keigo_version() -> str:
    v = _version("keigo", "keigo")
    if v not in ("unknown", "not installed"):
        return v
    try:  # a source checkout that was not pip-installed
        import tomllib

        pyproject = Path(__file__).resolve().parent.parent / "pyproject.toml"
        return str(tomllib.loads(pyproject.read_text(encoding="utf-8"))["project"]["version"]) + " (source checkout)"
    except (OSError, KeyError, ValueError):
        return "(development)"


class AboutDialog(QDialog):
    """Scrollable, selectable About text: licences are long and people copy them."""

    def __init__(self, html_text: str, parent=None):
        super().__init__(parent)
        self.setWindowTitle("About Keigo")
        self.setAccessibleName("About Keigo")
        self.resize(680, 560)
        self._html = html_text
        lay = QVBoxLayout(self)
        browser = QTextBrowser()
        browser.setAccessibleName("About Keigo text")
        browser.setOpenExternalLinks(False)
        browser.setHtml(html_text)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        lay.addWidget(browser)
        lay.addWidget(buttons)

    def text(self) -> str:
        return self._html


class MainWindow(QMainWindow):
    modelsReady = Signal()  # the first models are loaded, or a switch finished (either way)
    scoringIdle = Signal()
    suggestionShown = Signal()
    listUpdated = Signal()

    def __init__(
        self,
        *,
        settings: AppSettings,
        registry,
        segment: Callable,
        autosave_dir: Path | None = None,
        recover: bool = True,
        bundled_root: Path | None = None,
        load_models: Callable | None = None,
    ):
        super().__init__()
        self.settings, self.registry, self.segment = settings, registry, segment
        self.bundled_root = Path(bundled_root) if bundled_root else bundled_models_dir()
        self._load_models = load_models or (lambda: engine_host.load_models(self.registry))
        self.path: Path | None = None
        self.format = TextFormat()
        self.engine = EngineRefs(segment, None, None, 0)
        self.model_notes: list[str] = []
        self.models_loaded = False
        self.last_error: str | None = None
        self.recovered: Recovery | None = None
        self.suggestion: CursorSuggestion | None = None
        self._entries: list[tuple[ListEntry, QTextCursor]] = []
        self._dismissed: set[str] = set()
        self._closed = False
        self._messages: list[QMessageBox] = []

        self.theme: Theme = resolve_theme(settings.theme)
        app = QApplication.instance()
        apply_theme(app, self.theme)
        self.setWindowTitle("Keigo")
        self.setObjectName("main_window")
        self.setAccessibleName("Keigo")

        target = settings.target
        self.editor = EditorPanel(self.theme, target, segment)
        self.scores = ScoresPanel(self.theme, target)
        self.suggestions = SuggestionsPanel(self.theme)
        side = QWidget()
        side.setObjectName("side_panel")
        side_lay = QVBoxLayout(side)
        side_lay.setContentsMargins(12, 12, 12, 12)
        side_lay.setSpacing(14)
        side_lay.addWidget(self.scores)
        side_lay.addWidget(self.suggestions, 1)
        side.setMinimumWidth(340)
        self.splitter = QSplitter(Qt.Orientation.Horizontal)
        self.splitter.setObjectName("splitter")
        self.splitter.addWidget(self.editor)
        self.splitter.addWidget(side)
        self.splitter.setStretchFactor(0, 3)
        self.splitter.setStretchFactor(1, 2)
        self.splitter.setChildrenCollapsible(False)
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

        # background work
        self.scoring = ScoringDispatcher(
            collect=self.editor.collect,
            apply=lambda results: self.editor.apply_results(results, self.editor.target, self.engine.epoch),
            revision=lambda: self.editor.revision,
            target=lambda: self.editor.target,
            parent=self,
        )
        self.rewrites = RewriteDispatcher(self)
        self.rewrites.set_params(settings.beam, settings.nbest, settings.target)
        self.tasks = TaskRunner(self)
        self.scoring.progress.connect(self._on_progress)
        self.scoring.applied.connect(lambda: self._stats_timer.start())
        self.scoring.idle.connect(self._on_scoring_idle)
        self.scoring.failed.connect(lambda msg: self.notify(f"Scoring failed: {msg}"))
        self.rewrites.cursorReady.connect(self._on_cursor_rewrite)
        self.rewrites.listReady.connect(self._on_list_rewrites)
        self.rewrites.listProgress.connect(self._on_list_progress)
        self.rewrites.failed.connect(lambda msg: self.notify(f"Rewriting failed: {msg}"))

        self._stats_timer = QTimer(self, singleShot=True, interval=250)
        self._stats_timer.timeout.connect(self._update_stats)
        self._cursor_timer = QTimer(self, singleShot=True, interval=CURSOR_DEBOUNCE_MS)
        self._cursor_timer.timeout.connect(self.refresh_cursor_suggestion)

        self.editor.textEdited.connect(self._on_text_edited)
        self.editor.verticalScrollBar().valueChanged.connect(lambda _=0: self.scoring.schedule())
        self.editor.cursorPositionChanged.connect(self._cursor_timer.start)
        self.editor.fileDropped.connect(self.open_path_prompting)
        self.editor.document().modificationChanged.connect(self.setWindowModified)
        self.scores.targetChanged.connect(self.set_target)
        self.suggestions.acceptRequested.connect(self.accept_suggestion)
        self.suggestions.dismissRequested.connect(self.dismiss_suggestion)
        self.suggestions.listActivated.connect(self.go_to_entry)
        self.suggestions.listAcceptRequested.connect(self.accept_entry)
        self.suggestions.listDismissRequested.connect(self.dismiss_entry)
        self.suggestions.acceptAllRequested.connect(self.accept_all)
        QGuiApplication.styleHints().colorSchemeChanged.connect(self._on_system_scheme)

        self._build_actions()
        self._update_title()
        self._update_doc_label()
        self._restore_geometry()

        # documents: autosave + crash recovery
        self.autosave: AutosaveStore | None = AutosaveStore(autosave_dir) if autosave_dir else None
        self._autosaved_revision = -1
        self._autosave_timer = QTimer(self, interval=int(settings.autosave_interval_s * 1000))
        self._autosave_timer.timeout.connect(self.autosave_now)
        if self.autosave is not None:
            if recover:
                self._recover()
            self._autosave_timer.start()

        self.scores.set_stats(None, 0, 0)
        self.tasks.run(self._load_models, self._on_models_loaded, self._on_models_failed)

    # ------------------------------------------------------------------------------------------ actions

    def _action(self, menu, text: str, slot, shortcut=None, tip: str | None = None) -> QAction:
        act = QAction(text, self)
        if shortcut is not None:
            act.setShortcuts(shortcut if isinstance(shortcut, list) else [QKeySequence(shortcut)])
            act.setShortcutContext(Qt.ShortcutContext.WindowShortcut)
        if tip:
            act.setStatusTip(tip)
        act.triggered.connect(slot)
        menu.addAction(act)
        self.addAction(act)  # shortcuts work even when the menu bar is hidden
        self.actions_by_name[text.replace("&", "").rstrip("…")] = act
        return act

    def _build_actions(self) -> None:
        self.actions_by_name: dict[str, QAction] = {}
        mb = self.menuBar()
        m = mb.addMenu("&File")
        self._action(m, "&New", self.new_document, QKeySequence.StandardKey.New)
        self._action(m, "&Open…", lambda: self.open_document(), QKeySequence.StandardKey.Open)
        self.recent_menu = m.addMenu("Open &Recent")
        self.recent_menu.aboutToShow.connect(self._fill_recent)
        self._fill_recent()
        m.addSeparator()
        self._action(m, "&Save", self.save, QKeySequence.StandardKey.Save)
        self._action(m, "Save &As…", lambda: self.save_as(), QKeySequence("Ctrl+Shift+S"))
        m.addSeparator()
        self._action(m, "&Quit", self.close, QKeySequence("Ctrl+Q"))

        m = mb.addMenu("&Edit")
        self._action(m, "&Undo", self.editor.undo, QKeySequence.StandardKey.Undo)
        self._action(m, "&Redo", self.editor.redo, [QKeySequence("Ctrl+Shift+Z"), QKeySequence("Ctrl+Y")])
        m.addSeparator()
        self._action(m, "Cu&t", self.editor.cut, QKeySequence.StandardKey.Cut)
        self._action(m, "&Copy", self.editor.copy, QKeySequence.StandardKey.Copy)
        self._action(m, "&Paste", self.editor.paste, QKeySequence.StandardKey.Paste)
        self._action(m, "Select &All", self.editor.selectAll, QKeySequence.StandardKey.SelectAll)

        m = mb.addMenu("&Suggestions")
        self._action(m, "&Accept Suggestion", lambda: self.accept_suggestion(0), QKeySequence("Ctrl+Return"))
        for i in range(1, 5):
            self._action(m, f"Accept Rewrite {i + 1}", lambda _=False, i=i: self.accept_suggestion(i),
                         QKeySequence(f"Alt+{i + 1}"))
        self._action(m, "&Dismiss Suggestion", self.dismiss_suggestion, QKeySequence("Ctrl+D"))
        self._action(m, "Accept A&ll", self.accept_all, QKeySequence("Ctrl+Shift+Return"))
        m.addSeparator()
        self._action(m, "&Next Informal Sentence", lambda: self.jump_informal(+1), QKeySequence("F8"))
        self._action(m, "&Previous Informal Sentence", lambda: self.jump_informal(-1), QKeySequence("Shift+F8"))
        self._action(m, "&Rewrite Sentence Now", lambda: self.refresh_cursor_suggestion(force=True), QKeySequence("F7"))
        m.addSeparator()
        beam_menu = m.addMenu("&Beam Width")
        group = QActionGroup(self)
        for beam in (1, 2, 4, 8):
            act = beam_menu.addAction(f"&{beam}" + (" (fastest)" if beam == 1 else ""))
            act.setCheckable(True)
            act.setChecked(self.settings.beam == beam)
            act.triggered.connect(lambda _=False, b=beam: self.set_rewrite_params(beam=b))
            group.addAction(act)
        nbest_menu = m.addMenu("Rewrites per &Sentence")
        group = QActionGroup(self)
        for n in (1, 2, 3, 5):
            act = nbest_menu.addAction(f"&{n}")
            act.setCheckable(True)
            act.setChecked(self.settings.nbest == n)
            act.triggered.connect(lambda _=False, k=n: self.set_rewrite_params(nbest=k))
            group.addAction(act)

        m = mb.addMenu("&View")
        self._action(m, "&Raise Target Formality", lambda: self.nudge_target(+0.05), QKeySequence("Ctrl+]"))
        self._action(m, "&Lower Target Formality", lambda: self.nudge_target(-0.05), QKeySequence("Ctrl+["))
        m.addSeparator()
        theme_menu = m.addMenu("&Theme")
        group = QActionGroup(self)
        for name, key in (("system", "Ctrl+Shift+1"), ("light", "Ctrl+Shift+2"), ("dark", "Ctrl+Shift+3")):
            act = self._action(theme_menu, f"{name.capitalize()} Theme", lambda _=False, n=name: self.set_theme(n),
                               QKeySequence(key))
            act.setCheckable(True)
            act.setChecked(self.settings.theme == name)
            group.addAction(act)
        m.addSeparator()
        self._action(m, "Focus &Editor", self.editor.setFocus, QKeySequence("Ctrl+1"))
        self._action(m, "Focus &Suggestions", self._focus_suggestions, QKeySequence("Ctrl+2"))

        m = mb.addMenu("&Models")
        self._action(m, "&Manage Models…", self.show_models_dialog, QKeySequence("Ctrl+Shift+M"))
        self._action(m, "&Train Models…", self.show_train_panel, QKeySequence("Ctrl+Shift+T"))

        m = mb.addMenu("&Help")
        self._action(m, "&Keyboard Shortcuts", self.show_shortcuts, QKeySequence("Ctrl+/"))
        self._action(m, "&About Keigo", self.show_about, QKeySequence("F1"))

    def _focus_suggestions(self) -> None:
        if self.suggestions.candidate_buttons:
            self.suggestions.candidate_buttons[0].setFocus()
        else:
            self.suggestions.list.setFocus()

    # ------------------------------------------------------------------------------------------ messages

    def notify(self, text: str, timeout_ms: int = 8000) -> None:
        self.statusBar().showMessage(text, timeout_ms)

    def show_error(self, title: str, text: str) -> None:
        """Window-modal but non-blocking: the event loop (and the background scoring) keeps running."""
        self.last_error = text
        box = QMessageBox(QMessageBox.Icon.Warning, title, text, QMessageBox.StandardButton.Ok, self)
        box.setAccessibleName(title)
        box.finished.connect(lambda _=0, b=box: self._messages.remove(b) if b in self._messages else None)
        self._messages.append(box)
        box.open()
        self.notify(text)

    def ask_unsaved(self) -> QMessageBox.StandardButton:
        name = self.path.name if self.path else "Untitled"
        return QMessageBox.question(
            self,
            "Unsaved changes",
            f"Save the changes to {name} before closing it?",
            QMessageBox.StandardButton.Save | QMessageBox.StandardButton.Discard | QMessageBox.StandardButton.Cancel,
            QMessageBox.StandardButton.Save,
        )

    # ------------------------------------------------------------------------------------------ models

    def _on_models_loaded(self, loaded: engine_host.LoadedModels) -> None:
        self.model_notes = list(loaded.notes)
        self.models_loaded = True
        self._install(loaded.scorer, loaded.rewriter)
        if loaded.notes:
            self.notify(" ".join(loaded.notes), 15000)
        self.modelsReady.emit()

    def _on_models_failed(self, exc: Exception) -> None:
        self.models_loaded = True
        self.model_notes = [f"Models failed to load: {exc}"]
        self._install(None, None)
        self.show_error("Models", f"Keigo could not load its models: {exc}")
        self.modelsReady.emit()

    def _install(self, scorer, rewriter) -> None:
        """The hot swap: one reference replaced on the GUI thread; the document is re-scored in the background."""
        epoch = self.engine.epoch + 1
        self.engine = EngineRefs(self.segment, scorer, rewriter, epoch)
        self.editor.invalidate_all(epoch)
        self.rewrites.set_engine(rewriter, epoch)
        self.scoring.set_engine(self.engine)
        if scorer is None:
            note = next((n for n in self.model_notes if "scorer" in n), "No formality scorer installed.")
            self.scores.set_unavailable(note)
        else:
            self.scores.set_available()
        self._update_models_label()
        self.suggestion = None
        self.refresh_cursor_suggestion()

    def _update_models_label(self) -> None:
        s, r = self.engine.scorer, self.engine.rewriter
        device = engine_host.provider_summary(s, r)
        scorer = f"Scorer: {engine_host.describe_short(s)}" if s is not None else "No formality scorer installed"
        self.models_label.setText(f"{scorer} · Rewriter: {engine_host.describe_short(r)} · {device}")
        full = (f"Scorer: {engine_host.describe(s) if s is not None else 'none installed'}\n"
                f"Rewriter: {engine_host.describe(r)}\n{device}")
        self.models_label.setToolTip("\n".join([full, *self.model_notes]))

    def show_models_dialog(self) -> ModelsDialog:
        dialog = getattr(self, "_models_dialog", None)
        if dialog is None:
            dialog = ModelsDialog(self.registry, self)
            dialog.switchRequested.connect(self.switch_model)
            dialog.rollbackRequested.connect(self.rollback_model)
            dialog.verifyRequested.connect(self.verify_model)
            self._models_dialog = dialog
        dialog.refresh()
        dialog.show()
        dialog.raise_()
        return dialog

    def show_train_panel(self):
        """The Train panel (built on first use; imported lazily so start-up does not pay for it)."""
        panel = getattr(self, "_train_panel", None)
        if panel is None:
            from .panels.train import TrainPanel

            panel = self._train_panel = TrainPanel(self)
        panel.show()
        panel.raise_()
        return panel

    def _models_result(self, message: str) -> None:
        self.notify(message, 12000)
        dialog = getattr(self, "_models_dialog", None)
        if dialog is not None:
            dialog.show_result(message)

    def _swap_role(self, role: str, model) -> None:
        scorer, rewriter = self.engine.scorer, self.engine.rewriter
        if role == engine_host.LIVE_SCORER_ROLE:
            scorer = model
            self.model_notes = [n for n in self.model_notes if "scorer" not in n]
        elif role == engine_host.REWRITER_ROLE:
            rewriter = model
            self.model_notes = [n for n in self.model_notes if "rewriter" not in n]
        else:
            return
        self._install(scorer, rewriter)

    def switch_model(self, role: str, version: str) -> None:
        """Load + warm the new version in a worker; only then swap it in. On failure nothing changes."""
        if self.registry is None:
            self._models_result("The model registry is unavailable.")
            return
        self.notify(f"Loading {role} {version}…", 0)

        def done(model):
            self._swap_role(role, model)
            self._models_result(f"Now using {role} {version}.")
            self.modelsReady.emit()

        def failed(exc):
            self._models_result(f"Could not switch {role} to {version}: {exc}. Keigo stays on the current version.")
            self.modelsReady.emit()

        self.tasks.run(lambda: engine_host.switch_model(self.registry, role, version), done, failed)

    def rollback_model(self, role: str) -> None:
        if self.registry is None:
            return
        self.notify(f"Rolling back {role}…", 0)

        def done(model):
            self._swap_role(role, model)
            version = getattr(getattr(model, "info", None), "version", "?")
            self._models_result(f"Rolled {role} back to {version}.")
            self.modelsReady.emit()

        def failed(exc):
            self._models_result(f"Could not roll back {role}: {exc}. Keigo stays on the current version.")
            self.modelsReady.emit()

        self.tasks.run(lambda: engine_host.rollback_model(self.registry, role), done, failed)

    def verify_model(self, role: str, version: str) -> None:
        def done(results):
            problems = []
            for r in results or []:
                probs = getattr(r, "problems", None)
                if probs is None and isinstance(r, dict):
                    probs = r.get("problems")
                problems.extend(probs or [])
            msg = f"{role} {version}: all files verified." if not problems else (
                f"{role} {version} has problems: " + "; ".join(map(str, problems[:5])))
            self._models_result(msg)

        self.tasks.run(lambda: self.registry.verify(role, version), done,
                       lambda exc: self._models_result(f"Verification failed: {exc}"))

    # ------------------------------------------------------------------------------------------ scoring

    def _on_text_edited(self) -> None:
        # The gauge follows when the re-score lands (applied/idle), not on every keystroke: in a 1 MB
        # document a full recount per pause in typing would be a visible hitch.
        self.scoring.schedule()
        self._cursor_timer.start()

    @Slot(int, int)
    def _on_progress(self, done: int, total: int) -> None:
        if total >= 40 and done < total:
            self.progress.setMaximum(total)
            self.progress.setValue(done)
            self.progress.show()
        else:
            self.progress.hide()

    def _update_stats(self) -> None:
        if self.engine.scorer is None:
            return
        value, informal, scored = self.editor.stats(self.editor.target)
        self.scores.set_stats(value, informal, scored, scoring=self.scoring.busy)

    def _on_scoring_idle(self) -> None:
        self.progress.hide()
        self._update_stats()
        self.rebuild_list()
        self.scoringIdle.emit()

    def set_target(self, value: float) -> None:
        value = round(min(0.95, max(0.05, value)), 2)
        self.settings.target = value
        if abs(self.scores.target - value) > 1e-9:
            self.scores.set_target(value)  # emits targetChanged -> back here once
            return
        self.editor.set_view(self.theme, value)
        self.rewrites.set_params(self.settings.beam, self.settings.nbest, value)
        self.scoring.schedule(immediate=True)
        self._update_stats()
        self.suggestion = None
        self.refresh_cursor_suggestion()

    def set_rewrite_params(self, beam: int | None = None, nbest: int | None = None) -> None:
        if beam is not None:
            self.settings.beam = beam
        if nbest is not None:
            self.settings.nbest = nbest
        self.rewrites.set_params(self.settings.beam, self.settings.nbest, self.settings.target)
        self.suggestion = None
        self.refresh_cursor_suggestion()
        self.rebuild_list()

    def nudge_target(self, delta: float) -> None:
        self.set_target(self.scores.target + delta)

    def set_theme(self, choice: str) -> None:
        self.settings.theme = choice
        self._apply_theme(resolve_theme(choice))

    def _on_system_scheme(self, *_):
        if self.settings.theme == "system":
            self._apply_theme(resolve_theme("system"))

    def _apply_theme(self, theme: Theme) -> None:
        self.theme = theme
        apply_theme(QApplication.instance(), theme)
        self.editor.set_view(theme, self.editor.target)
        self.scores.set_theme(theme)
        self.suggestions.theme = theme
        self.scoring.schedule(immediate=True)
        self.suggestion = None
        self.refresh_cursor_suggestion()

    # ------------------------------------------------------------------------------------------ suggestions

    def refresh_cursor_suggestion(self, force: bool = False) -> None:
        if self._closed:
            return
        ref = self.editor.sentence_at(self.editor.textCursor().position())
        panel = self.suggestions
        if ref is None:
            self.suggestion = None
            panel.show_message("Place the cursor in a sentence to see a formal rewrite.")
            return
        s = self.suggestion
        if s is not None and s.source == ref.text and s.tracker.selectionStart() == ref.start and s.still_valid():
            return  # same sentence, nothing changed
        target = self.editor.target if self.engine.scorer is not None else None
        if not force and target is not None and ref.score is not None and ref.score >= target:
            # Rewriting every formal sentence the cursor passes would keep a neural rewriter busy for nothing.
            self.suggestion = None
            panel.show_message("Formal enough for your target. Press F7 to get a rewrite anyway.",
                               ref.text, ref.score, target)
            return
        if ref.text in self._dismissed:
            self.suggestion = None
            panel.show_message("Suggestion dismissed for this sentence.", ref.text, ref.score, target)
            return
        if self.engine.rewriter is None:
            self.suggestion = None
            panel.show_message("No rewriter is available." if self.models_loaded else "Loading models…",
                               ref.text, ref.score, target)
            return
        self.suggestion = CursorSuggestion(ref.cursor(self.editor.document()), ref.text, ref.score)
        cached = self.rewrites.cached(ref.text)
        if cached is not None and not (force and "already_formal" in cached.flags):
            self._show_cursor(cached)
            return
        self.suggestion.request_id = self.rewrites.request_cursor(ref.text, force=force)
        panel.show_pending(ref.text, ref.score, target)

    def _show_cursor(self, rewrite: Rewrite) -> None:
        s = self.suggestion
        s.rewrite = rewrite
        target = self.editor.target if self.engine.scorer is not None else None
        self.suggestions.show_suggestion(s.source, rewrite, s.score, target)
        self.suggestionShown.emit()

    @Slot(int, object)
    def _on_cursor_rewrite(self, request_id: int, rewrite: Rewrite) -> None:
        s = self.suggestion
        if s is None or s.request_id != request_id or rewrite.source != s.source:
            return  # the cursor moved on; the rewrite stays cached for when it comes back
        if not s.still_valid():
            self.suggestion = None
            self.refresh_cursor_suggestion()
            return
        self._show_cursor(rewrite)

    def _apply(self, tracker: QTextCursor, source: str, replacement: str) -> bool:
        """Replace a sentence, one undo step, only if the document still holds exactly the source there."""
        if tracker.selectedText() != source:
            return False
        c = QTextCursor(tracker)
        c.beginEditBlock()
        c.insertText(replacement)
        c.endEditBlock()
        return True

    def accept_suggestion(self, index: int = 0) -> bool:
        s = self.suggestion
        if s is None or s.rewrite is None:
            self.notify("No suggestion to accept.")
            return False
        cands = [c for c in s.rewrite.candidates if c.text.strip() and c.text != s.source]
        if index >= len(s.rewrite.candidates) or s.rewrite.candidates[index] not in cands:
            self.notify("There is no such rewrite for this sentence.")
            return False
        if not self._apply(s.tracker, s.source, s.rewrite.candidates[index].text):
            self.notify("The sentence changed after this suggestion was made, so it was not applied.")
            self.suggestion = None
            self.refresh_cursor_suggestion()
            return False
        self.notify("Rewrite applied (Ctrl+Z undoes it).")
        self.suggestion = None
        self._cursor_timer.start()
        return True

    def dismiss_suggestion(self) -> None:
        s = self.suggestion
        if s is None:
            return
        self._dismissed.add(s.source)
        self.suggestion = None
        self.refresh_cursor_suggestion()
        self.rebuild_list()

    # ------------------------------------------------------------------------------------------ informal list

    def rebuild_list(self) -> None:
        self.suggestions.set_list_available(self.engine.scorer is not None)
        if self.engine.scorer is None:
            self._entries = []
            self.suggestions.set_list([], note="No formality scorer installed, so informal sentences cannot be "
                                               "listed. The sentence at the cursor still gets a rewrite.")
            self.listUpdated.emit()
            return
        target, doc = self.editor.target, self.editor.document()
        shown = self.editor.informal_sentences(target, LIST_LIMIT + 1, self._dismissed)
        more = len(shown) > LIST_LIMIT
        shown = shown[:LIST_LIMIT]
        self._entries = []
        for ref in shown:
            cached = self.rewrites.cached(ref.text)
            self._entries.append((ListEntry(ref.text, ref.score, cached.best if cached else None), ref.cursor(doc)))
        note = f"Showing the first {LIST_LIMIT}; accept or dismiss some to see more." if more else ""
        self.suggestions.set_list([e for e, _ in self._entries], note=note)
        self.rewrites.request_list([e.source for e, _ in self._entries if e.best is None])
        self.listUpdated.emit()

    def _on_list_rewrites(self, rewrites: list[Rewrite]) -> None:
        best = {r.source: r.best for r in rewrites}
        for i, (entry, _) in enumerate(self._entries):
            if entry.source in best:
                entry.best = best[entry.source]
                self.suggestions.update_entry(i, entry)
        self.listUpdated.emit()

    def _on_list_progress(self, done: int, total: int) -> None:
        extra = f"Showing the first {LIST_LIMIT}. " if len(self._entries) >= LIST_LIMIT else ""
        self.suggestions.set_list_note(extra + (f"Rewriting {done} of {total}…" if done < total else ""))

    def go_to_entry(self, index: int) -> None:
        if 0 <= index < len(self._entries):
            c = self.editor.textCursor()
            c.setPosition(self._entries[index][1].selectionStart())
            self.editor.setTextCursor(c)
            self.editor.ensureCursorVisible()

    def accept_entry(self, index: int) -> bool:
        if not 0 <= index < len(self._entries):
            return False
        entry, tracker = self._entries[index]
        if entry.best is None:
            self.notify("This sentence is still being rewritten.")
            return False
        if entry.best == entry.source:
            self.notify("The rewriter suggests no change for this sentence.")
            return False
        if not self._apply(tracker, entry.source, entry.best):
            self.notify("The sentence changed after this suggestion was made, so it was not applied.")
            return False
        self.notify("Rewrite applied (Ctrl+Z undoes it).")
        return True

    def dismiss_entry(self, index: int) -> None:
        if 0 <= index < len(self._entries):
            self._dismissed.add(self._entries[index][0].source)
            self.rebuild_list()

    def accept_all(self) -> int:
        ready = [(e, t) for e, t in self._entries if e.best is not None and e.best != e.source]
        if not ready:
            self.notify("No rewrites are ready to accept.")
            return 0
        doc = self.editor.document()
        group = QTextCursor(doc)
        applied = skipped = 0
        group.beginEditBlock()  # the whole batch is one undo step
        try:
            for entry, tracker in ready:
                if tracker.selectedText() == entry.source:
                    QTextCursor(tracker).insertText(entry.best)
                    applied += 1
                else:
                    skipped += 1
        finally:
            group.endEditBlock()
        waiting = sum(1 for e, _ in self._entries if e.best is None)
        parts = [f"Applied {applied} rewrite{'s' if applied != 1 else ''} (one Ctrl+Z undoes them all)."]
        if skipped:
            parts.append(f"{skipped} skipped because the text changed.")
        if waiting:
            parts.append(f"{waiting} still being rewritten.")
        self.notify(" ".join(parts))
        return applied

    def jump_informal(self, direction: int) -> None:
        if not self._entries:
            self.notify("No informal sentences.")
            return
        pos = self.editor.textCursor().position()
        starts = [t.selectionStart() for _, t in self._entries]
        if direction > 0:
            nxt = next((i for i, s in enumerate(starts) if s > pos), 0)
        else:
            nxt = next((i for i in range(len(starts) - 1, -1, -1) if starts[i] < pos), len(starts) - 1)
        self.suggestions.list.setCurrentRow(nxt)
        self.go_to_entry(nxt)

    # ------------------------------------------------------------------------------------------ documents

    def _update_title(self) -> None:
        name = self.path.name if self.path else "Untitled"
        self.setWindowTitle(f"{name}[*] — Keigo")
        self.setWindowModified(self.editor.document().isModified())

    def _update_doc_label(self) -> None:
        f = self.format
        endings = {"\n": "LF", "\r\n": "CRLF", "\r": "CR"}.get(f.newline, "?")
        if f.line_endings:
            endings = "mixed line endings"
        enc = f.encoding.upper().replace("CP", "Windows-") + (" with BOM" if f.bom else "")
        self.doc_label.setText(f"{enc} · {endings}")

    def maybe_save(self) -> bool:
        if not self.editor.document().isModified():
            return True
        answer = self.ask_unsaved()
        if answer == QMessageBox.StandardButton.Save:
            return self.save()
        return answer == QMessageBox.StandardButton.Discard

    def _set_document(self, text: str, path: Path | None, fmt: TextFormat) -> None:
        self.editor.load_text(text)
        self.path, self.format = path, fmt
        self._dismissed.clear()
        self.suggestion = None
        self._update_title()
        self._update_doc_label()
        if self.autosave is not None:
            self.autosave.clear()
        self.scoring.schedule(immediate=True)

    def new_document(self) -> bool:
        if not self.maybe_save():
            return False
        self._set_document("", None, TextFormat())
        return True

    def open_document(self) -> bool:
        if not self.maybe_save():
            return False
        start = str(self.path.parent) if self.path else str(Path.home())
        name, _ = QFileDialog.getOpenFileName(self, "Open", start, FILE_FILTER)
        return self.open_path(name) if name else False

    def open_path_prompting(self, path: str) -> bool:
        return self.maybe_save() and self.open_path(path)

    def open_path(self, path) -> bool:
        """Open without asking (callers ask first); on error the current document is left untouched."""
        path = Path(path)
        try:
            loaded = read_document(path)
        except InputError as exc:
            self.show_error("Cannot open file", f"{exc}")
            return False
        self._set_document(loaded.text, path, loaded.format)
        self.settings.add_recent(path)
        self.notify(f"Opened {path.name}")
        return True

    def save(self) -> bool:
        if self.path is None:
            return self.save_as()
        return self._write(self.path, self.format)

    def save_as(self, path=None) -> bool:
        if path is None:
            start = str(self.path) if self.path else str(Path.home() / "Untitled.txt")
            name, chosen = QFileDialog.getSaveFileName(self, "Save As", start, FILE_FILTER)
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
            self.show_error("Cannot save", str(exc))
            return False
        self.path, self.format = path, fmt
        self.editor.document().setModified(False)
        self.settings.add_recent(path)
        if self.autosave is not None:
            self.autosave.clear()
        self._update_title()
        self._update_doc_label()
        self.notify(f"Saved {path.name}")
        return True

    def _fill_recent(self) -> None:
        self.recent_menu.clear()
        recent = self.settings.recent_files
        for i, p in enumerate(recent):
            act = self.recent_menu.addAction(f"&{i + 1} {Path(p).name}" if i < 9 else Path(p).name)
            act.setToolTip(p)
            act.triggered.connect(lambda _=False, p=p: self._open_recent(p))
        if not recent:
            act = self.recent_menu.addAction("No recent files")
            act.setEnabled(False)

    def _open_recent(self, path: str) -> None:
        if not Path(path).exists():
            self.settings.remove_recent(path)
            self.show_error("Cannot open file", f"{path} no longer exists; it was removed from the recent files.")
            return
        self.open_path_prompting(path)

    # ------------------------------------------------------------------------------------------ autosave

    def autosave_now(self) -> None:
        if self.autosave is None:
            return
        doc = self.editor.document()
        if not doc.isModified():
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
            self.notify(f"Autosave failed: {exc}")

    def _recover(self) -> None:
        try:
            found = self.autosave.orphans()
        except OSError:
            return
        if not found:
            return
        rec = found[0]
        path = Path(rec.path) if rec.path else None
        self.editor.load_text(rec.text)
        self.path, self.format = path, rec.format
        self.editor.document().setModified(True)
        self.recovered = rec
        self._update_title()
        self._update_doc_label()
        self.autosave_now()  # the text is safe in this session's autosave before the old one goes
        self.autosave.forget(rec)
        when = time.strftime("%H:%M:%S", time.localtime(rec.saved_at))
        more = f" {len(found) - 1} more will be offered next time." if len(found) > 1 else ""
        self.notify(f"Recovered unsaved text from a session that ended unexpectedly (autosaved at {when}). "
                    f"Save it to keep it.{more}", 0)

    # ------------------------------------------------------------------------------------------ about

    def show_about(self) -> AboutDialog:
        rows = []
        for role, directory, manifest in engine_host.bundled_models(self.bundled_root):
            m = manifest or {}
            data = ", ".join(map(str, m.get("data", []) or [])) or "—"
            lic = "".join(f"<li>{html.escape(x)}</li>" for x in engine_host.licence_lines(directory))
            rows.append(
                f"<h4>{html.escape(role)}: {html.escape(str(m.get('version', '?')))} "
                f"({html.escape(str(m.get('kind', '?')))}, {html.escape(str(m.get('created', ''))[:10])})</h4>"
                f"<p><b>Training data:</b> {html.escape(data)}</p>"
                f"<p><b>Licences of the data:</b></p><ul>{lic or '<li>see the model card (MODEL_CARD.md)</li>'}</ul>"
            )
        models = "".join(rows) or "<p>No bundled models are installed; Keigo uses the rule-based formalizer.</p>"
        from PySide6 import __version__ as pyside_version
        from PySide6.QtCore import qVersion

        text = (
            f"<h2>Keigo {html.escape(_keigo_version())}</h2>"
            "<p>An offline writing assistant for English formality. Everything runs on this computer.</p>"
            f"<p>Python {platform.python_version()} · Qt {qVersion()} · PySide6 {pyside_version} · "
            f"ONNX Runtime {html.escape(_version('onnxruntime'))}</p>"
            f"<p><b>Active models:</b> {html.escape(self.models_label.text())}</p>"
            f"<h3>Bundled models</h3>{models}"
        )
        dialog = AboutDialog(text, self)
        self._messages.append(dialog)
        dialog.finished.connect(lambda _=0, b=dialog: self._messages.remove(b) if b in self._messages else None)
        dialog.open()
        return dialog

    def show_shortcuts(self) -> QMessageBox:
        rows = "".join(
            f"<tr><td>{html.escape(name)}</td><td><b>{html.escape(', '.join(s.toString(QKeySequence.SequenceFormat.NativeText) for s in act.shortcuts()))}</b></td></tr>"
            for name, act in self.actions_by_name.items()
            if act.shortcuts()
        )
        box = QMessageBox(self)
        box.setWindowTitle("Keyboard shortcuts")
        box.setAccessibleName("Keyboard shortcuts")
        box.setTextFormat(Qt.TextFormat.RichText)
        box.setText(f"<table cellspacing=4>{rows}</table>")
        self._messages.append(box)
        box.finished.connect(lambda _=0, b=box: self._messages.remove(b) if b in self._messages else None)
        box.open()
        return box

    # ------------------------------------------------------------------------------------------ lifecycle

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
            self.splitter.setSizes([760, 480])

    def shutdown(self) -> None:
        """Stop timers and drain every worker; safe to call twice."""
        if self._closed:
            return
        self._closed = True
        for t in (self._stats_timer, self._cursor_timer, self._autosave_timer):
            t.stop()
        self.scoring.shutdown()
        self.rewrites.shutdown()
        if getattr(self, "_train_panel", None) is not None:
            self._train_panel.shutdown()  # no training process outlives the app
        self.tasks.shutdown()
        for box in list(self._messages):
            box.close()

    def closeEvent(self, event) -> None:
        if not self._closed and not self.maybe_save():
            event.ignore()
            return
        self.settings.geometry = self.saveGeometry()
        self.settings.splitter_state = self.splitter.saveState()
        self.settings.sync()
        self.shutdown()
        if self.autosave is not None:
            self.autosave.close()
        event.accept()
