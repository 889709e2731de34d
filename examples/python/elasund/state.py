"""One game, the OpenSpiel way (to be written)."""

__all__ = []
