"""Scoring: the editor's text is scored in the background (debounced, one job in flight) with the live
scorer; the gauge, its statistics and the formality target follow."""
from __future__ import annotations

from PySide6.QtCore import QObject, QTimer, Signal

from ..workers import EngineRefs, ScoringDispatcher

TARGET_MIN, TARGET_MAX = 0.05, 0.95


class ScoringController(QObject):
    progress = Signal(int, int)  # paragraphs done, paragraphs in the job
    idle = Signal()  # the document is fully scored
    targetChanged = Signal(float)
    message = Signal(str, int)

    def __init__(self, editor, scores, settings, parent: QObject | None = None):
        super().__init__(parent)
        self.editor, self.scores, self.settings = editor, scores, settings
        self.engine: EngineRefs | None = None
        self.dispatcher = ScoringDispatcher(
            collect=editor.collect,
            apply=lambda results: editor.apply_results(results, editor.target, self.engine.epoch),
            revision=lambda: editor.revision,
            target=lambda: editor.target,
            parent=self,
        )
        self._stats_timer = QTimer(self, singleShot=True, interval=250)
        self._stats_timer.timeout.connect(self.update_stats)
        self.dispatcher.progress.connect(self.progress)
        self.dispatcher.applied.connect(self._stats_timer.start)
        self.dispatcher.idle.connect(self._on_idle)
        self.dispatcher.failed.connect(lambda text: self.message.emit(f"Scoring failed: {text}", 8000))
        # The gauge follows when the re-score lands (applied/idle), not on every keystroke: in a 1 MB
        # document a full recount per pause in typing would be a visible hitch.
        editor.textEdited.connect(self.schedule)
        editor.verticalScrollBar().valueChanged.connect(lambda _=0: self.schedule())
        scores.targetChanged.connect(self.set_target)
        scores.set_stats(None, 0, 0)

    @property
    def busy(self) -> bool:
        return self.dispatcher.busy

    def schedule(self, immediate: bool = False) -> None:
        self.dispatcher.schedule(immediate)

    def set_engine(self, engine: EngineRefs, scorer_note: str = "") -> None:
        """New models: every paragraph is stale; the document is re-scored by the new scorer."""
        self.engine = engine
        self.editor.invalidate_all(engine.epoch)
        self.dispatcher.set_engine(engine)
        if engine.scorer is None:
            self.scores.set_unavailable(scorer_note or "No formality scorer installed.")
        else:
            self.scores.set_available()

    def update_stats(self) -> None:
        if self.engine is None or self.engine.scorer is None:
            return
        value, informal, scored = self.editor.stats(self.editor.target)
        self.scores.set_stats(value, informal, scored, scoring=self.dispatcher.busy)

    def _on_idle(self) -> None:
        self.update_stats()
        self.idle.emit()

    def set_target(self, value: float) -> None:
        value = round(min(TARGET_MAX, max(TARGET_MIN, value)), 2)
        self.settings.target = value
        if abs(self.scores.target - value) > 1e-9:
            self.scores.set_target(value)  # emits targetChanged -> back here once
            return
        self.editor.set_view(self.editor.theme, value)
        self.schedule(immediate=True)
        self.update_stats()
        self.targetChanged.emit(value)

    def nudge_target(self, delta: float) -> None:
        self.set_target(self.scores.target + delta)

    def shutdown(self) -> None:
        self._stats_timer.stop()
        self.dispatcher.shutdown()
