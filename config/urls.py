from django.contrib import admin
from django.contrib.auth import views as auth_views
from django.urls import include, path, register_converter

from config import health, languages, site_files
from config.auth import LoginForm
from config.converters import IdConverter, TokenConverter
from league.views import account

# Before the apps' URLs are read: they name their numbers <id:...>, invitations <token:...>.
register_converter(IdConverter, "id")
register_converter(TokenConverter, "token")

# Error pages that never read the posted form (config/errors.py).
handler400 = "config.errors.bad_request"
handler403 = "config.errors.permission_denied"
handler404 = "config.errors.page_not_found"
handler500 = "config.errors.server_error"

urlpatterns = [
    path("admin/", admin.site.urls),
    # For the proxy in front of several hosts (docs/deploying.md): can this host serve?
    path("healthz", health.healthz, name="healthz"),
    path("favicon.ico", site_files.favicon, name="favicon"),
    path("manifest.webmanifest", site_files.manifest, name="manifest"),
    # The site bar's language: Django's set_language, kept on the account too.
    path("language/", languages.language_set, name="set_language"),
    path("login/", auth_views.LoginView.as_view(authentication_form=LoginForm), name="login"),
    path("logout/", auth_views.LogoutView.as_view(), name="logout"),
    # A password changed, or reset through a link sent by e-mail: Django's own views, under the
    # "accounts/" a league's address never takes (league/models/slugs.py), their pages in
    # templates/registration/.
    path(
        "accounts/password/",
        account.PasswordChange.as_view(),
        name="password_change",
    ),
    path(
        "accounts/password/done/",
        auth_views.PasswordChangeDoneView.as_view(),
        name="password_change_done",
    ),
    path("accounts/reset/", account.PasswordReset.as_view(), name="password_reset"),
    path(
        "accounts/reset/sent/",
        auth_views.PasswordResetDoneView.as_view(),
        name="password_reset_done",
    ),
    path(
        "accounts/reset/<uidb64>/<token>/",
        account.PasswordResetConfirm.as_view(),
        name="password_reset_confirm",
    ),
    path(
        "accounts/reset/done/",
        auth_views.PasswordResetCompleteView.as_view(),
        name="password_reset_complete",
    ),
    path("races/", include("races.urls")),
    path("", include("league.urls")),
]
