"""PT16 formality scores (Pavlick & Tetreault 2016): CSV `SID,label,sentence`, label = mean rating in [-3, 3]."""
from __future__ import annotations

import csv
import io
import math
from dataclasses import dataclass
from pathlib import Path

from engine.errors import InputError
from training.data.text import read_lines


@dataclass(frozen=True)
class Pt16:
    ids: list[str]
    sentences: list[str]
    scores: list[float]  # graded, [-3, 3]

    @property
    def labels(self) -> list[int]:
        """Binary at 0: formal (1) when the mean human rating is above 0."""
        return [1 if s > 0 else 0 for s in self.scores]

    def __len__(self) -> int:
        return len(self.sentences)


def read_pt16(path: Path, limit: int = 0) -> Pt16:
    path = Path(path)
    lines = read_lines(path, keep_empty=True)  # decoding errors surface with a line number here
    if not lines:
        raise InputError(f"{path}: empty file (expected a header SID,label,sentence)")
    reader = csv.reader(io.StringIO("\n".join(lines) + "\n"))
    ids, sents, scores = [], [], []
    header = None
    for row in reader:
        line_no = reader.line_num
        if header is None:
            header = [h.strip().lower() for h in row]
            if header != ["sid", "label", "sentence"]:
                raise InputError(f"{path}:1: header must be SID,label,sentence, got {','.join(row)!r}")
            continue
        if not row or (len(row) == 1 and not row[0].strip()):
            continue
        if len(row) != 3:
            raise InputError(f"{path}:{line_no}: expected 3 columns (SID,label,sentence), got {len(row)}")
        sid, label, sentence = row
        try:
            score = float(label)
        except ValueError:
            raise InputError(f"{path}:{line_no}: label {label!r} is not a number") from None
        if not math.isfinite(score) or not -3.0 <= score <= 3.0:
            raise InputError(f"{path}:{line_no}: label {score} outside [-3, 3]")
        if not sentence.strip():
            raise InputError(f"{path}:{line_no}: empty sentence")
        ids.append(sid.strip())
        sents.append(sentence.strip())
        scores.append(score)
        if limit and len(sents) >= limit:
            break
    if not sents:
        raise InputError(f"{path}: no rows after the header")
    return Pt16(ids, sents, scores)
