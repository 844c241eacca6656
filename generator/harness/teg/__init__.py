"""Tiny Epic Galaxies at the headless table: whole games through the UI, the secrets check."""
