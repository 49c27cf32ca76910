"""Pair files shared by the augmentation stages and the rewriter stage: `source<TAB>target` per line, UTF-8."""

from __future__ import annotations

import json
import random
from collections.abc import Sequence
from pathlib import Path

from engine.errors import InputError
from engine.fsio import atomic_temp_path
from training.data import gyafc
from training.data.text import read_lines, read_text

PAIRS_FILE = "pairs.tsv"


def _one_line(text: str) -> str:
    return " ".join(text.replace("\t", " ").split())


def write_pairs(path: Path, pairs: Sequence[tuple[str, str]]) -> None:
    """Written to a temp file and renamed, so a reader never sees half a file."""
    with atomic_temp_path(path) as tmp, open(tmp, "w", encoding="utf-8") as fh:
        fh.writelines(f"{_one_line(s)}\t{_one_line(t)}\n" for s, t in pairs)


def read_pairs(path: Path) -> list[tuple[str, str]]:
    out = []
    for i, line in enumerate(read_lines(Path(path)), 1):
        s, sep, t = line.partition("\t")
        if not sep or not s.strip() or not t.strip() or "\t" in t:
            raise InputError(f"{path}:{i}: expected 'source<TAB>target'")
        out.append((s, t))
    return out


def samples(pairs: Sequence[tuple[str, str]], n: int = 10, seed: int = 13) -> list[dict]:
    if not pairs:
        return []
    idx = sorted(random.Random(seed).sample(range(len(pairs)), min(n, len(pairs))))
    return [{"source": pairs[i][0], "target": pairs[i][1]} for i in idx]


def read_sources(ctx, specs: Sequence[str], side: str, limit: int = 0) -> tuple[list[str], dict[str, int]]:
    """Sentences from source specs: "gyafc" is the GYAFC train side `side` (formal|informal) of both
    domains; anything else is a file or folder of .txt files under the data root. ``limit`` caps each."""
    out: list[str] = []
    counts: dict[str, int] = {}
    cap = limit or ctx.config.section("data").max_sentences
    for spec in specs:
        if spec == "gyafc":
            pairs = gyafc.read_pairs(ctx.data_path("gyafc"), limit=cap)
            sents = [p[1] if side == "formal" else p[0] for p in pairs]
        else:
            sents = read_text(ctx.data_path(spec), limit=cap)
        counts[spec] = len(sents)
        out.extend(sents)
    seen: set[str] = set()
    uniq = [s for s in out if not (s in seen or seen.add(s))]
    return uniq, counts


# ---- resume stores: generation over hours of text (the POS pairs, BT), kept chunk by chunk

def _parse_store(store: Path) -> tuple[dict | None, dict[int, list[str]]]:
    """The resume store's header and the chunks in it that fit the header's total; a foreign file gives (None, {})
    and a torn last line (the process killed while writing) counts for nothing."""
    try:
        lines = store.read_text(encoding="utf-8").splitlines()
        head = json.loads(lines[0]) if lines else None
    except (OSError, UnicodeDecodeError, json.JSONDecodeError):
        return None, {}
    if not isinstance(head, dict) or not isinstance(head.get("total"), int):
        return None, {}
    total, done = head["total"], {}
    for line in lines[1:]:
        try:
            rec = json.loads(line)
            start, outs = int(rec["start"]), rec["outs"]
        except (json.JSONDecodeError, KeyError, TypeError, ValueError):
            continue
        if isinstance(outs, list) and all(isinstance(o, str) for o in outs) and 0 <= start < total \
                and start + len(outs) <= total:
            done[start] = outs
    return head, done


def _read_chunks(store: Path, key: str, total: int) -> dict[int, list[str]]:
    """Chunks a stopped run already wrote under this key; a store under another key or for another number of
    sentences counts for nothing, so those sentences are generated again."""
    head, done = _parse_store(store)
    return done if head is not None and head.get("key") == key and head["total"] == total else {}


def store_progress(store: Path) -> tuple[int, int] | None:
    """(sentences done, sentences in all) of a resume store; None when there is none or it cannot be read."""
    head, done = _parse_store(store)
    return None if head is None else (sum(len(o) for o in done.values()), head["total"])


def rewrite_resumable(fill, sentences: Sequence[str], store: Path, *, key: str, chunk: int = 2000,
                      should_stop=None, on_progress=None) -> list[str] | None:
    """``fill(batch) -> outputs`` over ``sentences`` in chunks, each appended to ``store`` (JSON lines) as it is
    done, so a run stopped after hours of generation goes on where it stopped. ``key`` names what the outputs
    depend on (the fill model's weights, the lexicon, the decoding settings, the sentences): a store written
    under another key is started afresh. Returns None when ``should_stop()`` asks to stop between chunks."""
    if chunk < 1:
        raise ValueError("chunk must be at least 1")
    total = len(sentences)
    done = _read_chunks(store, key, total)
    store.parent.mkdir(parents=True, exist_ok=True)
    # written afresh with only the chunks that count: a torn last line must not swallow the next chunk's
    lines = [json.dumps({"key": key, "total": total})]
    lines += [json.dumps({"start": st, "outs": got}, ensure_ascii=False) for st, got in sorted(done.items())]
    tmp = store.with_name(store.name + ".tmp")
    tmp.write_text("\n".join(lines) + "\n", encoding="utf-8")
    tmp.replace(store)
    outs: list[str | None] = [None] * total
    for start, got in done.items():
        outs[start:start + len(got)] = got
    finished = total - outs.count(None)
    if on_progress is not None:
        on_progress(finished, total)
    for start in range(0, total, chunk):
        if all(o is not None for o in outs[start:start + chunk]):
            continue
        if should_stop is not None and should_stop():
            return None
        got = list(fill(list(sentences[start:start + chunk])))
        if len(got) != len(sentences[start:start + chunk]):
            raise RuntimeError(f"fill returned {len(got)} outputs for {len(sentences[start:start + chunk])} inputs")
        with open(store, "a", encoding="utf-8") as fh:
            fh.write(json.dumps({"start": start, "outs": got}, ensure_ascii=False) + "\n")
            fh.flush()
        finished += outs[start:start + len(got)].count(None)
        outs[start:start + len(got)] = got
        if on_progress is not None:
            on_progress(finished, total)
    return [o if o is not None else s for o, s in zip(outs, sentences)]


def generation_digest(model_dir: Path, sentences: Sequence[str], **settings) -> str:
    """What generated outputs depend on, as one digest (the key of a resume store): the model's files, the
    settings (decoding, and whatever else shapes the outputs) and the sentences themselves."""
    import hashlib

    h = hashlib.sha256()
    for p in sorted(Path(model_dir).rglob("*")):
        if p.is_file():
            h.update(p.relative_to(model_dir).as_posix().encode())
            with open(p, "rb") as fh:
                for block in iter(lambda: fh.read(1 << 20), b""):
                    h.update(block)
    h.update(json.dumps(settings, sort_keys=True).encode())
    for s in sentences:
        h.update(s.encode("utf-8", "surrogatepass"))
        h.update(b"\n")
    return h.hexdigest()
