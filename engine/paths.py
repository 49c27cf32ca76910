"""Where Keigo keeps things: the bundled assets and the user's data directory (KEIGO_HOME overrides it)."""
from __future__ import annotations

import os
from pathlib import Path

from platformdirs import user_data_dir


def assets_dir() -> Path:
    """The bundled assets: the repo's assets/ in a checkout or editable install, keigo_assets when installed."""
    here = Path(__file__).resolve().parent.parent / "assets"
    if here.is_dir():
        return here
    import keigo_assets  # installed wheel: assets/ is packaged as keigo_assets

    return Path(keigo_assets.__file__).resolve().parent


def bundled_models_dir() -> Path:
    return assets_dir() / "models"


def user_home() -> Path:
    env = os.environ.get("KEIGO_HOME")
    return Path(env) if env else Path(user_data_dir("keigo", appauthor=False))


def user_models_dir() -> Path:
    return user_home() / "models"


def runs_dir() -> Path:
    return user_home() / "runs"

