"""The site's URLs and one page that fails, for the 500 page's test."""

from django.http import HttpRequest, HttpResponse
from django.urls import path

from ddmau_site.urls import urlpatterns as site_urlpatterns


def fails(request: HttpRequest) -> HttpResponse:
    raise RuntimeError("a bug")


urlpatterns = [path("boom/", fails), *site_urlpatterns]
