"""The web layer's tests that are not one game's (a package: its module names are web.<name>)."""
