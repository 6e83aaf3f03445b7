from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("league", "0023_organisers"),
    ]

    operations = [
        migrations.AddField(
            model_name="driver",
            name="driver_card",
            field=models.JSONField(blank=True, default=dict),
        ),
        migrations.AddField(
            model_name="driver",
            name="card_version",
            field=models.PositiveIntegerField(default=0),
        ),
    ]
