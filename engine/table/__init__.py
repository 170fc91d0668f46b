"""What the table sees: fog of war, the player filter, and the physical scale of a screen."""
