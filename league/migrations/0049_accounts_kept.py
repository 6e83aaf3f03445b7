"""Issue 29: each user name's look-alike key, so a sign-up that looks like an existing name is
refused with one indexed look-up, kept for the accounts there already; and the sign-ups and new
leagues made lately, which the limits over time count (none before this migration).

The keys are made by league.models.look_alike.name_key as it is today: a later change of the key is a
migration of its own that makes them again."""

import django.db.models.deletion
import django.utils.timezone
from django.conf import settings
from django.db import migrations, models


from league.models.look_alike import name_key

BATCH = 1000


def keys_made(apps, schema_editor):
    user_model = apps.get_model(settings.AUTH_USER_MODEL)
    name_key_model = apps.get_model("league", "NameKey")
    users = user_model.objects.order_by("pk").values_list("pk", "username")
    batch = []
    for user_id, username in users.iterator(chunk_size=BATCH):
        batch.append(name_key_model(user_id=user_id, key=name_key(username)))
        if len(batch) == BATCH:
            name_key_model.objects.bulk_create(batch)
            batch = []
    name_key_model.objects.bulk_create(batch)


class Migration(migrations.Migration):
    dependencies = [
        ("auth", "0012_alter_user_first_name_max_length"),
        ("league", "0048_membership_calendar_token"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.CreateModel(
            name="NameKey",
            fields=[
                (
                    "user",
                    models.OneToOneField(
                        on_delete=django.db.models.deletion.CASCADE,
                        primary_key=True,
                        related_name="name_key",
                        serialize=False,
                        to=settings.AUTH_USER_MODEL,
                    ),
                ),
                ("key", models.TextField(db_index=True)),
            ],
        ),
        migrations.CreateModel(
            name="Making",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                (
                    "kind",
                    models.CharField(
                        choices=[("sign-up", "sign-up"), ("league", "new league")], max_length=16
                    ),
                ),
                ("address", models.CharField(blank=True, max_length=64)),
                ("at", models.DateTimeField(db_index=True, default=django.utils.timezone.now)),
                (
                    "user",
                    models.ForeignKey(
                        blank=True,
                        null=True,
                        on_delete=django.db.models.deletion.SET_NULL,
                        related_name="+",
                        to=settings.AUTH_USER_MODEL,
                    ),
                ),
            ],
            options={
                "indexes": [
                    models.Index(fields=["kind", "address", "at"], name="making_by_address"),
                    models.Index(fields=["kind", "user", "at"], name="making_by_account"),
                ],
            },
        ),
        migrations.RunPython(keys_made, migrations.RunPython.noop),
    ]
