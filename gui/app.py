"""Entry point of the desktop app: builds the QApplication and the main window (the one place objects are built), and `--self-test`."""
from __future__ import annotations

import argparse
import os
import sys
import traceback
from collections.abc import Callable
from pathlib import Path

SELF_TEST_TEXT = (
    "hey, can u send me the report by tmrw?? thx\n"
    "I would be grateful if you could send me the report by tomorrow.\n"
    "gonna be late lol, dont wait for me\n"
)


def _parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="keigo", description="Keigo: a live formality editor.")
    p.add_argument("files", nargs="*", help="a .txt or .md file to open")
    p.add_argument("--self-test", action="store_true",
                   help="start headless, load the models, score and rewrite a few sentences, exit 0 on success")
    # Test hook for the crash-recovery test: types this text after start-up, like a user would.
    p.add_argument("--type-text", dest="type_text", default=None, help=argparse.SUPPRESS)
    return p


def pyside_problem() -> str | None:
    """PySide6 6.12.0 drops a reference to None on every call of a void C++ method; before Python 3.12 (where
    None became immortal) that aborts the process ("deallocating None") after a few thousand calls."""
    import PySide6

    if PySide6.__version__.startswith("6.12.0") and sys.version_info < (3, 12):
        return (f"PySide6 {PySide6.__version__} crashes on Python {sys.version_info.major}.{sys.version_info.minor} "
                "(a reference-count bug); install another version: pip install 'pyside6-essentials<6.12'")
    return None


def app_icon():
    """Keigo's icon, found through the package (engine.paths.assets_dir: the checkout's assets/, or the
    installed keigo_assets), so it is there in a wheel too; an empty icon when it is missing."""
    from PySide6.QtGui import QIcon

    from engine.paths import assets_dir

    icon = assets_dir() / "icons" / "keigo.png"
    return QIcon(str(icon)) if icon.is_file() else QIcon()


def assemble(*, settings, registry, segment: Callable, autosave_dir: Path | None = None, recover: bool = True,
             bundled_root: Path | None = None, load_models: Callable | None = None):
    """Build the window: panels (views), controllers (the work), and the signals between them.

    The one place the app's objects are made and connected; nothing else builds a panel or a controller.
    Returns the main window, which keeps the controllers as `documents`, `models`, `scoring`, `suggesting`.
    """
    from PySide6.QtWidgets import QApplication

    from engine.paths import bundled_models_dir

    from .controllers.documents import DocumentsController
    from .controllers.models import ModelsController
    from .controllers.scoring import ScoringController
    from .controllers.suggestions import SuggestionsController
    from .documents import AutosaveStore
    from .engine_host import WordFixer
    from .main_window import MainWindow
    from .menus import build_menus
    from .panels.editor import EditorPanel
    from .panels.models import ModelsDialog
    from .panels.scores import ScoresPanel
    from .panels.suggestions import SuggestionsPanel
    from .theme import apply_theme, resolve_theme
    from .workers import TaskRunner

    theme = resolve_theme(settings.theme)
    apply_theme(QApplication.instance(), theme)
    editor = EditorPanel(theme, settings.target, segment)
    editor.word_fix = WordFixer()
    scores = ScoresPanel(theme, settings.target)
    suggestions = SuggestionsPanel(theme)
    window = MainWindow(settings=settings, editor=editor, scores=scores, suggestions=suggestions,
                        bundled_root=Path(bundled_root) if bundled_root else bundled_models_dir())

    tasks = TaskRunner(window)
    models = ModelsController(registry, segment, tasks, load_models=load_models, parent=window)
    scoring = ScoringController(editor, scores, settings, parent=window)
    suggesting = SuggestionsController(editor, suggestions, settings, parent=window)
    documents = DocumentsController(editor, settings, prompts=window, parent=window,
                                    autosave=AutosaveStore(autosave_dir) if autosave_dir else None)
    window.tasks, window.models, window.scoring = tasks, models, scoring
    window.suggesting, window.documents = suggesting, documents

    # the models: a new engine reaches scoring first (stale paragraphs), then the suggestions, then the label
    models.engineChanged.connect(lambda engine: scoring.set_engine(engine, models.scorer_note()))
    models.engineChanged.connect(suggesting.set_engine)
    models.engineChanged.connect(lambda _engine: window.show_models(*models.label()))
    models.message.connect(window.notify)
    models.failed.connect(window.show_error)
    # scoring and suggestions
    scoring.progress.connect(window.show_progress)
    scoring.idle.connect(window.progress.hide)
    scoring.idle.connect(suggesting.rebuild_list)
    scoring.idle.connect(suggesting.score_arrived)
    scoring.targetChanged.connect(suggesting.set_target)
    scoring.message.connect(window.notify)
    suggesting.message.connect(window.notify)

    def review(items) -> None:
        window.open_review(items).applyRequested.connect(suggesting.apply_reviewed)

    suggesting.reviewRequested.connect(review)
    editor.contextMenuAboutToShow.connect(suggesting.fill_context_menu)
    # documents
    documents.changed.connect(lambda: window.show_document(documents.name, documents.format_label()))
    documents.loaded.connect(suggesting.new_document)
    documents.loaded.connect(lambda: scoring.schedule(immediate=True))
    documents.message.connect(window.notify)
    documents.error.connect(window.show_error)
    editor.fileDropped.connect(documents.open_path_prompting)
    # the window
    window.themeChanged.connect(lambda: scoring.schedule(immediate=True))
    window.themeChanged.connect(suggesting.reset)
    window.closed.connect(documents.close)
    window.add_close_check(documents.maybe_save)
    for stop in (documents.shutdown, suggesting.shutdown, scoring.shutdown, _stop_train_panel(window),
                 tasks.shutdown):
        window.add_shutdown(stop)

    def models_dialog():
        dialog = ModelsDialog(registry, window)
        dialog.switchRequested.connect(models.switch)
        dialog.rollbackRequested.connect(models.switch)  # no version: roll back
        dialog.verifyRequested.connect(models.verify)
        models.result.connect(dialog.show_result)
        return dialog

    window.add_dialog("models", models_dialog)
    window.add_dialog("train", lambda: _train_panel(window, models))
    build_menus(window, documents=documents, scoring=scoring, suggesting=suggesting)
    window.show_document(documents.name, documents.format_label())
    if recover:
        documents.recover()
    models.start()
    return window


