"""A headless Tabletop Simulator for tests (see emulator.py and docs/emulator.md)."""

from generator.harness.tts.emulator import ScriptError, Strictness, Table

__all__ = ["ScriptError", "Strictness", "Table"]
