#!/usr/bin/env python3
"""Version 39's broken builds of the halves' record, from build/scan.cu (its #line markers dropped), to stdout.
mkmut.py SRC mA: SCAN_AUTO's tile kernels run in half 0, whichever half is filled for the next ring call.
mkmut.py SRC mB: a launcher without halves leaves the record as it was.
(Run E's m1 and m2 were the same two forgettings in the record's first form, a count a half: m1 dropped
`w->filled[0] = 0;` from l4_auto_launch_kept, m2 `k->halves.filled[0] = k->halves.filled[1] = 0;` from
launch_on_kept.)"""
import sys
src = ''.join(l for l in open(sys.argv[1]) if not l.startswith('#line'))
if sys.argv[2] == 'mA':
    old, new = 'w->half[1 - w->filled], stream);', 'w->half[0], stream);'
else:
    old, new = '    k->halves.filled_bytes = 0;\n', ''
assert src.count(old) == 1
sys.stdout.write(src.replace(old, new))
