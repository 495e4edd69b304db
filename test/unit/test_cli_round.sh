#!/bin/sh
# mmacore run --profile exact:MODE: 1 + 2^-24 (f16 products, f32 result) rounds per the mode;
# expected values worked out by hand (1.0 = 0x3f800000, next f32 up = 0x3f800001).
set -u
CLI=$1
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
fail=0
# A: row 0 = 1.0, 2^-24, zeros; B: column 0 = 1.0, 1.0, zeros; C zero.
i=0; while [ $i -lt 16 ]; do
  if [ $i -eq 0 ]; then echo "3c00 0001 0 0 0 0 0 0 0 0 0 0 0 0 0 0"; else echo "0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0"; fi
  i=$((i + 1)); done > "$T/A"
i=0; while [ $i -lt 16 ]; do
  if [ $i -lt 2 ]; then echo "3c00 0 0 0 0 0 0 0"; else echo "0 0 0 0 0 0 0 0"; fi
  i=$((i + 1)); done > "$T/B"
i=0; while [ $i -lt 16 ]; do echo "0 0 0 0 0 0 0 0"; i=$((i + 1)); done > "$T/C"
for case in exact:3f800000 exact:rn:3f800000 exact:rz:3f800000 exact:rm:3f800000 exact:rp:3f800001 \
            exact:rna:3f800001 seq_fma:rp:3f800001 hopper:3f800000; do
    want=${case##*:}; prof=${case%:*}
    got=$("$CLI" run mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 --profile "$prof" \
          --a "$T/A" --b "$T/B" --c "$T/C" | head -n 1 | cut -d' ' -f1)
    if [ "$got" != "$want" ]; then echo "FAIL $prof: got $got want $want"; fail=$((fail + 1)); fi
done
if "$CLI" run mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 --profile hopper:rz --a "$T/A" --b "$T/B" \
     --c "$T/C" >/dev/null 2>&1; then echo "FAIL hopper:rz accepted"; fail=$((fail + 1)); fi
[ "$fail" -eq 0 ] && echo "9 passed, 0 failed" || echo "$((9 - fail)) passed, $fail failed"
[ "$fail" -eq 0 ]
