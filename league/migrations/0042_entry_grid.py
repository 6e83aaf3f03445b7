from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("league", "0041_season_ruleset"),
    ]

    operations = [
        migrations.AddField(
            model_name="entry",
            name="grid",
            field=models.PositiveSmallIntegerField(
                blank=True,
                help_text="The car's starting position on the grid (pole is 1).",
                null=True,
            ),
        ),
    ]
