"""The Train panel's controller: the chosen config, the run folder (new or resumed), one training process at a
time, its events turned into stage states, and the run's results and new models. Built on training.protocol (the
run contract); it holds no widgets and talks to the view through signals."""
from __future__ import annotations

import shlex
import sys
from dataclasses import dataclass
from pathlib import Path

from PySide6.QtCore import QObject, QTimer, Signal

from engine.model_summary import metric_label
from engine.paths import runs_dir
from training.protocol import (
    CONFIG_TOML,
    ExportedModel,
    TrainRequest,
    find_artifacts,
    find_exported_models,
    finished_stages,
    is_run_dir,
    newest_per_role,
)

from ..train_runner import ProgressUpdate, RunResult, StageInfo, StageLister, TrainRunner, install_hint
from .training_setup import (
    OTHER_CONFIG,
    SAVED_CONFIG,
    RunChoices,
    TrainInputError,
    build_request,
    config_value,
    data_root_choice,
    missing_training_modules,
    read_config,
)
from .training_swap import ModelSwapper

STATE_TEXT = {"running": "running", "done": "finished", "skipped": "finished earlier", "stopped": "stopped",
              "failed": "failed", "waiting": "waiting"}


def fmt_duration(seconds: float) -> str:
    s = int(max(0, seconds))
    return f"{s // 3600}:{s // 60 % 60:02d}:{s % 60:02d}"


@dataclass(frozen=True)
class ConfigInfo:
    """What the view shows about the chosen config."""

    path: Path | None
    device: str  # run.device in the file ("auto" when unset)
    data_hint: str  # the data folder the run would read, and why
    error: str | None


@dataclass(frozen=True)
class RunResults:
    run_dir: Path
    artifacts: list[Path]
    models: list[ExportedModel]
    checked: set[tuple[str, str]]  # (role, version) offered checked: the newest per role


