"""tablero.arraial: the rules of Arraial (in progress; not yet registered)."""
