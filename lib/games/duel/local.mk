## lib/games/duel/local.mk -- the build of Catan: het Duel,
## included by Makefile.am.  %reldir% is lib/games/duel, other paths are
## from the top of the tree.  lib/games/duel/README says what exists.
##
noinst_LIBRARIES += %reldir%/libduel.a
GAME_LIBS += %reldir%/libduel.a
EXTRA_DIST += %reldir%/local.mk %reldir%/README
## the rules page, duel-rules(7)
dist_man_MANS += man/duel-rules.7
%canon_reldir%_libduel_a_SOURCES = \
	%reldir%/data.h %reldir%/data.c \
	%reldir%/engine.h %reldir%/engine-int.h %reldir%/engine.c \
	%reldir%/engine-chance.c %reldir%/engine-act.c %reldir%/engine-points.c \
	%reldir%/engine-cards.c %reldir%/engine-hand.c %reldir%/engine-theme.c \
	%reldir%/parse.h %reldir%/parse.c %reldir%/legal.c \
	%reldir%/bot.h %reldir%/bot.c \
	%reldir%/svg.h %reldir%/svg.c \
	%reldir%/scenario.h %reldir%/scenario.c \
	%reldir%/mode.h %reldir%/mode.c \
	%reldir%/sealed.h %reldir%/sealed.c \
	%reldir%/duel.h %reldir%/duel.c

## --- embedded design data ----------------------------------------------
DU_DATA_INI = data/duel/cards.ini
EXTRA_DIST += $(DU_DATA_INI)
DU_EMBED_C = %reldir%/embed-cards.c
nodist_%canon_reldir%_libduel_a_SOURCES = $(DU_EMBED_C)
BUILT_SOURCES += $(DU_EMBED_C)
CLEANFILES += $(DU_EMBED_C)
%reldir%/embed-cards.c: $(srcdir)/data/duel/cards.ini $(srcdir)/build-aux/embed.sh
	$(EMBED_GEN) du_embed_cards $(srcdir)/data/duel/cards.ini > $@.tmp && mv $@.tmp $@

GAME_SRCS += $(%canon_reldir%_libduel_a_SOURCES)
GAME_NODIST_SRCS += $(nodist_%canon_reldir%_libduel_a_SOURCES)

## --- fuzz targets (make fuzz runs every fuzz/fuzz-NAME.c) ---------------
EXTRA_DIST += fuzz/fuzz-duel-data.c fuzz/duel-data.dict fuzz/corpus/duel-data
EXTRA_DIST += fuzz/fuzz-duel-orders.c fuzz/duel-orders.dict fuzz/corpus/duel-orders

## --- unit tests (t/unit/duel/): each names the DU-rules it checks -------
DUEL_LDADD = $(UNIT_LDADD)
check_PROGRAMS += t/unit/duel/data
t_unit_duel_data_SOURCES = t/tap.h t/unit/duel/data.c
t_unit_duel_data_LDADD = $(DUEL_LDADD)
check_PROGRAMS += t/unit/duel/rules
t_unit_duel_rules_SOURCES = t/tap.h t/unit/duel/util.h t/unit/duel/rules.c
t_unit_duel_rules_LDADD = $(DUEL_LDADD)
check_PROGRAMS += t/unit/duel/cards
t_unit_duel_cards_SOURCES = t/tap.h t/unit/duel/util.h t/unit/duel/cards.c
t_unit_duel_cards_LDADD = $(DUEL_LDADD)
check_PROGRAMS += t/unit/duel/sealed
t_unit_duel_sealed_SOURCES = t/tap.h t/unit/chance-rec.h \
	t/unit/duel/sealed.c
t_unit_duel_sealed_LDADD = $(DUEL_LDADD)
check_PROGRAMS += t/unit/duel/views
t_unit_duel_views_SOURCES = t/tap.h t/unit/duel/util.h t/unit/seed-util.h \
	t/unit/duel/views.c
t_unit_duel_views_LDADD = $(DUEL_LDADD)
EXTRA_DIST += t/unit/duel/board-60.txt
check_PROGRAMS += t/unit/duel/chance-redo
t_unit_duel_chance_redo_SOURCES = t/tap.h t/unit/chance-mock.h \
	t/unit/duel/chance-redo.c
