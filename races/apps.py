from django.apps import AppConfig


class RacesConfig(AppConfig):
    name = "races"
    verbose_name = "Races at the table"

    def ready(self) -> None:
        from league.services.table import register

        from .services import backup
        from .services.table import RacesAtTheTable

        # League may not import races: races adds its tables to a league's backup, and runs
        # the race of a round run at the table.
        backup.register()
        register(RacesAtTheTable())
