#!/bin/sh
# make sanitize: compute-sanitizer's memcheck, racecheck and synccheck on a
# small case of every kernel (a row of 32 for level 1, the size where the
# original study's thread-count bug wrote past its tile).  Prints each tool's
# summary line; non-zero exit if any tool reports an error.  The ragged
# entries run the gpu-malformed suite under memcheck and synccheck: offsets
# decreasing, negative, past the end and huge, some runs on arrays allocated
# to their exact size, where memcheck sees any read or write outside them.
# The backward runs its five small cases under all three tools (its packed
# batches two, and the malformed offsets under memcheck and synccheck), the stored
# entries their four in each type, and level 5 its six (two in bfloat16).
cd "$(dirname "$0")/.." || exit 1
sanitizer=$(command -v compute-sanitizer || echo /usr/local/cuda/bin/compute-sanitizer)
if [ ! -x "$sanitizer" ]; then
  echo "make sanitize: compute-sanitizer not found (it comes with the CUDA toolkit)"
  exit 1
fi
status=0
run() {   # tool, kernel, rows, len, and run's options
  tool=$1; shift
  out=$("$sanitizer" --tool "$tool" --error-exitcode 9 build/scan run "$@" --check-only 2>&1)
  code=$?
  summary=$(printf '%s\n' "$out" | grep -E "ERROR SUMMARY|RACECHECK SUMMARY" | tail -1)
  printf '%-9s %-32s %s\n' "$tool" "$*" "${summary:-$(printf '%s\n' "$out" | tail -1)}"
  if [ "$code" -ne 0 ]; then status=1; printf '%s\n' "$out" | head -30; fi
}
suite() {   # tool, suite: a test suite run under the tool
  tool=$1; shift
  out=$("$sanitizer" --tool "$tool" --error-exitcode 9 build/scan check "$@" 2>&1)
  code=$?
  summary=$(printf '%s\n' "$out" | grep -E "ERROR SUMMARY|RACECHECK SUMMARY" | tail -1)
  printf '%-9s %-32s %s\n' "$tool" "check $*" "${summary:-$(printf '%s\n' "$out" | tail -1)}"
  if [ "$code" -ne 0 ]; then status=1; printf '%s\n' "$out" | grep -v '^  ok ' | head -30; fi
}
for tool in memcheck racecheck synccheck; do
  run "$tool" l1 3 32
  run "$tool" l1 2 2048
  for kernel in l0 l2 l3 l3b l3c-1 l3c-16 l4-8 l4-16 l4-32 l4-held l4-ring l4-rows l4; do
    run "$tool" "$kernel" 3 5001
  done
  run "$tool" l4-32 2 70001 --offsets 1,1,1
  run "$tool" l4-16 3 5001 --offsets 1,2,3
  run "$tool" l4-held 1 100001 --offsets 2,2,2
  run "$tool" l4-32 300 1001 --offsets 1,1,1    # tiles apart, each reading its row's head
  run "$tool" l4-8 400 97
  if [ "$tool" = racecheck ]; then   # see the book, section "A ring of stages, and a chain block"
    printf '%-9s %-32s %s\n' racecheck "l4-ring 1 1081344" \
      "left out: racecheck does not see the ring's barrier phases and flags"
  else
    run "$tool" l4-ring 1 1081344             # 264 whole tiles: the ring on the H200
    run "$tool" l4-ring 2 2097152
    run "$tool" l4-ring 1 1081348             # 265 tiles, the last of one vector
    run "$tool" l4-ring 1 1081347 --offsets 3,3,3   # the arrays' ends in no whole vector
    run "$tool" l4-ring 5 69613 --offsets 1,1,1     # rows of 17 tiles, at five places on lines
  fi
  run "$tool" l4-rows 9 20000
  run "$tool" l4-rows 500 1020
  run "$tool" l4-rows 5 20001 --offsets 1,1,1
  run "$tool" l4-rows 6000 1028               # blocks of four warps
  run "$tool" l4-rows 6000 1029 --offsets 1,1,1
  suite "$tool" gpu-backward-small
  suite "$tool" gpu-backward-ragged-small
  suite "$tool" gpu-stored-small
  suite "$tool" gpu-selective-small
  if [ "$tool" = racecheck ]; then
    printf '%-9s %-32s %s\n' racecheck "check gpu-malformed" \
      "left out: memory, not races, is what malformed offsets threaten"
  else
    suite "$tool" gpu-malformed
    suite "$tool" gpu-backward-malformed
  fi
done
[ "$status" -eq 0 ] && echo "sanitize: every tool clean on every kernel" || echo "sanitize: ERRORS above"
exit $status