def _train_panel(window, models):
    """The Train panel over its controller (imported on first use, so start-up does not pay for it); new models
    reach the editor through the models controller."""
    from .controllers.training import TrainingController
    from .panels.train import TrainPanel

    return TrainPanel(window, controller=TrainingController(models=models, parent=window))


def _stop_train_panel(window) -> Callable[[], None]:
    def stop() -> None:
        panel = window.dialog("train")
        if panel is not None:
            panel.shutdown()  # no training process outlives the app

    return stop


def build_window(*, autosave: bool = True, recover: bool = True, settings_path: Path | None = None, registry=None):
    """The main window on the real engine (the model registry, the sentence splitter)."""
    from engine.paths import user_home
    from engine.registry import ModelRegistry
    from engine.segment import split_sentences

    from .settings import AppSettings

    registry_error = None
    if registry is None:
        try:
            registry = ModelRegistry()
        except Exception as exc:  # noqa: BLE001 (the window still opens; the status bar says what is missing)
            registry_error = exc
    window = assemble(settings=AppSettings(settings_path), registry=registry, segment=split_sentences,
                      autosave_dir=(user_home() / "autosave") if autosave else None, recover=recover)
    if registry_error is not None:
        window.models.notes.append(f"The model registry failed to load: {registry_error}")
    return window


def _wait(app, condition, timeout_s: float) -> bool:
    """Run the event loop until condition() holds (self-test only; the app itself never waits like this)."""
    from PySide6.QtCore import QEventLoop, QTimer

    loop = QEventLoop()
    poll = QTimer(interval=20)
    poll.timeout.connect(lambda: loop.quit() if condition() else None)
    poll.start()
    QTimer.singleShot(int(timeout_s * 1000), loop.quit)
    if not condition():
        loop.exec()
    poll.stop()
    return bool(condition())


