"""The login form: Django's, with the user name's length checked before anyone looks it up."""

from __future__ import annotations

from typing import cast

from django import forms
from django.contrib.auth.forms import AuthenticationForm
from django.core.validators import MaxLengthValidator


class LoginForm(AuthenticationForm):
    """Django's form sets the user name's max_length after its validators are built, so a
    longer name reached authentication (and the login throttle's records, a 500 on PostgreSQL);
    here it is refused as the form's own error."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        field = cast(forms.CharField, self.fields["username"])
        field.validators.append(MaxLengthValidator(field.max_length))
