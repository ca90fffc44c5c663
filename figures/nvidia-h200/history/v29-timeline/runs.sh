# Session 14, first run: ring timelines (globaltimer stamps per tile) of WK1s0, WK3s0 and the no-walk ring W3w3nw,
# single row; the parasite build WK1p2W; side timings of all in three interleaved rounds.
D=.device/v29
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem,temperature.gpu --format=csv,noheader > $OUT/gpu.txt
for b in TWK1s0 TW3w3nw TWK3s0; do
  echo "$b check: $(timeout 30 $D/scan-$b run l4-held 1 8388608 --check-only 2>&1 | tail -1 | cut -c1-110)"
  RG_TL_FILE=$OUT/tl-$b.bin timeout 60 $D/scan-$b run l4-held 1 134217728 > $OUT/tl-$b.txt 2>&1
  echo "$b: $(tail -1 $OUT/tl-$b.txt | cut -c1-80) $(ls -la $OUT/tl-$b.bin | awk '{print $5}')"
done
echo "WK1p2W check: $(timeout 30 $D/scan-WK1p2W run l4-held 1 8388608 --check-only 2>&1 | tail -1 | cut -c1-110)"
side() { timeout 60 $D/scan-$2 run $4 $3 $((134217728 / $3)) 2>&1 | tail -1 | sed -E "s/^(\S+):/$1 $5 (\1):/" | cut -c1-200 >> $OUT/side-s14a.txt; }
echo "## Timelines and parasites" >> $OUT/side-s14a.txt
for rep in 1 2 3; do side rep$rep final 1 l4-held final-held
  for b in WK1s0 WK1p2W WK3s0 TWK1s0 TW3w3nw TWK3s0; do side rep$rep $b 1 l4-held $b-held; done; done
cat $OUT/side-s14a.txt | cut -c1-100
# Session 14, second run: version 29's holders sleeping (hs), publishing first (r), both (rhs), with stamps; the ring with
# no walks with and without the reduction first; quick checks; timelines; side timings at 1, 8 and 64 rows.
D=.device/v29
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem,temperature.gpu --format=csv,noheader > $OUT/gpu.txt
for b in TWK1s0 TWK1hs TWK1r TWK1rhs; do for sh in "1 8388608" "4 65536" "64 2097152" "1 134217728"; do
  echo "$b $sh: $(timeout 30 $D/scan-$b run l4-held $sh --check-only 2>&1 | tail -1 | cut -c1-110)" >> $OUT/checks.txt; done; done
for b in TWK1s0 TWK1hs TWK1r TWK1rhs TW3w3nw TW3w3nwr; do
  RG_TL_FILE=$OUT/tl-$b.bin timeout 60 $D/scan-$b run l4-held 1 134217728 > $OUT/tl-$b.txt 2>&1
done
side() { timeout 60 $D/scan-$2 run $4 $3 $((134217728 / $3)) 2>&1 | tail -1 | sed -E "s/^(\S+):/$1 $5 (\1):/" | cut -c1-200 >> $OUT/side-s14b.txt; }
echo "## Holders asleep, totals first" >> $OUT/side-s14b.txt
for rep in 1 2 3; do for r in 1 8 64; do side rep$rep final $r l4-held final-held
  for b in TWK1s0 TWK1hs TWK1r TWK1rhs TW3w3nw TW3w3nwr; do side rep$rep $b $r l4-held $b-held; done; done; done
cut -c1-120 $OUT/checks.txt; cut -c1-90 $OUT/side-s14b.txt
# Session 14, third run: claims of several tiles (c2, c4) in the ring + chain (holders asleep) and in the ring with no
# walks; quick checks; timelines (with the kernel's edges); side timings at 1, 8, 64 and 512 rows. Outputs in one tar.
D=.device/v29; W=$(mktemp -d)
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem,temperature.gpu --format=csv,noheader > $W/gpu.txt
for b in TWK1hs TWK1hsc2 TWK1hsc4; do for sh in "1 8388608" "4 65536" "64 2097152" "7 12288" "3 20480" "1 134217728"; do
  echo "$b $sh: $(timeout 30 $D/scan-$b run l4-held $sh --check-only 2>&1 | tail -1 | cut -c1-110)" >> $W/checks.txt; done; done
