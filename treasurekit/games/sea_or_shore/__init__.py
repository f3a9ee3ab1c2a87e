"""Sea or Shore: trick-taking with cover cards (show the sea or the shore of your card)."""

from .rules import SeaOrShore

__all__ = ["SeaOrShore"]
