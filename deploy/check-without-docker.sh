#!/usr/bin/env bash
# compose.yaml's topology without Docker (docs/decisions/0026): where no Docker daemon runs, this starts what the
# compose file starts, from the same build and with the same environment, as plain processes:
#   a fresh PostgreSQL database, the one-shot migration (apps/server/dist/migrate.js), two API processes, a worker,
#   and Caddy with deploy/Caddyfile (Debian's caddy package) terminating TLS in front of both API processes;
# then checks through the proxy what a user and an operator rely on, and prints each check.
# Needs: `npm run build` done, caddy, openssl and psql on PATH, PostgreSQL at PG_ADMIN_URL. `npm test` runs it when
# DATABASE_URL is set (CI installs caddy; elsewhere it is left out with a note when caddy is missing). About 15 s.
set -euo pipefail
cd "$(dirname "$0")/.."
PG_ADMIN_URL=${PG_ADMIN_URL:-postgres://postgres@127.0.0.1:5432/postgres}
command -v caddy >/dev/null || { echo "caddy is not installed (apt-get install caddy)"; exit 2; }
[ -f apps/server/dist/main.js ] || { echo "run npm run build first"; exit 2; }

DB="bq_deploy_check_$$"
WORK=$(mktemp -d)
PIDS=()
cleanup() {
  for pid in "${PIDS[@]}"; do kill "$pid" 2>/dev/null || true; done
  wait 2>/dev/null || true
  psql "$PG_ADMIN_URL" -qc "DROP DATABASE IF EXISTS $DB WITH (FORCE)" >/dev/null 2>&1 || true
  rm -rf "$WORK"
}
trap cleanup EXIT
failures=0
check() { # check <description> <command...>: prints ok/FAIL
  if "${@:2}"; then echo "ok    $1"; else echo "FAIL  $1"; failures=$((failures + 1)); fi
}

psql "$PG_ADMIN_URL" -qc "CREATE DATABASE $DB"
DATABASE_URL="${PG_ADMIN_URL%/*}/$DB"
METRICS_TOKEN="deploy-check-$(head -c 12 /dev/urandom | od -An -tx1 | tr -d ' \n')"
# compose.yaml's x-app environment, with loopback addresses instead of service names.
app_env=(NODE_ENV=production DATABASE_URL="$DATABASE_URL" PUBLIC_URL=https://localhost:18443 TRUST_PROXY=true
  DATA_ENCRYPTION_KEY="$(head -c 32 /dev/urandom | base64)"
  AUDIT_SIGNING_KEY="$(node -e "console.log(require('node:crypto').generateKeyPairSync('ed25519').privateKey.export({type:'pkcs8',format:'der'}).toString('base64'))")"
  AUDIT_CHECKPOINT_DIR="$WORK/audit-checkpoints" COOKIE_SECURE=true DB_POOL_SIZE=20 SHUTDOWN_GRACE_SECONDS=25 METRICS_TOKEN="$METRICS_TOKEN" LOG_LEVEL=warn
  HOST=127.0.0.1 DATA_DIR="$WORK/data")

env "${app_env[@]}" node apps/server/dist/migrate.js >"$WORK/migrate.log" 2>&1
echo "ok    migration (the compose file's one-shot migrate service) finished"
env "${app_env[@]}" ROLE=api PORT=4101 node apps/server/dist/main.js >"$WORK/api-1.log" 2>&1 & PIDS+=($!)
API1=$!
env "${app_env[@]}" ROLE=api PORT=4102 node apps/server/dist/main.js >"$WORK/api-2.log" 2>&1 & PIDS+=($!)
env "${app_env[@]}" ROLE=worker PORT=4103 JOB_CONCURRENCY=8 node apps/server/dist/main.js >"$WORK/worker.log" 2>&1 & PIDS+=($!)

# Caddy as in the compose file, on unprivileged ports; its internal CA and state in the temp folder.
printf '{\n\tskip_install_trust\n\thttp_port 18080\n\thttps_port 18443\n}\nimport %s/deploy/Caddyfile\n' "$PWD" >"$WORK/Caddyfile"
XDG_DATA_HOME="$WORK/caddy-data" XDG_CONFIG_HOME="$WORK/caddy-config" SITE_ADDRESS=localhost:18443 \
  API_UPSTREAMS="127.0.0.1:4101 127.0.0.1:4102" caddy run --config "$WORK/Caddyfile" >"$WORK/caddy.log" 2>&1 & PIDS+=($!)

wait_for() { for _ in $(seq 1 150); do curl -skf -o /dev/null "$1" && return 0; sleep 0.2; done; return 1; }
check "api-1 ready" wait_for http://127.0.0.1:4101/api/health/ready
check "api-2 ready" wait_for http://127.0.0.1:4102/api/health/ready
check "https://localhost:18443 answers through Caddy" wait_for https://localhost:18443/api/health/ready
# Without both processes the checks below say nothing: stop here with the logs (a start-up error is in them).
if [ "$failures" -gt 0 ]; then
  echo "$failures process(es) did not become ready; logs:"; tail -n 30 "$WORK"/*.log; exit 1
fi

proxy() { curl -sk --resolve localhost:18443:127.0.0.1 "$@"; }
issuer=$(echo | openssl s_client -connect 127.0.0.1:18443 -servername localhost 2>/dev/null | openssl x509 -noout -issuer 2>/dev/null || true)
check "TLS certificate from Caddy's internal CA ($issuer)" grep -q "Caddy Local Authority" <<<"$issuer"
headers=$(proxy -D - -o /dev/null https://localhost:18443/)
check "the web app through the proxy: 200 with CSP" grep -qi "^content-security-policy: default-src 'self'" <<<"$headers"
check "HSTS set: the API sees https behind TRUST_PROXY" grep -qi "^strict-transport-security: max-age=" <<<"$headers"
asset=$(proxy https://localhost:18443/ | grep -o '/assets/[^"]*\.js' | head -1)
check "a script asset arrives compressed through the proxy ($asset)" grep -qi "^content-encoding: \(zstd\|gzip\)" <<<"$(proxy -H 'accept-encoding: zstd, gzip' -D - -o /dev/null "https://localhost:18443$asset")"
check "/api/metrics is not served through the proxy (404)" test "$(proxy -o /dev/null -w '%{http_code}' -H "authorization: Bearer $METRICS_TOKEN" https://localhost:18443/api/metrics)" = 404
proxy -o "$WORK/login.json" -H 'content-type: application/json' -H 'x-source: web' \
  --data '{"email":"nobody@example.com","password":"wrong-password-123"}' https://localhost:18443/api/login
check "a refused sign-in through the proxy is a 4xx with errorKey" grep -q '"errorKey"' "$WORK/login.json"
check "no demo account in a production start" test "$(psql "$DATABASE_URL" -Atc "select count(*) from users")" = 0

# Round robin: both API processes count requests in their own metrics (read directly, as Prometheus would).
# A process that is not answering counts 0 (a refused connection must not end this script before it prints the logs).
served() { { curl -s -H "authorization: Bearer $METRICS_TOKEN" "http://127.0.0.1:$1/api/metrics" || true; } | awk '/^http_request_duration_seconds_count.*health\/live/ {s += $2} END {print s + 0}'; }
# Caddy's active health check looks every 5 s: a process that became ready after Caddy's last look stays marked down
# until the next one, so requests go on (for 15 s at most) until both have served, and at least 20 are sent.
sent=0
for _ in $(seq 1 75); do
  for _ in 1 2 3 4; do proxy -o /dev/null https://localhost:18443/api/health/live; sent=$((sent + 1)); done
  a=$(served 4101)
  b=$(served 4102)
  [ "$sent" -ge 20 ] && [ "$a" -gt 0 ] && [ "$b" -gt 0 ] && break
  sleep 0.2
done
check "both API processes served proxied requests (api-1 $a, api-2 $b of $sent)" test "$a" -gt 0 -a "$b" -gt 0

# One API process stops (SIGTERM, as a rolling deploy does): requests through the proxy keep being answered.
kill -TERM "$API1"
codes=""
for _ in $(seq 1 30); do codes+="$(proxy -o /dev/null -w '%{http_code}' https://localhost:18443/api/health/live) "; sleep 0.1; done
bad=$(tr ' ' '\n' <<<"$codes" | grep -v '^$' | grep -vc '^200$' || true)
check "api-1 stopped: 30 requests through the proxy, $bad not 200" test "$bad" = 0
wait "$API1" 2>/dev/null && status=0 || status=$?
check "api-1 shut down cleanly (exit $status)" test "$status" = 0

if [ "$failures" -gt 0 ]; then
  echo "$failures check(s) failed; logs:"; tail -n 20 "$WORK"/*.log; exit 1
fi
echo "all deployment checks passed"
