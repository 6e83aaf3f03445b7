"""The forms of a person's own account: signing up (with an optional e-mail), the e-mail a
password-reset link goes to, and deleting the account."""

from __future__ import annotations

from django import forms
from django.contrib.auth.forms import UserCreationForm, UsernameField
from django.contrib.auth.models import User
from django.utils.translation import gettext_lazy as _

EMAIL_HELP = _(
    "Optional: where a link to choose a new password is sent if you forget yours. Shown to no one."
)


class SignUpForm(UserCreationForm):
    """A user name, a password twice, and an optional e-mail."""

    email = forms.EmailField(required=False, max_length=254, help_text=EMAIL_HELP)

    class Meta:
        model = User
        fields = ("username", "email")
        field_classes = {"username": UsernameField}


class AccountEmailForm(forms.Form):
    email = forms.EmailField(
        required=False, max_length=254, label=_("E-mail"), help_text=EMAIL_HELP
    )


class AccountDeleteForm(forms.Form):
    password = forms.CharField(
        label=_("Your password"),
        strip=False,
        max_length=4096,
        widget=forms.PasswordInput(attrs={"autocomplete": "current-password"}),
        help_text=_("To be sure it is you: your account is deleted for good."),
    )
