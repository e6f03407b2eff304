#!/usr/bin/env bash
# Prints one of the README's set-up commands, so that CI and the fresh-system
# check run exactly what a newcomer copies, never a copy of it: "main" is the
# first ```sh block of README.md (the main job), "test" the second (the tests).
#
# Usage: installer/readme-command.sh main|test [README]   ("-": standard input;
#        default: README.md beside this folder)
set -euo pipefail

case ${1:-} in
main) want=1 nth=first ;;
test) want=2 nth=second ;;
*)
    echo "usage: $0 main|test [README]" >&2
    exit 2
    ;;
esac
readme=${2:-$(dirname "$0")/../README.md}
[ "$readme" = - ] && readme=/dev/stdin

command=$(awk -v want="$want" '/^```sh[[:space:]]*$/ { n++; inside = (n == want); next }
                               /^```/ { inside = 0; next }
                               inside { print }' "$readme")
if [ -z "$command" ]; then
    echo "$0: the README has no $nth \`\`\`sh block (the $1 command)" >&2
    exit 1
fi
printf '%s\n' "$command"
