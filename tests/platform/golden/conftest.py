"""The golden replays: Tiny Nim registered for the duration of each test module only."""

from __future__ import annotations

from support.tiny_registered import tiny_nim_registered

__all__ = ["tiny_nim_registered"]
