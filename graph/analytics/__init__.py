"""Exposure analytics on two clocks. Every query goes through ``_snapshot``'s time filter."""
