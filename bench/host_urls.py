"""Paddock's URLs and the trivial view, for bench/host.py's server only."""

from django.urls import path

from bench.run import trivial_page
from config import urls

urlpatterns = [path("bench/trivial-page/", trivial_page), *urls.urlpatterns]
