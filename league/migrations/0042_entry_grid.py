from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("league", "0040_house_rules"),
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
