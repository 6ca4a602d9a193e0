"""Beneficial Ownership Data Standard (BODS 0.2-0.4) statements."""
