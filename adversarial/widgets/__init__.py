"""Widgets: the α/β stepper (:mod:`~adversarial.widgets.stepper`) and the boards to play on
(:mod:`~adversarial.widgets.play`, :mod:`~adversarial.widgets.play_connectfour`).

``from adversarial.widgets import Stepper`` works as before: this package re-exports the stepper's module.
"""

from . import stepper as _module
from .stepper import *  # noqa: F403 (re-exported)


def __getattr__(name):
    return getattr(_module, name)
