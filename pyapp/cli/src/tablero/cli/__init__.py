"""tablero.cli: the ``tablero`` command."""
