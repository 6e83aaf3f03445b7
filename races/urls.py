from django.urls import path

from . import views

app_name = "races"

# The race at the table: its turn page, its log, its undo, its big screen. (The round's actions,
# starting it at the table included, are the round page's: league/urls.py.)
urlpatterns = [
    path("<id:race_id>/", views.turn, name="turn"),
    path("<id:race_id>/log/", views.log, name="log"),
    path("<id:race_id>/screen/", views.screen, name="screen"),
    path("<id:race_id>/undo/<id:seq>/", views.undo_back_to, name="undo_back_to"),
]