for b in TWK1hs TWK1hsc2 TWK1hsc4 TW3w3nw TW3w3nwc2; do
  RG_TL_FILE=$W/tl-$b.bin timeout 60 $D/scan-$b run l4-held 1 134217728 > $W/tl-$b.txt 2>&1
done
side() { timeout 60 $D/scan-$2 run $4 $3 $((134217728 / $3)) 2>&1 | tail -1 | sed -E "s/^(\S+):/$1 $5 (\1):/" | cut -c1-200 >> $W/side-s14c.txt; }
echo "## Claims of several tiles" >> $W/side-s14c.txt
for rep in 1 2 3; do for r in 1 8 64 512; do side rep$rep final $r l4-held final-held; side rep$rep final $r auto final-auto
  for b in TWK1hs TWK1hsc2 TWK1hsc4 TW3w3nw TW3w3nwc2; do side rep$rep $b $r l4-held $b-held; done; done; done
tar -C $W -czf $OUT/s14c.tgz .
cut -c1-120 $W/checks.txt; cut -c1-90 $W/side-s14c.txt
# Session 14, fourth run: claims sent ahead (a1, a2, a3) in the ring + chain (holders asleep) and in the ring with no
# walks; quick checks; timelines (with the kernel's edges); side timings at 1, 8, 64 and 512 rows. Outputs in one tar.
D=.device/v29; W=$(mktemp -d)
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem,temperature.gpu --format=csv,noheader > $W/gpu.txt
for b in TWK1hs TWK1hsa1 TWK1hsa2 TWK1hsa3; do for sh in "1 8388608" "4 65536" "64 2097152" "7 12288" "3 20480" "1 134217728"; do
  echo "$b $sh: $(timeout 30 $D/scan-$b run l4-held $sh --check-only 2>&1 | tail -1 | cut -c1-110)" >> $W/checks.txt; done; done
for b in TWK1hs TWK1hsa1 TWK1hsa2 TWK1hsa3 TW3w3nw TW3w3nwa2; do
  RG_TL_FILE=$W/tl-$b.bin timeout 60 $D/scan-$b run l4-held 1 134217728 > $W/tl-$b.txt 2>&1
done
side() { timeout 60 $D/scan-$2 run $4 $3 $((134217728 / $3)) 2>&1 | tail -1 | sed -E "s/^(\S+):/$1 $5 (\1):/" | cut -c1-200 >> $W/side-s14d.txt; }
echo "## Claims sent ahead" >> $W/side-s14d.txt
for rep in 1 2 3; do for r in 1 8 64 512; do side rep$rep final $r l4-held final-held;
  for b in TWK1hs TWK1hsa1 TWK1hsa2 TWK1hsa3 TW3w3nw TW3w3nwa2; do side rep$rep $b $r l4-held $b-held; done; done; done
tar -C $W -czf $OUT/s14d.tgz .
cut -c1-120 $W/checks.txt; cut -c1-90 $W/side-s14d.txt
# Session 14, fifth run: stages freed by holders alone (f) with and without sleeping holders, seven stages; producer loop
# stamped. Quick checks; timelines; side timings at 1, 8, 64 and 512 rows. Outputs in one tar.
D=.device/v29; W=$(mktemp -d)
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem,temperature.gpu --format=csv,noheader > $W/gpu.txt
B="TWK1hs TWK1hsf TWK1f TWK1hsfst7 TWK1hsa2"
for b in $B; do for sh in "1 8388608" "4 65536" "64 2097152" "7 12288" "3 20480" "1 134217728"; do
  echo "$b $sh: $(timeout 30 $D/scan-$b run l4-held $sh --check-only 2>&1 | tail -1 | cut -c1-110)" >> $W/checks.txt; done; done
