"""Error types shared by the engine, the command line and the GUI: each names the part that failed."""


class KeigoError(Exception):
    """Base class for every error Keigo reports to a user."""


class InputError(KeigoError):
    """The user's input (a file, a corpus, an argument) cannot be used; the message says why and where."""


class ModelError(KeigoError):
    """A model is missing, corrupt, fails verification or fails to load; the message names the file."""


class ModelNotInstalled(ModelError):
    """No model of a role is installed (neither trained nor bundled)."""


# The exit codes of every Keigo command (keigo score/rewrite/models, python -m training, keigo train); defined
# here, at the bottom layer, so the engine's CLI, training's run contract (training.protocol) and the GUI share one
# set. A missing optional part (the gui or train extra) is a model problem too: something to install.
EXIT_OK = 0
EXIT_CRASH = 1  # an unexpected exception (training prints an "error" event first)
EXIT_USAGE = 2
EXIT_MODEL = 3
EXIT_INPUT = 4
EXIT_STOPPED = 130  # interrupted (Ctrl-C) or stopped on request; a stopped training run can be resumed


def exit_code_for(exc: BaseException) -> int:
    """The exit code a command returns for an error it caught."""
    if isinstance(exc, KeyboardInterrupt):
        return EXIT_STOPPED
    if isinstance(exc, InputError):
        return EXIT_INPUT
    if isinstance(exc, ModelError):
        return EXIT_MODEL
    return EXIT_CRASH
