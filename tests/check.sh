#!/bin/bash
# make check: install what is missing (where it can), check that the committed
# tangle is fresh, build, run every test suite in its own process under a
# timeout, check the library face, and weave the book.  One line per check;
# the last line is "N passed, N failed, N skipped"; non-zero exit on failure.
cd "$(dirname "$0")/.." || exit 1
NVCC=${NVCC:-nvcc}
SUITE_TIMEOUT=${SUITE_TIMEOUT:-900}
passed=0 failed=0 skipped=0

result() {   # name, pass|FAIL|skipped, detail
  case $2 in
    pass) passed=$((passed + 1)) ;;
    FAIL) failed=$((failed + 1)) ;;
    *) skipped=$((skipped + 1)) ;;
  esac
  printf '%-18s %s%s\n' "$1" "$2" "${3:+: $3}"
}

finish() {
  echo "$passed passed, $failed failed, $skipped skipped"
  [ "$failed" -eq 0 ]
  exit
}

if ! command -v "$NVCC" >/dev/null 2>&1; then
  echo "make check: nvcc not found: install the CUDA toolkit, or run 'make check NVCC=/path/to/nvcc'"
  exit 1
fi
mkdir -p build
tests/setup.sh

# The committed build/scan.cu must be what scan.nw tangles to.
if command -v notangle >/dev/null 2>&1; then
  notangle -L -Rscan.cu scan.nw > build/scan.cu.fresh 2> build/tangle.log
  if git rev-parse --is-inside-work-tree >/dev/null 2>&1 &&
     git cat-file -e HEAD:build/scan.cu 2>/dev/null; then
    git show HEAD:build/scan.cu > build/scan.cu.committed
  else
    cp build/scan.cu build/scan.cu.committed
  fi
  if [ -s build/tangle.log ]; then
    result tangle FAIL "notangle warns: $(head -1 build/tangle.log)"
  elif cmp -s build/scan.cu.fresh build/scan.cu.committed; then
    result tangle pass "build/scan.cu is a fresh tangle of scan.nw"
  else
    result tangle FAIL "the committed build/scan.cu differs from a fresh tangle: run make, commit build/scan.cu"
  fi
else
  result tangle skipped "noweb is not installed (apt-get install noweb)"
fi

if make --no-print-directory build/scan > build/make.log 2>&1; then
  result build pass "build/scan"
else
  tail -20 build/make.log
  result build FAIL "the compile failed (build/make.log)"
  finish
fi

for suite in $(build/scan list | awk '/^suites/ { on = 1; next } /^kernels/ { on = 0 } on { print $1 }'); do
  timeout "$SUITE_TIMEOUT" build/scan check "$suite" > "build/check-$suite.log" 2>&1
  status=$?
  # The log's first line is the run's seed: the result line shows it, and a
  # failure's says how to replay it.
  seed=$(sed -n '1s/^seed \([0-9]*\) .*/\1/p' "build/check-$suite.log")
  replay=${seed:+"; SCAN_SEED=$seed build/scan check $suite replays it"}
  if [ "$status" -ne 77 ]; then
    sed -n '2,$p' "build/check-$suite.log" | grep -v "^$suite: \(passed\|FAILED\|skipped\)" |
      sed 's/^/    /'
  fi
  case $status in
    0) result "$suite" pass "${seed:+seed $seed}" ;;
    77) result "$suite" skipped "$(sed -n "s/^$suite: skipped: //p" "build/check-$suite.log")" ;;
    124) result "$suite" FAIL "timed out after $SUITE_TIMEOUT s$replay" ;;
    *) result "$suite" FAIL "exit status $status (build/check-$suite.log)$replay" ;;
  esac
done

