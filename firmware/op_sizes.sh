#!/usr/bin/env bash
# What each operation of the never-panic table adds to a program's `.text`, on each firmware
# target: `src/bin/op_size.rs` built once per operation (`RANKED_SIZE_OP`), in release with LTO
# as the other programs. Prints the table; `--write` puts it in README.md (between its
# `op-sizes` markers), `--check` fails when README.md's table differs from the one measured.
# Run from anywhere; the targets must be installed (`rustup target add`).
set -euo pipefail
cd "$(dirname "$0")"
mode=${1:-}
targets=(thumbv7em-none-eabihf thumbv6m-none-eabi riscv32imc-unknown-none-elf)
source_file=src/bin/op_size.rs

text_of() { # target, operation (empty: the reference without ranked)
    if [ -n "$2" ]; then export RANKED_SIZE_OP="$2"; else unset RANKED_SIZE_OP; fi
    CARGO_TARGET_DIR=../target/firmware cargo build -q --release --locked --target "$1" --bin op_size \
        || { echo "op_sizes.sh: the probe of '$2' did not build for $1" >&2; exit 1; }
    size -A "../target/firmware/$1/release/op_size" | awk '/^\.text/ { print $2 }'
}

# The probes' names, in the order of the table: each line `"name" =>` or `"a" | "b" =>`.
mapfile -t probes < <(grep -oE '^    "[^"]+"( \| "[^"]+")* =>' "$source_file" | sed -E 's/^ +//; s/ =>$//')
[ "${#probes[@]}" -gt 50 ] || { echo "op_sizes.sh: found ${#probes[@]} probes in $source_file"; exit 1; }

declare -A cost
for target in "${targets[@]}"; do
    reference=$(text_of "$target" "")
    views=$(text_of "$target" views)
    for one in TensorView::from_slice TensorViewMut::from_slice_mut; do
        text=$(text_of "$target" "$one")
        cost[$target,$one]=$(( text - reference ))
    done
    cost[$target,views]=$(( views - reference ))
    for probe in "${probes[@]}"; do
        first=$(echo "$probe" | sed -E 's/^"([^"]+)".*/\1/')
        text=$(text_of "$target" "$first")
        cost[$target,$first]=$(( text - views ))
    done
done
unset RANKED_SIZE_OP

table() {
    echo "| operation | \`${targets[0]}\` | \`${targets[1]}\` | \`${targets[2]}\` |"
    echo "|---|--:|--:|--:|"
    row() { # label, key
        printf '| %s |' "$1"
        for target in "${targets[@]}"; do printf ' %s |' "${cost[$target,$2]}"; done
        printf '\n'
    }
    row '`TensorView::from_slice` (one view, against a program without `ranked`)' TensorView::from_slice
    row '`TensorViewMut::from_slice_mut` (the same)' TensorViewMut::from_slice_mut
    row "the views the rows below work on (against a program without \`ranked\`)" views
    for probe in "${probes[@]}"; do
        first=$(echo "$probe" | sed -E 's/^"([^"]+)".*/\1/')
        row "$(echo "$probe" | sed -E 's/"([^"]+)"/`\1`/g; s/ \| /, /g')" "$first"
    done
}

measured=$(table)
echo "$measured"
begin='<!-- op-sizes: written by op_sizes.sh --write -->'
end='<!-- op-sizes end -->'
documented=$(sed -n "/^$begin\$/,/^$end\$/p" README.md | sed '1d;$d')
case "$mode" in
    --write)
        { sed -n "1,/^$begin\$/p" README.md; echo "$measured"; sed -n "/^$end\$/,\$p" README.md; } > README.md.new
        mv README.md.new README.md
        ;;
    --check)
        # The same sources built from another directory give sizes a few bytes apart (seen: 44
        # bytes on a row), as the build path enters the crates' hashes and with them the
        # order of the code; a row passes within 96 bytes of the documented size.
        if [ "$measured" != "$documented" ]; then
            diff <(echo "$documented") <(echo "$measured") || true
        fi
        if ! paste -d '\n' <(echo "$documented") <(echo "$measured") | awk -F' *[|] *' '
            NR % 2 == 1 { label = $2; for (i = 3; i < NF; i++) want[i] = $i; next }
            $2 != label { print "documented row " label " is measured as " $2; bad = 1; next }
            { for (i = 3; i < NF; i++) if ($i ~ /^[0-9]+$/ && (want[i] - $i > 96 || $i - want[i] > 96)) {
                  print label ", target " i - 2 ": documented " want[i] ", measured " $i; bad = 1 } }
            END { exit bad }'; then
            echo "the table of sizes in firmware/README.md is not what was measured: run firmware/op_sizes.sh --write"
            exit 1
        fi
        echo "firmware/README.md's table of sizes is the one measured (each size within 96 bytes)"
        ;;
esac
