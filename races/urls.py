from django.urls import path

from league.views.common import public

from . import ruling_views, views

app_name = "races"

# The race at the table: its turn page, its log, its undo, its big screen, its replay, a ruling
# on its latest entry; and a league's rulings. (The round's actions, starting it at the table
# included, are the round page's: league/urls.py.)
urlpatterns = [
    path("<id:race_id>/", views.turn, name="turn"),
    path("<id:race_id>/log/", views.log, name="log"),
    path("<id:race_id>/screen/", views.screen, name="screen"),
    path("<id:race_id>/replay/", views.replay, name="replay"),
    path("<id:race_id>/odds/", views.odds, name="odds"),
    path("<id:race_id>/undo/<id:seq>/", views.undo_back_to, name="undo_back_to"),
    path("<id:race_id>/ruling/", ruling_views.ruling_new, name="ruling_new"),
    path("rulings/<slug:slug>/", public(ruling_views.rulings), name="rulings"),
]
