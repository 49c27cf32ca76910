"""Document files: byte-exact open/save of .txt/.md (encoding, BOM, line endings as read), autosave and crash recovery."""
from __future__ import annotations

import json
import os
import re
import time
import uuid
from collections import Counter
from dataclasses import asdict, dataclass, field
from pathlib import Path

from PySide6.QtCore import QLockFile

from engine.errors import InputError, KeigoError
from engine.fsio import atomic_write_bytes

FILE_FILTER = "Text and Markdown (*.txt *.md *.markdown *.text);;Text (*.txt);;Markdown (*.md);;All files (*)"
MAX_BYTES = 64 * 1024 * 1024  # beyond this a plain-text editor is the wrong tool; refuse clearly

_BOMS = (  # longest first: the UTF-32 LE BOM starts with the UTF-16 LE one
    (b"\xff\xfe\x00\x00", "utf-32-le"),
    (b"\x00\x00\xfe\xff", "utf-32-be"),
    (b"\xef\xbb\xbf", "utf-8"),
    (b"\xff\xfe", "utf-16-le"),
    (b"\xfe\xff", "utf-16-be"),
)
_NEWLINE = re.compile(r"\r\n|\r|\n")


@dataclass(frozen=True)
class TextFormat:
    """How a file's text was stored, so saving writes the same bytes back."""

    encoding: str = "utf-8"
    bom: bool = False
    newline: str = "\n"
    # Only for files whose line endings were mixed: the ending of each line as read.
    line_endings: tuple[str, ...] = field(default_factory=tuple)

    def to_json(self) -> dict:
        return asdict(self)

    @classmethod
    def from_json(cls, data: dict) -> TextFormat:
        return cls(
            encoding=str(data.get("encoding", "utf-8")),
            bom=bool(data.get("bom", False)),
            newline=str(data.get("newline", "\n")),
            line_endings=tuple(data.get("line_endings", ())),
        )


@dataclass(frozen=True)
class LoadedText:
    text: str  # "\n" line breaks, as the editor holds it
    format: TextFormat


