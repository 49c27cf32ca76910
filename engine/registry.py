"""Model registry: versioned model directories per role, a current.json pointer swapped atomically, verify and rollback.

Layout (docs/architecture.md): ``<root>/<role>/<version>/`` (each with manifest.json) and
``<root>/<role>/current.json`` = ``{"version": ..., "history": [older, ...]}``. The bundled models in
``assets/models/<role>/`` are the version "bundled", the fallback when nothing else is chosen.

Reliability (docs/reliability.md): everything read from the store is validated (a bad manifest makes one
version INVALID, a bad pointer falls back to the bundled model, a version name can never point outside
the store); a version counts as verified only once it has been loaded the way the app loads it; every
read-modify-write (install, use, rollback) holds an exclusive lock on ``<root>/.lock``; what a killed
process left behind (``.staging-*`` folders, temp pointer files) is removed by the next registry that
gets the lock. OSErrors of the store become ModelError (exit 3) naming the path.
"""
from __future__ import annotations

import contextlib
import errno
import json
import logging
import math
import os
import re
import shutil
import sys
import uuid
from dataclasses import dataclass, field
from pathlib import Path

from engine import paths
from engine.errors import ModelError, ModelNotInstalled
from engine.fsio import atomic_write_json
from engine.manifest import load_manifest, verify_dir
from engine.types import ModelInfo

log = logging.getLogger("keigo.engine")

KNOWN_ROLES = ("scorer", "scorer-accurate", "rewriter")
BUNDLED = "bundled"
_VERSION_RE = re.compile(r"^[A-Za-z0-9][A-Za-z0-9._+-]{0,127}$")
_HISTORY_MAX = 20
_ROLE_NAMES = {"scorer": "formality scorer", "scorer-accurate": "accurate formality scorer",
               "rewriter": "formal rewriter"}
_LOCK_NAME = ".lock"
_STAGING_PREFIX = ".staging-"
_POINTER = "current.json"
# rewriter.json sizes the engine allocates by (tokens in, tokens out): whole numbers, capped.
_REWRITER_INT_OPTIONS = {"max_source_tokens": 4096, "max_new_tokens": 4096}
_SMOKE_SENTENCE = "Thank you for your reply."


@contextlib.contextmanager
def _file_lock(path: Path, blocking: bool = True):
    """An exclusive lock on ``path`` for the duration of the block (fcntl on POSIX, msvcrt on Windows).

    The operating system drops it when the holder dies, so a kill -9 never leaves the store locked.
    Yields True when the lock is held, False when ``blocking`` is off and another process holds it.
    """
    fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o644)
    try:
        if sys.platform == "win32":  # pragma: no cover - exercised on Windows only
            import msvcrt

            try:
                msvcrt.locking(fd, msvcrt.LK_LOCK if blocking else msvcrt.LK_NBLCK, 1)
            except OSError:
                if blocking:
                    raise
                yield False
                return
            try:
                yield True
            finally:
                os.lseek(fd, 0, os.SEEK_SET)
                msvcrt.locking(fd, msvcrt.LK_UNLCK, 1)
        else:
            import fcntl

            try:
                fcntl.flock(fd, fcntl.LOCK_EX | (0 if blocking else fcntl.LOCK_NB))
            except OSError as e:
                if blocking or e.errno not in (errno.EAGAIN, errno.EACCES, errno.EWOULDBLOCK):
                    raise
                yield False
                return
            try:
                yield True
            finally:
                fcntl.flock(fd, fcntl.LOCK_UN)
    finally:
        os.close(fd)


def _store_error(what: str, path, e: OSError) -> ModelError:
    return ModelError(f"cannot {what} {path}: {e.strerror or e}")


@dataclass(frozen=True)
class ModelVersion:
    role: str
    version: str
    path: Path
    kind: str = "unknown"
    created: str = ""
    metrics: dict = field(default_factory=dict)
    bundled: bool = False
    current: bool = False
    problem: str | None = None   # set when the manifest cannot be read

    def info(self, provider: str = "CPUExecutionProvider") -> ModelInfo:
        return ModelInfo(role=self.role, version=self.version, path=self.path, kind=self.kind,
                         provider=provider, metrics=dict(self.metrics))


@dataclass(frozen=True)
class VerifyResult:
    role: str
    version: str
    path: Path
    problems: tuple[str, ...] = ()

    @property
    def ok(self) -> bool:
        return not self.problems


