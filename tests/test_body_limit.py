"""A request's body is never read past the largest any page takes (config/body_limit.py), nor
the restore page's upload past its file's limit (league/views/restore.py), whatever is in front of
gunicorn (issue 29). The same through a real gunicorn: tests/test_deploy.py."""

from __future__ import annotations

import io

import pytest
from django.conf import settings
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test.client import BOUNDARY, MULTIPART_CONTENT, encode_multipart
from django.urls import reverse

from config.body_limit import body_length
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db

RESTORE = reverse("league:league_restore")


class Unread(io.RawIOBase):
    """A request body that must not be read."""

    def read(self, size: int = -1) -> bytes:
        raise AssertionError("the body was read")

    readline = read


class Counted(io.BytesIO):
    """A request body that counts what is read of it."""

    def __init__(self, data: bytes) -> None:
        super().__init__(data)
        self.bytes_read = 0

    def read(self, size: int | None = -1) -> bytes:
        chunk = super().read(size)
        self.bytes_read += len(chunk)
        return chunk

    def readline(self, size: int | None = -1) -> bytes:
        line = super().readline(size)
        self.bytes_read += len(line)
        return line


def posted(client, path: str, length: int, body):
    return client.generic(
        "POST",
        path,
        CONTENT_TYPE=MULTIPART_CONTENT,
        CONTENT_LENGTH=str(length),
        **{"wsgi.input": body},
    )


@pytest.mark.parametrize("path", ["/login/", RESTORE, "/no/such/page/"])
def test_a_body_larger_than_any_page_takes_is_a_413_and_none_of_it_is_read(client, path):
    client.force_login(UserFactory())
    response = posted(client, path, settings.PADDOCK_MOST_BODY_BYTES + 1, Unread())
    assert response.status_code == 413
    assert "none of it was read" in response.text and "manage.py import_league" in response.text


def test_a_body_of_the_largest_size_any_page_takes_goes_on_to_the_page(client):
    body = io.BytesIO(b"")
    response = client.generic(
        "GET",
        "/login/",
        CONTENT_LENGTH=str(settings.PADDOCK_MOST_BODY_BYTES),
        **{"wsgi.input": body},
    )
    assert response.status_code == 200


@pytest.mark.parametrize(
    ("said", "length"), [(None, 0), ("", 0), ("12", 12), ("twelve", 0), ("-3", -3)]
)
def test_a_body_s_length_is_what_django_reads_of_it(said, length):
    meta = {} if said is None else {"CONTENT_LENGTH": said}
    assert body_length(meta) == length


def test_an_upload_larger_than_the_restore_page_takes_is_read_no_further_than_its_limit(
    client, settings
):
    """Its body is within the site's limit, its file beyond the page's: the parser stops at
    the file's limit and reads none of the rest (it used to read it all, a line at a time)."""
    settings.PADDOCK_RESTORE_MOST_BYTES = 1000
    client.force_login(UserFactory())
    file = SimpleUploadedFile("big.json", b"x" * 2_000_000, content_type="application/json")
    data = encode_multipart(BOUNDARY, {"backup": file})
    body = Counted(data)

    response = posted(client, RESTORE, len(data), body)

    assert response.status_code == 413, response.text
    assert body.bytes_read < 200_000, body.bytes_read
