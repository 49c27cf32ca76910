"""Japanese-English sentence pairs: a TSV `English<TAB>Japanese` or two aligned files (.en/.ja)."""
from __future__ import annotations

from pathlib import Path

from engine.errors import InputError
from training.data.text import read_lines


def read_tsv_pairs(path: Path, limit: int = 0) -> list[tuple[str, str]]:
    """(english, japanese) pairs; a line without exactly one tab fails with its line number."""
    path = Path(path)
    out = []
    for i, line in enumerate(read_lines(path, keep_empty=True), 1):
        if not line.strip():
            continue
        cols = line.split("\t")
        if len(cols) != 2:
            raise InputError(f"{path}:{i}: expected 2 tab-separated columns (English, Japanese), got {len(cols)}")
        en, ja = cols[0].strip(), cols[1].strip()
        if not en or not ja:
            raise InputError(f"{path}:{i}: empty {'English' if not en else 'Japanese'} side")
        out.append((en, ja))
        if limit and len(out) >= limit:
            break
    return out


def read_aligned_pairs(en_path: Path, ja_path: Path, limit: int = 0) -> list[tuple[str, str]]:
    en = read_lines(en_path, keep_empty=True)
    ja = read_lines(ja_path, keep_empty=True)
    if len(en) != len(ja):
        raise InputError(
            f"{en_path} and {ja_path} are not aligned: {len(en)} vs {len(ja)} lines "
            f"(first unmatched line {min(len(en), len(ja)) + 1})"
        )
    out = []
    for i, (e, j) in enumerate(zip(en, ja), 1):
        if bool(e.strip()) != bool(j.strip()):
            raise InputError(f"{en_path if not e.strip() else ja_path}:{i}: empty line where the other side has text")
        if e.strip():
            out.append((e.strip(), j.strip()))
            if limit and len(out) >= limit:
                break
    return out


def read_pairs(path: Path, limit: int = 0) -> list[tuple[str, str]]:
    """A .tsv file, or a stem/folder naming `<stem>.en` + `<stem>.ja` (a folder: every such pair in it)."""
    path = Path(path)
    if path.is_file() and path.suffix.lower() in (".tsv", ".txt"):
        return read_tsv_pairs(path, limit)
    if path.is_dir():
        stems = sorted({p.with_suffix("") for p in path.glob("*.en")})
        if not stems:
            raise InputError(f"{path}: no *.en files (with matching *.ja) in this folder")
        out = []
        for stem in stems:
            out.extend(read_aligned_pairs(stem.with_suffix(".en"), stem.with_suffix(".ja")))
            if limit and len(out) >= limit:
                return out[:limit]
        return out
    en, ja = Path(str(path) + ".en"), Path(str(path) + ".ja")
    if en.is_file() or ja.is_file():
        return read_aligned_pairs(en, ja, limit)
    raise InputError(f"{path}: not a TSV file, a folder of .en/.ja files, or a stem with .en/.ja files")
