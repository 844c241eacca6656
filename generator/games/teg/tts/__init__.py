"""Tiny Epic Galaxies' table: its save, its layout for the glue, its XmlUI."""
