from django.contrib import admin
from django.contrib.auth import views as auth_views
from django.urls import include, path, register_converter

from config.auth import LoginForm
from config.converters import IdConverter

# Before the apps' URLs are read: they name their numbers <id:...>.
register_converter(IdConverter, "id")

urlpatterns = [
    path("admin/", admin.site.urls),
    path("login/", auth_views.LoginView.as_view(authentication_form=LoginForm), name="login"),
    path("logout/", auth_views.LogoutView.as_view(), name="logout"),
    path("races/", include("races.urls")),
    path("", include("league.urls")),
]
