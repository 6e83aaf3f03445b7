from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("races", "0007_protect_event_author"),
    ]

    operations = [
        migrations.AddField(
            model_name="raceevent",
            name="joined",
            field=models.BooleanField(
                default=False,
                help_text="Entered in the same tap as the referee's entry before it (a gear and "
                "the move's roll, from the gear's row of faces). Undo takes it back with that "
                "entry.",
            ),
        ),
    ]
