#!/usr/bin/env bash
# Runs every test suite (as `npm test`: vitest on PGlite and PostgreSQL, then the browser journeys,
# here run even when vitest fails) where calendar days go wrong:
#   night  the clock at 23:30 UTC, already tomorrow in the shops' zone (Europe/Zagreb), for every
#          process: Node, the embedded database, Chromium and a throw-away PostgreSQL cluster on
#          TEST_NIGHT_PG_PORT (55432) started under the same clock. Needs faketime (libfaketime).
#   far    the machine in the zone farthest ahead of UTC, Pacific/Kiritimati (UTC+14), with the
#          PostgreSQL server CI uses (TEST_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/test).
# Usage: scripts/test-at-night.sh [night|far]...   (both, one after the other, by default)
# TEST_NIGHT_AT ('2026-11-24 23:30:00', UTC) and TEST_FAR_ZONE change the clock and the zone. The
# clock goes back to the latest 23:30 UTC by default, never forward: the kernel dates files with the
# real time, which Node reads unfaked, and a clock ahead of it makes every new file look old.
set -uo pipefail
cd "$(dirname "$0")/.."

at="${TEST_NIGHT_AT:-$(date -u +%F) 23:30:00}"
if [ -z "${TEST_NIGHT_AT:-}" ] && [ "$(date -u -d "$at" +%s)" -gt "$(date -u +%s)" ]; then
  at="$(date -u -d 'yesterday' +%F) 23:30:00"
fi
far_zone="${TEST_FAR_ZONE:-Pacific/Kiritimati}"
pg_port="${TEST_NIGHT_PG_PORT:-55432}"
runs=("$@")
[ ${#runs[@]} -eq 0 ] && runs=(night far)

# `npm test`, but the browser journeys run (and report) even when a vitest suite fails.
every_suite() {
  local status=0
  npm run test:unit || status=1
  npm run test:e2e || status=1
  return $status
}

as_postgres() {
  if [ "$(id -u)" -eq 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}

pg_bin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)
cluster=""
drop_cluster() {
  [ -n "$cluster" ] || return 0
  as_postgres "$pg_bin/pg_ctl" -D "$cluster/data" -m immediate stop >/dev/null 2>&1
  rm -rf "$cluster"
  cluster=""
}
trap drop_cluster EXIT

night() {
  local lib offset status
  lib=$(ls /usr/lib/*/faketime/libfaketime.so.1 2>/dev/null | head -n 1)
  if [ -z "$lib" ] || [ -z "$pg_bin" ]; then
    echo "night: needs libfaketime (apt-get install faketime) and PostgreSQL's server binaries" >&2
    return 2
  fi
  # One offset for every process, the database's included, so they all read the same clock.
  offset=$(($(date -u -d "$at" +%s) - $(date -u +%s)))
  # libfaketime leaves a shared-memory pair in /dev/shm per process tree: remove this run's.
  local shm_before
  shm_before=$(ls /dev/shm 2>/dev/null | grep faketime_ || true)
  export LD_PRELOAD="$lib" FAKETIME="$([ "$offset" -ge 0 ] && echo "+$offset" || echo "$offset")"

  # PostgreSQL's alarm handler reads the real clock through libfaketime, which is hours ahead of
  # the faked one: when the first alarm rings (the deadlock check, 1 s into a lock wait) every
  # pending timeout looks expired, and a statement waiting on a lock is cancelled after 1 s
  # instead of DB_STATEMENT_TIMEOUT_MS. The deadlock check is set past the statement timeout, so
  # the first alarm a statement meets is its own.
  cluster=$(mktemp -d /tmp/tfr-night-pg-XXXXXX)
  [ "$(id -u)" -eq 0 ] && chown postgres: "$cluster"
  as_postgres "$pg_bin/initdb" -D "$cluster/data" -U postgres --auth=trust -E UTF8 --locale=C \
    --no-sync >"$cluster/initdb.log" &&
    as_postgres "$pg_bin/pg_ctl" -D "$cluster/data" -l "$cluster/log" -w start \
      -o "-p $pg_port -k $cluster -c listen_addresses=127.0.0.1 -c fsync=off -c deadlock_timeout=60s" >/dev/null &&
    as_postgres "$pg_bin/createdb" -h 127.0.0.1 -p "$pg_port" -U postgres test || {
    cat "$cluster"/*.log "$cluster/log" >&2 2>/dev/null
    drop_cluster
    unset LD_PRELOAD FAKETIME
    return 2
  }

  echo "night: Node reads $(node -e 'console.log(new Date().toISOString())')," \
    "PostgreSQL $(as_postgres "$pg_bin/psql" -h 127.0.0.1 -p "$pg_port" -U postgres -Atc \
      "select to_char(now() at time zone 'UTC', 'YYYY-MM-DD\"T\"HH24:MI:SS\"Z\"')")," \
    "Zagreb $(TZ=Europe/Zagreb date '+%F %H:%M')"
  TEST_DATABASE_URL="postgres://postgres@127.0.0.1:$pg_port/test" every_suite
  status=$?
  drop_cluster
  unset LD_PRELOAD FAKETIME
  for name in $(ls /dev/shm 2>/dev/null | grep faketime_); do
    grep -qxF "$name" <<<"$shm_before" || rm -f "/dev/shm/$name"
  done
  return $status
}

far() {
  local url="${TEST_DATABASE_URL:-postgres://postgres@127.0.0.1:5432/test}"
  echo "far: TZ=$far_zone, where it is $(TZ="$far_zone" date '+%F %H:%M'); PostgreSQL at $url"
  TZ="$far_zone" TEST_DATABASE_URL="$url" every_suite
}

failed=()
for run in "${runs[@]}"; do
  case "$run" in
    night | far) "$run" || failed+=("$run") ;;
    *)
      echo "usage: $0 [night|far]..." >&2
      exit 2
      ;;
  esac
done
if [ ${#failed[@]} -gt 0 ]; then
  echo "test-at-night: failed: ${failed[*]}" >&2
  exit 1
fi
echo "test-at-night: passed: ${runs[*]}"
