"""Train panel: retrain the models with the research pipeline in a child process, watch it, and swap the results in
live. A view: the run rules live in gui/controllers/training.py (built on training.protocol); this file only shows
the controller's state and turns the user's actions into signals."""
from __future__ import annotations

import json
from pathlib import Path

from PySide6.QtCore import QEvent, QObject, Qt, QTimer, Signal
from PySide6.QtGui import QPixmap
from PySide6.QtWidgets import (
    QAbstractItemView,
    QCheckBox,
    QComboBox,
    QDialog,
    QDoubleSpinBox,
    QFileDialog,
    QFormLayout,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QMessageBox,
    QPlainTextEdit,
    QProgressBar,
    QPushButton,
    QScrollArea,
    QSplitter,
    QStackedWidget,
    QTableWidget,
    QTableWidgetItem,
    QTabWidget,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
)

from engine.paths import assets_dir
from training.protocol import ExportedModel, shared_data_dir

from ..controllers.training import STATE_TEXT, ConfigInfo, RunResults, TrainingController
from ..controllers.training_setup import (
    ALL_GPUS,
    MAX_MINUTES,
    OTHER_CONFIG,
    SAVED_CONFIG,
    RunChoices,
    cuda_gpu_count,
    cuda_gpu_present,
    default_preset,
    preset_configs,
)
from ..engine_host import metrics_text
from ..train_runner import ProgressUpdate, RunResult, StageInfo, StageLister, TrainRequest, TrainRunner

MAX_LOG_LINES = 3000
MAX_LOG_LINE_CHARS = 2000
MAX_METRIC_ROWS = 400
MAX_REPORT_BYTES = 2 << 20


def _fmt_value(value) -> str:
    if isinstance(value, float):
        return f"{value:.4g}"
    text = json.dumps(value, ensure_ascii=False, default=str) if isinstance(value, (dict, list)) else str(value)
    return text if len(text) <= 200 else text[:199] + "…"


def _named(widget, name: str):
    widget.setAccessibleName(name)
    return widget


class StageProgressView(QSplitter):
    """One row per stage with its state, a bar and the loss; below, the metrics as they arrive."""

    def __init__(self, parent: QWidget | None = None):
        super().__init__(Qt.Orientation.Vertical, parent)
        self.stage_table = _named(QTableWidget(0, 4), "Stages")
        self.stage_table.setHorizontalHeaderLabels(("Stage", "State", "Progress", "Loss"))
        self.metrics_table = _named(QTableWidget(0, 3), "Metrics")
        self.metrics_table.setHorizontalHeaderLabels(("Stage", "Metric", "Value"))
        for table, stretch in ((self.stage_table, 2), (self.metrics_table, 1)):
            table.verticalHeader().setVisible(False)
            table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
            table.horizontalHeader().setSectionResizeMode(stretch, QHeaderView.ResizeMode.Stretch)
            self.addWidget(table)
        self._rows: dict[str, int] = {}
        self._metric_rows: dict[tuple, int] = {}

    def clear(self) -> None:
        self.stage_table.setRowCount(0)
        self._rows.clear()
        self.metrics_table.setRowCount(0)
        self._metric_rows.clear()

    def row(self, stage: str) -> int:
        if stage in self._rows:
            return self._rows[stage]
        r = self.stage_table.rowCount()
        self.stage_table.insertRow(r)
        self.stage_table.setItem(r, 0, QTableWidgetItem(stage))
        self.stage_table.setItem(r, 1, QTableWidgetItem(STATE_TEXT["waiting"]))
        bar = _named(QProgressBar(), f"{stage} progress")
        bar.setRange(0, 1000)
        bar.setValue(0)
        bar.setFormat("")
        self.stage_table.setCellWidget(r, 2, bar)
        self.stage_table.setItem(r, 3, QTableWidgetItem(""))
        self._rows[stage] = r
        return r

    def state(self, stage: str) -> str | None:
        r = self._rows.get(stage)
        return self.stage_table.item(r, 1).text() if r is not None else None

    def bar(self, stage: str) -> QProgressBar | None:
        r = self._rows.get(stage)
        return self.stage_table.cellWidget(r, 2) if r is not None else None

    def set_state(self, stage: str, state: str) -> None:
        self.stage_table.item(self.row(stage), 1).setText(STATE_TEXT.get(state, state))
        bar = self.bar(stage)
        if state in ("done", "skipped"):
            bar.setRange(0, 1000)
            bar.setValue(1000)
            bar.setFormat("100%")
        elif state == "running":
            bar.setRange(0, 0)  # busy until the first progress event says how far
        elif bar.maximum() == 0:
            bar.setRange(0, 1000)

    def show_progress(self, p: ProgressUpdate) -> None:
        r = self.row(p.stage)
        bar = self.bar(p.stage)
        frac = p.fraction
        if frac is None:
            bar.setRange(0, 0)
        else:
            bar.setRange(0, 1000)
            bar.setValue(int(frac * 1000))
        label = f"{p.step}/{p.total}" if p.total else f"step {p.step}"
        bar.setFormat(f"{p.phase} {label}".strip() if frac is None else f"{p.phase} {label} · %p%".strip())
        if p.loss is not None:
            self.stage_table.item(r, 3).setText(f"{p.loss:.4f}")

    def show_metric(self, stage: str, label: str, value) -> None:
        key = (stage, label)
        r = self._metric_rows.get(key)
        if r is None:
            if len(self._metric_rows) >= MAX_METRIC_ROWS:
                return
            r = self.metrics_table.rowCount()
            self.metrics_table.insertRow(r)
            self.metrics_table.setItem(r, 0, QTableWidgetItem(stage))
            self.metrics_table.setItem(r, 1, QTableWidgetItem(label))
            self.metrics_table.setItem(r, 2, QTableWidgetItem(""))
            self._metric_rows[key] = r
        self.metrics_table.item(r, 2).setText(_fmt_value(value))


