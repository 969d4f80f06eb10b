#!/bin/sh
# Starts the app this image was built for.
set -eu
case "$APP" in
  ingest-worker) exec node --enable-source-maps apps/ingest-worker/dist/worker.js ;;
  migrate) exec node --enable-source-maps apps/launcher/dist/migrate.js ;;
  gateway)
    export WEB_DIST_DIR="${WEB_DIST_DIR:-/app/apps/web/dist}"
    exec node --enable-source-maps apps/gateway/dist/server.js ;;
  *) exec node --enable-source-maps "apps/$APP/dist/server.js" ;;
esac
