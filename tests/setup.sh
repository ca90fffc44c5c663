#!/bin/sh
# Install what `make check` and `make doc` need and this machine lacks, with
# apt-get, when we are root or may use sudo without a password.  Never fails:
# whatever cannot be installed is named, with the command that would install
# it, and the checks that need it report themselves skipped.
missing=""
want() { command -v "$1" >/dev/null 2>&1 || missing="$missing $2"; }
want notangle noweb
want pandoc pandoc
want gnuplot gnuplot-nox
want python3 python3
want pdflatex "texlive-latex-base texlive-latex-recommended texlive-fonts-recommended lmodern"
if command -v kpsewhich >/dev/null 2>&1; then
  for sty in fancyvrb.sty lmodern.sty microtype.sty bookmark.sty; do
    kpsewhich "$sty" >/dev/null 2>&1 || missing="$missing texlive-latex-recommended lmodern"
  done
fi
[ -z "$missing" ] && exit 0
missing=$(printf '%s\n' $missing | sort -u | tr '\n' ' ')
if [ "$(id -u)" = 0 ]; then sudo=""
elif command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then sudo="sudo -n"
else
  echo "setup: cannot install ${missing}(not root, no sudo): sudo apt-get install -y $missing"
  exit 0
fi
if ! command -v apt-get >/dev/null 2>&1; then
  echo "setup: no apt-get here; install by hand: $missing"
  exit 0
fi
echo "setup: installing $missing(apt-get; a few minutes the first time)"
mkdir -p build
if ! { $sudo apt-get update -q && DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -q $missing; } \
     > build/setup.log 2>&1; then
  echo "setup: apt-get failed (build/setup.log); the checks that need it will be skipped"
fi
exit 0
