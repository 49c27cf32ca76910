"""Error types shared by the engine, the command line and the GUI: each names the part that failed."""


class KeigoError(Exception):
    """Base class for every error Keigo reports to a user."""


class InputError(KeigoError):
    """The user's input (a file, a corpus, an argument) cannot be used; the message says why and where."""


class ModelError(KeigoError):
    """A model is missing, corrupt, fails verification or fails to load; the message names the file."""


class ModelNotInstalled(ModelError):
    """No model of a role is installed (neither trained nor bundled)."""
