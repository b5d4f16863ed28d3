"""Demo data for `make run` and the tests: generated images only, every member an adult.

Production code never imports this package (an import-linter contract in `.importlinter` says so):
only the CLI's `addme seed` and the tests reach it.
"""