def self_test(registry=None) -> int:
    """Headless run through the GUI layer: models load, text is scored, a rewrite is accepted and undone
    (with the user's model registry, or the one given)."""
    import shutil
    import tempfile

    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtWidgets import QApplication

    app = QApplication.instance() or QApplication(["keigo", "--self-test"])
    tmp = Path(tempfile.mkdtemp(prefix="keigo-self-test-"))
    window = build_window(autosave=False, recover=False, settings_path=tmp / "settings.ini", registry=registry)
    failures: list[str] = []
    try:
        if not _wait(app, lambda: window.models.loaded, 180):
            failures.append("models did not finish loading within 180 s")
            raise RuntimeError
        print("keigo self-test: models: " + " · ".join(window.models_label.toolTip().splitlines()[:3]))
        for note in window.models.notes:
            print(f"keigo self-test: note: {note}")
        if window.models.engine.rewriter is None:
            failures.append("no rewriter could be loaded (not even the rule-based formalizer)")
            raise RuntimeError
        window.editor.setPlainText(SELF_TEST_TEXT)
        if not _wait(app, lambda: not window.scoring.busy and window.editor.revision > 0, 120):
            failures.append("scoring did not finish within 120 s")
            raise RuntimeError
        if window.models.engine.scorer is not None:
            scored = list(window.editor.scored_sentences())
            if not scored:
                failures.append("the scorer produced no sentence scores")
            for ref in scored:
                print(f"keigo self-test: score {ref.score:.3f}  {ref.text}")
        else:
            print("keigo self-test: warning: no formality scorer installed; scoring skipped")
        cursor = window.editor.textCursor()
        cursor.setPosition(2)
        window.editor.setTextCursor(cursor)
        suggesting = window.suggesting
        suggesting.refresh()
        if not _wait(app, lambda: suggesting.current is not None and suggesting.current.rewrite is not None, 180):
            failures.append("no rewrite arrived for the first sentence within 180 s")
            raise RuntimeError
        rw = suggesting.current.rewrite
        print(f"keigo self-test: rewrite  {rw.source!r} -> {rw.best!r}")
        before = window.editor.text()
        changed = [i for i, c in enumerate(rw.candidates) if c.text.strip() and c.text != rw.source]
        if changed:
            if not suggesting.accept(changed[0]):
                failures.append("accepting the suggestion failed")
            elif window.editor.text() == before:
                failures.append("accepting the suggestion did not change the text")
            else:
                window.editor.undo()
                if window.editor.text() != before:
                    failures.append("undo did not restore the text")
        else:
            failures.append(f"the rewriter suggested no change for {rw.source!r}")
    except RuntimeError:
        pass
    except Exception as exc:  # noqa: BLE001 (a boundary: reported to the user, the app keeps running)
        traceback.print_exc()
        failures.append(f"{type(exc).__name__}: {exc}")
    finally:
        window.editor.document().setModified(False)
        window.close()
        window.shutdown()
        window.deleteLater()
        # The settings file lived only for this run; leaving the folder would fill the temp dir run by run.
        shutil.rmtree(tmp, ignore_errors=True)
    if failures:
        for f in failures:
            print(f"keigo: error: self-test failed: {f}", file=sys.stderr)
        return 1
    print("keigo self-test: OK")
    return 0


def main(argv: list[str] | None = None) -> int:
    args = _parser().parse_args(sys.argv[1:] if argv is None else argv)
    problem = pyside_problem()
    if problem:
        print(f"keigo: error: {problem}", file=sys.stderr)
        return 3
    if args.self_test:
        return self_test()
    from PySide6.QtCore import QTimer
    from PySide6.QtWidgets import QApplication

    app = QApplication.instance() or QApplication(["keigo"])
    app.setApplicationName("Keigo")
    app.setApplicationDisplayName("Keigo")
    app.setOrganizationName("Keigo")
    app.setDesktopFileName("keigo")
    app.setWindowIcon(app_icon())
    window = build_window()
    if args.files:
        if window.documents.recovered is None:
            window.documents.open_path(args.files[0])
        else:  # recovered text comes first; opening the file now would ask to discard it
            window.notify(f"Recovered unsaved text; {Path(args.files[0]).name} was not opened. "
                          "Save the recovered text, then open the file.", 0)
    window.show()
    if args.type_text:
        def type_text():
            c = window.editor.textCursor()
            c.movePosition(c.MoveOperation.End)
            c.insertText(args.type_text)
            window.editor.setTextCursor(c)
            print("typed", flush=True)

        QTimer.singleShot(0, type_text)
    code = app.exec()
    window.shutdown()
    return code


if __name__ == "__main__":
    sys.exit(main())
