#!/usr/bin/env bash
# The leaderboard as a template: copies examples/leaderboard out of the
# repository into a temporary folder, renames its module (so that the
# SDK's internal packages are out of its reach, as in any other project),
# points it at this SDK checkout (a go.mod replace: the SDK is not
# published), and builds, vets and tests it there (-short). Run from
# anywhere; TEMPLATE_TESTS=0 skips the tests.
set -euo pipefail
sdk=$(cd "$(dirname "$0")/../../.." && pwd)
dir=$(mktemp -d /tmp/leaderboard-template.XXXXXX)
trap 'rm -rf "$dir"' EXIT
cp -R "$sdk/examples/leaderboard/." "$dir"
cd "$dir"
old=github.com/spiderkit/spider/examples/leaderboard new=example.com/leaderboard
go mod edit -module "$new" -replace "github.com/spiderkit/spider=$sdk"
grep -rl --include='*.go' "$old" . | xargs sed -i "s#$old#$new#g"
gofmt -w .
go build ./...
go vet ./...
if [ "${TEMPLATE_TESTS:-1}" != 0 ]; then
  go test -short -count=1 ./...
fi
echo "the leaderboard builds, vets and tests as a template outside the repository ($new)"
