from django.db import migrations, models

# Okabe and Ito's palette in the order league/models/team_colours.py gives it (kept here as it was
# when the field came, as a migration must).
PALETTE = ("orange", "sky", "green", "vermillion", "blue", "purple", "yellow", "black")


def colour_by_team_order(apps, schema_editor):
    """Each league's teams, in the order they joined, take the palette's colours in turn."""
    Team = apps.get_model("league", "Team")
    teams = list(Team.objects.order_by("league_id", "pk"))
    order: dict[int, int] = {}
    for team in teams:
        index = order.get(team.league_id, 0)
        team.colour = PALETTE[index % len(PALETTE)]
        order[team.league_id] = index + 1
    Team.objects.bulk_update(teams, ["colour"], batch_size=500)


class Migration(migrations.Migration):
    dependencies = [
        ("league", "0035_points_adjustments_and_drop_rounds"),
    ]

    operations = [
        migrations.AddField(
            model_name="team",
            name="colour",
            field=models.CharField(
                choices=[
                    ("orange", "Orange"),
                    ("sky", "Sky blue"),
                    ("green", "Bluish green"),
                    ("vermillion", "Vermillion"),
                    ("blue", "Blue"),
                    ("purple", "Reddish purple"),
                    ("yellow", "Yellow"),
                    ("black", "Black"),
                ],
                default="orange",
                help_text="The team's colour on the league's pages, from a palette colour-blind "
                "players tell apart.",
                max_length=12,
            ),
        ),
        migrations.RunPython(colour_by_team_order, migrations.RunPython.noop),
    ]
