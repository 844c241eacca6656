"""Working against a running TTS over its External Editor API: push, watch, exec, pull."""
