#!/usr/bin/env bash
# Vendors Chart.js (https://www.chartjs.org, MIT licence) into
# static/vendor: its UMD build, its licence and the version. Run it from
# anywhere with npm on PATH to move to another version:
#   cmd/ti4sim/internal/web/update-chartjs.sh 4.6.1
# Building and testing ti4sim needs none of this: the files are committed.
set -euo pipefail
version="${1:?usage: update-chartjs.sh VERSION (e.g. 4.6.1)}"
here="$(cd "$(dirname "$0")" && pwd)"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
cd "$work"
tarball="$(npm pack --silent "chart.js@$version")"
tar -xzf "$tarball"
test "$(node -p "require('./package/package.json').version")" = "$version"
cp package/dist/chart.umd.min.js "$here/static/vendor/chart.umd.min.js"
cp package/LICENSE.md "$here/static/vendor/chart.js.LICENSE.md"
echo "chart.js $version $(sha256sum package/dist/chart.umd.min.js | cut -d' ' -f1)" > "$here/static/vendor/VERSION"
echo "vendored chart.js $version into $here/static/vendor"
