from django.apps import AppConfig


class RacesConfig(AppConfig):
    name = "races"
    verbose_name = "Races at the table"

    def ready(self) -> None:
        from . import backup

        # A league's backup holds its races: league may not import races, so races adds them.
        backup.register()