class RunResultsView(QWidget):
    """Reports and plots on the left, the viewer on the right, the run's new models (checkable) below."""

    useRequested = Signal(list)  # [ExportedModel] checked

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.models: list[ExportedModel] = []
        self.busy = False
        self.artifact_list = _named(QListWidget(), "Reports and plots")
        self.report_view = _named(QTextBrowser(), "Report")
        self.plot_label = _named(QLabel(), "Plot")
        self.plot_label.setAlignment(Qt.AlignmentFlag.AlignCenter)
        plot_scroll = QScrollArea()
        plot_scroll.setWidget(self.plot_label)
        plot_scroll.setWidgetResizable(True)
        self.viewer = QStackedWidget()
        self.viewer.addWidget(self.report_view)
        self.viewer.addWidget(plot_scroll)
        top = QSplitter(Qt.Orientation.Horizontal)
        top.addWidget(self.artifact_list)
        top.addWidget(self.viewer)
        top.setStretchFactor(1, 3)
        self.models_list = _named(QListWidget(), "New models of this run")
        self.models_list.setMaximumHeight(110)
        self.use_button = _named(QPushButton("&Use the new models"), "Use the new models")
        self.use_button.setEnabled(False)
        self.swap_label = _named(QLabel("Models appear here when a stage that exports one finishes."),
                                 "Model switch status")
        self.swap_label.setWordWrap(True)
        self.swap_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        lay = QVBoxLayout(self)
        lay.setContentsMargins(0, 0, 0, 0)
        lay.addWidget(top, 1)
        lay.addWidget(QLabel("New models (checked ones are installed and used):"))
        lay.addWidget(self.models_list)
        row = QHBoxLayout()
        row.addWidget(self.use_button)
        row.addWidget(self.swap_label, 1)
        lay.addLayout(row)
        self.artifact_list.currentRowChanged.connect(self._show_artifact)
        self.models_list.itemChanged.connect(lambda _: self.update_use_button())
        self.use_button.clicked.connect(lambda: self.useRequested.emit(self.checked_models()))

    def show_results(self, results: RunResults) -> None:
        current = self.artifact_list.currentItem()
        keep = current.data(Qt.ItemDataRole.UserRole) if current is not None else None
        self.artifact_list.blockSignals(True)
        self.artifact_list.clear()
        for p in results.artifacts:
            item = QListWidgetItem(str(p.relative_to(results.run_dir)))
            item.setData(Qt.ItemDataRole.UserRole, str(p))
            item.setToolTip(str(p))
            self.artifact_list.addItem(item)
        self.artifact_list.blockSignals(False)
        rows = [str(p) for p in results.artifacts]
        if rows:
            self.artifact_list.setCurrentRow(rows.index(keep) if keep in rows else 0)
        self.models = list(results.models)
        self.models_list.blockSignals(True)
        self.models_list.clear()
        for m in self.models:
            item = QListWidgetItem(f"{m.label()} — {metrics_text(dict(m.metrics or {}), 3)}")
            item.setFlags(item.flags() | Qt.ItemFlag.ItemIsUserCheckable)
            checked = (m.role, m.version) in results.checked
            item.setCheckState(Qt.CheckState.Checked if checked else Qt.CheckState.Unchecked)
            item.setToolTip(str(m.path))
            self.models_list.addItem(item)
        self.models_list.blockSignals(False)
        self.update_use_button()

    def checked_models(self) -> list[ExportedModel]:
        return [m for i, m in enumerate(self.models)
                if (item := self.models_list.item(i)) is not None and item.checkState() == Qt.CheckState.Checked]

    def update_use_button(self) -> None:
        self.use_button.setEnabled(bool(self.checked_models()) and not self.busy)

    def _show_artifact(self, row: int) -> None:
        item = self.artifact_list.item(row)
        if item is None:
            return
        path = Path(item.data(Qt.ItemDataRole.UserRole))
        if path.suffix.lower() == ".png":
            pix = QPixmap(str(path))
            if not pix.isNull():
                if pix.width() > 1600:
                    pix = pix.scaledToWidth(1600, Qt.TransformationMode.SmoothTransformation)
                self.plot_label.setPixmap(pix)
                self.viewer.setCurrentIndex(1)
                return
            self.report_view.setPlainText(f"{path.name} cannot be displayed (not a readable PNG image).")
        else:
            try:
                with open(path, "rb") as fh:
                    raw = fh.read(MAX_REPORT_BYTES + 1)
            except OSError as exc:
                self.report_view.setPlainText(f"Cannot read {path}: {exc}")
            else:
                text = raw[:MAX_REPORT_BYTES].decode("utf-8", errors="replace")
                if len(raw) > MAX_REPORT_BYTES:
                    text += (f"\n\n… (the report is longer than {MAX_REPORT_BYTES >> 20} MB; open the file to read "
                             "it all)")
                self.report_view.setMarkdown(text)
        self.viewer.setCurrentIndex(0)


