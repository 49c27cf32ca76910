"""Data-parallel training on an existing engine: the launcher starts the processes, the libraries talk.

``torchrun`` or ``accelerate launch`` start one process per GPU (or per CPU slot) on each machine and set RANK,
WORLD_SIZE, LOCAL_RANK and MASTER_ADDR/PORT. accelerate's ``PartialState`` joins the process group (NCCL between
GPUs, gloo between CPUs) and picks this process's device; torch's ``DistributedDataParallel`` all-reduces the
gradients during ``backward``. Nothing here opens a socket or moves a tensor by hand: the few small agreements a
step needs (a stop request, the global token count, the loss shown on the curve, rank 0's early-stopping
decision) are single ``torch.distributed`` collectives that every process calls at the same point of the loop.

Every rank draws the same global batches (same seed, same order) and trains on its own contiguous share of each
(``shard``), so a step sees the same examples as one process would and the step count, the schedule and the
checkpoints' positions are those of a one-process run. Rank 0 alone writes files and events.

One process (no WORLD_SIZE, or WORLD_SIZE=1) is the normal case: ``current()`` is then a world of one, nothing is
initialised, and the training loops take exactly the code path they always had.
"""
from __future__ import annotations

import os
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import timedelta

from engine.errors import InputError

# Ranks wait in a collective while rank 0 validates and writes checkpoints; NCCL's default (10 minutes) is short
# for a validation of the full tune sets on a slow GPU.
PROCESS_GROUP_TIMEOUT = timedelta(minutes=60)


@dataclass(frozen=True)
class World:
    """Where this process stands: its rank among ``size`` processes, and its GPU index on its machine."""

    rank: int = 0
    size: int = 1
    local_rank: int = 0

    @property
    def distributed(self) -> bool:
        return self.size > 1

    @property
    def is_main(self) -> bool:
        return self.rank == 0


def _env_int(env: Mapping[str, str], name: str, default: int) -> int:
    raw = env.get(name, "").strip()
    if not raw:
        return default
    try:
        return int(raw)
    except ValueError:
        raise InputError(f"{name}={raw!r} is not a whole number (set by torchrun or accelerate launch)") from None


def world_from_env(env: Mapping[str, str] | None = None) -> World:
    """The world torchrun / accelerate launch describe in the environment (a world of one without them)."""
    env = os.environ if env is None else env
    size = _env_int(env, "WORLD_SIZE", 1)
    rank = _env_int(env, "RANK", 0)
    local = _env_int(env, "LOCAL_RANK", 0)
    if size < 1 or not 0 <= rank < size or local < 0:
        raise InputError(f"inconsistent launcher settings: RANK={rank}, WORLD_SIZE={size}, LOCAL_RANK={local}")
    return World(rank, size, local)


_world: World | None = None
_device = None  # the device of this process once the group is joined (collectives' tensors live there)


def current() -> World:
    global _world
    if _world is None:
        _world = world_from_env()
    return _world


def start(device_pref: str = "auto"):
    """Join the process group (once) through accelerate and return this process's torch.device: GPU LOCAL_RANK
    with NCCL, or the CPU with gloo (``run.device=cpu``, ``accelerate launch --cpu``, or no CUDA)."""
    global _device
    if _device is not None:
        return _device
    import torch
    from accelerate import PartialState

    if device_pref == "cuda" and not torch.cuda.is_available():
        raise InputError("run.device=cuda but no CUDA device is available (torch.cuda.is_available() is False)")
    cpu = device_pref == "cpu" or not torch.cuda.is_available()
    state = PartialState(cpu=cpu, timeout=PROCESS_GROUP_TIMEOUT)
    if state.num_processes != current().size:
        raise InputError(f"the process group has {state.num_processes} processes, WORLD_SIZE says {current().size}")
    _device = torch.device("cpu") if cpu else state.device
    return _device


def backend() -> str | None:
    import torch.distributed as dist

    return dist.get_backend() if dist.is_available() and dist.is_initialized() else None


def wrap(module, *, find_unused: bool = False):
    """``module`` in DistributedDataParallel (gradients all-reduced in backward), or itself in one process.
    find_unused: parameters some steps do not use (an optional head) keep no gradient, as in one process."""
    if not current().distributed:
        return module
    from torch.nn.parallel import DistributedDataParallel

    device = start()
    ids = [device.index] if device.type == "cuda" else None
    return DistributedDataParallel(module, device_ids=ids, find_unused_parameters=find_unused)


def shard(items: Sequence) -> tuple[list, bool]:
    """This rank's contiguous share of a global batch, and whether it is real. The shares of all ranks are the
    batch in order; a rank whose share is empty (a batch smaller than the world) gets the first item to compute
    on with ``False``: it must still take part in the step, and weighs its loss by zero."""
    w = current()
    n = len(items)
    part = list(items[w.rank * n // w.size:(w.rank + 1) * n // w.size])
    if part:
        return part, True
    return list(items[:1]), False


def _tensor(values):
    import torch

    return torch.tensor([float(v) for v in values], dtype=torch.float64, device=start())


def all_sum(values: Sequence) -> list[float]:
    """The sums over all ranks of a few numbers (one all-reduce); the numbers themselves in one process."""
    if not current().distributed:
        return [float(v) for v in values]
    import torch.distributed as dist

    t = _tensor(values)
    dist.all_reduce(t, op=dist.ReduceOp.SUM)
    return t.tolist()


def any_rank(flag: bool) -> bool:
    """True on every rank when it is true on any (one all-reduce): a stop request seen by one process stops all
    of them at the same step."""
    if not current().distributed:
        return bool(flag)
    import torch.distributed as dist

    t = _tensor([1.0 if flag else 0.0])
    dist.all_reduce(t, op=dist.ReduceOp.MAX)
    return bool(t.item() > 0)


def main_flag(flag: bool) -> bool:
    """Rank 0's decision (e.g. its validation says: stop early), the same on every rank."""
    if not current().distributed:
        return bool(flag)
    return any_rank(bool(flag) and current().is_main)


def barrier() -> None:
    """Wait until every rank is here (rank 0 has finished writing what the others read next)."""
    if current().distributed:
        import torch.distributed as dist

        dist.barrier()
