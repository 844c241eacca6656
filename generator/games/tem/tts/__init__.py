"""Tiny Epic Mechs' save: its table, the layout the glue reads, its XmlUI."""
