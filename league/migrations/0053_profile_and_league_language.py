"""Issue 34: the language a person chose (a Profile, made when they first choose) and a league's
own language, which its pages speak to a reader who chose none."""

import django.db.models.deletion
import league.models.accounts
from django.conf import settings
from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
        ('league', '0051_round_imported'),
    ]

    operations = [
        migrations.CreateModel(
            name='Profile',
            fields=[
                ('user', models.OneToOneField(on_delete=django.db.models.deletion.CASCADE, primary_key=True, related_name='profile', serialize=False, to=settings.AUTH_USER_MODEL)),
                ('language', models.CharField(blank=True, choices=league.models.accounts.language_choices, help_text="The language of their pages, the turn page's words and the rules' too; blank: their browser's.", max_length=16)),
            ],
        ),
        migrations.AddField(
            model_name='league',
            name='language',
            field=models.CharField(choices=league.models.accounts.language_choices, default='en-gb', help_text="The language its pages speak to a reader who chose none (no choice of theirs, no browser's language the site speaks): a French league's pages in French. A reader's own choice wins over it.", max_length=16),
        ),
    ]
