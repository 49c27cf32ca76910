"""Readers for the grammatical error correction corpora: M2 files (W&I+LOCNESS), FCE para files, JFLEG."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

from engine.errors import InputError
from training.data.text import read_lines

NOOP_TYPES = ("noop",)


def apply_m2_edits(tokens: list[str], edits: list[tuple[int, int, str]]) -> str:
    """Apply (start, end, replacement) token edits; offsets refer to the original tokens."""
    out: list[str] = []
    pos = 0
    for start, end, repl in sorted(edits, key=lambda e: (e[0], e[1])):
        if start < pos:  # overlapping edits of one annotator: keep the first
            continue
        out.extend(tokens[pos:start])
        if repl:
            out.extend(repl.split())
        pos = end
    out.extend(tokens[pos:])
    return " ".join(out)


def _parse_edit(line: str, path: Path, lineno: int) -> tuple[int, int, str, str, int]:
    # A start end|||type|||correction|||required|||comment|||annotator
    parts = line[2:].split("|||")
    if len(parts) < 6:
        raise InputError(f"{path}:{lineno}: malformed M2 edit line (expected 6 '|||' fields): {line[:80]!r}")
    span = parts[0].split()
    try:
        start, end, annotator = int(span[0]), int(span[1]), int(parts[5])
    except (ValueError, IndexError):
        raise InputError(f"{path}:{lineno}: malformed M2 edit offsets or annotator: {line[:80]!r}") from None
    if start > end or start < -1:
        raise InputError(f"{path}:{lineno}: bad M2 span {start} {end}")
    corr = parts[2].strip()
    if corr == "-NONE-":
        corr = ""
    return start, end, parts[1], corr, annotator


def read_m2(path: Path, annotator: int = 0, limit: int = 0) -> list[tuple[str, str]]:
    """(source, corrected) sentence pairs from an M2 file, with the edits of one annotator applied.

    noop edits (start -1, type noop) mean "no correction needed": the pair is the sentence with itself.
    Sources and targets stay tokenized as in the file.
    """
    path = Path(path)
    if not path.is_file():
        raise InputError(f"M2 file not found: {path}")
    pairs: list[tuple[str, str]] = []
    src: list[str] | None = None
    edits: list[tuple[int, int, str]] = []

    def flush():
        nonlocal src, edits
        if src is not None and src:
            pairs.append((" ".join(src), apply_m2_edits(src, edits)))
        src, edits = None, []

    for lineno, line in enumerate(read_lines(path, keep_empty=True), 1):
        if line.startswith("S "):
            flush()
            src = line[2:].split()
        elif line.startswith("S") and line.strip() == "S":
            flush()
            src = []
        elif line.startswith("A "):
            if src is None:
                raise InputError(f"{path}:{lineno}: edit line before any 'S' sentence line")
            start, end, etype, corr, ann = _parse_edit(line, path, lineno)
            if ann != annotator or etype in NOOP_TYPES or start < 0:
                continue
            if end > len(src):
                raise InputError(f"{path}:{lineno}: edit span {start}-{end} beyond the {len(src)}-token sentence")
            edits.append((start, end, corr))
        elif not line.strip():
            flush()
        else:
            raise InputError(f"{path}:{lineno}: not an M2 line (expected 'S ...', 'A ...' or blank): {line[:60]!r}")
        if limit and len(pairs) >= limit:
            break
    flush()
    if not pairs:
        raise InputError(f"{path}: no M2 sentences found")
    return pairs[:limit] if limit else pairs


def read_parallel(src_path: Path, tgt_path: Path, limit: int = 0) -> list[tuple[str, str]]:
    """Line-aligned source/target files (FCE .para.src/.tgt, JFLEG .src/.ref0); empty pairs dropped."""
    src = read_lines(Path(src_path), keep_empty=True)
    tgt = read_lines(Path(tgt_path), keep_empty=True)
    if len(src) != len(tgt):
        raise InputError(f"{src_path} and {tgt_path} are not aligned: {len(src)} vs {len(tgt)} lines")
    pairs = [(s.strip(), t.strip()) for s, t in zip(src, tgt) if s.strip() and t.strip()]
    return pairs[:limit] if limit else pairs


def iter_gec_corpora(gec_root: Path, limit: int = 0) -> Iterator[tuple[str, list[tuple[str, str]]]]:
    """(corpus name, pairs) for every GEC corpus found under gec_root (train/dev splits only, never test)."""
    gec_root = Path(gec_root)
    if not gec_root.is_dir():
        raise InputError(f"GEC data folder not found: {gec_root}")
    found = False
    wi = gec_root / "wi_locness"
    for m2 in sorted(wi.glob("*.train*.m2")) if wi.is_dir() else []:
        found = True
        yield f"wi_locness/{m2.name}", read_m2(m2, limit=limit)
    fce = gec_root / "fce"
    for split in ("train", "dev"):
        s, t = fce / f"fce-{split}.para.src", fce / f"fce-{split}.para.tgt"
        if s.is_file() and t.is_file():
            found = True
            yield f"fce/{split}", read_parallel(s, t, limit)
    jf = gec_root / "jfleg"
    if (jf / "dev.src").is_file() and (jf / "dev.ref0").is_file():
        found = True
        yield "jfleg/dev", read_parallel(jf / "dev.src", jf / "dev.ref0", limit)
    if not found:
        raise InputError(f"no GEC corpus under {gec_root} (expected wi_locness/*.train*.m2, "
                         "fce/fce-train.para.src/.tgt or jfleg/dev.src/.ref0)")
