"""Many games at once, for learning (to be written)."""


class VecEnv:
    """To be written."""
