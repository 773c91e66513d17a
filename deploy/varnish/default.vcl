# Edition Hub behind Varnish 7 with vmod_xkey (Debian: `apt-get install varnish varnish-modules`).
# The app tags every cacheable public response (`Surrogate-Key`) and, with HUB_PURGE_VARNISH set
# to this server's URL, purges by tag after every write (docs/decisions/050, docs/operators.md).
#
# Render it with the app's address, then start Varnish on it:
#   BACKEND_HOST=127.0.0.1 BACKEND_PORT=4321 envsubst '${BACKEND_HOST} ${BACKEND_PORT}' \
#     < deploy/varnish/default.vcl > /etc/varnish/default.vcl
vcl 4.1;

import xkey;

backend hub {
    .host = "${BACKEND_HOST}";
    .port = "${BACKEND_PORT}";
}

# Who may purge: the app nodes. Add their addresses when they run on other machines.
acl purgers {
    "127.0.0.1";
    "::1";
}

sub vcl_recv {
    if (req.method == "PURGE") {
        if (client.ip !~ purgers) {
            return (synth(403, "Forbidden"));
        }
        if (!req.http.xkey-purge) {
            return (synth(400, "Missing xkey-purge"));
        }
        set req.http.n-gone = xkey.purge(req.http.xkey-purge);
        return (synth(200, "Invalidated " + req.http.n-gone + " objects"));
    }
    # Forms, actions and uploads: always the app's.
    if (req.method != "GET" && req.method != "HEAD") {
        return (pass);
    }
    # The admin, the APIs (but the public read API), the error tunnel and Astro's actions are
    # never shared; the app says so too, this saves the round trip through the cache.
    if (req.url ~ "^/(api(?!/public/)|monitoring|_actions|[a-z]{2}/admin)([/?]|$)") {
        return (pass);
    }
    # A signed-in request goes to the app as it is (public pages do not depend on who asks, but
    # the admin's pages and its fresh previews do).
    if (req.http.Authorization || req.http.Cookie) {
        return (pass);
    }
    return (hash);
}

sub vcl_backend_response {
    # xkey indexes an object by the keys of its `xkey` header: the app's tags.
    if (beresp.http.Surrogate-Key) {
        set beresp.http.xkey = beresp.http.Surrogate-Key;
    }
    # The lifetime is the app's `Cache-Control` (`s-maxage`, `stale-while-revalidate`), which
    # Varnish's built-in rules read; private, no-store or Set-Cookie answers are not kept.
    # An answer without one (a 404, a redirect) carries no tags either: kept by Varnish's default
    # of two minutes, no purge could reach it (an event published after its 404 was cached).
    if (!beresp.http.Cache-Control) {
        set beresp.uncacheable = true;
        set beresp.ttl = 120s;
        return (deliver);
    }
}

sub vcl_deliver {
    # The tags are for this cache only.
    unset resp.http.xkey;
    unset resp.http.Surrogate-Key;
    unset resp.http.Cache-Tag;
}
