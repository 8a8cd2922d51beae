"""The meta game's client side: the saved profile, the barracks and arena helpers (issue 21)."""
