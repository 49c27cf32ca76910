"""Word-level inline diff between a sentence and its rewrite, as segments and as HTML for the suggestion panel."""
from __future__ import annotations

import difflib
import html
import re

# Words keep their contractions together ("don't"); whitespace and punctuation are tokens of their own,
# so joining the tokens always gives back the exact input.
_TOKEN = re.compile(r"\s+|\w+(?:['\u2019]\w+)*|[^\w\s]")


def tokenize(text: str) -> list[str]:
    return _TOKEN.findall(text)


def word_diff(source: str, target: str) -> list[tuple[str, str]]:
    """Ops ("equal" | "delete" | "insert", text): equal+delete rebuild source, equal+insert rebuild target."""
    a, b = tokenize(source), tokenize(target)
    ops: list[tuple[str, str]] = []

    def push(kind: str, text: str) -> None:
        if not text:
            return
        if ops and ops[-1][0] == kind:
            ops[-1] = (kind, ops[-1][1] + text)
        else:
            ops.append((kind, text))

    for tag, i1, i2, j1, j2 in difflib.SequenceMatcher(None, a, b, autojunk=False).get_opcodes():
        if tag == "equal":
            push("equal", "".join(a[i1:i2]))
        else:
            push("delete", "".join(a[i1:i2]))
            push("insert", "".join(b[j1:j2]))
    return ops


def diff_html(source: str, target: str, *, del_bg: str, ins_bg: str) -> str:
    """Rich text for a QLabel: deletions struck through, insertions underlined (not colour alone)."""
    parts = []
    prev = None
    for kind, text in word_diff(source, target):
        esc = html.escape(text)
        if kind == "equal":
            parts.append(esc)
        elif kind == "delete":
            parts.append(f'<span style="background:{del_bg}; text-decoration:line-through;">{esc}</span>')
        else:
            if prev == "delete":
                parts.append("&#8202;")  # a hair space, so "gonna" and "going to" do not read as one word
            parts.append(f'<span style="background:{ins_bg}; text-decoration:underline;">{esc}</span>')
        prev = kind
    return "".join(parts)
