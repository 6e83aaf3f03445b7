"""HTTPS for the bench's live server, as production serves the site (config/settings/production.py
redirects to HTTPS): a browser takes the static files' Brotli copies only over HTTPS, so a
measure of what a phone downloads is made over it. A throwaway self-signed certificate from
Debian's openssl, trusted by the measuring browser alone (--ignore-certificate-errors)."""

from __future__ import annotations

import shutil
import ssl
import subprocess
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from django.core.servers.basehttp import ThreadedWSGIServer
from django.test.testcases import LiveServerThread


@contextmanager
def tls_context() -> Iterator[ssl.SSLContext | None]:
    """A server's TLS context on a self-signed certificate for 127.0.0.1; None where openssl
    is not installed (the caller serves plain HTTP and says so)."""
    openssl = shutil.which("openssl")
    if openssl is None:
        yield None
        return
    with tempfile.TemporaryDirectory() as folder:
        key, cert = Path(folder) / "key.pem", Path(folder) / "cert.pem"
        subprocess.run(
            [openssl, "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1"]
            + ["-keyout", str(key), "-out", str(cert), "-subj", "/CN=127.0.0.1"]
            + ["-addext", "subjectAltName=IP:127.0.0.1"],
            check=True,
            capture_output=True,
        )
        context = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
        context.load_cert_chain(cert, key)
        yield context


class TLSServer(ThreadedWSGIServer):
    """Django's threaded development server, each connection taken over TLS (`context`), and
    its requests marked HTTPS for the site (wsgi.url_scheme, request.is_secure())."""

    context: ssl.SSLContext

    def setup_environ(self) -> None:
        super().setup_environ()
        self.base_environ["HTTPS"] = "on"

    def get_request(self):
        connection, address = super().get_request()
        # The handshake is made by the request's own thread, on its first read.
        wrapped = self.context.wrap_socket(
            connection, server_side=True, do_handshake_on_connect=False
        )
        return wrapped, address


def tls_server_thread(context: ssl.SSLContext) -> type[LiveServerThread]:
    """A LiveServerThread serving over TLS with `context`."""
    server = type("ContextTLSServer", (TLSServer,), {"context": context})
    return type("TLSLiveServerThread", (LiveServerThread,), {"server_class": server})
