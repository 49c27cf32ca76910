"""Models dialog: every installed version per role (bundled and trained) with its manifest metrics; switch, roll back, verify."""
from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QAbstractItemView,
    QDialog,
    QDialogButtonBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QPushButton,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
)

from ..engine_host import metrics_text

COLUMNS = ("Role", "Version", "Kind", "Created", "How good it is (GYAFC tune)", "State")


class ModelsDialog(QDialog):
    switchRequested = Signal(str, str)  # role, version
    rollbackRequested = Signal(str)
    verifyRequested = Signal(str, str)

    def __init__(self, registry, parent=None):
        super().__init__(parent)
        self.registry = registry
        self.setWindowTitle("Models")
        self.setObjectName("models_dialog")
        self.setAccessibleName("Models")
        self.resize(860, 420)
        lay = QVBoxLayout(self)
        intro = QLabel(
            "Bundled models ship with Keigo; trained ones come from the Train panel or `keigo train`. "
            "Switching loads and checks the new version first: if it fails, Keigo stays on the current one."
        )
        intro.setWordWrap(True)
        self.table = QTableWidget(0, len(COLUMNS))
        self.table.setObjectName("models_table")
        self.table.setAccessibleName("Installed model versions")
        self.table.setHorizontalHeaderLabels(COLUMNS)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.verticalHeader().setVisible(False)
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(4, QHeaderView.ResizeMode.Stretch)
        self.table.itemSelectionChanged.connect(self._update_buttons)
        self.table.itemDoubleClicked.connect(lambda _: self._use())
        self.status = QLabel()
        self.status.setWordWrap(True)
        self.status.setAccessibleName("Models status")
        self.status.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)

        row = QHBoxLayout()
        self.use_button = QPushButton("&Use this version")
        self.use_button.setAccessibleName("Use the selected model version")
        self.rollback_button = QPushButton("&Roll back")
        self.rollback_button.setAccessibleName("Roll back to the previous version of the selected role")
        self.verify_button = QPushButton("&Verify")
        self.verify_button.setAccessibleName("Verify the selected model version's files")
        self.use_button.clicked.connect(self._use)
        self.rollback_button.clicked.connect(self._rollback)
        self.verify_button.clicked.connect(self._verify)
        for b in (self.use_button, self.rollback_button, self.verify_button):
            row.addWidget(b)
        row.addStretch(1)
        close = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        close.rejected.connect(self.reject)
        row.addWidget(close)
        lay.addWidget(intro)
        lay.addWidget(self.table, 1)
        lay.addWidget(self.status)
        lay.addLayout(row)
        self._rows: list[tuple[str, str]] = []
        self.refresh()

    def refresh(self) -> None:
        self.table.setRowCount(0)
        self._rows = []
        if self.registry is None:
            self.status.setText("The model registry is unavailable.")
            self._update_buttons()
            return
        try:
            roles = list(self.registry.roles())
            for role in roles:
                current = self.registry.current(role)
                current_version = current.version if current is not None else None
                for mv in self.registry.list(role):
                    version = mv.version
                    state = "active" if version == current_version else ""
                    if version == "bundled":
                        state = (state + ", bundled").strip(", ")
                    cells = (
                        role,
                        version,
                        mv.kind,
                        mv.created[:19].replace("T", " "),
                        metrics_text(mv.metrics, 3, role),
                        state,
                    )
                    r = self.table.rowCount()
                    self.table.insertRow(r)
                    for c, text in enumerate(cells):
                        item = QTableWidgetItem(text)
                        # every plain-language metric, one a line (the cell shows the first three)
                        item.setToolTip(metrics_text(mv.metrics, 12, role, "\n") if c == 4 else text)
                        if state.startswith("active"):
                            font = item.font()
                            font.setBold(True)
                            item.setFont(font)
                        self.table.setItem(r, c, item)
                    self._rows.append((role, version))
            if not self._rows:
                self.status.setText("No models are installed yet; Keigo uses the rule-based formalizer.")
        except Exception as exc:  # noqa: BLE001 (a boundary: reported to the user, the app keeps running)
            self.status.setText(f"Cannot list the models: {exc}")
        self._update_buttons()

    def selected(self) -> tuple[str, str] | None:
        rows = self.table.selectionModel().selectedRows()
        if not rows:
            return None
        r = rows[0].row()
        return self._rows[r] if 0 <= r < len(self._rows) else None

    def select(self, role: str, version: str) -> bool:
        for r, key in enumerate(self._rows):
            if key == (role, version):
                self.table.selectRow(r)
                return True
        return False

    def _update_buttons(self) -> None:
        has = self.selected() is not None
        for b in (self.use_button, self.rollback_button, self.verify_button):
            b.setEnabled(has)

    def _use(self) -> None:
        sel = self.selected()
        if sel:
            self.set_busy(f"Loading {sel[0]} {sel[1]}…")
            self.switchRequested.emit(*sel)

    def _rollback(self) -> None:
        sel = self.selected()
        if sel:
            self.set_busy(f"Rolling back {sel[0]}…")
            self.rollbackRequested.emit(sel[0])

    def _verify(self) -> None:
        sel = self.selected()
        if sel:
            self.set_busy(f"Verifying {sel[0]} {sel[1]}…")
            self.verifyRequested.emit(*sel)

    def set_busy(self, message: str) -> None:
        self.status.setText(message)
        for b in (self.use_button, self.rollback_button, self.verify_button):
            b.setEnabled(False)

    def show_result(self, message: str) -> None:
        self.refresh()
        self.status.setText(message)
