#!/usr/bin/env bash
# A production install, proven on a copy (issue 21, docs/deploy.md): the built output and the
# package manifests copied to an empty folder, exactly what the Dockerfile's runtime stage
# copies; `npm ci --omit=dev` there; then `npm run migrate`, `npm run serve` and `npm run worker`
# must work with no dev dependency and no build. Run after `npm run build`.
# With TEST_DATABASE_URL (as CI) it uses a fresh database on that server; without, the embedded
# database (then there is no worker process: PGlite serves one process at a time).
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
cd "$ROOT"

for built in apps/server/dist/server.js apps/server/dist/worker.js apps/web/dist/index.html; do
  [ -f "$built" ] || { echo "missing $built: run npm run build first" >&2; exit 1; }
done

COPY="$(mktemp -d -t behavio-production-XXXXXX)"
PIDS=()
DB_NAME=""
cleanup() {
  for pid in "${PIDS[@]}"; do kill -TERM -- "-$pid" 2>/dev/null || true; done
  for pid in "${PIDS[@]}"; do
    for _ in $(seq 1 50); do kill -0 -- "-$pid" 2>/dev/null || break; sleep 0.2; done
    kill -KILL -- "-$pid" 2>/dev/null || true
  done
  if [ -n "$DB_NAME" ]; then
    psql "$TEST_DATABASE_URL" -qc "drop database if exists $DB_NAME with (force)" >/dev/null || true
  fi
  rm -rf "$COPY"
}
trap cleanup EXIT

# The same files, in the same places, as the Dockerfile's runtime stage (keep the two in step).
MANIFESTS=(package.json package-lock.json apps/server/package.json apps/web/package.json
  packages/contract/package.json packages/insights/package.json)
BUILT=(apps/server/dist apps/web/dist)
for item in "${MANIFESTS[@]}" "${BUILT[@]}"; do
  mkdir -p "$COPY/$(dirname "$item")"
  cp -R "$item" "$COPY/$item"
done

cd "$COPY"
echo "--- npm ci --omit=dev -w @behavio/server in $COPY"
npm ci --omit=dev -w @behavio/server --no-audit --no-fund --prefer-offline --loglevel=error
for dev in tsx tsup typescript vitest eslint vite; do
  if [ -e "node_modules/$dev" ]; then echo "dev dependency $dev was installed" >&2; exit 1; fi
done

# NODE_ENV=production as in the Dockerfile's runtime stage: payments are then not configured
# (no PAYMENTS_PROVIDER, no Stripe key), which this check does not use; buying would answer 503.
export NODE_ENV=production DATA_DIR="$COPY/data" LOG_LEVEL=info HOST=127.0.0.1
if [ -n "${TEST_DATABASE_URL:-}" ]; then
  DB_NAME="behavio_production_$$"
  psql "$TEST_DATABASE_URL" -qc "create database $DB_NAME"
  export DATABASE_URL="${TEST_DATABASE_URL%/*}/$DB_NAME"
  export RUN_WORKER=false
else
  unset DATABASE_URL
  echo "TEST_DATABASE_URL is not set: the embedded database, and no worker process"
fi
PORT="$(node -e "const s=require('net').createServer().listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})")"
export PORT

echo "--- npm run migrate"
npm run migrate --silent

# Each in a process group of its own (setsid), so stopping it stops npm and node together.
setsid npm run serve --silent >"$COPY/serve.log" 2>&1 &
PIDS+=("$!")
if [ -n "${DATABASE_URL:-}" ]; then
  setsid npm run worker --silent >"$COPY/worker.log" 2>&1 &
  PIDS+=("$!")
fi

echo "--- waiting for GET /api/health/ready on port $PORT"
ready=""
for _ in $(seq 1 120); do
  if ready="$(node -e "
    fetch('http://127.0.0.1:$PORT/api/health/ready')
      .then(async (r) => { console.log(r.status, await r.text()); process.exit(r.ok ? 0 : 1); })
      .catch(() => process.exit(1))" 2>/dev/null)"; then
    break
  fi
  ready=""
  for pid in "${PIDS[@]}"; do
    if ! kill -0 "$pid" 2>/dev/null; then
      echo "a process exited:" >&2
      cat "$COPY"/*.log >&2
      exit 1
    fi
  done
  sleep 0.5
done
if [ -z "$ready" ]; then
  echo "not ready within 60 s:" >&2
  cat "$COPY"/*.log >&2
  exit 1
fi
echo "ready: $ready"

# The web app is served from the copy too.
node -e "
  fetch('http://127.0.0.1:$PORT/').then(async (r) => {
    const html = await r.text();
    if (!r.ok || !html.includes('<div id=\"root\"')) { console.error(r.status, html.slice(0, 200)); process.exit(1); }
  })"
if [ -n "${DATABASE_URL:-}" ]; then
  for _ in $(seq 1 60); do grep -q 'worker started' "$COPY/worker.log" && break; sleep 0.5; done
  grep -q 'worker started' "$COPY/worker.log" || { cat "$COPY/worker.log" >&2; exit 1; }
fi
echo "--- production install: ran migrate, serve${DATABASE_URL:+ and worker} without dev dependencies"
