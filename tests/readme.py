#!/usr/bin/env python3
"""Write README.md's table of results from figures/nvidia-h200, or, with
--check, say whether the table there is the one the results give.  The
table comes from build/results.py (tangled from scan.nw), so that the
README, like the book, quotes no number by hand."""
import os
import sys

BEGIN = "<!-- results: make readme rewrites this table from the results files -->"
END = "<!-- /results -->"


def main(argv):
    root = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
    os.chdir(root)
    sys.path.insert(0, "build")
    import results
    table = results.evaluate("readme_results()")
    with open("README.md") as f:
        text = f.read()
    if BEGIN not in text or END not in text:
        print("readme: README.md has lost its results markers")
        return 1
    head, rest = text.split(BEGIN, 1)
    _, tail = rest.split(END, 1)
    new = head + BEGIN + "\n" + table + "\n" + END + tail
    if argv[1:] == ["--check"]:
        if new != text:
            print("readme: README.md's results table is out of date: run make readme")
            return 1
        return 0
    with open("README.md.tmp", "w") as f:
        f.write(new)
    os.replace("README.md.tmp", "README.md")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
