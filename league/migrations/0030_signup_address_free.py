"""The sign-up page takes the address /signup/: a league there before would be hidden behind it,
so it moves to the first free signup-N (its old address then shows the sign-up page)."""

from django.db import migrations


def move(apps, schema_editor):
    league_model = apps.get_model("league", "League")
    league = league_model.objects.filter(slug__iexact="signup").first()
    if league is None:
        return
    suffix = 2
    while league_model.objects.filter(slug=f"signup-{suffix}").exists():
        suffix += 1
    league.slug = f"signup-{suffix}"
    league.save(update_fields=["slug"])


class Migration(migrations.Migration):
    dependencies = [("league", "0029_league_data_version")]

    operations = [migrations.RunPython(move, migrations.RunPython.noop)]
