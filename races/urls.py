from django.urls import path

from . import views

app_name = "races"

urlpatterns = [
    path("rounds/<id:round_id>/start/", views.race_new, name="race_new"),
    path("rounds/<id:round_id>/hire/", views.race_hire, name="race_hire"),
    path("rounds/<id:round_id>/by-hand/", views.race_discard, name="race_discard"),
    path("rounds/<id:round_id>/starters/", views.round_starters, name="round_starters"),
    path("rounds/<id:round_id>/reopen/", views.round_reopen, name="round_reopen"),
    path("<id:race_id>/", views.turn, name="turn"),
    path("<id:race_id>/log/", views.log, name="log"),
    path("<id:race_id>/undo/<id:seq>/", views.undo_back_to, name="undo_back_to"),
]
