"""Exposure analytics on two clocks. Every query goes through ``snapshot``'s time filter."""
