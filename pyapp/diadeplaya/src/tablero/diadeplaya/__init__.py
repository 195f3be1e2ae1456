"""tablero.diadeplaya: the rules of Día de Playa (in progress; not yet registered)."""
