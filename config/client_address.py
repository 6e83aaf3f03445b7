"""The address a login try is counted against (django-axes' AXES_CLIENT_IP_CALLABLE).

Behind a reverse proxy every request comes from the proxy's own address, so counting by it
locks a name out for everyone. Each proxy appends the address it was reached from to
X-Forwarded-For, so behind `DJANGO_PROXY_COUNT` proxies (PADDOCK_PROXY_COUNT) the client is the
header's entry that many from its end; whatever stands before it, the client may have written
itself. With no proxy counted (the default) the header is never read, so a client cannot
choose the address its tries are counted against.
"""

from __future__ import annotations

from django.conf import settings
from django.http import HttpRequest
from ipware import get_client_ip


def client_address(request: HttpRequest) -> str | None:
    proxies = settings.PADDOCK_PROXY_COUNT
    if proxies:
        # ipware counts the proxies written into the header, after the client: the last proxy
        # is the connection itself and writes none. Not strict: entries a client prepended
        # are allowed (and never chosen), as any client may send the header.
        address, _routable = get_client_ip(
            request,
            proxy_count=proxies - 1,
            request_header_order=["HTTP_X_FORWARDED_FOR"],
            strict=False,
        )
        if address is not None:
            return address
    # No proxy, or a proxy that forwarded no usable header: the connection's own address.
    return request.META.get("REMOTE_ADDR")