for b in $B TW3w3nw; do
  RG_TL_FILE=$W/tl-$b.bin timeout 60 $D/scan-$b run l4-held 1 134217728 > $W/tl-$b.txt 2>&1
done
side() { timeout 60 $D/scan-$2 run $4 $3 $((134217728 / $3)) 2>&1 | tail -1 | sed -E "s/^(\S+):/$1 $5 (\1):/" | cut -c1-200 >> $W/side-s14e.txt; }
echo "## Stages freed by holders" >> $W/side-s14e.txt
for rep in 1 2 3; do for r in 1 8 64 512; do side rep$rep final $r l4-held final-held;
  for b in $B TW3w3nw; do side rep$rep $b $r l4-held $b-held; done; done; done
tar -C $W -czf $OUT/s14e.tgz .
cut -c1-120 $W/checks.txt | grep -v ' correct: '; grep -c ' correct: ' $W/checks.txt; grep '^rep1' $W/side-s14e.txt | cut -c1-90
# Session 14, sixth run: a lean producer (32-bit tile arithmetic, no role clocks), with one claim ahead; producer loop
# stamped. Quick checks; timelines; side timings at 1, 8, 64 and 512 rows. Outputs in one tar.
D=.device/v29; W=$(mktemp -d)
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem,temperature.gpu --format=csv,noheader > $W/gpu.txt
B="TWK1hs TWK1hsL TWK1hsLa1 WK1hsLa1"
for b in $B; do for sh in "1 8388608" "4 65536" "64 2097152" "7 12288" "3 20480" "1 134217728"; do
  echo "$b $sh: $(timeout 30 $D/scan-$b run l4-held $sh --check-only 2>&1 | tail -1 | cut -c1-110)" >> $W/checks.txt; done; done
for b in TWK1hs TWK1hsL TWK1hsLa1 TW3w3nwL; do
  RG_TL_FILE=$W/tl-$b.bin timeout 60 $D/scan-$b run l4-held 1 134217728 > $W/tl-$b.txt 2>&1
done
side() { timeout 60 $D/scan-$2 run $4 $3 $((134217728 / $3)) 2>&1 | tail -1 | sed -E "s/^(\S+):/$1 $5 (\1):/" | cut -c1-200 >> $W/side-s14f.txt; }
echo "## A lean producer" >> $W/side-s14f.txt
for rep in 1 2 3; do for r in 1 8 64 512; do side rep$rep final $r l4-held final-held;
  for b in $B WK1hs TW3w3nwL; do side rep$rep $b $r l4-held $b-held; done; done; done
tar -C $W -czf $OUT/s14f.tgz .
cut -c1-120 $W/checks.txt | grep -v ' correct: '; grep -c ' correct: ' $W/checks.txt; grep '^rep1' $W/side-s14f.txt | cut -c1-90
# Session 14, seventh run: eight composer warps (p8). Quick checks; timelines; side timings at 1 and 64 rows.
D=.device/v29; W=$(mktemp -d)
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem,temperature.gpu --format=csv,noheader > $W/gpu.txt
for sh in "1 8388608" "4 65536" "64 2097152" "7 12288" "1 134217728"; do
  echo "TWK1hsp8 $sh: $(timeout 30 $D/scan-TWK1hsp8 run l4-held $sh --check-only 2>&1 | tail -1 | cut -c1-110)" >> $W/checks.txt; done
for b in TWK1hs TWK1hsp8 TW3w3nw TW3w3nwp8; do
  RG_TL_FILE=$W/tl-$b.bin timeout 60 $D/scan-$b run l4-held 1 134217728 > $W/tl-$b.txt 2>&1
done
side() { timeout 60 $D/scan-$2 run $4 $3 $((134217728 / $3)) 2>&1 | tail -1 | sed -E "s/^(\S+):/$1 $5 (\1):/" | cut -c1-200 >> $W/side-s14g.txt; }
echo "## Eight composers" >> $W/side-s14g.txt
for rep in 1 2 3; do for r in 1 64; do side rep$rep final $r l4-held final-held;
  for b in TWK1hs TWK1hsp8 TW3w3nw TW3w3nwp8; do side rep$rep $b $r l4-held $b-held; done; done; done