t_unit_duel_chance_redo_LDADD = $(DUEL_LDADD)
check_PROGRAMS += t/unit/duel/scenario
t_unit_duel_scenario_SOURCES = t/tap.h t/unit/duel/util.h \
	t/unit/duel/scenario.c
t_unit_duel_scenario_LDADD = $(DUEL_LDADD)
check_PROGRAMS += t/unit/duel/theme
t_unit_duel_theme_SOURCES = t/tap.h t/unit/duel/util.h t/unit/duel/theme.c
t_unit_duel_theme_LDADD = $(DUEL_LDADD)
check_PROGRAMS += t/unit/duel/piles
t_unit_duel_piles_SOURCES = t/tap.h t/unit/duel/util.h t/unit/duel/piles.c
t_unit_duel_piles_LDADD = $(DUEL_LDADD)
check_PROGRAMS += t/unit/duel/gold
t_unit_duel_gold_SOURCES = t/tap.h t/unit/duel/util.h t/unit/duel/gold.c
t_unit_duel_gold_LDADD = $(DUEL_LDADD)
check_PROGRAMS += t/unit/duel/page
t_unit_duel_page_SOURCES = t/tap.h t/unit/duel/util.h t/unit/duel/page.c
t_unit_duel_page_LDADD = $(DUEL_LDADD)
check_PROGRAMS += t/unit/duel/words
t_unit_duel_words_SOURCES = t/tap.h t/unit/duel/words.c
t_unit_duel_words_LDADD = $(DUEL_LDADD)

check_PROGRAMS += t/unit/duel/games
t_unit_duel_games_SOURCES = t/tap.h t/unit/seed-util.h t/unit/duel/check.h t/unit/duel/list-hash.h t/unit/duel/games.c
t_unit_duel_games_LDADD = $(DUEL_LDADD)

## --- end to end: new, status, board, moves, move, a whole game, verify --
TESTS += t/0740-duel.t
EXTRA_DIST += t/0740-duel.t
## the views: board --svg, hand --json, help card
TESTS += t/0741-duel-views.t
EXTRA_DIST += t/0741-duel-views.t t/unit/duel/start-svg.png
# the computer players' kinds and the strength line
TESTS += t/0742-duel-bot.t
EXTRA_DIST += t/0742-duel-bot.t
# a whole game end to end over git and by mail
TESTS += t/0743-duel-git.t t/0744-duel-mail.t
EXTRA_DIST += t/0743-duel-git.t t/0744-duel-mail.t
# duel-rules(7) against the brief's numbers, the card data and the board
# (t/unit/duel/page checks its order examples)
TESTS += t/0745-duel-rules-page.t
EXTRA_DIST += t/0745-duel-rules-page.t t/unit/duel/rules-numbers.txt
# every DU-number names a test, every card of cards.ini is played
TESTS += t/0746-duel-rule-tests.t
EXTRA_DIST += t/0746-duel-rule-tests.t
# the recorded complete game (duel-rules(7)), examples/record-duel.sh
TESTS += t/0747-duel-example.t
EXTRA_DIST += t/0747-duel-example.t examples/duel.trigon examples/record-duel.sh
check_PROGRAMS += t/unit/duel/bot
t_unit_duel_bot_SOURCES = t/tap.h t/unit/seed-util.h t/unit/duel/bot.c
t_unit_duel_bot_LDADD = $(DUEL_LDADD)
check_PROGRAMS += t/unit/duel/legal
t_unit_duel_legal_SOURCES = t/tap.h t/unit/seed-util.h t/unit/duel/list-hash.h t/unit/duel/legal.c
t_unit_duel_legal_LDADD = $(DUEL_LDADD)
check_PROGRAMS += t/unit/duel/public-draws
t_unit_duel_public_draws_SOURCES = t/tap.h t/unit/chance-mock.h t/unit/chance-rec.h t/unit/duel/check.h t/unit/duel/public-draws.c
t_unit_duel_public_draws_LDADD = $(DUEL_LDADD)
