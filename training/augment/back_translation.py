"""BT augmentation (Zhang et al. 2020): a formal->informal model trained on reversed GYAFC pairs writes
informal versions of formal sentences; the (synthetic informal, formal) pairs become training data."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path

from training import seq2seq as S
from training.augment.pairs_io import rewrite_resumable


def reverse_valid_sets(valid_sets: Sequence[S.ValidSet]) -> list[S.ValidSet]:
    """Tune sets turned around: first formal reference -> the informal source (one reference)."""
    return [S.ValidSet(f"{v.name}-rev", [r[0] for r in v.refs], [[s] for s in v.sources]) for v in valid_sets]


def train_reverse_model(tokenizer, pairs: Sequence[tuple[str, str]], *, size: str, settings: S.TrainSettings,
                        out_dir: Path, valid_sets: Sequence[S.ValidSet] = (), max_len: int = 64,
                        should_stop: Callable[[], bool] = lambda: False,
                        on_event: Callable[..., None] = lambda e, **k: None):
    """Train formal -> informal on (informal, formal) pairs; returns (best model, TrainResult)."""
    examples = S.encode_pairs(tokenizer, [(f, i) for i, f in pairs], max_len)
    model = S.build_model(size, len(tokenizer))
    result = S.train(model, tokenizer, examples, reverse_valid_sets(valid_sets), settings, out_dir,
                     should_stop=should_stop, on_event=on_event)
    return S.load_model(Path(out_dir) / "best"), result


def back_translate(model, tokenizer, formal: Sequence[str], *, beam: int = 1, batch_size: int = 64,
                   max_new_tokens: int = 64, should_stop: Callable[[], bool] = lambda: False,
                   on_progress: Callable[[int, int], None] = lambda i, n: None,
                   chunk: int = 512, store: Path | None = None,
                   key: str = "") -> tuple[list[tuple[str, str]] | None, dict]:
    """(synthetic informal, formal) pairs; outputs that are empty or equal to the input are dropped.

    With ``store`` (a resume store, training.augment.pairs_io.rewrite_resumable) each chunk's outputs are kept as
    they are made, under ``key`` (what they depend on: training.augment.pairs_io.generation_digest), so a run
    stopped an hour into the formal text goes on where it stopped; the pairs are then None when it stops."""
    chunk = max(chunk, 4 * batch_size)  # sorted by length within a chunk: room for a few full batches

    def fill(src: list[str]) -> list[str]:
        return S.generate(model, tokenizer, src, beam=beam, max_new_tokens=max_new_tokens, batch_size=batch_size)

    stats = {"sources": len(formal), "generated": 0, "empty": 0, "identical": 0}
    if store is not None:
        got = rewrite_resumable(fill, formal, Path(store), key=key, chunk=chunk, should_stop=should_stop,
                                on_progress=on_progress)
        if got is None:
            return None, stats
        outs: list[str] = got
    else:
        outs = []
        for b in range(0, len(formal), chunk):
            if should_stop():
                break
            outs += fill(list(formal[b:b + chunk]))
            on_progress(min(b + chunk, len(formal)), len(formal))
    pairs: list[tuple[str, str]] = []
    for f, inf in zip(formal, outs):
        stats["generated"] += 1
        if not inf.strip():
            stats["empty"] += 1
        elif inf.strip() == f.strip():
            stats["identical"] += 1
        else:
            pairs.append((inf.strip(), f.strip()))
    stats["kept"] = len(pairs)
    return pairs, stats
