"""The meta game of meta.md: hiring, supplies, cups, leagues, matchmaking, rewards, healing (pure)."""
