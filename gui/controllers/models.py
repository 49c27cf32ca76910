"""The live models: the first load, hot swap (switch and rollback of a version), verify; the one owner of
the engine references the editor runs on.

Hot swap as TF Serving does it (house style "Hot swap without a gap"): the new version is loaded and warmed
in a worker beside the old one; then the reference is switched on the GUI thread (``engineChanged``); only
then is ``current.json`` written. Any failure before the pointer is written leaves the old model serving and
the pointer untouched; a pointer that cannot be written puts the old reference back.
"""
from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QObject, Signal

from .. import engine_host
from ..workers import EngineRefs, TaskRunner

LIVE_ROLES = (engine_host.LIVE_SCORER_ROLE, engine_host.REWRITER_ROLE)


class ModelsController(QObject):
    engineChanged = Signal(object)  # EngineRefs: replaced as a whole, on the GUI thread
    modelsReady = Signal()  # the first models are loaded, or a switch finished (either way)
    switchFinished = Signal(str, str, bool, str)  # role, version ("" when unknown), ok, message
    result = Signal(str)  # the outcome of a switch, rollback or verify, for the Models dialog
    message = Signal(str, int)  # status-bar text, milliseconds (0: until replaced)
    failed = Signal(str, str)  # title, text: the first load failed altogether

    def __init__(self, registry, segment: Callable, tasks: TaskRunner, *, load_models: Callable | None = None,
                 parent: QObject | None = None):
        super().__init__(parent)
        self.registry, self.tasks = registry, tasks
        self.engine = EngineRefs(segment, None, None, 0)
        self.notes: list[str] = []  # user-facing: what is missing or failed, and the fallback in use
        self.loaded = False
        self.switching = False
        self._load_models = load_models or (lambda: engine_host.load_models(self.registry))

    # ------------------------------------------------------------------ first load

    def start(self) -> None:
        self.tasks.run(self._load_models, self._on_loaded, self._on_load_failed)

    def _on_loaded(self, loaded: engine_host.LoadedModels) -> None:
        self.notes = [*self.notes, *loaded.notes]
        self.loaded = True
        self._set_engine(loaded.scorer, loaded.rewriter)
        if loaded.notes:
            self.message.emit(" ".join(loaded.notes), 15000)
        self.modelsReady.emit()

    def _on_load_failed(self, exc: Exception) -> None:
        self.loaded = True
        self.notes = [*self.notes, f"Models failed to load: {exc}"]
        self._set_engine(None, None)
        self.failed.emit("Models", f"Keigo could not load its models: {exc}")
        self.modelsReady.emit()

    def _set_engine(self, scorer, rewriter) -> None:
        self.engine = EngineRefs(self.engine.segment, scorer, rewriter, self.engine.epoch + 1)
        self.engineChanged.emit(self.engine)

    def scorer_note(self) -> str:
        return next((n for n in self.notes if "scorer" in n), "No formality scorer installed.")

    def live_version(self, role: str) -> str | None:
        """The version the editor runs for a live role; None for roles it does not run (or no model)."""
        model = {engine_host.LIVE_SCORER_ROLE: self.engine.scorer,
                 engine_host.REWRITER_ROLE: self.engine.rewriter}.get(role)
        info = getattr(model, "info", None)
        return None if info is None else str(info.version)

    # ------------------------------------------------------------------ hot swap

    def switch(self, role: str, version: str | None = None) -> bool:
        """Switch a role to a version, or with None roll it back. False when it cannot start (the outcome of
        a started one comes as switchFinished and result)."""
        what = f"{role} {version}" if version else f"{role} (roll back)"
        if self.registry is None:
            return self._refuse(role, version, "The model registry is unavailable.")
        if self.switching:
            return self._refuse(role, version, f"Cannot switch {what} now: another model switch is in progress.")
        self.switching = True
        self.message.emit(f"Loading {role} {version}…" if version else f"Rolling back {role}…", 0)
        scorer = self.engine.scorer
        self.tasks.run(lambda: engine_host.prepare(self.registry, role, version, scorer),
                       lambda loaded: self._swap(role, version is None, *loaded),
                       lambda exc: self._finish(role, version or "", False, self._stay(role, version, exc)))
        return True

    def _refuse(self, role: str, version: str | None, text: str) -> bool:
        self.result.emit(text)
        self.switchFinished.emit(role, version or "", False, text)
        return False

    @staticmethod
    def _stay(role: str, version: str | None, exc: BaseException) -> str:
        if version is None:
            return f"Could not roll back {role}: {exc}. Keigo stays on the current version."
        return f"Could not switch {role} to {version}: {exc}. Keigo stays on the current version."

    def _swap(self, role: str, rollback: bool, version: str, model) -> None:
        """Loaded and warmed: switch the reference here, on the GUI thread, then write the pointer in the worker."""
        before, notes = self.engine, list(self.notes)
        if role in LIVE_ROLES:
            self.notes = [n for n in self.notes if role not in n]
            scorer, rewriter = before.scorer, before.rewriter
            if role == engine_host.LIVE_SCORER_ROLE:
                scorer = model
            else:
                rewriter = model
            self._set_engine(scorer, rewriter)
        done = f"Rolled {role} back to {version}." if rollback else f"Now using {role} {version}."

        def pointer_failed(exc: Exception) -> None:
            if role in LIVE_ROLES:  # the pointer still names the old version: so does the app again
                self.notes = notes
                self._set_engine(before.scorer, before.rewriter)
            self._finish(role, version, False, self._stay(role, None if rollback else version, exc))

        self.tasks.run(lambda: self.registry.switch(role, version, loaded=True),
                       lambda _: self._finish(role, version, True, done), pointer_failed)

    def _finish(self, role: str, version: str, ok: bool, text: str) -> None:
        self.switching = False
        self.message.emit(text, 12000)
        self.result.emit(text)
        self.switchFinished.emit(role, version, ok, text)
        self.modelsReady.emit()

    # ------------------------------------------------------------------ verify

    def verify(self, role: str, version: str) -> None:
        if self.registry is None:
            self.result.emit("The model registry is unavailable.")
            return

        def done(results) -> None:
            problems = [p for r in results or [] for p in r.problems]
            text = (f"{role} {version}: all files verified." if not problems
                    else f"{role} {version} has problems: " + "; ".join(map(str, problems[:5])))
            self.message.emit(text, 12000)
            self.result.emit(text)

        self.tasks.run(lambda: self.registry.verify(role, version), done,
                       lambda exc: self.result.emit(f"Verification failed: {exc}"))

    # ------------------------------------------------------------------ description

    def label(self) -> tuple[str, str]:
        """(status-bar text, its tooltip) for the models in use."""
        s, r = self.engine.scorer, self.engine.rewriter
        device = engine_host.provider_summary(s, r)
        scorer = f"Scorer: {engine_host.describe_short(s)}" if s is not None else "No formality scorer installed"
        text = f"{scorer} · Rewriter: {engine_host.describe_short(r)} · {device}"
        full = (f"Scorer: {engine_host.describe(s) if s is not None else 'none installed'}\n"
                f"Rewriter: {engine_host.describe(r)}\n{device}")
        return text, "\n".join([full, *self.notes])
