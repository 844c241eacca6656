"""Tiny Epic Mechs at the headless table: whole games through the UI, and its secrets."""
