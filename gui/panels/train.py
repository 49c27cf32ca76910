"""Train panel: retrain the models with the research pipeline in a child process, watch it, and swap the results in live."""
from __future__ import annotations

import importlib.util
import json
import shlex
import sys
import time
import tomllib
from dataclasses import dataclass, field
from pathlib import Path

from PySide6.QtCore import QEvent, QObject, Qt, QTimer, Signal
from PySide6.QtGui import QPixmap
from PySide6.QtWidgets import (
    QAbstractItemView,
    QCheckBox,
    QComboBox,
    QDialog,
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

from engine.errors import ModelError
from engine.paths import assets_dir, runs_dir
from training.protocol import shared_data_dir

from ..engine_host import metrics_text
from ..train_runner import (
    REPO_ROOT,
    TRAINING_DEPS,
    ProgressUpdate,
    RunResult,
    StageInfo,
    StageLister,
    TrainRequest,
    TrainRunner,
    install_hint,
)
from ..train_runner import stage_done as _stage_done

PRESETS = (
    ("default.toml", "Full research settings (a GPU is recommended; hours)"),
    ("cpu.toml", "Smaller settings for a CPU (runs on a laptop)"),
    ("tiny.toml", "Tiny: a quick check that everything works (seconds)"),
)
SAVED_CONFIG = "saved"  # the resumed run's own config.toml
OTHER_CONFIG = "other"
DATA_SUBFOLDERS = ("gyafc", "jaen", "pt16", "gec", "unlabeled")
MODEL_ROLES = ("scorer", "scorer-accurate", "rewriter")
MAX_CONFIG_BYTES = 1 << 20
MAX_OVERRIDES_CHARS = 20_000
MAX_LOG_LINES = 3000
MAX_LOG_LINE_CHARS = 2000
MAX_METRIC_ROWS = 400
MAX_ARTIFACTS = 200
MAX_REPORT_BYTES = 2 << 20
_STATE_TEXT = {"running": "running", "done": "finished", "skipped": "finished earlier", "stopped": "stopped",
               "failed": "failed", "waiting": "waiting"}


class TrainInputError(ValueError):
    """A choice in the panel that cannot start a run; the message says which field and why."""


# ------------------------------------------------------------------------------------------ pure helpers


def missing_training_modules(find=importlib.util.find_spec, names=TRAINING_DEPS[:2]) -> list[str]:
    """Training modules this interpreter cannot find (found, not imported: the GUI never imports torch)."""
    missing = []
    for name in names:
        try:
            if find(name) is None:
                missing.append(name)
        except (ImportError, ValueError):
            missing.append(name)
    return missing


def preset_configs() -> list[tuple[str, Path]]:
    base = assets_dir() / "configs"
    return [(label, base / name) for name, label in PRESETS if (base / name).is_file()]


def read_config(path: Path) -> dict:
    """The TOML file as a dict; TrainInputError naming the file when it is missing, too big or not TOML."""
    path = Path(path)
    try:
        size = path.stat().st_size
        if size > MAX_CONFIG_BYTES:
            raise TrainInputError(f"The config file {path} is {size / 1e6:.1f} MB; a training config is a small "
                                  "TOML file. Choose another file.")
        raw = path.read_bytes()
    except FileNotFoundError:
        raise TrainInputError(f"The config file {path} does not exist.") from None
    except IsADirectoryError:
        raise TrainInputError(f"{path} is a folder, not a TOML config file.") from None
    except OSError as exc:
        raise TrainInputError(f"Cannot read the config file {path}: {exc}") from None
    try:
        return tomllib.loads(raw.decode("utf-8"))
    except UnicodeDecodeError:
        raise TrainInputError(f"The config file {path} is not text (not UTF-8); choose a TOML file.") from None
    except tomllib.TOMLDecodeError as exc:
        raise TrainInputError(f"The config file {path} is not valid TOML: {exc}") from None


def config_value(config: dict, section: str, key: str, default: str = "") -> str:
    sec = config.get(section)
    value = sec.get(key, default) if isinstance(sec, dict) else default
    return str(value) if value is not None else default


def parse_overrides(text: str) -> list[str]:
    """`section.key=value` items, one per line or separated by spaces (quote values with spaces)."""
    if len(text) > MAX_OVERRIDES_CHARS:
        raise TrainInputError(f"The overrides are {len(text)} characters long; at most {MAX_OVERRIDES_CHARS} fit.")
    bad = next((c for c in text if (ord(c) < 32 and c not in "\t\n\r") or c == "\x7f"), None)
    if bad is not None:
        raise TrainInputError(f"The overrides contain a control character (U+{ord(bad):04X}); type them as plain text.")
    out = []
    for n, line in enumerate(text.splitlines(), 1):
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        try:
            items = shlex.split(line, posix=True)
        except ValueError as exc:
            raise TrainInputError(f"Override line {n} ({line.strip()[:60]}): {exc}") from None
        for item in items:
            key, eq, _ = item.partition("=")
            parts = key.split(".")
            if not eq or len(parts) < 2 or not all(p.replace("_", "").replace("-", "").isalnum() and p.isascii()
                                                    for p in parts):
                raise TrainInputError(f"Override {item[:80]!r} is not section.key=value (for example "
                                      "classifier.epochs=3).")
            out.append(item)
    return out


def resolve_data_root(field_text: str, config_root: str) -> tuple[Path | None, str]:
    """The data folder the run will read and where that choice came from (mirrors the training context)."""
    if field_text.strip():
        return Path(field_text.strip()).expanduser(), "chosen here"
    if config_root.strip():
        p = Path(config_root.strip()).expanduser()
        if not p.is_absolute() and not p.is_dir() and (REPO_ROOT / p).is_dir():
            p = REPO_ROOT / p  # a relative root in a shipped config is relative to the checkout
        return p, "data.root in the config"
    return shared_data_dir(), "KEIGO_DATA or the shared data folder"


def check_data_root(root: Path | None, source: str) -> None:
    try:
        _check_data_root(root, source)
    except OSError as exc:  # a name too long for the file system, a folder without permission
        raise TrainInputError(f"Cannot use the training data folder {str(root)[:200]} ({source}): "
                              f"{exc.strerror or exc}") from None


def _check_data_root(root: Path | None, source: str) -> None:
    if root is None:
        raise TrainInputError("No training data folder is set: choose the folder with the corpora (Data folder), "
                              "or set KEIGO_DATA.")
    if not root.exists():
        raise TrainInputError(f"The training data folder {root} ({source}) does not exist.")
    if not root.is_dir():
        raise TrainInputError(f"The training data folder {root} ({source}) is a file, not a folder.")
    if not any((root / sub).exists() for sub in DATA_SUBFOLDERS):
        raise TrainInputError(f"{root} ({source}) does not look like a training data folder: it has none of "
                              f"{', '.join(s + '/' for s in DATA_SUBFOLDERS)} (see the data README).")


def new_run_dir(stage: str, root: Path | None = None) -> Path:
    base = Path(root) if root is not None else runs_dir()
    stamp = time.strftime("%Y%m%d-%H%M%S")
    path = base / f"{stamp}-{stage}"
    n = 2
    while path.exists():
        path = base / f"{stamp}-{stage}-{n}"
        n += 1
    return path


@dataclass(frozen=True)
class ExportedModel:
    role: str
    version: str
    kind: str
    path: Path
    stage: str
    created: str = ""
    metrics: dict = field(default_factory=dict)

    def label(self) -> str:
        return f"{self.role}: {self.version} ({self.kind}, from stage {self.stage})"


def find_exported_models(run_dir: Path) -> list[ExportedModel]:
    """Model folders (with manifest.json) written by stages that finished: <run>/<stage>/<dir>/manifest.json."""
    out = []
    run_dir = Path(run_dir)
    for manifest in sorted(run_dir.glob("*/*/manifest.json")):
        stage = manifest.parent.parent.name
        if not _stage_done(run_dir, stage):
            continue  # a stopped stage's folder is not a finished model
        try:
            m = json.loads(manifest.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            continue
        if not isinstance(m, dict) or m.get("role") not in MODEL_ROLES or not isinstance(m.get("version"), str):
            continue
        out.append(ExportedModel(m["role"], m["version"], str(m.get("kind", "?")), manifest.parent, stage,
                                 str(m.get("created", "")), m.get("metrics") if isinstance(m.get("metrics"), dict)
                                 else {}))
    return out


def newest_per_role(models: list[ExportedModel]) -> list[ExportedModel]:
    best: dict[str, ExportedModel] = {}
    for m in models:
        if m.role not in best or (m.created, m.version) > (best[m.role].created, best[m.role].version):
            best[m.role] = m
    return list(best.values())


def find_artifacts(run_dir: Path) -> list[Path]:
    """Reports (.md) and plots (.png) of a run, stage by stage (<run>/<stage>/ and one folder below)."""
    run_dir = Path(run_dir)
    found: list[Path] = []
    for pattern in ("*/*.md", "*/*/*.md", "*/*.png", "*/*/*.png"):
        found += [p for p in run_dir.glob(pattern) if p.is_file()]
    found.sort(key=lambda p: (p.relative_to(run_dir).parts[0], p.suffix != ".md", str(p)))
    return found[:MAX_ARTIFACTS]


def install_exported(registry, model: ExportedModel) -> str | None:
    """Install a run's model folder into the registry (verified, staged, renamed); returns the version in use before.

    A folder already installed under the same version (the button pressed twice, a resumed run) is reused when
    its files are the same; a different model under that name is refused.
    """
    from engine.manifest import load_manifest

    if not hasattr(registry, "install"):
        raise ModelError("this model registry cannot install models")
    before = registry.current(model.role)
    previous = getattr(before, "version", None)
    installed = {str(getattr(v, "version", "")): v for v in registry.list(model.role)}
    if model.version in installed:
        there = load_manifest(Path(installed[model.version].path)).get("files")
        if there != load_manifest(model.path).get("files"):
            raise ModelError(f"another {model.role} model is already installed as version {model.version}")
    else:
        registry.install(model.role, model.path, version=model.version)
    trial_load(model)
    return previous


def trial_load(model: ExportedModel) -> None:
    """Load and warm the run's model on its own first: the registry falls back to the bundled model when the
    current one fails to load, so a switch alone would not say that the new model is broken, nor why."""
    from engine.rewriter import FormalRewriter
    from engine.scorer import FormalityScorer

    from ..engine_host import warm_rewriter, warm_scorer

    try:
        if model.role == "rewriter":
            warm_rewriter(FormalRewriter.from_dir(model.path))
        else:
            warm_scorer(FormalityScorer.from_dir(model.path))
    except ModelError as exc:
        raise ModelError(f"it does not load: {exc}") from exc


def _fmt_duration(seconds: float) -> str:
    s = int(max(0, seconds))
    return f"{s // 3600}:{s // 60 % 60:02d}:{s % 60:02d}"


def _fmt_value(value) -> str:
    if isinstance(value, float):
        return f"{value:.4g}"
    text = json.dumps(value, ensure_ascii=False, default=str) if isinstance(value, (dict, list)) else str(value)
    return text if len(text) <= 200 else text[:199] + "…"


# ------------------------------------------------------------------------------------------ the panel


class TrainPanel(QDialog):
    """Choose config, stage, data, device and run folder; Start/Stop; live progress; results; use the new models."""

    runFinished = Signal(object)  # RunResult
    swapFinished = Signal(list)  # [(role, version, ok, message)]
    stagesListed = Signal()

    def __init__(self, host=None, *, runner: TrainRunner | None = None, lister: StageLister | None = None,
                 runs_root: Path | None = None, parent=None):
        super().__init__(parent if parent is not None else host)
        self.host = host
        self.runs_root = runs_root
        self.runner = runner or TrainRunner(parent=self)
        self.runner.setParent(self)
        self.lister = lister or StageLister(self.runner.python, self.runner.extra_env, parent=self)
        self.lister.setParent(self)
        self.result: RunResult | None = None
        self.stages: list[StageInfo] = []
        self.exported: list[ExportedModel] = []
        self.swap_results: list[tuple[str, str, bool, str]] = []
        self._swap_queue: list[ExportedModel] = []
        self._swap_pending: tuple[ExportedModel, str | None] | None = None
        self._rows: dict[str, int] = {}
        self._metric_rows: dict[tuple, int] = {}
        self._resume_dir: Path | None = None
        self._close_host_after_stop = False
        self._device = ""
        self._last_progress: ProgressUpdate | None = None
        self._config_error: str | None = None
        self._config_root = ""  # data.root of the chosen config ("" when it sets none)
        self.missing_modules: list[str] = []

        self.setWindowTitle("Train models")
        self.setObjectName("train_panel")
        self.setAccessibleName("Train models")
        self.resize(1180, 760)
        self._build()
        self._connect()
        self._on_config_changed()
        self.lister.start()
        self._check_training_modules()
        if host is not None:
            host.installEventFilter(self)

    # ---------------------------------------------------------------------- layout

    def _build(self) -> None:
        intro = QLabel("Retrain Keigo's models on this computer with the research pipeline. Training runs in the "
                       "background; when it finishes, “Use the new models” switches to them without a restart.")
        intro.setWordWrap(True)

        self.config_combo = QComboBox()
        self.config_combo.setAccessibleName("Training configuration")
        for label, path in preset_configs():
            self.config_combo.addItem(f"{label} — {path.name}", str(path))
        self.config_combo.addItem("The resumed run's own settings (config.toml)", SAVED_CONFIG)
        self.config_combo.addItem("Another TOML file…", OTHER_CONFIG)
        self.config_path_edit = QLineEdit()
        self.config_path_edit.setAccessibleName("Config file path")
        self.config_path_edit.setPlaceholderText("path to a .toml training config")
        self.config_browse = QPushButton("Browse…")
        self.config_browse.setAccessibleName("Choose a config file")
        cfg_row = QHBoxLayout()
        cfg_row.addWidget(self.config_combo, 2)
        cfg_row.addWidget(self.config_path_edit, 2)
        cfg_row.addWidget(self.config_browse)

        self.stage_combo = QComboBox()
        self.stage_combo.setAccessibleName("Stage to run")
        self.stage_combo.addItem("Full research pipeline (all stages)", "all")
        self.stage_note = QLabel("Loading the list of stages…")
        self.stage_note.setWordWrap(True)
        self.force_check = QCheckBox("Re-run stages that already finished")
        self.force_check.setAccessibleName("Re-run finished stages")
        stage_row = QHBoxLayout()
        stage_row.addWidget(self.stage_combo, 1)
        stage_row.addWidget(self.force_check)

        self.data_edit = QLineEdit()
        self.data_edit.setAccessibleName("Training data folder")
        self.data_browse = QPushButton("Browse…")
        self.data_browse.setAccessibleName("Choose the training data folder")
        data_row = QHBoxLayout()
        data_row.addWidget(self.data_edit, 1)
        data_row.addWidget(self.data_browse)

        self.device_combo = QComboBox()
        self.device_combo.setAccessibleName("Training device")

        self.overrides_edit = QPlainTextEdit()
        self.overrides_edit.setAccessibleName("Extra settings")
        self.overrides_edit.setPlaceholderText("Optional, one per line: classifier.epochs=3")
        self.overrides_edit.setMaximumHeight(64)
        self.overrides_edit.setTabChangesFocus(True)

        self.run_dir_edit = QLineEdit()
        self.run_dir_edit.setAccessibleName("Run folder")
        self.run_dir_edit.setReadOnly(True)
        self.resume_button = QPushButton("Resume a previous run…")
        self.resume_button.setAccessibleName("Resume a previous run")
        self.new_run_button = QPushButton("New run")
        self.new_run_button.setAccessibleName("Start a new run folder")
        run_row = QHBoxLayout()
        run_row.addWidget(self.run_dir_edit, 1)
        run_row.addWidget(self.new_run_button)
        run_row.addWidget(self.resume_button)

        form = QFormLayout()

        def label(text: str, buddy: QWidget) -> QLabel:
            lab = QLabel(text)  # a buddy makes the & a working Alt shortcut (a plain row title shows it as text)
            lab.setBuddy(buddy)
            return lab

        form.addRow(label("&Config:", self.config_combo), cfg_row)
        form.addRow(label("S&tage:", self.stage_combo), stage_row)
        form.addRow("", self.stage_note)
        form.addRow(label("&Data folder:", self.data_edit), data_row)
        form.addRow(label("De&vice:", self.device_combo), self.device_combo)
        form.addRow(label("Extra &settings:", self.overrides_edit), self.overrides_edit)
        form.addRow(label("&Run folder:", self.run_dir_edit), run_row)

        self.start_button = QPushButton("&Start training")
        self.start_button.setAccessibleName("Start training")
        self.stop_button = QPushButton("St&op")
        self.stop_button.setAccessibleName("Stop training")
        self.stop_button.setEnabled(False)
        self.status_label = QLabel("Ready.")
        self.status_label.setAccessibleName("Training status")
        self.status_label.setWordWrap(True)
        font = self.status_label.font()
        font.setBold(True)
        self.status_label.setFont(font)
        self.elapsed_label = QLabel("")
        self.elapsed_label.setAccessibleName("Elapsed time")
        buttons = QHBoxLayout()
        buttons.addWidget(self.start_button)
        buttons.addWidget(self.stop_button)
        buttons.addWidget(self.status_label, 1)
        buttons.addWidget(self.elapsed_label)

        self.error_label = QLabel()
        self.error_label.setObjectName("train_error")
        self.error_label.setAccessibleName("Training error")
        self.error_label.setWordWrap(True)
        self.error_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.error_label.setStyleSheet("color: #b3261e; font-weight: 600;")
        self.error_label.hide()

        # progress tab: one row per stage, a bar each, then the live metrics
        self.stage_table = QTableWidget(0, 4)
        self.stage_table.setAccessibleName("Stages")
        self.stage_table.setHorizontalHeaderLabels(("Stage", "State", "Progress", "Loss"))
        self.stage_table.verticalHeader().setVisible(False)
        self.stage_table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.stage_table.horizontalHeader().setSectionResizeMode(2, QHeaderView.ResizeMode.Stretch)
        self.metrics_table = QTableWidget(0, 3)
        self.metrics_table.setAccessibleName("Metrics")
        self.metrics_table.setHorizontalHeaderLabels(("Stage", "Metric", "Value"))
        self.metrics_table.verticalHeader().setVisible(False)
        self.metrics_table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.metrics_table.horizontalHeader().setSectionResizeMode(1, QHeaderView.ResizeMode.Stretch)
        progress_tab = QSplitter(Qt.Orientation.Vertical)
        progress_tab.addWidget(self.stage_table)
        progress_tab.addWidget(self.metrics_table)

        self.log_view = QPlainTextEdit()
        self.log_view.setAccessibleName("Training log")
        self.log_view.setReadOnly(True)
        self.log_view.setMaximumBlockCount(MAX_LOG_LINES)
        self.log_view.setLineWrapMode(QPlainTextEdit.LineWrapMode.NoWrap)

        # results tab: reports and plots on the left, the viewer on the right, the new models below
        self.artifact_list = QListWidget()
        self.artifact_list.setAccessibleName("Reports and plots")
        self.report_view = QTextBrowser()
        self.report_view.setAccessibleName("Report")
        self.plot_label = QLabel()
        self.plot_label.setAccessibleName("Plot")
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
        self.models_list = QListWidget()
        self.models_list.setAccessibleName("New models of this run")
        self.models_list.setMaximumHeight(110)
        self.use_button = QPushButton("&Use the new models")
        self.use_button.setAccessibleName("Use the new models")
        self.use_button.setEnabled(False)
        self.swap_label = QLabel("Models appear here when a stage that exports one finishes.")
        self.swap_label.setAccessibleName("Model switch status")
        self.swap_label.setWordWrap(True)
        self.swap_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        results = QWidget()
        rl = QVBoxLayout(results)
        rl.setContentsMargins(0, 0, 0, 0)
        rl.addWidget(top, 1)
        rl.addWidget(QLabel("New models (checked ones are installed and used):"))
        rl.addWidget(self.models_list)
        row = QHBoxLayout()
        row.addWidget(self.use_button)
        row.addWidget(self.swap_label, 1)
        rl.addLayout(row)

        self.tabs = QTabWidget()
        self.tabs.setAccessibleName("Training views")
        self.tabs.addTab(progress_tab, "&Progress")
        self.tabs.addTab(self.log_view, "&Log")
        self.tabs.addTab(results, "R&esults")

        lay = QVBoxLayout(self)
        lay.addWidget(intro)
        lay.addLayout(form)
        lay.addLayout(buttons)
        lay.addWidget(self.error_label)
        lay.addWidget(self.tabs, 1)

        self._elapsed_timer = QTimer(self, interval=1000)
        self._elapsed_timer.timeout.connect(self._tick)
        self._new_run_folder()

    def _connect(self) -> None:
        self.config_combo.currentIndexChanged.connect(lambda _=0: self._on_config_changed())
        self.config_path_edit.editingFinished.connect(self._on_config_changed)
        self.config_browse.clicked.connect(self._browse_config)
        self.data_browse.clicked.connect(self._browse_data)
        self.resume_button.clicked.connect(self._browse_resume)
        self.new_run_button.clicked.connect(self._new_run_folder)
        self.stage_combo.currentIndexChanged.connect(lambda _=0: self._on_stage_changed())
        self.start_button.clicked.connect(self.start)
        self.stop_button.clicked.connect(self.stop)
        self.artifact_list.currentRowChanged.connect(self._show_artifact)
        self.use_button.clicked.connect(self.use_new_models)
        self.models_list.itemChanged.connect(lambda _: self._update_use_button())
        r = self.runner
        r.started.connect(self._on_started)
        r.record.connect(self._on_record)
        r.stageStarted.connect(self._on_stage_started)
        r.stageFinished.connect(self._on_stage_finished)
        r.progress.connect(self._on_progress)
        r.metric.connect(self._on_metric)
        r.logMessage.connect(self._log)
        r.error.connect(self._on_error_event)
        r.stopping.connect(self._on_stopping)
        r.finished.connect(self._on_finished)
        self.lister.listed.connect(self._on_stages_listed)

    # ---------------------------------------------------------------------- choices

    def config_choice(self) -> Path | None:
        data = self.config_combo.currentData()
        if data == SAVED_CONFIG:
            return (self._resume_dir / "config.toml") if self._resume_dir else None
        if data == OTHER_CONFIG:
            text = self.config_path_edit.text().strip()
            return Path(text).expanduser() if text else None
        return Path(data) if data else None

    def set_config(self, path: Path) -> None:
        """Choose a config file (a preset when it is one)."""
        path = Path(path)
        i = self.config_combo.findData(str(path))
        if i < 0:
            i = self.config_combo.findData(OTHER_CONFIG)
            self.config_path_edit.setText(str(path))
        self.config_combo.setCurrentIndex(i)
        self._on_config_changed()

    def _on_config_changed(self) -> None:
        data = self.config_combo.currentData()
        self.config_path_edit.setVisible(data == OTHER_CONFIG)
        self.config_browse.setVisible(data == OTHER_CONFIG)
        if data not in (OTHER_CONFIG, SAVED_CONFIG):
            self.config_path_edit.setText("")
        self._config_error = None
        config: dict = {}
        path = self.config_choice()
        if path is None:
            self._config_error = ("Choose a TOML config file." if data == OTHER_CONFIG else
                                  "Choose a previous run first (Resume a previous run…).")
        else:
            try:
                config = read_config(path)
            except TrainInputError as exc:
                self._config_error = str(exc)
        device = config_value(config, "run", "device", "auto") or "auto"
        current = self.device_combo.currentData()
        self.device_combo.blockSignals(True)
        self.device_combo.clear()
        self.device_combo.addItem(f"As in the config ({device})", None)
        self.device_combo.addItem("Automatic: the GPU when there is one", "auto")
        self.device_combo.addItem("CPU", "cpu")
        self.device_combo.addItem("GPU (CUDA)", "cuda")
        self.device_combo.setCurrentIndex(max(0, self.device_combo.findData(current)))
        self.device_combo.blockSignals(False)
        self._config_root = config_value(config, "data", "root")
        try:
            root, source = resolve_data_root("", self._config_root)
        except OSError:
            root, source = None, ""
        self.data_edit.setPlaceholderText(f"{root} ({source})" if root else
                                          "not set: choose the folder with the corpora")
        if self._config_error:
            self.show_error(self._config_error)
        elif not self.runner.running:
            self.show_error("")

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
        base = self.runs_root or runs_dir()
        name = QFileDialog.getExistingDirectory(self, "Resume a previous run", str(base if base.is_dir() else
                                                                                   Path.home()))
        if name:
            self.set_resume_dir(Path(name))

    def set_resume_dir(self, path: Path) -> bool:
        """Continue a run: its finished stages are skipped, its saved settings are used unless another is chosen."""
        path = Path(path)
        try:
            is_run = (path / "config.toml").is_file()
        except OSError:
            is_run = False
        if not is_run:
            self.show_error(f"{path} is not a training run folder (it has no config.toml); choose a folder that an "
                            "earlier run created.")
            return False
        self._resume_dir = path
        self.run_dir_edit.setText(str(path))
        self.config_combo.setCurrentIndex(self.config_combo.findData(SAVED_CONFIG))
        self._on_config_changed()
        self._refresh_results(path)
        done = [d.parent.name for d in sorted(path.glob("*/DONE.json")) if _stage_done(path, d.parent.name)]
        self.status_label.setText(f"Resuming {path.name}: " + (f"finished stages {', '.join(done)} are skipped."
                                                               if done else "no stage has finished yet."))
        return True

    def _new_run_folder(self) -> None:
        self._resume_dir = None
        self.run_dir_edit.setText("")
        base = self.runs_root or runs_dir()
        self.run_dir_edit.setPlaceholderText(f"a new folder in {base}")
        if self.config_combo.currentData() == SAVED_CONFIG:
            self.config_combo.setCurrentIndex(0)

    def stage_choice(self) -> str:
        return str(self.stage_combo.currentData() or "all")

    def set_stage(self, name: str) -> bool:
        i = self.stage_combo.findData(name)
        if i >= 0:
            self.stage_combo.setCurrentIndex(i)
        return i >= 0

    def _check_training_modules(self) -> None:
        """The same check `keigo train` makes: say at once when this interpreter has no torch/transformers."""
        if self.runner.python != sys.executable:
            return  # another interpreter: its own run says what it lacks
        missing = missing_training_modules()
        if missing:
            self.missing_modules = missing
            self.show_error(install_hint(missing[0], self.runner.python))

    def _on_stages_listed(self, stages: list, problem: str) -> None:
        self.stages = list(stages)
        current = self.stage_choice()
        for s in self.stages:
            if self.stage_combo.findData(s.name) < 0:
                text = f"{s.name} — {s.description}" if s.description else s.name
                self.stage_combo.addItem(text if len(text) < 110 else text[:109] + "…", s.name)
                tip = s.description + (f"\nNeeds: {', '.join(s.requires)} (run first when not finished)"
                                       if s.requires else "") + (f"\nProblem: {s.problem}" if s.problem else "")
                self.stage_combo.setItemData(self.stage_combo.count() - 1, tip.strip(), Qt.ItemDataRole.ToolTipRole)
        self.set_stage(current)
        if problem:
            self.stage_note.setText("Only the full pipeline can be chosen: the stage list could not be read.")
            self.show_error(problem)
        else:
            self.stage_note.setText("A stage also runs the stages it needs first; finished stages are skipped.")
        self._on_stage_changed()
        self.stagesListed.emit()

    def _on_stage_changed(self) -> None:
        info = next((s for s in self.stages if s.name == self.stage_choice()), None)
        if info and info.problem:
            self.stage_note.setText(f"This stage cannot load: {info.problem}")

    def build_request(self) -> TrainRequest:
        """The run the current choices describe; TrainInputError says what to fix."""
        if self._config_error:
            raise TrainInputError(self._config_error)
        config_path = self.config_choice()
        assert config_path is not None
        overrides = parse_overrides(self.overrides_edit.toPlainText())
        data_text = self.data_edit.text().strip()
        if data_text and "\x00" in data_text:
            raise TrainInputError("The data folder path contains a NUL character.")
        try:
            root, source = resolve_data_root(data_text, self._config_root)
        except OSError as exc:
            raise TrainInputError(f"Cannot use the training data folder: {exc.strerror or exc}") from None
        if not any(o.startswith("data.root=") for o in overrides):
            check_data_root(root, source)
        if data_text:
            overrides.insert(0, f"data.root={root}")
        device = self.device_combo.currentData()
        if device:
            overrides.insert(0, f"run.device={device}")
        stage = self.stage_choice()
        run_dir = self._resume_dir or new_run_dir(stage, self.runs_root)
        return TrainRequest(stage=stage, run_dir=run_dir, config=config_path, overrides=tuple(overrides),
                            force=self.force_check.isChecked())

    # ---------------------------------------------------------------------- start / stop

    def start(self) -> bool:
        if self.runner.running:
            return False
        try:
            request = self.build_request()
        except TrainInputError as exc:
            self.show_error(str(exc))
            return False
        self.show_error("")
        self.result = None
        self._reset_views()
        self.runner.start(request)
        return self.runner.running

    def stop(self) -> None:
        self.runner.stop()

    def _reset_views(self) -> None:
        self.stage_table.setRowCount(0)
        self._rows.clear()
        self.metrics_table.setRowCount(0)
        self._metric_rows.clear()
        self._device = ""
        self._last_progress = None

    def _set_running(self, running: bool) -> None:
        for w in (self.config_combo, self.config_path_edit, self.config_browse, self.stage_combo, self.force_check,
                  self.data_edit, self.data_browse, self.device_combo, self.overrides_edit, self.resume_button,
                  self.new_run_button, self.start_button):
            w.setEnabled(not running)
        self.stop_button.setEnabled(running)
        if running:
            self.use_button.setEnabled(False)
        else:
            self._update_use_button()

    def _on_started(self, request: TrainRequest) -> None:
        self._set_running(True)
        self.run_dir_edit.setText(str(request.run_dir))
        self._resume_dir = None
        self.status_label.setText(f"Starting {request.stage}…")
        self._log(f"$ python {' '.join(shlex.quote(a) for a in request.arguments())}")
        self._elapsed_timer.start()
        self._tick()

    def _tick(self) -> None:
        text = f"Elapsed {_fmt_duration(self.runner.elapsed_s())}"
        p = self._last_progress
        if p is not None and p.eta_s is not None and self.runner.running:
            text += f" · {p.stage} about {_fmt_duration(p.eta_s)} left"
        self.elapsed_label.setText(text)

    # ---------------------------------------------------------------------- run events

    def _row(self, stage: str) -> int:
        if stage in self._rows:
            return self._rows[stage]
        r = self.stage_table.rowCount()
        self.stage_table.insertRow(r)
        self.stage_table.setItem(r, 0, QTableWidgetItem(stage))
        self.stage_table.setItem(r, 1, QTableWidgetItem(_STATE_TEXT["waiting"]))
        bar = QProgressBar()
        bar.setAccessibleName(f"{stage} progress")
        bar.setRange(0, 1000)
        bar.setValue(0)
        bar.setFormat("")
        self.stage_table.setCellWidget(r, 2, bar)
        self.stage_table.setItem(r, 3, QTableWidgetItem(""))
        self._rows[stage] = r
        return r

    def stage_state(self, stage: str) -> str | None:
        r = self._rows.get(stage)
        return self.stage_table.item(r, 1).text() if r is not None else None

    def stage_bar(self, stage: str) -> QProgressBar | None:
        r = self._rows.get(stage)
        return self.stage_table.cellWidget(r, 2) if r is not None else None

    def _set_state(self, stage: str, state: str) -> None:
        r = self._row(stage)
        self.stage_table.item(r, 1).setText(_STATE_TEXT.get(state, state))
        bar = self.stage_bar(stage)
        if state in ("done", "skipped") and bar is not None:
            bar.setRange(0, 1000)
            bar.setValue(1000)
            bar.setFormat("100%")
        elif state == "running" and bar is not None:
            bar.setRange(0, 0)  # busy until the first progress event says how far
        elif bar is not None and bar.maximum() == 0:
            bar.setRange(0, 1000)

    def _on_record(self, record: dict) -> None:
        if record.get("event") == "log" and record.get("device") and not self._device:
            self._device = str(record["device"])
            self.status_label.setText(f"Training on {self._device}…")

    def _on_stage_started(self, stage: str, record: dict) -> None:
        self._set_state(stage, "running")
        device = record.get("device") or self._device
        self.status_label.setText(f"Running {stage}" + (f" on {device}" if device else "") + "…")

    def _on_stage_finished(self, stage: str, state: str) -> None:
        self._set_state(stage, state)
        if state in ("done", "stopped") and self.runner.request is not None:
            self._refresh_results(Path(self.runner.request.run_dir))

    def _on_progress(self, p: ProgressUpdate) -> None:
        if not p.stage:
            return
        self._last_progress = p
        r = self._row(p.stage)
        bar = self.stage_bar(p.stage)
        frac = p.fraction
        if bar is not None:
            if frac is None:
                bar.setRange(0, 0)
            else:
                bar.setRange(0, 1000)
                bar.setValue(int(frac * 1000))
            label = f"{p.step}/{p.total}" if p.total else f"step {p.step}"
            bar.setFormat(f"{p.phase} {label}".strip() if frac is None else f"{p.phase} {label} · %p%".strip())
        if p.loss is not None:
            self.stage_table.item(r, 3).setText(f"{p.loss:.4f}")
        detail = f"{p.stage}" + (f" ({p.phase})" if p.phase else "") + (f": step {p.step}" + (f"/{p.total}"
                                                                                              if p.total else ""))
        if p.loss is not None:
            detail += f" · loss {p.loss:.4f}"
        if self.runner.running and not self.runner.stop_requested:
            self.status_label.setText(f"Running {detail}")

    def _on_metric(self, stage: str, name: str, value, rest: dict) -> None:
        variant = str(rest.get("variant") or "")
        label = f"{name} ({variant})" if variant else name
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

    def _log(self, text: str) -> None:
        for line in str(text).splitlines() or [""]:
            self.log_view.appendPlainText(line if len(line) <= MAX_LOG_LINE_CHARS
                                          else line[:MAX_LOG_LINE_CHARS] + " …[line shortened]")

    def _on_error_event(self, message: str) -> None:
        self._log(f"error: {message}")

    def _on_stopping(self, message: str) -> None:
        self.status_label.setText(message)
        self.stop_button.setEnabled(False)

    def _on_finished(self, result: RunResult) -> None:
        self.result = result
        self._elapsed_timer.stop()
        self._tick()
        self._set_running(False)
        for stage, r in self._rows.items():
            if self.stage_table.item(r, 1).text() == _STATE_TEXT["running"]:
                self._set_state(stage, "stopped" if result.outcome in ("stopped", "killed") else "failed")
        request = self.runner.request
        if request is not None and Path(request.run_dir).is_dir():
            self._refresh_results(Path(request.run_dir))
            if result.ok:
                self._new_run_folder()  # the next Start is a new run; this one's results stay on show
            elif (Path(request.run_dir) / "config.toml").is_file():
                self._resume_dir = Path(request.run_dir)  # Start again resumes it: finished stages are skipped
        took = _fmt_duration(result.elapsed_s)
        if result.ok:
            n = len(self.exported)
            self.status_label.setText(f"Finished in {took}." + (f" {n} new model{'s' if n != 1 else ''} ready: "
                                                               "see Results." if n else ""))
            self.show_error("")
            if n:
                self.tabs.setCurrentIndex(2)
        else:
            again = " Start resumes this run." if self._resume_dir is not None else ""
            self.status_label.setText({"stopped": f"Stopped after {took}.", "killed": "Ended."}.get(
                result.outcome, f"Failed after {took}.") + again)
            message = result.message
            if result.outcome == "crashed" and result.stderr_tail:
                message += "\n" + "\n".join(result.stderr_tail[-8:])
            self.show_error(message if result.outcome != "stopped" else "")
            if result.outcome == "stopped":
                self._log(result.message)
            if result.stderr_tail and result.outcome not in ("stopped",):
                self._log("--- last messages of the training process ---")
                self._log("\n".join(result.stderr_tail))
        self.runFinished.emit(result)
        if self._close_host_after_stop and self.host is not None:
            self._close_host_after_stop = False
            QTimer.singleShot(0, self.host.close)

    def show_error(self, message: str) -> None:
        if not message and self.missing_modules:  # clearing an error must not hide that training cannot run
            message = install_hint(self.missing_modules[0], self.runner.python)
        self.error_label.setText(message)
        self.error_label.setVisible(bool(message))

    # ---------------------------------------------------------------------- results

    def _refresh_results(self, run_dir: Path) -> None:
        current = self.artifact_list.currentItem()
        keep = current.data(Qt.ItemDataRole.UserRole) if current is not None else None
        self.artifact_list.blockSignals(True)
        self.artifact_list.clear()
        for p in find_artifacts(run_dir):
            item = QListWidgetItem(str(p.relative_to(run_dir)))
            item.setData(Qt.ItemDataRole.UserRole, str(p))
            item.setToolTip(str(p))
            self.artifact_list.addItem(item)
        self.artifact_list.blockSignals(False)
        rows = [self.artifact_list.item(i).data(Qt.ItemDataRole.UserRole) for i in range(self.artifact_list.count())]
        if rows:
            self.artifact_list.setCurrentRow(rows.index(keep) if keep in rows else 0)
        self.exported = find_exported_models(run_dir)
        checked = {(m.role, m.version) for m in newest_per_role(self.exported)}
        self.models_list.blockSignals(True)
        self.models_list.clear()
        for m in self.exported:
            item = QListWidgetItem(f"{m.label()} — {metrics_text(m.metrics, 3)}")
            item.setFlags(item.flags() | Qt.ItemFlag.ItemIsUserCheckable)
            item.setCheckState(Qt.CheckState.Checked if (m.role, m.version) in checked else Qt.CheckState.Unchecked)
            item.setToolTip(str(m.path))
            self.models_list.addItem(item)
        self.models_list.blockSignals(False)
        if self.exported and not self.swap_results:
            self.swap_label.setText("Check the models to use, then press “Use the new models”: each is verified, "
                                    "loaded and warmed before it replaces the current one.")
        self._update_use_button()

    def _show_artifact(self, row: int) -> None:
        item = self.artifact_list.item(row)
        if item is None:
            return
        path = Path(item.data(Qt.ItemDataRole.UserRole))
        if path.suffix.lower() == ".png":
            pix = QPixmap(str(path))
            if pix.isNull():
                self.report_view.setPlainText(f"{path.name} cannot be displayed (not a readable PNG image).")
                self.viewer.setCurrentIndex(0)
                return
            if pix.width() > 1600:
                pix = pix.scaledToWidth(1600, Qt.TransformationMode.SmoothTransformation)
            self.plot_label.setPixmap(pix)
            self.viewer.setCurrentIndex(1)
            return
        try:
            with open(path, "rb") as fh:
                raw = fh.read(MAX_REPORT_BYTES + 1)
        except OSError as exc:
            self.report_view.setPlainText(f"Cannot read {path}: {exc}")
        else:
            text = raw[:MAX_REPORT_BYTES].decode("utf-8", errors="replace")
            if len(raw) > MAX_REPORT_BYTES:
                text += f"\n\n… (the report is longer than {MAX_REPORT_BYTES >> 20} MB; open the file to read it all)"
            self.report_view.setMarkdown(text)
        self.viewer.setCurrentIndex(0)

    def checked_models(self) -> list[ExportedModel]:
        return [m for i, m in enumerate(self.exported)
                if (item := self.models_list.item(i)) is not None and item.checkState() == Qt.CheckState.Checked]

    def _update_use_button(self) -> None:
        busy = self.runner.running or bool(self._swap_queue) or self._swap_pending is not None
        self.use_button.setEnabled(bool(self.checked_models()) and not busy)

    # ---------------------------------------------------------------------- model swap

    def use_new_models(self) -> bool:
        """Install the checked models and switch to them through the main window (load + warm in a worker)."""
        if self.runner.running or self._swap_queue or self._swap_pending is not None:
            self.swap_label.setText("Wait until the training run (or the current switch) has finished.")
            return False
        chosen = self.checked_models()
        roles = [m.role for m in chosen]
        twice = sorted({r for r in roles if roles.count(r) > 1})
        if twice:
            self.swap_label.setText(f"Check one model per role (more than one {', '.join(twice)} is checked).")
            return False
        host = self.host
        registry = getattr(host, "registry", None)
        if not chosen or host is None or registry is None or not hasattr(host, "tasks"):
            self.swap_label.setText("Nothing to use: no new model is checked, or the model registry is unavailable.")
            return False
        self.swap_results = []
        self._swap_queue = list(chosen)
        self.use_button.setEnabled(False)
        self._next_swap()
        return True

    def _next_swap(self) -> None:
        if not self._swap_queue:
            self._swap_done()
            return
        model = self._swap_queue.pop(0)
        self.swap_label.setText(f"Installing {model.role} {model.version}…")
        registry = self.host.registry
        self.host.tasks.run(lambda: install_exported(registry, model),
                            lambda previous: self._switch(model, previous),
                            lambda exc: self._swap_failed(model, f"it was not installed: {exc}"))

    def _switch(self, model: ExportedModel, previous: str | None) -> None:
        self.swap_label.setText(f"Loading and checking {model.role} {model.version}…")
        self._swap_pending = (model, previous)
        self.host.modelsReady.connect(self._after_switch)
        self.host.switch_model(model.role, model.version)

    def _after_switch(self) -> None:
        self.host.modelsReady.disconnect(self._after_switch)
        pending, self._swap_pending = self._swap_pending, None
        if pending is None:
            return
        model, previous = pending
        registry = self.host.registry
        current = getattr(registry.current(model.role), "version", None)
        live = self._live_version(model.role)
        if current == model.version and live in (None, model.version):
            self.swap_results.append((model.role, model.version, True, f"now using {model.role} {model.version}"))
            self._next_swap()
        elif current == model.version and previous and previous != model.version:
            # the registry loaded its fallback instead: point it back at what was in use before
            why = f"it did not load (the app fell back to {live}); Keigo stays on {previous}"
            self.host.tasks.run(lambda: registry.use(model.role, previous),
                                lambda _: self._swap_failed(model, why),
                                lambda exc: self._swap_failed(model, f"{why}, but restoring it failed: {exc}"))
        else:
            said = self.host.statusBar().currentMessage() if hasattr(self.host, "statusBar") else ""
            stay = current or previous or "the previous version"
            self._swap_failed(model, f"it did not load ({said or 'see the status bar'}); Keigo stays on {stay}")

    def _live_version(self, role: str) -> str | None:
        """The version the editor really runs for a live role (None for roles the editor does not use)."""
        engine = getattr(self.host, "engine", None)
        model = {"scorer": getattr(engine, "scorer", None), "rewriter": getattr(engine, "rewriter", None)}.get(role)
        info = getattr(model, "info", None)
        return None if info is None else str(info.version)

    def _swap_failed(self, model: ExportedModel, why: str) -> None:
        self.swap_results.append((model.role, model.version, False, f"{model.role} {model.version}: {why}"))
        self._next_swap()

    def _swap_done(self) -> None:
        ok = [r for r in self.swap_results if r[2]]
        bad = [r for r in self.swap_results if not r[2]]
        parts = []
        if ok:
            parts.append("Now using " + ", ".join(f"{role} {version}" for role, version, _, _ in ok) +
                         "; the document is being re-scored.")
        parts += [msg for _, _, _, msg in bad]
        self.swap_label.setText(" ".join(parts) or "Nothing was changed.")
        self._update_use_button()
        if hasattr(self.host, "notify") and ok:
            self.host.notify(parts[0], 12000)
        self.swapFinished.emit(list(self.swap_results))

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
        if watched is self.host and event.type() == QEvent.Type.Close and self.runner.running:
            if self.runner.stop_requested:
                if hasattr(self.host, "notify"):
                    self.host.notify("Waiting for the training run to stop; Keigo closes when it has.", 0)
                self._close_host_after_stop = True
            elif self.ask_stop_on_close():
                self._close_host_after_stop = True
                self.show()
                self.stop()
                if hasattr(self.host, "notify"):
                    self.host.notify("Stopping the training run; Keigo closes when it has stopped.", 0)
            event.ignore()
            return True
        return super().eventFilter(watched, event)

    def closeEvent(self, event) -> None:
        if self.runner.running and self.host is not None and hasattr(self.host, "notify"):
            self.host.notify("Training continues in the background; Models ▸ Train Models reopens the panel.", 10000)
        super().closeEvent(event)

    def shutdown(self) -> None:
        """The app is going away: no run may outlive it."""
        self.lister.shutdown()
        if self.runner.running:
            self.runner.kill_now()
        self._elapsed_timer.stop()
        if self.host is not None:
            self.host.removeEventFilter(self)
