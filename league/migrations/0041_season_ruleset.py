"""Each season keeps the rule set it is run on; a season of before runs its league's."""

from django.db import migrations, models
from django.db.models import OuterRef, Subquery

import league.models.tracks


def fill_from_league(apps, schema_editor):
    Season = apps.get_model("league", "Season")
    League = apps.get_model("league", "League")
    league_ruleset = League.objects.filter(pk=OuterRef("league_id")).values("ruleset")[:1]
    Season.objects.update(ruleset=Subquery(league_ruleset))


class Migration(migrations.Migration):
    dependencies = [
        ("league", "0040_house_rules"),
    ]

    operations = [
        migrations.AddField(
            model_name="season",
            name="ruleset",
            field=models.CharField(
                choices=league.models.tracks.ruleset_choices,
                default="",
                help_text="The rule set the season is run on: its league's when it was opened "
                '(a league may open a season under another; docs/rulings.md, "One league '
                'across rule sets"). A season left without one takes its league\'s when saved.',
                max_length=20,
            ),
            preserve_default=False,
        ),
        migrations.RunPython(fill_from_league, migrations.RunPython.noop),
    ]
