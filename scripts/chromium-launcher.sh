#!/usr/bin/env bash
# Starts Chromium for the browser tests with every --disable-features list merged into one.
#
# Chromium keeps only the last --disable-features it is given, and Playwright passes its own list
# (features that break automation). The tests add theirs (CHROMIUM_DISABLED_FEATURES in
# scripts/chromium.mjs), so both lists are joined here and Chromium gets one switch holding all.
# The real browser is ANNADAAN_CHROMIUM, which playwright.config.ts sets from findChromium().
set -euo pipefail
features=""
args=()
for arg in "$@"; do
  case "$arg" in
    --disable-features=*) features="${features:+$features,}${arg#--disable-features=}" ;;
    *) args+=("$arg") ;;
  esac
done
if [ -n "$features" ]; then args=("--disable-features=$features" "${args[@]}"); fi
exec "${ANNADAAN_CHROMIUM:-/usr/bin/chromium}" "${args[@]}"