tar -C $W -czf $OUT/s14g.tgz .
cut -c1-120 $W/checks.txt; cut -c1-90 $W/side-s14g.txt
# Session 14, eighth run: four holder groups with registers moved by setmaxnreg (TWK4r88, TWK4r96), and without (TWK4).
D=.device/v29; W=$(mktemp -d)
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem,temperature.gpu --format=csv,noheader > $W/gpu.txt
for b in TWK4r88 TWK4r96 TWK4; do for sh in "1 8388608" "4 65536" "64 2097152" "7 12288" "1 134217728"; do
  echo "$b $sh: $(timeout 30 $D/scan-$b run l4-held $sh --check-only 2>&1 | tail -1 | cut -c1-110)" >> $W/checks.txt; done; done
for b in TWK1hs TWK4r88 TWK4r96 TWK4; do
  RG_TL_FILE=$W/tl-$b.bin timeout 60 $D/scan-$b run l4-held 1 134217728 > $W/tl-$b.txt 2>&1
done
side() { timeout 60 $D/scan-$2 run $4 $3 $((134217728 / $3)) 2>&1 | tail -1 | sed -E "s/^(\S+):/$1 $5 (\1):/" | cut -c1-200 >> $W/side-s14h.txt; }
echo "## Four holder groups" >> $W/side-s14h.txt
for rep in 1 2 3; do for r in 1 64; do side rep$rep final $r l4-held final-held;
  for b in TWK1hs TWK4r88 TWK4r96 TWK4; do side rep$rep $b $r l4-held $b-held; done; done; done
tar -C $W -czf $OUT/s14h.tgz .
cut -c1-120 $W/checks.txt; cut -c1-90 $W/side-s14h.txt

# Session 15 (version 30), the run of v30-holders.txt: the builds of registers.patch, prepared in session 14.
# Prepared in session 14, run in session 15 (carry [".device/v30"]). Four holder groups with registers moved by setmaxnreg,
# budgets that fit the CTA pool (entry 80 a thread x 6 warpgroups = 480), setmaxnreg where each group begins: TWK4g 48/80/88,
# (8 B spills, stamps); TWK4g96 40/56/96 (0 B); TWK4: 4 groups, no
# setmaxnreg (28 B spills); TWK1hs: session 14's best ring + chain; final: version 23. Outputs go straight to $OUT, so a
# hang still returns what came before it. Prediction to write first (from the session-14 plan): with four groups a
# published tile waits < 0.3 us for holders and TWK4g or TWK4g96 is >= 3 % faster than TWK1hs; TWK4 no faster.
D=.device/v30; P=$OUT/progress.txt
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem,temperature.gpu --format=csv,noheader > $OUT/gpu.txt
for b in TWK4g TWK4g96 TWK4; do for sh in "1 8388608" "4 65536" "64 2097152" "7 12288" "1 134217728"; do
  echo "$b $sh: $(timeout 10 $D/scan-$b run l4-held $sh --check-only 2>&1 | tail -1 | cut -c1-110)" >> $P; done; done
for b in TWK1hs TWK4g TWK4g96 TWK4; do
  RG_TL_FILE=$OUT/tl-$b.bin timeout 20 $D/scan-$b run l4-held 1 134217728 > /dev/null 2>&1; echo "tl $b rc=$?" >> $P
done
side() { timeout 20 $D/scan-$2 run $4 $3 $((134217728 / $3)) 2>&1 | tail -1 | sed -E "s/^(\S+):/$1 $5 (\1):/" | cut -c1-200 >> $P; }
echo "## Four holder groups" >> $P
for rep in 1 2 3; do for r in 1 64; do side rep$rep final $r l4-held final-held;
  for b in TWK1hs TWK4g TWK4g96 TWK4; do side rep$rep $b $r l4-held $b-held; done; done; done
cut -c1-110 $P
