"""Controllers of the app: documents, models, scoring, suggestions (and training); Qt objects without widgets
that own the work and talk through signals. gui/app.py builds them and wires them to the panels (the views)."""