def _check_name(kind: str, name: str) -> None:
    if not _valid_name(name):
        raise ModelError(f"invalid {kind} name {name!r} (letters, digits, '.', '_', '+', '-'; no path separators)")


def _valid_name(name) -> bool:
    # fullmatch, not match: "$" would accept a trailing newline
    return isinstance(name, str) and _VERSION_RE.fullmatch(name) is not None and ".." not in name


class ModelRegistry:
    """Versions of each model role in the user's data directory, plus the bundled fallback."""

    def __init__(self, root: Path | None = None, bundled_root: Path | None = None):
        self.root = Path(root) if root is not None else paths.user_models_dir()
        if bundled_root is None:
            # KEIGO_BUNDLED_MODELS points elsewhere for tests and relocated bundles (e.g. a PyInstaller build).
            env = os.environ.get("KEIGO_BUNDLED_MODELS")
            bundled_root = Path(env) if env else paths.bundled_models_dir()
        self.bundled_root = Path(bundled_root)
        self.tidy()

    # ------------------------------------------------------------------ locking and leftovers

    @contextlib.contextmanager
    def _locked(self):
        """The store's exclusive lock, for every read-modify-write; leftovers are cleared on entry."""
        try:
            self.root.mkdir(parents=True, exist_ok=True)
            lock = _file_lock(self.root / _LOCK_NAME)
            lock.__enter__()
        except OSError as e:
            raise _store_error("write to the model store at", self.root, e) from e
        try:
            self._remove_leftovers()
            yield
        finally:
            lock.__exit__(None, None, None)

    def tidy(self) -> bool:
        """Remove what killed installs and switches left (staging folders, temp pointer files), if no other
        process is working on the store right now; best effort and quiet. True when it ran."""
        if not self.root.is_dir():
            return False
        try:
            with _file_lock(self.root / _LOCK_NAME, blocking=False) as held:
                if held:
                    self._remove_leftovers()
                return held
        except OSError:
            return False  # a read-only store: nothing of ours can be in it

    def _remove_leftovers(self) -> None:
        # Only called with the lock held: a live install holds it too, so no staging folder here is in use.
        try:
            roles = [p for p in self.root.iterdir() if p.is_dir() and not p.is_symlink()]
        except OSError:
            return
        for role_dir in roles:
            try:
                entries = list(role_dir.iterdir())
            except OSError:
                continue
            for p in entries:
                name = p.name
                try:
                    if name.startswith(_STAGING_PREFIX) and p.is_dir() and not p.is_symlink():
                        shutil.rmtree(p, ignore_errors=True)
                        log.info("removed %s, left by an interrupted install", p)
                    elif name.startswith(f".{_POINTER}.") and name.endswith(".tmp"):
                        p.unlink()
                except OSError:
                    pass

    # ------------------------------------------------------------------ lookup

    def _bundled_dir(self, role: str) -> Path | None:
        d = self.bundled_root / role
        return d if (d / "manifest.json").is_file() else None

    def _version_dir(self, role: str, version: str) -> Path | None:
        """The folder of an installed version; None when absent, or when the name or the folder it resolves
        to lies outside ``<root>/<role>`` (a pointer saying ``../../x`` must never load a model from there)."""
        if version == BUNDLED:
            return self._bundled_dir(role)
        if not (_valid_name(role) and _valid_name(version)):
            return None
        d = self.root / role / version
        try:
            if not d.is_dir() or d.resolve().parent != (self.root / role).resolve():
                return None
        except (OSError, RuntimeError):  # RuntimeError: a symlink loop
            return None
        return d

    def roles(self) -> list[str]:
        found = set(KNOWN_ROLES)
        for base in (self.bundled_root, self.root):
            try:
                found.update(p.name for p in base.iterdir() if p.is_dir() and _valid_name(p.name)
                             and not p.name.startswith("_"))
            except OSError:
                continue  # absent, not a folder, unreadable: no roles from there
        extra = sorted(found - set(KNOWN_ROLES))
        return list(KNOWN_ROLES) + extra

    def _pointer(self, role: str) -> dict:
        """current.json, validated: a version name (or None) and a list of version names, whatever is on disk."""
        path = self.root / role / _POINTER
        empty = {"version": None, "history": []}
        try:
            if not path.is_file():
                return empty
            data = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, UnicodeDecodeError, json.JSONDecodeError, RecursionError) as e:
            log.warning("%s is unreadable (%s); using the bundled model", path, e)
            return empty
        if not isinstance(data, dict):
            log.warning("%s is not a JSON object; using the bundled model", path)
            return empty
        version = data.get("version")
        if version is not None and not _valid_name(version):
            log.warning("%s names the version %r, which is not a version name; using the bundled model",
                        path, version)
            version = None
        history = data.get("history", [])
        if not isinstance(history, list):
            log.warning("%s: history is not a list; it is ignored", path)
            history = []
        return {"version": version, "history": [h for h in history if _valid_name(h)]}

    def _describe(self, role: str, version: str, path: Path, current: str | None) -> ModelVersion:
        try:
            m = load_manifest(path)
            return ModelVersion(role=role, version=version, path=path, kind=m["kind"],
                                created=m.get("created", ""), metrics=dict(m.get("metrics") or {}),
                                bundled=version == BUNDLED, current=version == current)
        except ModelError as e:
            return ModelVersion(role=role, version=version, path=path, bundled=version == BUNDLED,
                                current=version == current, problem=str(e))

    def list(self, role: str | None = None) -> list[ModelVersion]:
        """Versions of one role (or all roles): bundled first, then by creation time."""
        out: list[ModelVersion] = []
        for r in ([role] if role else self.roles()):
            cur = self.current(r)
            cur_v = cur.version if cur else None
            if self._bundled_dir(r):
                out.append(self._describe(r, BUNDLED, self._bundled_dir(r), cur_v))
            base = self.root / r
            users = []
            try:
                entries = sorted(base.iterdir()) if base.is_dir() else []
            except OSError as e:
                log.warning("cannot list %s: %s", base, e.strerror or e)
                entries = []
            for p in entries:
                if p.name != BUNDLED and self._version_dir(r, p.name) is not None:
                    users.append(self._describe(r, p.name, p, cur_v))
            out += sorted(users, key=lambda v: (v.created, v.version))
        return out

    def current(self, role: str) -> ModelVersion | None:
        """The version in use: current.json's when its directory exists, else bundled, else None."""
        _check_name("role", role)
        version = self._pointer(role)["version"]
        if version:
            path = self._version_dir(role, version)
            if path is not None:
                return self._describe(role, version, path, version)
            log.warning("current model %s/%s is gone; using the bundled one", role, version)
        b = self._bundled_dir(role)
        return self._describe(role, BUNDLED, b, BUNDLED) if b else None

    # ------------------------------------------------------------------ verify / switch

    def _verify_one(self, role: str, version: str, path: Path, load_onnx: bool = True) -> VerifyResult:
        """Checksums and manifest; with load_onnx, also load the model as the app would and run it once
        (a tokenizer or config that does not load must fail here, not when `score` runs)."""
        try:
            problems = verify_dir(path, load_onnx=load_onnx)
            if not problems:
                m = load_manifest(path)
                if m.get("role") != role:
                    problems.append(f"{path / 'manifest.json'} is for role {m.get('role')!r}, not {role!r}")
                elif load_onnx:
                    try:
                        self._try_model(role, path)
                    except ModelError as e:
                        problems.append(str(e))
        except OSError as e:
            problems = [f"cannot read {path}: {e.strerror or e}"]
        return VerifyResult(role=role, version=version, path=path, problems=tuple(problems))

    def _try_model(self, role: str, path: Path) -> None:
        """Load a model folder with the loader its role uses and run one sentence through it; ModelError if not."""
        if role == "rewriter":
            from engine.faithful import SafeRewriter

            model = _call_loader(_rewriter_loader, path, providers="cpu", threads=1, info=None)
            # The rerank options and LM of rewriter.json are read by the wrapper `keigo rewrite` runs.
            _call_loader(lambda p, **_: SafeRewriter.for_model(model), path)
            out = _call_loader(lambda p, **_: model.rewrite([_SMOKE_SENTENCE], beam=1, max_new_tokens=8), path)
            if len(out) != 1:
                raise ModelError(f"{path}: the rewriter gave {len(out)} results for one sentence")
        elif role.startswith("scorer"):
            from engine.scorer import FormalityScorer

            model = _call_loader(FormalityScorer.from_dir, path, providers="cpu", threads=1, info=None)
            p = _call_loader(lambda p, **_: model.score([_SMOKE_SENTENCE]), path)
            if len(p) != 1 or not math.isfinite(float(p[0])) or not 0.0 <= float(p[0]) <= 1.0:
                raise ModelError(f"{path}: the scorer gave {list(p)} for a test sentence, not a probability")

    def verify(self, role: str | None = None, version: str | None = None) -> list[VerifyResult]:
        """Check every (or one) version's files against its manifest and that its ONNX files load."""
        if version is not None and role is None:
            raise ModelError("verify: a version needs a role")
        results = []
        for r in ([role] if role else self.roles()):
            if version is not None:
                path = self._version_dir(r, version)
                if path is None:
                    results.append(VerifyResult(r, version, self.root / r / version,
                                                (f"no version {version!r} of {r} is installed",)))
                    continue
                results.append(self._verify_one(r, version, path))
                continue
            for v in self.list(r):
                results.append(self._verify_one(r, v.version, v.path))
        return results

    def _write_pointer(self, role: str, version: str, history: list[str]) -> None:
        seen, hist = set(), []
        for h in history:
            if h != version and h not in seen:
                seen.add(h)
                hist.append(h)
        path = self.root / role / _POINTER
        try:
            atomic_write_json(path, {"version": version, "history": hist[:_HISTORY_MAX]})
        except OSError as e:
            raise _store_error("write", path, e) from e

    def resolve(self, role: str, version: str | None = None) -> ModelVersion:
        """A named version of a role (``None``: the current one); ModelError when it is not installed."""
        _check_name("role", role)
        if version is None:
            cur = self.current(role)
            if cur is None:
                raise ModelNotInstalled(f"no {_ROLE_NAMES.get(role, role)} is installed (role {role!r})")
            return cur
        _check_name("version", version)
        path = self._version_dir(role, version)
        if path is None:
            raise ModelError(f"no version {version!r} of {role} is installed")
        cur = self.current(role)
        return self._describe(role, version, path, cur.version if cur else None)

    def previous(self, role: str) -> ModelVersion | None:
        """The version a rollback goes to: the newest entry of the history that is still installed."""
        _check_name("role", role)
        cur = self.current(role)
        for version in self._pointer(role)["history"]:
            if cur is not None and version == cur.version:
                continue
            path = self._version_dir(role, version)
            if path is not None:
                return self._describe(role, version, path, cur.version if cur else None)
        return None

    def switch(self, role: str, version: str | None = None, *, loaded: bool = False) -> ModelVersion:
        """Point ``current.json`` at ``version``, or with ``None`` roll back to ``previous(role)``.

        One function for switch and rollback: switching to the version a rollback would pick is a rollback (it
        leaves the history); any other switch puts the version in use on top of the history. The version is
        verified first (loaded and run once); ``loaded`` says the caller has just loaded and run it itself (the
        app's hot swap), so only its files are re-checked against the manifest. On any problem: ModelError, and
        the pointer is untouched.
        """
        _check_name("role", role)
        if version is not None:
            _check_name("version", version)
        with self._locked():  # read-modify-write of current.json: parallel switches must not lose history
            ptr = self._pointer(role)
            cur = self.current(role)
            old = cur.version if cur else None
            history = [h for h in ptr["history"] if h != old]
            back = self.previous(role)
            if version is None:
                if back is None:
                    raise ModelError(f"no earlier version of {role} to roll back to")
                version = back.version
            path = self._version_dir(role, version)
            if path is None:
                raise ModelError(f"no version {version!r} of {role} is installed")
            res = self._verify_one(role, version, path, load_onnx=not loaded)
            if not res.ok:
                raise ModelError(f"refusing {role}/{version}: " + "; ".join(res.problems))
            if back is not None and version == back.version:
                history = history[history.index(version) + 1:]
            elif old is not None:
                history = [old, *history]
            if version != old:
                self._write_pointer(role, version, history)
        return self._describe(role, version, path, version)

    def install(self, role: str, source_dir: Path, version: str | None = None, activate: bool = False) -> ModelVersion:
        """Copy a finished model directory in (staging dir, verify, rename); optionally make it current."""
        _check_name("role", role)
        source_dir = Path(source_dir)
        if not source_dir.is_dir():
            raise ModelError(f"refusing to install {source_dir}: it is not a folder")
        manifest = load_manifest(source_dir)  # validated: a malformed manifest never reaches the store
        if manifest.get("role") != role:
            raise ModelError(f"{source_dir} holds a {manifest.get('role')!r} model, not {role!r}")
        version = version or manifest["version"]
        _check_name("version", version)
        if version == BUNDLED:
            raise ModelError("the version name 'bundled' is reserved for the models shipped with Keigo")
        target = self.root / role / version
        # The lock makes "is it there yet, copy, rename" one step: a second install of the same version waits,
        # then finds it installed. A kill -9 in here leaves only a staging folder, which the next lock holder
        # removes.
        with self._locked():
            if os.path.lexists(target):
                raise ModelError(f"{role}/{version} is already installed at {target}")
            staging = self.root / role / f"{_STAGING_PREFIX}{uuid.uuid4().hex[:12]}"
            try:
                staging.parent.mkdir(parents=True, exist_ok=True)
                shutil.copytree(source_dir, staging, symlinks=False)
                # The copy is what gets verified and loaded: it is what will run.
                res = self._verify_one(role, version, staging)
                if not res.ok:
                    raise ModelError(f"refusing to install {source_dir}: " + "; ".join(res.problems))
                os.rename(staging, target)
            except (OSError, shutil.Error) as e:
                raise ModelError(f"cannot install {source_dir} as {role}/{version}: "
                                 f"{getattr(e, 'strerror', None) or e}") from e
            finally:
                if staging.exists():
                    shutil.rmtree(staging, ignore_errors=True)
        if activate:
            return self.switch(role, version)
        return self._describe(role, version, target, None)

    # ------------------------------------------------------------------ loading

    def _load(self, role: str, version: str | None, loader, providers, threads):
        """Load a named version, exactly that one (a switch must not silently run another model); or, with
        ``version=None``, the current one, falling back to the bundled one when it fails (logged)."""
        if version is None:
            cur = self.current(role)
            if cur is None:
                name = _ROLE_NAMES.get(role, role)
                raise ModelNotInstalled(f"no {name} is installed (role {role!r}): train one or install a bundled model")
            candidates = [cur]
            if cur.version != BUNDLED and self._bundled_dir(role):
                candidates.append(self._describe(role, BUNDLED, self._bundled_dir(role), cur.version))
        else:
            candidates = [self.resolve(role, version)]
        tried = []
        for v in candidates:
            # Checksums are re-checked at load: a file changed since activation must not be run.
            res = self._verify_one(role, v.version, v.path, load_onnx=False)
            if not res.ok:
                tried.append(f"{role}/{v.version}: " + "; ".join(res.problems))
                continue
            try:
                model = _call_loader(loader, v.path, providers=providers, threads=threads, info=v.info())
            except ModelError as e:
                tried.append(f"{role}/{v.version}: {e}")
                continue
            if tried:
                log.warning("using %s/%s because %s", role, v.version, tried[0])
            return model
        raise ModelError("; ".join(tried))

    def load_scorer(self, role: str = "scorer", version: str | None = None, *, providers=None, threads=None):
        """A scorer of a role: the named version, or the current one; ModelNotInstalled when there is none."""
        from engine.scorer import FormalityScorer

        return self._load(role, version, FormalityScorer.from_dir, providers, threads)

    def load_rewriter(self, role: str = "rewriter", version: str | None = None, *, providers=None, threads=None):
        """A rewriter model: the named version, or the current one; the RuleFormalizer (info.kind == "rules")
        when no version is named and none is installed."""
        if version is None and self.current(role) is None:
            from engine.rules import RuleFormalizer  # lazily: the lexicons are only read when needed

            return RuleFormalizer()
        return self._load(role, version, _rewriter_loader, providers, threads)