class TrainingController(QObject):
    configLoaded = Signal(object)  # ConfigInfo
    savedConfigShown = Signal(bool)  # True: the resumed run's own config; False: leave it for a preset
    errorChanged = Signal(str)  # "" hides it
    statusChanged = Signal(str)
    elapsedChanged = Signal(str)
    runFolderChanged = Signal(str, str)  # the folder (empty: a new one), the hint shown when empty
    runningChanged = Signal(bool)
    progressReset = Signal()  # a run starts: empty stage and metric tables
    logCleared = Signal()
    logLine = Signal(str)
    stageStateChanged = Signal(str, str)  # stage, state (STATE_TEXT keys)
    progressChanged = Signal(object)  # ProgressUpdate
    metricChanged = Signal(str, str, object)  # stage, label, value
    resultsChanged = Signal(object)  # RunResults
    showResults = Signal()
    stagesListed = Signal(list, str)  # [StageInfo], problem
    stageNote = Signal(str)
    swapStatus = Signal(str)
    swapFinished = Signal(list)
    busyChanged = Signal()  # running or switching changed: the view re-checks its "use" button
    stopping = Signal()  # a stop was asked for: Stop cannot be pressed again
    runFinished = Signal(object)  # RunResult
    notify = Signal(str, int)  # for the status bar

    def __init__(self, *, runner: TrainRunner | None = None, lister: StageLister | None = None,
                 runs_root: Path | None = None, models=None, parent: QObject | None = None):
        super().__init__(parent)
        self.runner = runner or TrainRunner(parent=self)
        self.runner.setParent(self)
        self.lister = lister or StageLister(self.runner.python, self.runner.extra_env, parent=self)
        self.lister.setParent(self)
        self.swapper = ModelSwapper(models, parent=self)
        self.runs_root = runs_root
        self.result: RunResult | None = None
        self.stages: list[StageInfo] = []
        self.exported: list[ExportedModel] = []
        self.states: dict[str, str] = {}
        self.resume_dir: Path | None = None
        self.config_path: Path | None = None
        self.config: dict = {}
        self.config_error: str | None = None
        self.missing_modules: list[str] = []
        self.device = ""
        self.last_progress: ProgressUpdate | None = None
        self.use_started = False  # whether the last "use the new models" began a switch
        self._error = ""
        self._timer = QTimer(self, interval=1000)
        self._timer.timeout.connect(self._tick)
        self._connect()

    def _connect(self) -> None:
        r = self.runner
        r.started.connect(self._on_started)
        r.record.connect(self._on_record)
        r.stageStarted.connect(self._on_stage_started)
        r.stageFinished.connect(self._on_stage_finished)
        r.progress.connect(self._on_progress)
        r.metric.connect(self._on_metric)
        r.logMessage.connect(self.logLine)
        r.error.connect(lambda message: self.logLine.emit(f"error: {message}"))
        r.stopping.connect(self._on_stopping)
        r.finished.connect(self._on_finished)
        self.lister.listed.connect(self._on_stages_listed)
        self.swapper.status.connect(self.swapStatus)
        self.swapper.finished.connect(self._on_swapped)
        self.swapper.notify.connect(lambda text: self.notify.emit(text, 12000))

    def begin(self) -> None:
        """Once the view is connected: list the stages, say at once when training cannot run here."""
        self.lister.start()
        if self.runner.python == sys.executable:  # another interpreter: its own run says what it lacks
            self.missing_modules = missing_training_modules()
        self.show_error(self._error)

    @property
    def running(self) -> bool:
        return self.runner.running

    @property
    def busy(self) -> bool:
        return self.runner.running or self.swapper.busy

    def base_dir(self) -> Path:
        return self.runs_root or runs_dir()

    def show_error(self, message: str) -> None:
        self._error = message
        if not message and self.missing_modules:  # clearing an error must not hide that training cannot run
            message = install_hint(self.missing_modules[0], self.runner.python)
        self.errorChanged.emit(message)

    # ---------------------------------------------------------------------- choices

    def choose_config(self, data: str | None, other_text: str = "") -> None:
        """A preset's path, OTHER_CONFIG with the typed path, or SAVED_CONFIG (the resumed run's config.toml)."""
        self.config_error, self.config = None, {}
        if data == SAVED_CONFIG:
            self.config_path = (self.resume_dir / CONFIG_TOML) if self.resume_dir else None
        elif data == OTHER_CONFIG:
            text = other_text.strip()
            self.config_path = Path(text).expanduser() if text else None
        else:
            self.config_path = Path(data) if data else None
        if self.config_path is None:
            self.config_error = ("Choose a TOML config file." if data == OTHER_CONFIG else
                                 "Choose a previous run first (Resume a previous run…).")
        else:
            try:
                self.config = read_config(self.config_path)
            except TrainInputError as exc:
                self.config_error = str(exc)
        try:
            root, source = data_root_choice("", self.config)
        except OSError:
            root, source = None, ""
        hint = f"{root} ({source})" if root else "not set: choose the folder with the corpora"
        device = config_value(self.config, "run", "device", "auto") or "auto"
        self.configLoaded.emit(ConfigInfo(self.config_path, device, hint, self.config_error))
        if self.config_error:
            self.show_error(self.config_error)
        elif not self.runner.running:
            self.show_error("")

    def set_resume_dir(self, path: Path) -> bool:
        """Continue a run: its finished stages are skipped, its saved settings are used unless another is chosen."""
        path = Path(path)
        if not is_run_dir(path):
            self.show_error(f"{path} is not a training run folder (it has no config.toml); choose a folder that "
                            "an earlier run created.")
            return False
        self.resume_dir = path
        self.runFolderChanged.emit(str(path), "")
        self.savedConfigShown.emit(True)
        self.refresh_results(path)
        done = finished_stages(path)
        self.statusChanged.emit(f"Resuming {path.name}: " + (f"finished stages {', '.join(done)} are skipped."
                                                             if done else "no stage has finished yet."))
        return True

    def new_run(self, clear: bool = True) -> None:
        """The next Start makes a new run folder; with ``clear`` the previous run's error and log go too."""
        self.resume_dir = None
        self.runFolderChanged.emit("", f"a new folder in {self.base_dir()}")
        self.savedConfigShown.emit(False)
        if clear and not self.runner.running:
            self.result = None
            self.logCleared.emit()
            self.progressReset.emit()
            self.states.clear()
            self.show_error(self.config_error or "")
            self.statusChanged.emit("Ready.")
            self.elapsedChanged.emit("")

    def build_request(self, choices: RunChoices) -> TrainRequest:
        return build_request(choices, self.config_path, self.config, self.config_error, self.resume_dir,
                             self.base_dir())

    # ---------------------------------------------------------------------- start / stop

    def start(self, choices: RunChoices) -> bool:
        if self.runner.running:
            return False
        try:
            request = self.build_request(choices)
        except TrainInputError as exc:
            self.show_error(str(exc))
            return False
        self.show_error("")
        self.result = None
        self.states.clear()
        self.device, self.last_progress = "", None
        self.progressReset.emit()
        self.runner.start(request)
        return self.runner.running

    def stop(self) -> None:
        self.runner.stop()

    def _on_started(self, request: TrainRequest) -> None:
        self.runningChanged.emit(True)
        self.busyChanged.emit()
        self.runFolderChanged.emit(str(request.run_dir), "")
        self.resume_dir = None
        self.statusChanged.emit(f"Starting {request.stage}…")
        self.logLine.emit(f"$ python {' '.join(shlex.quote(a) for a in request.arguments())}")
        self._timer.start()
        self._tick()

    def _tick(self) -> None:
        text = f"Elapsed {fmt_duration(self.runner.elapsed_s())}"
        p = self.last_progress
        if p is not None and p.eta_s is not None and self.runner.running:
            text += f" · {p.stage} about {fmt_duration(p.eta_s)} left"
        self.elapsedChanged.emit(text)

    # ---------------------------------------------------------------------- run events

    def _set_state(self, stage: str, state: str) -> None:
        self.states[stage] = state
        self.stageStateChanged.emit(stage, state)

    def _on_record(self, record: dict) -> None:
        if record.get("event") == "log" and record.get("device") and not self.device:
            self.device = str(record["device"])
            self.statusChanged.emit(f"Training on {self.device}…")

    def _on_stage_started(self, stage: str, record: dict) -> None:
        self._set_state(stage, "running")
        device = record.get("device") or self.device
        self.statusChanged.emit(f"Running {stage}" + (f" on {device}" if device else "") + "…")

    def _on_stage_finished(self, stage: str, state: str) -> None:
        self._set_state(stage, state)
        if state in ("done", "stopped") and self.runner.request is not None:
            self.refresh_results(Path(self.runner.request.run_dir))

    def _on_progress(self, p: ProgressUpdate) -> None:
        if not p.stage:
            return
        self.last_progress = p
        if p.stage not in self.states:
            self.states[p.stage] = "waiting"
        self.progressChanged.emit(p)
        detail = f"{p.stage}" + (f" ({p.phase})" if p.phase else "") + (
            f": step {p.step}" + (f"/{p.total}" if p.total else ""))
        if p.loss is not None:
            detail += f" · loss {p.loss:.4f}"
        if self.runner.running and not self.runner.stop_requested:
            self.statusChanged.emit(f"Running {detail}")

    def _on_metric(self, stage: str, name: str, value, rest: dict) -> None:
        variant = str(rest.get("variant") or "")
        self.metricChanged.emit(stage, metric_label(name, variant), value)

    def _on_stopping(self, message: str) -> None:
        self.statusChanged.emit(message)
        self.stopping.emit()

    def _on_finished(self, result: RunResult) -> None:
        self.result = result
        self._timer.stop()
        self._tick()
        self.runningChanged.emit(False)
        for stage, state in list(self.states.items()):
            if state == "running":
                self._set_state(stage, "stopped" if result.outcome in ("stopped", "killed") else "failed")
        request = self.runner.request
        if request is not None and Path(request.run_dir).is_dir():
            self.refresh_results(Path(request.run_dir))
            if result.ok:
                self.new_run(clear=False)  # the next Start is a new run; this one's results stay on show
            elif is_run_dir(request.run_dir):
                self.resume_dir = Path(request.run_dir)  # Start again resumes it: finished stages are skipped
        self._report(result)
        self.busyChanged.emit()
        self.runFinished.emit(result)

    def _report(self, result: RunResult) -> None:
        took = fmt_duration(result.elapsed_s)
        if result.ok:
            n = len(self.exported)
            self.statusChanged.emit(f"Finished in {took}." + (f" {n} new model{'s' if n != 1 else ''} ready: "
                                                              "see Results." if n else ""))
            self.show_error("")
            if n:
                self.showResults.emit()
            return
        again = " Start resumes this run." if self.resume_dir is not None else ""
        self.statusChanged.emit({"stopped": f"Stopped after {took}.", "killed": "Ended."}.get(
            result.outcome, f"Failed after {took}.") + again)
        message = result.message
        if result.outcome == "crashed" and result.stderr_tail:
            message += "\n" + "\n".join(result.stderr_tail[-8:])
        self.show_error(message if result.outcome != "stopped" else "")
        if result.outcome == "stopped":
            self.logLine.emit(result.message)
        elif result.stderr_tail:
            self.logLine.emit("--- last messages of the training process ---")
            self.logLine.emit("\n".join(result.stderr_tail))

    def _on_stages_listed(self, stages: list, problem: str) -> None:
        self.stages = list(stages)
        self.stagesListed.emit(self.stages, problem)
        if problem:
            self.stageNote.emit("Only the full pipeline can be chosen: the stage list could not be read.")
            self.show_error(problem)
        else:
            self.stageNote.emit("A stage also runs the stages it needs first; finished stages are skipped.")

    def stage_chosen(self, name: str) -> None:
        info = next((s for s in self.stages if s.name == name), None)
        if info and info.problem:
            self.stageNote.emit(f"This stage cannot load: {info.problem}")

    # ---------------------------------------------------------------------- results and new models

    def refresh_results(self, run_dir: Path) -> None:
        self.exported = find_exported_models(run_dir)
        checked = {(m.role, m.version) for m in newest_per_role(self.exported)}
        self.resultsChanged.emit(RunResults(Path(run_dir), find_artifacts(run_dir), list(self.exported), checked))
        if self.exported and not self.swapper.results:
            self.swapStatus.emit("Check the models to use, then press “Use the new models”: each is verified, "
                                 "loaded and warmed before it replaces the current one.")

    def use_models(self, chosen: list[ExportedModel]) -> bool:
        self.use_started = False
        if self.runner.running:
            self.swapStatus.emit("Wait until the training run (or the current switch) has finished.")
            return False
        self.use_started = self.swapper.use(chosen)
        self.busyChanged.emit()
        return self.use_started

    def _on_swapped(self, results: list) -> None:
        self.busyChanged.emit()
        self.swapFinished.emit(results)

    def shutdown(self) -> None:
        """The app is going away: no run may outlive it."""
        self.lister.shutdown()
        if self.runner.running:
            self.runner.kill_now()
        self._timer.stop()
