"""Plain-text corpora: one sentence per line, from a file or a folder of .txt files; strict UTF-8."""
from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

from engine.errors import InputError


def read_lines(path: Path, *, keep_empty: bool = False, limit: int = 0) -> list[str]:
    """All lines of a UTF-8 text file without their line ends; bad bytes fail with the line number.

    ``keep_empty`` keeps blank lines (aligned files must keep them to stay aligned); ``limit`` > 0 caps the count.
    """
    path = Path(path)
    if not path.is_file():
        raise InputError(f"{path}: file not found")
    try:
        data = path.read_bytes()
    except OSError as exc:
        raise InputError(f"{path}: cannot be read: {exc}") from None
    if b"\x00" in data:
        line_no = data[: data.index(b"\x00")].count(b"\n") + 1
        raise InputError(f"{path}:{line_no}: contains NUL bytes: not a text file")
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line_no = data[: exc.start].count(b"\n") + 1
        raise InputError(f"{path}:{line_no}: not valid UTF-8 ({exc.reason} at byte {exc.start})") from None
    text = text.removeprefix("\ufeff")
    lines = text.split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    lines = [ln.removesuffix("\r") for ln in lines]
    if not keep_empty:
        lines = [ln for ln in lines if ln.strip()]
    if limit > 0:
        lines = lines[:limit]
    return lines


def iter_text_files(path: Path) -> Iterator[Path]:
    path = Path(path)
    if path.is_dir():
        files = sorted(p for p in path.rglob("*.txt") if p.is_file())
        if not files:
            raise InputError(f"{path}: folder holds no .txt files")
        yield from files
    elif path.is_file():
        yield path
    else:
        raise InputError(f"{path}: no such file or folder")


def read_text(path: Path, *, limit: int = 0) -> list[str]:
    """Sentences (stripped, non-empty) from a text file or every .txt file under a folder."""
    out: list[str] = []
    for f in iter_text_files(path):
        out.extend(ln.strip() for ln in read_lines(f) if ln.strip())
        if limit and len(out) >= limit:
            return out[:limit]
    return out
