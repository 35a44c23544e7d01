#!/bin/sh
# The rolling deploy on one machine (docs/deploy.md): each API process in turn is taken out of
# nginx's upstream, stopped (SIGTERM: it drains, closes and exits 0), started again on the release
# `current` points at, waited for until /api/ready answers 200, and put back.
#   sudo deploy/rolling-restart.sh 8081 8082
# NGINX_SITE: the site file holding the upstream (default /etc/nginx/sites-available/tripshell).
set -eu
SITE=${NGINX_SITE:-/etc/nginx/sites-available/tripshell}
READY_WAIT_S=${READY_WAIT_S:-120}
[ "$#" -gt 0 ] || { echo "usage: $0 PORT..." >&2; exit 2; }

reload() { nginx -t -q && systemctl reload nginx; }

for port in "$@"; do
  grep -Eq "^[[:space:]]*server 127\.0\.0\.1:$port " "$SITE" || { echo "no upstream server 127.0.0.1:$port in $SITE" >&2; exit 1; }
  echo "== $port: out of the upstream"
  sed -i -E "s/^([[:space:]]*server 127\.0\.0\.1:$port [^;]*);/\1 down;/" "$SITE"
  reload
  sleep 1
  echo "== $port: restarting (drain, close, start)"
  systemctl restart "tripshell@$port"
  waited=0
  until curl -fsS -o /dev/null "http://127.0.0.1:$port/api/ready"; do
    waited=$((waited + 1))
    if [ "$waited" -gt "$READY_WAIT_S" ]; then
      echo "$port is not ready after ${READY_WAIT_S} s: left out of the upstream; see journalctl -u tripshell@$port" >&2
      exit 1
    fi
    sleep 1
  done
  echo "== $port: ready, back in the upstream"
  sed -i -E "s/^([[:space:]]*server 127\.0\.0\.1:$port [^;]*) down;/\1;/" "$SITE"
  reload
done
echo "== all restarted"
