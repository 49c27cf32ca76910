"""The one atomic-write helper: write beside the target, fsync, then ``os.replace``.

A reader (the app, a resumed run, a second process) sees the old file or the new one, never half of one.
Every layer uses these; nothing else in the code base calls ``os.replace`` on a file it just wrote.

- ``atomic_write_bytes`` / ``atomic_write_text`` / ``atomic_write_json``: one file.
- ``atomic_replace_dir``: swap a finished folder into place (the old one is removed after the swap).
- ``atomic_temp_path``: a context manager yielding a temp path beside the target for writers that need a
  file name (safetensors, numpy, gzip); the temp file is renamed onto the target when the block ends
  without an exception, and removed otherwise.

Permissions: a new file gets the mode a plain ``open()`` would give it (0666 less the umask), not
``mkstemp``'s private 0600; an existing file keeps its mode. A symbolic link is written through: the file it
points to is replaced and the link stays a link.
"""
from __future__ import annotations

import contextlib
import json
import os
import shutil
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


def _resolve(path: os.PathLike | str) -> Path:
    path = Path(path)
    return Path(os.path.realpath(path)) if os.path.islink(path) else path


def _settle_mode(tmp: str | Path, target: Path, mode: int | None) -> None:
    try:
        if mode is not None:
            os.chmod(tmp, mode)
        elif target.exists():
            os.chmod(tmp, target.stat().st_mode & 0o7777)
        else:
            os.chmod(tmp, 0o666 & ~_umask())
    except OSError:
        pass


@contextlib.contextmanager
def atomic_temp_path(path: os.PathLike | str, *, mode: int | None = None, fsync: bool = True) -> Iterator[Path]:
    """Yield a temp path beside `path`; on success it replaces `path`, on any exception it is removed."""
    target = _resolve(path)
    target.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=str(target.parent))
    os.close(fd)
    try:
        yield Path(tmp)
        if fsync:
            with open(tmp, "rb") as fh:
                os.fsync(fh.fileno())
        _settle_mode(tmp, target, mode)
        os.replace(tmp, target)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise


def atomic_write_bytes(path: os.PathLike | str, payload: bytes, *, mode: int | None = None) -> Path:
    with atomic_temp_path(path, mode=mode) as tmp:
        tmp.write_bytes(payload)
    return Path(path)


def atomic_write_text(path: os.PathLike | str, text: str, *, mode: int | None = None,
                      encoding: str = "utf-8") -> Path:
    return atomic_write_bytes(path, text.encode(encoding), mode=mode)


def atomic_write_json(path: os.PathLike | str, obj: Any, *, mode: int | None = None, indent: int = 2,
                      default=str) -> Path:
    text = json.dumps(obj, indent=indent, ensure_ascii=False, default=default) + "\n"
    return atomic_write_text(path, text, mode=mode)


def atomic_replace_dir(staging: os.PathLike | str, target: os.PathLike | str) -> Path:
    """Move a finished folder `staging` onto `target` (same file system). An existing `target` is first
    renamed aside and removed after the swap, so a reader finds either the old folder or the new one (for
    the instant between the two renames, none: readers must retry or hold a lock)."""
    staging, target = Path(staging), Path(target)
    if not staging.is_dir():
        raise FileNotFoundError(f"{staging} is not a folder")
    old = target.with_name(f".{target.name}.old")
    if old.exists():
        shutil.rmtree(old)
    if target.exists():
        os.replace(target, old)
    os.replace(staging, target)
    if old.exists():
        shutil.rmtree(old, ignore_errors=True)
    return target
