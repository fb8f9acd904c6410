"""Maintenance scripts of the project (not part of the package)."""
