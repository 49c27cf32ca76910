"""Makes the icon set from assets/icons/keigo.png: keigo.ico (Windows: the executables, the installer) and
keigo.icns (macOS: Keigo.app). Run after changing the PNG: python3 packaging/make_icons.py (needs Pillow)."""
from __future__ import annotations

import sys
from pathlib import Path

ICONS = Path(__file__).resolve().parent.parent / "assets" / "icons"
ICO_SIZES = [(16, 16), (24, 24), (32, 32), (48, 48), (64, 64), (128, 128), (256, 256)]


def main() -> int:
    from PIL import Image

    png = Image.open(ICONS / "keigo.png").convert("RGBA")
    if png.size != (256, 256):
        print(f"make_icons: keigo.png is {png.size}, expected 256x256", file=sys.stderr)
        return 2
    png.save(ICONS / "keigo.ico", sizes=ICO_SIZES)
    png.save(ICONS / "keigo.icns")  # Pillow writes the macOS size set (16 to 1024) from this image
    print(f"make_icons: wrote {ICONS / 'keigo.ico'} and {ICONS / 'keigo.icns'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
