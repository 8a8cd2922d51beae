"""What every game shares: the grid, the TOML reader, the player protocol, the match runner, statistics and replays."""
