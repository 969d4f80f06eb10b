#!/bin/sh
# The steps of infra/docker/Dockerfile that depend on the image target, kept in one place so the
# Dockerfile and the engine-less rehearsal in infra/test run exactly the same commands.
#
#   APP=<target> stage.sh prune <out-dir>   turbo prune: the target's packages and a pruned lockfile
#   APP=<target> stage.sh build             turbo build of the target and everything it depends on
#   APP=<target> stage.sh assemble <dest>   the runtime tree (production node_modules, the internal
#                                           packages node_modules links to, the target's dist) and
#                                           <dest>/start, the image's command
#
# Targets: gateway (carries the built web app), auth, deck, chat, billing, ingest-worker, and
# migrate (the launcher's migration entry: applies the committed migrations to DATABASE_URL, exits).
set -eu

case "${APP:-}" in
  gateway) dir=gateway entry=dist/server.js scopes="@mnemo/gateway @mnemo/web" ;;
  auth | deck | chat | billing) dir=$APP entry=dist/server.js scopes="@mnemo/$APP" ;;
  ingest-worker) dir=ingest-worker entry=dist/worker.js scopes="@mnemo/ingest-worker" ;;
  migrate) dir=launcher entry=dist/migrate.js scopes="@mnemo/launcher" ;;
  *)
    echo "stage.sh: APP must be gateway, auth, deck, chat, billing, ingest-worker or migrate (got '${APP:-}')" >&2
    exit 64
    ;;
esac

case "${1:-}" in
  prune)
    # shellcheck disable=SC2086 # one argument per scope
    turbo prune $scopes --docker --out-dir "${2:?out dir}"
    ;;
  build)
    filters=""
    for scope in $scopes; do filters="$filters --filter=$scope..."; done
    # shellcheck disable=SC2086
    pnpm turbo run build $filters --output-logs=errors-only
    ;;
  assemble)
    dest=${2:?destination}
    mkdir -p "$dest/apps/$dir"
    cp -a package.json node_modules "$dest/"
    # Workspace dependencies are links from apps/<app>/node_modules to packages/ (migrate reads
    # @mnemo/db's committed migrations through one), so the packages come along; they are small.
    if [ -d packages ]; then cp -a packages "$dest/"; fi
    cp -a "apps/$dir/package.json" "apps/$dir/dist" "$dest/apps/$dir/"
    if [ -d "apps/$dir/node_modules" ]; then cp -a "apps/$dir/node_modules" "$dest/apps/$dir/"; fi
    web_dist=""
    if [ "$APP" = gateway ]; then
      mkdir -p "$dest/apps/web"
      cp -a apps/web/dist "$dest/apps/web/"
      web_dist='export WEB_DIST_DIR="${WEB_DIST_DIR:-$root/apps/web/dist}"'
    fi
    cat >"$dest/start" <<EOF
#!/bin/sh
# Starts $APP (written by infra/docker/stage.sh). Replaces the shell so the app gets SIGTERM.
set -eu
root=\$(cd "\$(dirname "\$0")" && pwd)
$web_dist
cd "\$root/apps/$dir"
exec node --enable-source-maps $entry "\$@"
EOF
    chmod 755 "$dest/start"
    ;;
  *)
    echo "usage: APP=<target> stage.sh prune <out-dir> | build | assemble <dest>" >&2
    exit 64
    ;;
esac
