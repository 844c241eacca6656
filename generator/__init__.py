"""ttsmod: turn a board game's card data into a scripted Tabletop Simulator mod."""

__version__ = "0.1.0"
