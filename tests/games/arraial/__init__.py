"""The tests of arraial (the same modules as every other game's folder: tests/test_layers.py)."""
