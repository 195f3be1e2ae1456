"""The golden replays (a package, so that its conftest does not shadow another)."""