class TrainPanel(QDialog):
    """Choose config, stage, data, device and run folder; Start/Stop; live progress; results; use the new models."""

    runFinished = Signal(object)  # RunResult
    swapFinished = Signal(list)  # [(role, version, ok, message)]
    stagesListed = Signal()
    # the user's actions, for the controller
    configChosen = Signal(str, str)  # combo data (a preset's path, OTHER_CONFIG, SAVED_CONFIG), the typed path
    startRequested = Signal(object)  # RunChoices
    stopRequested = Signal()
    newRunRequested = Signal()
    resumeRequested = Signal(object)  # Path
    stageChosen = Signal(str)
    useRequested = Signal(list)  # [ExportedModel]

    def __init__(self, host=None, *, runner: TrainRunner | None = None, lister: StageLister | None = None,
                 runs_root: Path | None = None, models=None, controller: TrainingController | None = None,
                 parent=None):
        super().__init__(parent if parent is not None else host)
        self.host = host
        self.controller = controller or TrainingController(
            runner=runner, lister=lister, runs_root=runs_root,
            models=models if models is not None else getattr(host, "models", None), parent=self)
        self._close_host_after_stop = False
        self.setWindowTitle("Train models")
        self.setObjectName("train_panel")
        self.setAccessibleName("Train models")
        self.resize(1180, 760)
        self._gpus = cuda_gpu_count()  # > 1: the device list offers them all (data-parallel)
        self._build()
        self._connect()
        presets = [self.config_combo.itemData(i) for i in range(self.config_combo.count())]
        preset_paths = [("", Path(p)) for p in presets if p not in (SAVED_CONFIG, OTHER_CONFIG)]
        self.config_combo.setCurrentIndex(default_preset(preset_paths, cuda_gpu_present()))
        self._choose_config()
        self.controller.new_run(clear=False)
        self.controller.begin()
        if host is not None:
            host.installEventFilter(self)

    # ---------------------------------------------------------------------- the controller's state, for callers

    runner = property(lambda self: self.controller.runner)
    lister = property(lambda self: self.controller.lister)
    result = property(lambda self: self.controller.result)
    exported = property(lambda self: self.controller.exported)
    stages = property(lambda self: self.controller.stages)
    missing_modules = property(lambda self: self.controller.missing_modules)
    swap_results = property(lambda self: self.controller.swapper.results)

    # ---------------------------------------------------------------------- layout

    def _build(self) -> None:
        intro = QLabel("Retrain Keigo's models on this computer with the research pipeline. Training runs in the "
                       "background; when it finishes, “Use the new models” switches to them without a restart.")
        intro.setWordWrap(True)
        self.status_label = _named(QLabel("Ready."), "Training status")
        self.status_label.setWordWrap(True)
        font = self.status_label.font()
        font.setBold(True)
        self.status_label.setFont(font)
        self.elapsed_label = _named(QLabel(""), "Elapsed time")
        self.start_button = _named(QPushButton("&Start training"), "Start training")
        self.stop_button = _named(QPushButton("St&op"), "Stop training")
        self.stop_button.setEnabled(False)
        buttons = QHBoxLayout()
        for w, stretch in ((self.start_button, 0), (self.stop_button, 0), (self.status_label, 1),
                           (self.elapsed_label, 0)):
            buttons.addWidget(w, stretch)
        self.error_label = _named(QLabel(), "Training error")
        self.error_label.setObjectName("train_error")
        self.error_label.setWordWrap(True)
        self.error_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.error_label.setStyleSheet("color: #b3261e; font-weight: 600;")
        self.error_label.hide()
        self.progress_view = StageProgressView()
        self.stage_table, self.metrics_table = self.progress_view.stage_table, self.progress_view.metrics_table
        self.log_view = _named(QPlainTextEdit(), "Training log")
        self.log_view.setReadOnly(True)
        self.log_view.setMaximumBlockCount(MAX_LOG_LINES)
        self.log_view.setLineWrapMode(QPlainTextEdit.LineWrapMode.NoWrap)
        self.results_view = RunResultsView()
        rv = self.results_view
        self.artifact_list, self.report_view, self.plot_label, self.viewer = (rv.artifact_list, rv.report_view,
                                                                              rv.plot_label, rv.viewer)
        self.models_list, self.use_button, self.swap_label = rv.models_list, rv.use_button, rv.swap_label
        self.tabs = _named(QTabWidget(), "Training views")
        self.tabs.addTab(self.progress_view, "&Progress")
        self.tabs.addTab(self.log_view, "&Log")
        self.tabs.addTab(self.results_view, "R&esults")
        lay = QVBoxLayout(self)
        lay.addWidget(intro)
        lay.addLayout(self._build_form())
        lay.addLayout(buttons)
        lay.addWidget(self.error_label)
        lay.addWidget(self.tabs, 1)

    def _build_form(self) -> QFormLayout:
        self.config_combo = _named(QComboBox(), "Training configuration")
        for label, path in preset_configs():
            self.config_combo.addItem(f"{label} — {path.name}", str(path))
        self.config_combo.addItem("The resumed run's own settings (config.toml)", SAVED_CONFIG)
        self.config_combo.addItem("Another TOML file…", OTHER_CONFIG)
        self.config_path_edit = _named(QLineEdit(), "Config file path")
        self.config_path_edit.setPlaceholderText("path to a .toml training config")
        self.config_browse = _named(QPushButton("Browse…"), "Choose a config file")
        self.stage_combo = _named(QComboBox(), "Stage to run")
        self.stage_combo.addItem("Full research pipeline (all stages)", "all")
        self.stage_note = QLabel("Loading the list of stages…")
        self.stage_note.setWordWrap(True)
        self.force_check = _named(QCheckBox("Re-run stages that already finished"), "Re-run finished stages")
        self.data_edit = _named(QLineEdit(), "Training data folder")
        self.data_browse = _named(QPushButton("Browse…"), "Choose the training data folder")
        self.device_combo = _named(QComboBox(), "Training device")
        self.minutes_spin = _named(QDoubleSpinBox(), "Time limit in minutes")
        self.minutes_spin.setRange(0, MAX_MINUTES)
        self.minutes_spin.setDecimals(0)
        self.minutes_spin.setSuffix(" min")
        self.minutes_spin.setSpecialValueText("no limit")
        self.minutes_spin.setToolTip("Stop cleanly after this many minutes; Start again resumes the run.")
        self.overrides_edit = _named(QPlainTextEdit(), "Extra settings")
        self.overrides_edit.setPlaceholderText("Optional, one per line: classifier.epochs=3")
        self.overrides_edit.setMaximumHeight(64)
        self.overrides_edit.setTabChangesFocus(True)
        self.run_dir_edit = _named(QLineEdit(), "Run folder")
        self.run_dir_edit.setReadOnly(True)
        self.new_run_button = _named(QPushButton("New run"), "Start a new run folder")
        self.resume_button = _named(QPushButton("Resume a previous run…"), "Resume a previous run")

        def row(*widgets) -> QHBoxLayout:
            lay = QHBoxLayout()
            for w in widgets:
                lay.addWidget(w, 2 if w in (self.config_combo, self.config_path_edit) else
                              1 if isinstance(w, (QComboBox, QLineEdit)) else 0)
            return lay

        def label(text: str, buddy: QWidget) -> QLabel:
            lab = QLabel(text)  # a buddy makes the & a working Alt shortcut (a plain row title shows it as text)
            lab.setBuddy(buddy)
            return lab

        form = QFormLayout()
        form.addRow(label("&Config:", self.config_combo), row(self.config_combo, self.config_path_edit,
                                                               self.config_browse))
        form.addRow(label("S&tage:", self.stage_combo), row(self.stage_combo, self.force_check))
        form.addRow("", self.stage_note)
        form.addRow(label("&Data folder:", self.data_edit), row(self.data_edit, self.data_browse))
        form.addRow(label("De&vice:", self.device_combo), row(self.device_combo, QLabel("Stop after:"),
                                                               self.minutes_spin))
        form.addRow(label("Extra &settings:", self.overrides_edit), self.overrides_edit)
        form.addRow(label("&Run folder:", self.run_dir_edit), row(self.run_dir_edit, self.new_run_button,
                                                                  self.resume_button))
        return form

    def _connect(self) -> None:
        c = self.controller
        self.configChosen.connect(c.choose_config)
        self.startRequested.connect(c.start)
        self.stopRequested.connect(c.stop)
        self.newRunRequested.connect(c.new_run)
        self.resumeRequested.connect(c.set_resume_dir)
        self.stageChosen.connect(c.stage_chosen)
        self.useRequested.connect(c.use_models)
        self.results_view.useRequested.connect(self.useRequested)
        self.config_combo.currentIndexChanged.connect(lambda _=0: self._choose_config())
        self.config_path_edit.editingFinished.connect(self._choose_config)
        self.config_browse.clicked.connect(self._browse_config)
        self.data_browse.clicked.connect(self._browse_data)
        self.resume_button.clicked.connect(self._browse_resume)
        self.new_run_button.clicked.connect(self.newRunRequested)
        self.stage_combo.currentIndexChanged.connect(lambda _=0: self.stageChosen.emit(self.stage_choice()))
        self.start_button.clicked.connect(self.start)
        self.stop_button.clicked.connect(self.stopRequested)
        c.configLoaded.connect(self._on_config_loaded)
        c.savedConfigShown.connect(self._show_saved_config)
        c.errorChanged.connect(self._show_error_text)
        c.statusChanged.connect(self.status_label.setText)
        c.elapsedChanged.connect(self.elapsed_label.setText)
        c.runFolderChanged.connect(self._show_run_folder)
        c.runningChanged.connect(self._set_running)
        c.stopping.connect(lambda: self.stop_button.setEnabled(False))
        c.progressReset.connect(self.progress_view.clear)
        c.logCleared.connect(self.log_view.clear)
        c.logLine.connect(self._log)
        c.stageStateChanged.connect(self.progress_view.set_state)
        c.progressChanged.connect(self.progress_view.show_progress)
        c.metricChanged.connect(self.progress_view.show_metric)
        c.resultsChanged.connect(self.results_view.show_results)
        c.showResults.connect(lambda: self.tabs.setCurrentWidget(self.results_view))
        c.stagesListed.connect(self._on_stages_listed)
        c.stageNote.connect(self.stage_note.setText)
        c.swapStatus.connect(self.swap_label.setText)
        c.busyChanged.connect(self._update_use_button)
        c.swapFinished.connect(self.swapFinished)
        c.runFinished.connect(self._on_finished)
        c.notify.connect(self._notify)

    # ---------------------------------------------------------------------- user actions

    def choices(self) -> RunChoices:
        return RunChoices(stage=self.stage_choice(), data_text=self.data_edit.text(),
                          device=self.device_combo.currentData(), overrides_text=self.overrides_edit.toPlainText(),
                          force=self.force_check.isChecked(), max_minutes=self.minutes_spin.value(),
                          gpus=self._gpus)

    def set_config(self, path: Path) -> None:
        """Choose a config file (a preset when it is one)."""
        path = Path(path)
        i = self.config_combo.findData(str(path))
        if i < 0:
            i = self.config_combo.findData(OTHER_CONFIG)
            self.config_path_edit.setText(str(path))
        self.config_combo.blockSignals(True)
        self.config_combo.setCurrentIndex(i)
        self.config_combo.blockSignals(False)
        self._choose_config()

    def _choose_config(self) -> None:
        data = self.config_combo.currentData()
        other = data == OTHER_CONFIG
        self.config_path_edit.setVisible(other)
        self.config_browse.setVisible(other)
        if data not in (OTHER_CONFIG, SAVED_CONFIG):
            self.config_path_edit.setText("")
        self.configChosen.emit(str(data or ""), self.config_path_edit.text())

    def stage_choice(self) -> str:
        return str(self.stage_combo.currentData() or "all")

    def set_stage(self, name: str) -> bool:
        i = self.stage_combo.findData(name)
        if i >= 0:
            self.stage_combo.setCurrentIndex(i)
        return i >= 0

    def set_resume_dir(self, path: Path) -> bool:
        self.resumeRequested.emit(Path(path))
        return self.controller.resume_dir == Path(path)

    def build_request(self) -> TrainRequest:
        """The run the current choices describe; TrainInputError says what to fix."""
        return self.controller.build_request(self.choices())

    def start(self) -> bool:
        if self.controller.running:
            return False
        self.startRequested.emit(self.choices())
        return self.controller.running

    def stop(self) -> None:
        self.stopRequested.emit()

    def use_new_models(self) -> bool:
        """Install the checked models and switch to them (each loaded and warmed before it serves)."""
        self.useRequested.emit(self.checked_models())
        return self.controller.use_started

    def checked_models(self) -> list[ExportedModel]:
        return self.results_view.checked_models()

    def show_error(self, message: str) -> None:
        self.controller.show_error(message)

    def stage_state(self, stage: str) -> str | None:
        return self.progress_view.state(stage)

    def stage_bar(self, stage: str) -> QProgressBar | None:
        return self.progress_view.bar(stage)

    def _browse_config(self) -> None:
        name, _ = QFileDialog.getOpenFileName(self, "Training config", str(assets_dir() / "configs"),
                                              "TOML files (*.toml);;All files (*)")
        if name:
            self.set_config(Path(name))

    def _browse_data(self) -> None:
        start = self.data_edit.text() or str(shared_data_dir() or Path.home())
        name = QFileDialog.getExistingDirectory(self, "Training data folder", start)
        if name:
            self.data_edit.setText(name)

    def _browse_resume(self) -> None:
        base = self.controller.base_dir()
        name = QFileDialog.getExistingDirectory(self, "Resume a previous run",
                                                str(base if base.is_dir() else Path.home()))
        if name:
            self.set_resume_dir(Path(name))

    # ---------------------------------------------------------------------- the controller's news

    def _on_config_loaded(self, info: ConfigInfo) -> None:
        current = self.device_combo.currentData()
        self.device_combo.blockSignals(True)
        self.device_combo.clear()
        self.device_combo.addItem(f"As in the config ({info.device})", None)
        self.device_combo.addItem("Automatic: the GPU when there is one", "auto")
        self.device_combo.addItem("CPU", "cpu")
        self.device_combo.addItem("GPU (CUDA)", "cuda")
        if self._gpus > 1:
            self.device_combo.addItem(f"All {self._gpus} GPUs (classifier or rewriter, data-parallel)", ALL_GPUS)
        self.device_combo.setCurrentIndex(max(0, self.device_combo.findData(current)))
        self.device_combo.blockSignals(False)
        self.data_edit.setPlaceholderText(info.data_hint)

    def _show_saved_config(self, saved: bool) -> None:
        i = self.config_combo.findData(SAVED_CONFIG)
        if saved and self.config_combo.currentIndex() != i:
            self.config_combo.setCurrentIndex(i)
        elif saved:
            self._choose_config()  # the same choice, another run's file
        elif self.config_combo.currentData() == SAVED_CONFIG:
            self.config_combo.setCurrentIndex(0)

    def _show_error_text(self, message: str) -> None:
        self.error_label.setText(message)
        self.error_label.setVisible(bool(message))

    def _show_run_folder(self, text: str, hint: str) -> None:
        self.run_dir_edit.setText(text)
        if hint:
            self.run_dir_edit.setPlaceholderText(hint)

    def _set_running(self, running: bool) -> None:
        for w in (self.config_combo, self.config_path_edit, self.config_browse, self.stage_combo, self.force_check,
                  self.data_edit, self.data_browse, self.device_combo, self.minutes_spin, self.overrides_edit,
                  self.resume_button, self.new_run_button, self.start_button):
            w.setEnabled(not running)
        self.stop_button.setEnabled(running)
        self._update_use_button()

    def _update_use_button(self) -> None:
        self.results_view.busy = self.controller.busy
        self.results_view.update_use_button()

    def _log(self, text: str) -> None:
        for line in str(text).splitlines() or [""]:
            self.log_view.appendPlainText(line if len(line) <= MAX_LOG_LINE_CHARS
                                          else line[:MAX_LOG_LINE_CHARS] + " …[line shortened]")

    def _on_stages_listed(self, stages: list[StageInfo], problem: str) -> None:
        current = self.stage_choice()
        for s in stages:
            if self.stage_combo.findData(s.name) < 0:
                text = f"{s.name} — {s.description}" if s.description else s.name
                self.stage_combo.addItem(text if len(text) < 110 else text[:109] + "…", s.name)
                tip = s.description + (f"\nNeeds: {', '.join(s.requires)} (run first when not finished)"
                                       if s.requires else "") + (f"\nProblem: {s.problem}" if s.problem else "")
                self.stage_combo.setItemData(self.stage_combo.count() - 1, tip.strip(), Qt.ItemDataRole.ToolTipRole)
        self.set_stage(current)
        self.stageChosen.emit(self.stage_choice())
        self.stagesListed.emit()

    def _on_finished(self, result: RunResult) -> None:
        self.runFinished.emit(result)
        if self._close_host_after_stop and self.host is not None:
            self._close_host_after_stop = False
            QTimer.singleShot(0, self.host.close)

    def _notify(self, text: str, timeout_ms: int) -> None:
        if hasattr(self.host, "notify"):
            self.host.notify(text, timeout_ms)

    # ---------------------------------------------------------------------- closing

    def ask_stop_on_close(self) -> bool:
        """True: stop the run and close when it has stopped; False: keep the window (and the run) open."""
        answer = QMessageBox.question(
            self.host or self, "Training is running",
            "A training run is in progress. Stop it and quit? The stage in progress saves what it has; finished "
            "stages are kept and the run can be resumed later.",
            QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.Cancel, QMessageBox.StandardButton.Cancel)
        return answer == QMessageBox.StandardButton.Yes

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if watched is self.host and event.type() == QEvent.Type.Close and self.controller.running:
            if self.runner.stop_requested:
                self._notify("Waiting for the training run to stop; Keigo closes when it has.", 0)
                self._close_host_after_stop = True
            elif self.ask_stop_on_close():
                self._close_host_after_stop = True
                self.show()
                self.stop()
                self._notify("Stopping the training run; Keigo closes when it has stopped.", 0)
            event.ignore()
            return True
        return super().eventFilter(watched, event)

    def closeEvent(self, event) -> None:
        if self.controller.running:
            self._notify("Training continues in the background; Models ▸ Train Models reopens the panel.", 10000)
        super().closeEvent(event)

    def shutdown(self) -> None:
        """The app is going away: no run may outlive it."""
        self.controller.shutdown()
        if self.host is not None:
            self.host.removeEventFilter(self)
