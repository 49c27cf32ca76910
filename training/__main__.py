"""Entry point of `python -m training` (also what `keigo train` runs in a subprocess)."""
import sys

from training.cli import main

sys.exit(main())