def _looks_binary(data: bytes) -> bool:
    if b"\x00" in data:
        return True
    sample = data[:65536]
    controls = sum(1 for b in sample if b < 32 and b not in (9, 10, 12, 13, 27))
    return controls > max(2, len(sample) // 200)


def decode_bytes(data: bytes, name: str = "the file") -> LoadedText:
    """Bytes of a text file -> editor text + format; InputError for binary or undecodable data."""
    encoding, bom, body = None, False, data
    for mark, enc in _BOMS:
        if data.startswith(mark):
            encoding, bom, body = enc, True, data[len(mark):]
            break
    if encoding is None:
        if _looks_binary(data):
            raise InputError(f"{name} does not look like a text file (it contains binary data); nothing was opened")
        try:
            text = data.decode("utf-8")
            encoding = "utf-8"
        except UnicodeDecodeError:
            # Legacy 8-bit text: cp1252 is what such files nearly always are; latin-1 decodes every byte.
            for legacy in ("cp1252", "latin-1"):
                try:
                    text = data.decode(legacy)
                    encoding = legacy
                    break
                except UnicodeDecodeError:
                    continue
    else:
        try:
            text = body.decode(encoding)
        except UnicodeDecodeError as exc:
            raise InputError(f"{name} starts with a {encoding} byte-order mark but is not valid {encoding}: {exc}") from None
    if "\x00" in text:
        raise InputError(f"{name} contains NUL characters; it does not look like a text file")
    endings = _NEWLINE.findall(text)
    counts = Counter(endings)
    newline = counts.most_common(1)[0][0] if counts else "\n"
    mixed = tuple(endings) if len(counts) > 1 else ()
    return LoadedText(_NEWLINE.sub("\n", text), TextFormat(encoding, bom, newline, mixed))


def encode_text(text: str, fmt: TextFormat) -> bytes:
    """Editor text -> bytes in the file's own format (UnicodeEncodeError if a character does not fit)."""
    if fmt.line_endings:
        lines = text.split("\n")
        out = []
        for i, line in enumerate(lines):
            out.append(line)
            if i < len(lines) - 1:
                out.append(fmt.line_endings[i] if i < len(fmt.line_endings) else fmt.newline)
        joined = "".join(out)
    else:
        joined = text.replace("\n", fmt.newline) if fmt.newline != "\n" else text
    payload = joined.encode(fmt.encoding)
    if fmt.bom:
        payload = next(mark for mark, enc in _BOMS if enc == fmt.encoding) + payload
    return payload


def read_document(path: str | Path) -> LoadedText:
    path = Path(path)
    try:
        size = path.stat().st_size
        if size > MAX_BYTES:
            raise InputError(f"{path} is {size / 1e6:.0f} MB; Keigo opens text files up to {MAX_BYTES // 2**20} MB")
        data = path.read_bytes()
    except IsADirectoryError:
        raise InputError(f"{path} is a folder, not a text file") from None
    except OSError as exc:
        raise InputError(f"cannot read {path}: {exc.strerror or exc}") from exc
    return decode_bytes(data, path.name)


def write_document(path: str | Path, text: str, fmt: TextFormat) -> None:
    """Save text in fmt; KeigoError (file untouched) when the encoding cannot hold it or the disk refuses."""
    path = Path(path)
    try:
        payload = encode_text(text, fmt)
    except UnicodeEncodeError as exc:
        bad = text[exc.start:exc.end]
        raise InputError(
            f"the text contains {bad!r}, which {fmt.encoding} cannot store; use Save As to save it as UTF-8"
        ) from None
    try:
        atomic_write_bytes(path, payload)  # through a symbolic link: the target is replaced, the link stays
    except OSError as exc:
        raise KeigoError(f"cannot save {path}: {exc.strerror or exc}; the text is still in the editor") from exc


# ---------------------------------------------------------------------------------------------- autosave


@dataclass(frozen=True)
class Recovery:
    session: str
    text: str
    path: str | None
    format: TextFormat
    saved_at: float
    file: Path


class AutosaveStore:
    """One JSON file per running window under <user home>/autosave, guarded by a QLockFile.

    The lock tells a live session from a dead one on every platform: QLockFile treats the lock of a
    process that no longer exists as stale, so whatever a killed Keigo left behind can be recovered,
    and the autosave of another Keigo still running is never taken.
    """

    def __init__(self, directory: Path):
        self.dir = Path(directory)
        self.dir.mkdir(parents=True, exist_ok=True)
        self.session = f"{time.strftime('%Y%m%d-%H%M%S')}-{uuid.uuid4().hex[:8]}"
        self._lock = QLockFile(str(self.dir / f"{self.session}.lock"))
        # Stale when the owning process is gone (QLockFile checks the pid); 0 would disable that check.
        self._lock.setStaleLockTime(2_000_000_000)
        self._lock.tryLock(0)
        self.file = self.dir / f"{self.session}.json"

    def save(self, text: str, path: str | None, fmt: TextFormat) -> None:
        payload = {
            "schema": 1,
            "session": self.session,
            "saved_at": time.time(),
            "path": path,
            "format": fmt.to_json(),
            "text": text,
        }
        # private: it holds the user's unsaved text
        atomic_write_bytes(self.file, json.dumps(payload, ensure_ascii=False).encode("utf-8"), mode=0o600)

    def clear(self) -> None:
        try:
            self.file.unlink()
        except FileNotFoundError:
            pass

    def close(self) -> None:
        """Clean exit: the text was saved or deliberately discarded, so nothing is left to recover."""
        self.clear()
        self._lock.unlock()

    def orphans(self) -> list[Recovery]:
        """Autosaves of sessions that ended without a clean exit, newest first."""
        found = []
        for file in self.dir.glob("*.json"):
            session = file.stem
            if session == self.session:
                continue
            lock = QLockFile(str(self.dir / f"{session}.lock"))
            lock.setStaleLockTime(2_000_000_000)
            if not lock.tryLock(0):
                continue  # that Keigo is still running
            lock.unlock()
            try:
                data = json.loads(file.read_text(encoding="utf-8"))
                if not data.get("text") and not data.get("path"):
                    self.forget_files(session)  # an empty untitled document: nothing to recover
                    continue
                found.append(
                    Recovery(
                        session=session,
                        text=str(data["text"]),
                        path=data.get("path"),
                        format=TextFormat.from_json(data.get("format") or {}),
                        saved_at=float(data.get("saved_at", file.stat().st_mtime)),
                        file=file,
                    )
                )
            except (OSError, ValueError, KeyError, TypeError):
                # A damaged autosave is kept for a human to look at, never deleted silently.
                bad = file.with_suffix(".damaged")
                try:
                    os.replace(file, bad)
                except OSError:
                    pass
        for lock_file in self.dir.glob("*.lock"):  # killed sessions that had nothing unsaved
            session = lock_file.stem
            if session == self.session or (self.dir / f"{session}.json").exists():
                continue
            lock = QLockFile(str(lock_file))
            lock.setStaleLockTime(2_000_000_000)
            if lock.tryLock(0):
                lock.unlock()  # unlock() removes the file
        found.sort(key=lambda r: r.saved_at, reverse=True)
        return found

    def forget(self, recovery: Recovery) -> None:
        """Call once the recovered text is safe in this session's own autosave."""
        self.forget_files(recovery.session)

    def forget_files(self, session: str) -> None:
        for p in (self.dir / f"{session}.json", self.dir / f"{session}.lock"):
            try:
                p.unlink()
            except FileNotFoundError:
                pass