# The held level-4 kernel is built for two blocks a multiprocessor: on the H200's
# architecture it must fit in 128 registers a thread without spilling (scan.nw,
# section "The waiting tile held in registers").  ptxas says; no GPU is needed.
# Its two measured instances count; the stamped one (template argument
# STAMPED = true, "ELb1EEv" in the mangled name) records timelines only.
# The warps' row kernel (section "A warp a row") holds a step's vectors in
# registers; all its instances (aligned or not, blocks of four or eight
# warps) must compile without spilling, and so must the ring (section "A ring
# of stages, and a chain block"), whose holders keep 64 floats a lane. The kernels
# of the stored entries (section "Stored in half precision: the kernels"), the tile
# kernel and the backward in bfloat16 and float16, must not spill either.  The
# warps' aligned two-byte forms hold eight pieces a step as their bytes, which
# only fits as many warps as float32's if they stay within 128 registers a thread
# (section "A warp a row"): a compiler that sees through held_again fails here.
if "$NVCC" -O3 -std=c++17 -arch=sm_90 -DSCAN_NO_MAIN -Xptxas -v -c build/scan.cu \
     -o build/resources.o > build/resources.log 2>&1; then
  verdict=$(awk '
    /Compiling entry function/ { held = index($0, "l4_held_kernel") > 0 &&
                                        index($0, "ELb1EEv") == 0
                                 rows = index($0, "l4_rows_kernel") > 0
                                 held2 = rows && index($0, "ILb1E") > 0 &&
                                         (index($0, "bfloat16") > 0 || index($0, "6__half") > 0)
                                 ring = index($0, "l4_ring_kernel") > 0
                                 stored = (index($0, "l4_kernel") > 0 ||
                                           index($0, "backward_kernel") > 0) &&
                                          (index($0, "bfloat16") > 0 || index($0, "6__half") > 0) }
    stored && /spill stores/ {
      for (i = 1; i + 2 <= NF; i++) if ($(i + 1) == "bytes" && $(i + 2) == "spill") sspilled += $i }
    stored && /Used [0-9]+ registers/ { storeds++ }
    ring && /spill stores/ {
      for (i = 1; i + 2 <= NF; i++) if ($(i + 1) == "bytes" && $(i + 2) == "spill") gspilled += $i }
    ring && /Used [0-9]+ registers/ {
      for (i = 1; i < NF; i++) if ($i == "Used") gregs = $(i + 1) + 0
      rings++ }
    (held || rows) && /spill stores/ {
      for (i = 1; i + 2 <= NF; i++)
        if ($(i + 1) == "bytes" && $(i + 2) == "spill") { if (held) spilled += $i; else rspilled += $i } }
    (held || rows) && /Used [0-9]+ registers/ {
      for (i = 1; i < NF; i++) if ($i == "Used") r = $(i + 1) + 0
      if (held2 && r > held2most) held2most = r
      if (held) { if (r > most) most = r; kernels++ }
      else { rregs = rregs (rkernels ? " and " : "") r; rkernels++ } }
    END { printf "%d %d %d %d %d %d %d %d %d %d %d %s", kernels, most, spilled, rkernels,
                 rspilled, rings, gregs, gspilled, storeds, sspilled, held2most, rregs }' \
    build/resources.log)
  set -- $verdict
  rows_regs=$(echo "$verdict" | cut -d" " -f12-)
  if [ "$1" -ge 2 ] && [ "$2" -le 128 ] && [ "$3" -eq 0 ] && [ "$4" -ge 4 ] && [ "$5" -eq 0 ] &&
     [ "$6" -ge 1 ] && [ "$8" -eq 0 ] && [ "$9" -ge 8 ] && [ "${10}" -eq 0 ] &&
     [ "${11}" -ge 1 ] && [ "${11}" -le 128 ]; then
    result resources pass "on sm_90, l4_held_kernel: $2 registers a thread, no spills; l4_ring_kernel: $7 registers, no spills; l4_rows_kernel: $rows_regs registers, no spills (aligned two-byte forms at most ${11}); the stored entries' $9 kernels, no spills"
  else
    result resources FAIL "on sm_90, l4_held_kernel: $1 instances, $2 registers, $3 bytes spilled; l4_ring_kernel: $6 instances, $8 bytes spilled; l4_rows_kernel: $4 instances, $5 bytes spilled, aligned two-byte forms up to ${11} registers (128 at most); the stored entries' kernels: $9 instances, ${10} bytes spilled (build/resources.log)"
  fi
else
  result resources FAIL "the sm_90 compile for ptxas's report failed (build/resources.log)"
fi

# scan.cu is also a library: another .cu file includes it and calls scan_forward.
if make --no-print-directory build/library_example > build/library.log 2>&1; then
  build/library_example > build/library-run.log 2>&1
  case $? in
    0) result library pass "$(cat build/library-run.log)" ;;
    77) result library skipped "$(sed 's/^library example: //' build/library-run.log)" ;;
    *) result library FAIL "$(cat build/library-run.log)" ;;
  esac
else
  result library FAIL "tests/library_example.cu does not compile (build/library.log)"
fi

# The book: weave and typeset both outputs, with no warning anywhere.
missing=""
for tool in notangle noweave pandoc pdflatex gnuplot python3; do
  command -v $tool >/dev/null 2>&1 || missing="$missing $tool"
done
if [ -n "$missing" ]; then
  result book skipped "missing$missing (tests/setup.sh names the apt-get command)"
elif make --no-print-directory doc > build/doc.log 2>&1; then
  result book pass "build/scan.html and build/scan.pdf, no warnings"
  if readme=$(python3 tests/readme.py --check 2>&1); then
    result readme pass "README.md's results table is the results files'"
  else
    result readme FAIL "$readme"
  fi
else
  grep -i "warning\|error" build/doc.log | head -20
  result book FAIL "make doc failed or warned (build/doc.log)"
fi
finish
