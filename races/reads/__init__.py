"""What the race pages show: the turn panel, the strip, the replay, the gear odds, the cars'
colours."""
