# t/sharness.d/games.sh -- the games this trigon knows, as its help
# says (from the registry, lib/games/registry.c), so that a test that
# lists every game needs no edit when a game is added.

# help_games HELP: one line "NAME TITLE" a game, in the registry's
# order, from the "Games:" paragraph of HELP (the output of trigon
# help), which names each as "TITLE (--rules NAME)".
help_games () {
	sed -n "/^Games: /,/)\.\$/p" "$1" >games.tmp &&
	tr "\n" " " <games.tmp >games.flat &&
	echo >>games.flat &&
	sed -e "s/^Games: //" -e "s/  */ /g" -e "s/)\. *\$/)/" \
		-e "s/), /)\n/g" games.flat >games.list &&
	sed -n "s/^\(.*\) (--rules \([a-z0-9-]*\))\$/\2 \1/p" games.list
}
