"""The race pages' views, by area: parse the request, call a service, render."""
