"""The Stage base class: one step of the training pipeline that reads and writes the run directory."""
from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

if TYPE_CHECKING:
    from pathlib import Path

    from training.config import Config
    from training.context import RunContext


class Stage:
    """Subclass per stage; keep it small and explicit.

    ``setup`` reads inputs (from the data root or earlier stages' folders), ``run`` does the work and
    polls ``ctx.stop.requested`` each step, ``save`` writes outputs into ``ctx.stage_dir(name)``.
    The pipeline writes ``run_dir/<name>/DONE.json`` after ``save`` returns, unless a stop was requested.
    """

    name: ClassVar[str]
    requires: ClassVar[tuple[str, ...]] = ()
    description: ClassVar[str] = ""

    @classmethod
    def required_stages(cls, config: Config) -> tuple[str, ...]:
        """Stages that must be finished first; override when it depends on the config (e.g. a recipe)."""
        return tuple(cls.requires)

    def setup(self, ctx: RunContext) -> None:
        pass

    def run(self, ctx: RunContext) -> None:
        raise NotImplementedError

    def save(self, ctx: RunContext) -> None:
        pass

    def reused_from(self, ctx: RunContext) -> Path | None:
        """Another run folder whose finished copy of this stage stands in for running it here (None: run it)."""
        return None

    def reuse(self, ctx: RunContext, source: Path) -> None:
        """Take this stage's outputs from ``source`` (a run folder ``reused_from`` named) instead of setup/run/save."""
        raise NotImplementedError

    def summary(self) -> dict:
        """Extra fields recorded in DONE.json (metrics, counts, output files)."""
        return {}