def _rewriter_loader(path, **kwargs):
    """FormalRewriter.from_dir after rewriter.json's sizes are checked (the class itself calls int() on them)."""
    from engine.rewriter import FormalRewriter
    from engine.scorer import _read_json

    options = _read_json(Path(path) / "rewriter.json")
    for key, limit in _REWRITER_INT_OPTIONS.items():
        value = options.get(key, 1)
        if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= limit:
            raise ModelError(f"{Path(path) / 'rewriter.json'}: {key} must be a whole number from 1 to {limit}, "
                             f"not {value!r}")
    prefix = options.get("prefix")
    if prefix is not None and not isinstance(prefix, str):
        raise ModelError(f"{Path(path) / 'rewriter.json'}: prefix must be a string, not {prefix!r}")
    return FormalRewriter.from_dir(path, **kwargs)


def _call_loader(loader, path, **kwargs):
    """Run a model loader; any failure of the files it reads (a value of the wrong type, a missing key, a
    file that vanished) becomes a ModelError naming the folder, never a traceback."""
    try:
        return loader(path, **kwargs)
    except ModelError:
        raise
    except OSError as e:
        raise ModelError(f"{path}: cannot read the model: {e.strerror or e}") from e
    except (TypeError, ValueError, KeyError, IndexError, AttributeError, OverflowError, RecursionError) as e:
        raise ModelError(f"{path}: the model's settings are invalid ({type(e).__name__}: {e})") from e
