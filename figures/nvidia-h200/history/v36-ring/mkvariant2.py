#!/usr/bin/env python3
"""Version 36's experiment builds, from version 35's build/scan.cu:
RING_RELOAD (a walker's later looks load only the words still empty),
RING_HOLD_SLEEP (ns a holder sleeps between looks at its post; 128 as
compiled) and RING_STAGES_X (stages; 6 as compiled)."""
import sys
src = open(sys.argv[1]).read()

def sub(old, new):
    global src
    assert src.count(old) == 1, (old[:60], src.count(old))
    src = src.replace(old, new)

sub('#define RING_STAGES 6                        /* tiles in flight in a block */',
    '''#ifndef RING_STAGES_X
#define RING_STAGES_X 6
#endif
#ifndef RING_RELOAD
#define RING_RELOAD 0
#endif
#ifndef RING_HOLD_SLEEP
#define RING_HOLD_SLEEP 128
#endif
#define RING_STAGES RING_STAGES_X''')
sub('while (r->post_use[u % RING_POSTS] != u) __nanosleep(128);',
    'while (r->post_use[u % RING_POSTS] != u) { if (RING_HOLD_SLEEP) __nanosleep(RING_HOLD_SLEEP); }')
sub('''  for (;;) {
    unsigned long long known = load_relaxed(&p.s.known[t]);
    ring_look_reads r = ring_look_read(p, W);''', '''#if RING_RELOAD
  ring_look_reads r;
  for (int d = 0; d < RING_LOOK; d++) r.word[d] = ~0ULL;
  r.end = ~0ULL;
#endif
  for (;;) {
    unsigned long long known = load_relaxed(&p.s.known[t]);
#if RING_RELOAD
    {
      long long lane = threadIdx.x & 31, e = W - 1 - lane;
      if (lane < RING_LOOK - 1 && e >= 0 && high_word(r.end) != WORD_KNOWN)
        r.end = load_relaxed(&p.s.known[RING_WINDOW * e + RING_WINDOW - 1]);
#pragma unroll
      for (int d = 0; d < RING_LOOK; d++)
        if (W >= d && high_word(r.word[d]) == WORD_EMPTY)
          r.word[d] = load_relaxed(&p.s.status[RING_WINDOW * (W - d) + lane]);
    }
#else
    ring_look_reads r = ring_look_read(p, W);
#endif''')
open(sys.argv[2], 'w').write(src)
