#!/usr/bin/env bash
# `energy-conform` in a guide's shell block, or a CI recipe's line, while the unit project's warm CLI runs
# (doc-runner.ts): the command line goes to the warm CLI service with the shell's folder and environment, HOME and so
# the token store included (doc-command.ts answers it); then the command's output and exit code, as the bin's.
# Bash and curl, a few milliseconds, where a Node process for each command took some 0.12 CPU-seconds.
out=$(mktemp -d) || exit 3
code=$({ printf '%s\0' "$out" "$PWD" "$#" "$@"; env -0; } | curl -sS --fail-with-body --data-binary @- "$EC_WARM_CLI/shell" 2>&1)
asked=$?
[ -f "$out/stdout" ] && cat "$out/stdout"
[ -f "$out/stderr" ] && cat "$out/stderr" >&2
rm -rf "$out"
[ "$asked" -eq 0 ] && [[ "$code" =~ ^[0-9]+$ ]] || { echo "doc bench: $code" >&2; exit 3; }
exit "$code"
