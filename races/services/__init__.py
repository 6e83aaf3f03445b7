"""The race at the table's writes, by area: entries and undo, rulings, what a round's life does to
its race, and its rows in a league's backup."""
