"""Frozen-app entry point: the same dispatcher as the `keigo` console script."""
import sys

from keigo.cli import main

if __name__ == "__main__":
    sys.exit(main())
