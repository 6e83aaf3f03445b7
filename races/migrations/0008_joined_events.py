from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("races", "0007_protect_event_author"),
    ]

    operations = [
        migrations.AlterField(
            model_name="raceevent",
            name="state_before",
            field=models.JSONField(
                blank=True,
                null=True,
                help_text="The race's snapshot before this event: undo restores it without "
                "replaying the log. Kept with the referee's entries, which undo takes back; "
                "empty for events undo takes back only with the entry before them (automatic, "
                "joined) and for events logged before it was kept.",
            ),
        ),
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
