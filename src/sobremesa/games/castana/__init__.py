"""ABC ¡Castaña!: the letter card game of seed 000."""
