#!/bin/bash
# Version 35, run A: the walker's own look (RING_LOOK) and the cooperative launch, against the ring as it is.
cd .device/s18
B=bin
L=$OUT/v35-look.txt
chmod +x $B/*
{
echo "# Version 35 (experiments), on the H200 (session 18, 2026-11-30): the ring's walker looks back itself. 'scan run l4-ring"
echo "# ROWS LEN', median of 20 calls each, builds interleaved by shape, three rounds; rows x len = 2^27. Builds from"
echo "# build/scan.cu through .device mkvariant.py (figures/nvidia-h200/history/v35-look): base = the product's ring (version 34);"
echo "# lookD = the walker takes the chain's known word if it is there, else looks at the words of the D windows up to its tile and"
echo "# the ends of the D-1 before, and folds from the nearest known window end exactly as the chain folds (the chain's states"
echo "# go to an array of their own, so that the segments stay); look8s = look8 sleeping 64 ns between looks; lookv = look8"
echo "# checking every look against the chain's state, bit for bit; coop = the base ring launched cooperatively."
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem,temperature.gpu --format=csv,noheader | sed 's/^/# GPU (idle, before the run): /'
echo "# Quick checks (--check-only), with lookv's counts of walks answered by the chain's word, by the look, and looks that differ:"
for s in "1 134217728" "1 8388608" "4 65536" "3 20480" "64 2097152" "7 12288" "5 409600" "2 270336"; do
  for b in base look8 lookv coop; do
    echo "#   $b $s: $($B/scan-$b run l4-ring $s --check-only 2>&1 | tr '\n' ' ' | cut -c1-300)"
  done
done
echo "# Suites, look8 (gpu-l4 gpu-determinism gpu-streams) and coop (gpu-l4 gpu-streams):"
timeout 200 $B/scan-look8 check gpu-l4 gpu-determinism gpu-streams 2>&1 | grep -v '^  ok' | sed 's/^/#   look8: /'
timeout 100 $B/scan-coop check gpu-l4 gpu-streams 2>&1 | grep -v '^  ok' | sed 's/^/#   coop: /'
echo "# The walk's own look"
for rep in 1 2 3; do
  for s in "1 134217728" "8 16777216" "64 2097152" "512 262144"; do
    for b in base look8 look8s look4 coop; do
      echo "rep$rep $b $($B/scan-$b run l4-ring $s 2>&1 | tail -1)"
    done
  done
done
} > $L 2>&1
tail -40 $L
