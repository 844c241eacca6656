"""Allow `python -m generator` as a synonym for the `ttsmod` command."""

from generator.cli import main

main()
