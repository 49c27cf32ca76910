"""One onnxruntime session: execution providers, session options, and the input signature read once at load."""
from __future__ import annotations

import functools
import logging
import os
from collections.abc import Sequence
from pathlib import Path

import numpy as np

from engine.errors import ModelError

log = logging.getLogger("keigo.engine")

_NP_DTYPES = {
    "tensor(float)": np.float32,
    "tensor(float16)": np.float16,
    "tensor(double)": np.float64,
    "tensor(int64)": np.int64,
    "tensor(int32)": np.int32,
    "tensor(bool)": np.bool_,
    "tensor(uint8)": np.uint8,
    "tensor(int8)": np.int8,
}

_ALIASES = {"cpu": "CPUExecutionProvider", "cuda": "CUDAExecutionProvider", "gpu": "CUDAExecutionProvider",
            "directml": "DmlExecutionProvider", "dml": "DmlExecutionProvider",
            "coreml": "CoreMLExecutionProvider", "tensorrt": "TensorrtExecutionProvider"}
_GPU_PROVIDERS = ("CUDAExecutionProvider", "TensorrtExecutionProvider", "DmlExecutionProvider",
                  "ROCMExecutionProvider", "CoreMLExecutionProvider")


def _warn(msg: str) -> None:
    # With no logging configured, logging's last-resort handler still prints this on stderr.
    log.warning(msg)


def resolve_providers(providers: Sequence[str] | str | None) -> list[str]:
    """The providers to ask onnxruntime for: CPU by default, "auto" = CUDA when present; KEIGO_PROVIDERS overrides None."""
    import onnxruntime as ort

    if providers is None:
        providers = os.environ.get("KEIGO_PROVIDERS") or "cpu"
    if isinstance(providers, str):
        providers = [p.strip() for p in providers.split(",") if p.strip()]
    available = ort.get_available_providers()
    wanted: list[str] = []
    for p in providers:
        if p.lower() == "auto":
            wanted += [q for q in ("CUDAExecutionProvider",) if q in available]
            continue
        name = _ALIASES.get(p.lower(), p)
        if name not in available:
            if name in _GPU_PROVIDERS:
                _warn(f"{name} was requested but this onnxruntime build does not have it "
                      f"(available: {', '.join(available)}); running on CPU")
                continue
            raise ModelError(f"unknown onnxruntime execution provider {p!r} (available: {', '.join(available)})")
        if name not in wanted:
            wanted.append(name)
    if "CPUExecutionProvider" not in wanted:
        wanted.append("CPUExecutionProvider")
    return wanted


def quantizes_activations(path: Path) -> bool:
    """Whether the ONNX file holds a DynamicQuantizeLinear node (what onnxruntime's quantize_dynamic writes):
    op types are stored as plain strings in the protobuf, so a scan of the bytes answers without the onnx
    package."""
    needle = b"DynamicQuantizeLinear"
    tail = b""
    with open(path, "rb") as f:
        while chunk := f.read(1 << 22):
            if needle in tail + chunk:
                return True
            tail = chunk[-len(needle):]
    return False


class OrtSession:
    """An InferenceSession plus what every caller needs about it: input names and numpy dtypes, output names."""

    def __init__(self, path, *, providers: Sequence[str] | str | None = None, threads: int | None = None):
        import onnxruntime as ort

        self.path = Path(path)
        if not self.path.is_file():
            raise ModelError(f"model file {self.path} is missing")
        wanted = resolve_providers(providers)
        opts = ort.SessionOptions()
        opts.graph_optimization_level = ort.GraphOptimizationLevel.ORT_ENABLE_ALL
        opts.log_severity_level = 3
        if threads is None and os.environ.get("KEIGO_THREADS"):
            try:
                threads = int(os.environ["KEIGO_THREADS"])
            except ValueError:
                threads = None
        if threads:
            opts.intra_op_num_threads = int(threads)
        # One request at a time per session: parallel graph branches add overhead for these models.
        opts.inter_op_num_threads = 1
        opts.execution_mode = ort.ExecutionMode.ORT_SEQUENTIAL
        try:
            self.session = ort.InferenceSession(str(self.path), sess_options=opts, providers=wanted)
        except Exception as e:  # onnxruntime raises Fail/InvalidProtobuf/RuntimeError for bad files
            first = str(e).strip().splitlines()[0][:300] if str(e).strip() else type(e).__name__
            raise ModelError(f"{self.path} does not load as an ONNX model: {first}") from e
        got = self.session.get_providers()
        for p in wanted:
            if p in _GPU_PROVIDERS and p not in got:
                _warn(f"{p} was requested for {self.path.name} but onnxruntime fell back to {got[0]}")
        self.provider = got[0]
        self.inputs = {i.name: _NP_DTYPES.get(i.type, np.float32) for i in self.session.get_inputs()}
        self.input_shapes = {i.name: list(i.shape) for i in self.session.get_inputs()}
        self.output_names = [o.name for o in self.session.get_outputs()]

    @functools.cached_property
    def batch_dependent(self) -> bool:
        """A dynamically quantized (int8) graph scales its activations over the whole input tensor, so a row's
        output depends on the other rows of the batch; callers that must give a text the same result alone and
        among others run such a graph one row at a time. Read from the file when first asked (the decoders,
        never asked, are not scanned at start-up)."""
        return quantizes_activations(self.path)

    @property
    def input_names(self) -> list[str]:
        return list(self.inputs)

    def run(self, feeds: dict, output_names: Sequence[str] | None = None) -> list[np.ndarray]:
        """Run with the declared inputs only, each cast to its declared dtype (extra feeds are ignored)."""
        typed = {}
        for name, dtype in self.inputs.items():
            if name not in feeds:
                raise ModelError(f"{self.path.name} needs an input {name!r} the engine does not provide")
            typed[name] = np.asarray(feeds[name], dtype=dtype)
        return self.session.run(list(output_names) if output_names else None, typed)
