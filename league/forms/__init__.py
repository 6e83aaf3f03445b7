"""The league pages' forms, by area: they parse input; the services decide what the rules allow."""
