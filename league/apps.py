from django.apps import AppConfig


class LeagueConfig(AppConfig):
    name = "league"
    verbose_name = "Leagues and seasons"

    def ready(self) -> None:
        from django.conf import settings
        from django.contrib.auth.signals import user_logged_in
        from django.db.models.signals import post_save

        from config.languages import language_kept

        from . import backup
        from .models import HouseRules

        # The house rules join a league's backup as another app's tables do.
        backup.register(
            "league.houserules",
            HouseRules,
            lambda league: HouseRules.objects.filter(league=league),
            since=3,  # a file of version 2 has no house rules
        )
        # Every account's look-alike key, however it is made or renamed
        # (league/models/look_alike.py); a save of other fields (a login's last_login) leaves
        # it be.
        post_save.connect(
            _name_key_kept, sender=settings.AUTH_USER_MODEL, dispatch_uid="league.name_key"
        )
        # The language an account chose, into its session at login (config/languages.py).
        user_logged_in.connect(language_kept, dispatch_uid="league.language")


def _name_key_kept(sender, instance, update_fields=None, **kwargs) -> None:
    from .services.members import name_key_keep

    if update_fields is None or "username" in update_fields:
        name_key_keep(user=instance)
