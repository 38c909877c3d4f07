"""The taikyoku game server: the only owner of match state."""
