from django.apps import AppConfig


class RacesConfig(AppConfig):
    name = "races"
    verbose_name = "Races at the table"
