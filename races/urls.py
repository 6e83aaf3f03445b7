from django.urls import path

from league.views.common import public

from .views import rulings as ruling_views
from .views.odds import odds
from .views.replay import replay
from .views.screen import log, screen
from .views.turn import turn, undo_back_to

app_name = "races"

# The race at the table: its turn page, its log, its undo, its big screen, its replay, a ruling
# on its latest entry; and a league's rulings. (The round's actions, starting it at the table
# included, are the round page's: league/urls.py.)
urlpatterns = [
    path("<id:race_id>/", turn, name="turn"),
    path("<id:race_id>/log/", log, name="log"),
    path("<id:race_id>/screen/", screen, name="screen"),
    path("<id:race_id>/replay/", replay, name="replay"),
    path("<id:race_id>/odds/", odds, name="odds"),
    path("<id:race_id>/undo/<id:seq>/", undo_back_to, name="undo_back_to"),
    path("<id:race_id>/ruling/", ruling_views.ruling_new, name="ruling_new"),
    path("rulings/<slug:slug>/", public(ruling_views.rulings), name="rulings"),
]
