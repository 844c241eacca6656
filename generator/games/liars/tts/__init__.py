"""The Liar's Dice table: its layout and its save."""
