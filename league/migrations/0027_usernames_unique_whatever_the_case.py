"""User names unique whatever their case, at the database: two sign-ups at once as "Casey" and
"CASEY" made two accounts, and as "Casey" twice an IntegrityError (a 500). Django's own sign-up
form compares names case-insensitively, but only before its insert.

The constraint is the auth app's table's, added from here (Paddock does not swap the user
model): schema_editor writes it for either database, and a database that already holds two
names differing only in case is refused with the names, to be renamed first (in the admin).
"""

from django.conf import settings
from django.db import migrations, models
from django.db.models.functions import Lower

NAME = "username_unique_whatever_the_case"
CLASHING = (
    "These accounts' user names differ only in case: {names}. Rename all but one of each (in "
    "the admin, or manage.py shell) and migrate again."
)


def constraint() -> models.UniqueConstraint:
    return models.UniqueConstraint(Lower("username"), name=NAME)


def add(apps, schema_editor):
    user = apps.get_model(settings.AUTH_USER_MODEL)
    clashes = (
        user.objects.annotate(folded=Lower("username"))
        .values("folded")
        .annotate(count=models.Count("pk"))
        .filter(count__gt=1)
        .values_list("folded", flat=True)
    )
    if clashes:
        names = user.objects.annotate(folded=Lower("username")).filter(folded__in=list(clashes))
        listed = ", ".join(sorted(names.values_list("username", flat=True)))
        raise RuntimeError(CLASHING.format(names=listed))
    schema_editor.add_constraint(user, constraint())


def remove(apps, schema_editor):
    schema_editor.remove_constraint(apps.get_model(settings.AUTH_USER_MODEL), constraint())


class Migration(migrations.Migration):
    dependencies = [
        ("league", "0026_invitation_made_by"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [migrations.RunPython(add, remove)]
