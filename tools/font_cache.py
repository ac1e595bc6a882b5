"""Build matplotlib's font cache afresh, at set-up (the Makefile runs this after installing).

A cache that is missing is built on the first chart, and matplotlib says so on stderr; a cache written by an
installation whose bundled fonts were not (or no longer) there lists only the system's fonts, and every chart
then warns "findfont: Font family ... not found" on stderr. Either way a lesson's chart cell no longer matches
its stored output under nbval. Building it here, from this installation, avoids both.
"""

import matplotlib.font_manager as font_manager

manager = font_manager._load_fontmanager(try_read_cache=False)
print(f"matplotlib's font cache: {len(manager.ttflist)} fonts")
