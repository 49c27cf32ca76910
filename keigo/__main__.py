"""`python -m keigo` runs the keigo command."""
from keigo.cli import main

raise SystemExit(main())
