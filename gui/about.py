"""The About box: Keigo's version, the runtime's, the models in use, and the bundled models' data licences."""
from __future__ import annotations

import html
import platform
import tomllib
from importlib.metadata import PackageNotFoundError, version
from pathlib import Path

from PySide6 import __version__ as pyside_version
from PySide6.QtCore import qVersion
from PySide6.QtWidgets import QDialog, QDialogButtonBox, QTextBrowser, QVBoxLayout

from . import engine_host


def dist_version(dist: str) -> str:
    try:
        return version(dist)
    except PackageNotFoundError:
        return "not installed"


def keigo_version() -> str:
    v = dist_version("keigo")
    if v != "not installed":
        return v
    try:  # a source checkout that was not pip-installed
        pyproject = Path(__file__).resolve().parent.parent / "pyproject.toml"
        return str(tomllib.loads(pyproject.read_text(encoding="utf-8"))["project"]["version"]) + " (source checkout)"
    except (OSError, KeyError, ValueError):
        return "(development)"


# What "research use" means for the person using the app, in plain words (the cards' "Data licences" say why).
RESEARCH_NOTE = (
    "<p><b>What the licence line means for you.</b> The bundled models learned from GYAFC, a research corpus "
    "of Yahoo Answers sentences whose terms allow research use. A model trained on data carries that data's "
    "terms, so these models are for research and personal writing, not for commercial work such as a paid "
    "product or a company's documents. Your own text never leaves this computer, and Keigo's code itself is "
    "free to use. For commercial use, train models on data you are allowed to use (Models &gt; Train Models) "
    "and switch to them.</p>"
)


def research_terms(bundled_root: Path) -> bool:
    """Whether a bundled model's card says its training data is for research (or non-commercial) use only."""
    return any(
        "research" in line.lower() or "non-commercial" in line.lower()
        for _role, directory, _m in engine_host.bundled_models(bundled_root)
        for line in engine_host.licence_lines(directory)
    )


def about_html(bundled_root: Path, active_models: str) -> str:
    rows = []
    for role, directory, manifest in engine_host.bundled_models(bundled_root):
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
    if rows and research_terms(bundled_root):
        models = RESEARCH_NOTE + models
    return (
        f"<h2>Keigo {html.escape(keigo_version())}</h2>"
        "<p>An offline writing assistant for English formality. Everything runs on this computer.</p>"
        f"<p>Python {platform.python_version()} · Qt {qVersion()} · PySide6 {pyside_version} · "
        f"ONNX Runtime {html.escape(dist_version('onnxruntime'))}</p>"
        f"<p><b>Active models:</b> {html.escape(active_models)}</p>"
        f"<h3>Bundled models</h3>{models}"
    )


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
