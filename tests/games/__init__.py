"""The tests of each game, one folder a game, the same test modules in every folder."""
