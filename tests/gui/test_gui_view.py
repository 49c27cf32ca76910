"""Diff, colour scale, accessibility, shortcuts, About box."""
from __future__ import annotations

import json

from PySide6.QtWidgets import QAbstractButton, QAbstractSlider, QListWidget, QPlainTextEdit, QTableWidget

from gui.diff import diff_html, tokenize, word_diff
from gui.theme import SCALE_HEX, level_for, resolve_theme, scale_position


def test_word_diff_rebuilds_both_sides():
    cases = [
        ("hey u gonna come?", "Hello, are you going to come?"),
        ("", "Something new."),
        ("Nothing changes.", "Nothing changes."),
        ("don't  stop 😀 now", "do not stop now"),
    ]
    for a, b in cases:
        ops = word_diff(a, b)
        assert "".join(t for k, t in ops if k != "insert") == a
        assert "".join(t for k, t in ops if k != "delete") == b
    assert tokenize("don't stop") == ["don't", " ", "stop"]
    assert ("delete", "gonna") in word_diff("gonna go", "going to go")


def test_diff_html_escapes_and_marks_without_colour_alone():
    out = diff_html("<b>u</b> ok", "<b>you</b> ok", del_bg="#fff", ins_bg="#eee")
    assert "<b>" not in out and "&lt;b&gt;" in out
    assert "line-through" in out and "underline" in out


def test_scale_is_monotonic_and_centred_on_target():
    for target in (0.2, 0.5, 0.8):
        levels = [level_for(x / 100, target) for x in range(101)]
        assert levels == sorted(levels) and levels[0] == 0 and levels[-1] == len(SCALE_HEX) - 1
        assert abs(scale_position(target, target) - 0.5) < 1e-9
        assert level_for(target - 0.01, target) < 3 <= level_for(target, target)


def test_tints_keep_text_readable_in_both_themes():
    def luminance(c):
        def ch(v):
            v /= 255
            return v / 12.92 if v <= 0.03928 else ((v + 0.055) / 1.055) ** 2.4
        return 0.2126 * ch(c.red()) + 0.7152 * ch(c.green()) + 0.0722 * ch(c.blue())

    for name in ("light", "dark"):
        theme = resolve_theme(name)
        for level in range(len(SCALE_HEX)):
            a, b = luminance(theme.tint(level)), luminance(theme.text)
            contrast = (max(a, b) + 0.05) / (min(a, b) + 0.05)
            assert contrast >= 4.5, f"{name} level {level}: contrast {contrast:.2f} (WCAG AA needs 4.5)"


def test_every_control_has_an_accessible_name_and_every_action_a_shortcut(qtbot, make_window):
    window = make_window()
    window.editor.setPlainText("hey u there? I would appreciate a reply.")
    window.suggesting.refresh()
    qtbot.waitUntil(lambda: window.suggestions.candidate_buttons != [], timeout=10_000)
    controls = [w for cls in (QAbstractButton, QAbstractSlider, QListWidget, QPlainTextEdit, QTableWidget)
                for w in window.findChildren(cls) if w.isVisible()]
    assert len(controls) >= 6
    unnamed = [w for w in controls if not (w.accessibleName() or getattr(w, "text", lambda: "")())]
    assert not unnamed, unnamed
    missing = [name for name, act in window.actions_by_name.items() if not act.shortcuts()]
    assert not missing, f"actions without a keyboard shortcut: {missing}"
    keys = [s.toString() for act in window.actions_by_name.values() for s in act.shortcuts()]
    assert len(keys) == len(set(keys)), "two actions share a shortcut"
    box = window.show_shortcuts()
    assert "Accept Suggestion" in box.text()
    box.close()


def test_about_box_lists_bundled_models_and_licences(qtbot, make_window, tmp_path):
    bundled = tmp_path / "bundled"
    (bundled / "scorer").mkdir(parents=True)
    (bundled / "scorer" / "manifest.json").write_text(json.dumps({
        "schema_version": 1, "role": "scorer", "version": "bundled", "kind": "textcnn",
        "created": "2026-11-22T13:50:00+00:00", "data": ["gyafc/em train"]}))
    (bundled / "scorer" / "MODEL_CARD.md").write_text(
        "# Scorer\n\nA TextCNN.\n\n## Licence\n\nTrained on GYAFC (research use only, Yahoo L6 terms).\n")
    window = make_window(bundled_root=bundled)
    box = window.show_about()
    text = box.text()
    assert "textcnn" in text and "gyafc/em train" in text and "Yahoo L6 terms" in text
    assert "ONNX Runtime" in text and "Qt" in text
    # the research-use line explained in plain words (issue 16 point 8)
    assert "What the licence line means for you" in text and "not for commercial work" in text
    box.close()


def test_about_box_explains_nothing_when_no_card_restricts_use(qtbot, make_window, tmp_path):
    bundled = tmp_path / "bundled"
    (bundled / "scorer").mkdir(parents=True)
    (bundled / "scorer" / "MODEL_CARD.md").write_text("# Scorer\n\n## Licence\n\nCC BY 4.0.\n")
    window = make_window(bundled_root=bundled)
    box = window.show_about()
    assert "CC BY 4.0" in box.text() and "What the licence line means" not in box.text()
    box.close()


def test_closing_the_window_closes_the_train_panel_and_models_dialog(qtbot, make_window):
    window = make_window()
    panel = window.show_train_panel()
    models = window.show_models_dialog()
    assert panel.isVisible() and models.isVisible()
    window.editor.document().setModified(False)
    window.close()
    window.shutdown()
    assert not panel.isVisible() and not models.isVisible()
