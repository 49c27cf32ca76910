"""Use a training run's new models: install each checked one in the registry (verified, staged, renamed; in a
worker), then switch the app to it through the models controller, which loads and warms it beside the old one
before anything changes (a model that does not load leaves the previous one serving)."""
from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QObject, Signal

from engine.errors import ModelError
from engine.manifest import load_manifest
from training.protocol import ExportedModel


def install_exported(registry, model: ExportedModel) -> str | None:
    """Install a run's model folder into the registry; returns the version in use before.

    A folder already installed under the same version (the button pressed twice, a resumed run) is reused when
    its files are the same; a different model under that name is refused.
    """
    if not hasattr(registry, "install"):
        raise ModelError("this model registry cannot install models")
    previous = getattr(registry.current(model.role), "version", None)
    installed = {str(getattr(v, "version", "")): v for v in registry.list(model.role)}
    if model.version in installed:
        there = load_manifest(Path(installed[model.version].path)).get("files")
        if there != load_manifest(model.path).get("files"):
            raise ModelError(f"another {model.role} model is already installed as version {model.version}")
    else:
        registry.install(model.role, model.path, version=model.version)
    return previous


class ModelSwapper(QObject):
    """One model after another: install (worker), switch (the models controller), report each outcome.

    ``models`` is the app's models controller: ``registry``, ``tasks`` (a TaskRunner), ``switch(role, version)
    -> bool`` and the signal ``switchFinished(role, version, ok, message)``.
    """

    status = Signal(str)  # what is happening, then the summary
    finished = Signal(list)  # [(role, version, ok, message)]
    notify = Signal(str)  # a summary worth the status bar (something was switched)

    def __init__(self, models=None, parent: QObject | None = None):
        super().__init__(parent)
        self.models = models
        self.results: list[tuple[str, str, bool, str]] = []
        self._queue: list[ExportedModel] = []
        self._pending: ExportedModel | None = None
        self._installing = False

    @property
    def busy(self) -> bool:
        return bool(self._queue) or self._pending is not None or self._installing

    def available(self) -> bool:
        m = self.models
        return m is not None and getattr(m, "registry", None) is not None and hasattr(m, "switch")

    def use(self, chosen: list[ExportedModel]) -> bool:
        """Start with the chosen models; False (and a status line saying why) when it cannot."""
        if self.busy:
            self.status.emit("Wait until the current switch has finished.")
            return False
        roles = [m.role for m in chosen]
        twice = sorted({r for r in roles if roles.count(r) > 1})
        if twice:
            self.status.emit(f"Check one model per role (more than one {', '.join(twice)} is checked).")
            return False
        if not chosen or not self.available():
            self.status.emit("Nothing to use: no new model is checked, or the model registry is unavailable.")
            return False
        self.results = []
        self._queue = list(chosen)
        self.models.switchFinished.connect(self._switched)
        self._next()
        return True

    def _next(self) -> None:
        if not self._queue:
            self._done()
            return
        model = self._queue.pop(0)
        self.status.emit(f"Installing {model.role} {model.version}…")
        registry = self.models.registry
        self._installing = True
        self.models.tasks.run(lambda: install_exported(registry, model), lambda _previous: self._switch(model),
                              lambda exc: self._failed(model, f"it was not installed: {exc}"))

    def _switch(self, model: ExportedModel) -> None:
        self._installing = False
        self.status.emit(f"Loading and checking {model.role} {model.version}…")
        self._pending = model
        if not self.models.switch(model.role, model.version) and self._pending is model:
            self._pending = None  # refused without a switchFinished for it
            self._failed(model, "the app is switching another model; try again when it has finished")

    def _switched(self, role: str, version: str, ok: bool, message: str) -> None:
        model = self._pending
        if model is None or (role, version) != (model.role, model.version):
            return  # another switch (the Models dialog's)
        self._pending = None
        if ok:
            self.results.append((model.role, model.version, True, f"now using {model.role} {model.version}"))
            self._next()
        else:
            self._failed(model, f"it did not load ({message})")

    def _failed(self, model: ExportedModel, why: str) -> None:
        self._installing = False
        self.results.append((model.role, model.version, False, f"{model.role} {model.version}: {why}"))
        self._next()

    def _done(self) -> None:
        try:
            self.models.switchFinished.disconnect(self._switched)
        except (RuntimeError, TypeError):
            pass
        ok = [r for r in self.results if r[2]]
        bad = [r for r in self.results if not r[2]]
        parts = []
        if ok:
            parts.append("Now using " + ", ".join(f"{role} {version}" for role, version, _, _ in ok) +
                         "; the document is being re-scored.")
        parts += [msg for _, _, _, msg in bad]
        self.status.emit(" ".join(parts) or "Nothing was changed.")
        if ok:
            self.notify.emit(parts[0])
        self.finished.emit(list(self.results))
