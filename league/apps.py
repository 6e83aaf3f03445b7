from django.apps import AppConfig


class LeagueConfig(AppConfig):
    name = "league"
    verbose_name = "Leagues and seasons"

    def ready(self) -> None:
        from . import backup
        from .house_rules import HouseRules

        # The house rules join a league's backup as another app's tables do.
        backup.register(
            "league.houserules",
            HouseRules,
            lambda league: HouseRules.objects.filter(league=league),
            since=3,  # a file of version 2 has no house rules
        )
