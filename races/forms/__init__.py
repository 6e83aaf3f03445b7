"""The prompt asked now, as a form."""
