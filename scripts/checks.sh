# The assertions of scripts/test-install.sh and scripts/test-image.sh (sourced by both): each check is counted
# and printed as "ok: …" or "FAILED: …"; the caller prints `$passed` and `$failed` and exits by them.
passed=0
failed=0
ok() { passed=$((passed + 1)); echo "ok: $*"; }
bad() { failed=$((failed + 1)); echo "FAILED: $*"; }
check() {  # check DESCRIPTION COMMAND...: one assertion
    local what=$1; shift
    if "$@"; then ok "$what"; else bad "$what"; fi
}
