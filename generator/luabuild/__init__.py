"""Lua for the table: card data as a Lua module, bundling, and the MoonSharp-safe lint."""
