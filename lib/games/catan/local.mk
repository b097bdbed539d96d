## lib/games/catan/local.mk -- the build of Catan (base game and
## Seafarers), included by Makefile.am.  %reldir% is
## lib/games/catan, other paths are from the top of the tree.
##
noinst_LIBRARIES += %reldir%/libcatan.a
GAME_LIBS += %reldir%/libcatan.a
EXTRA_DIST += %reldir%/local.mk %reldir%/README
## the rules page, catan-rules(7); t/0705-catan-rules-page.t checks it
dist_man_MANS += man/catan-rules.7
## Cities & Knights: its rules page, catan-ck-rules(7);
## t/0715-catan-ck-rules-page.t checks it
dist_man_MANS += man/catan-ck-rules.7
%canon_reldir%_libcatan_a_SOURCES = \
	%reldir%/data.h %reldir%/data-int.h %reldir%/data.c \
	%reldir%/data-board.c \
	%reldir%/ckdata.h %reldir%/ckdata.c \
	%reldir%/engine.h %reldir%/engine-int.h %reldir%/engine.c \
	%reldir%/awards.c %reldir%/build.c %reldir%/sea.c %reldir%/treasure.c %reldir%/grow.c %reldir%/roll.c \
	%reldir%/trade.c %reldir%/devcard.c %reldir%/sealed.c %reldir%/sealed-ck.c %reldir%/sealed.h %reldir%/ck-roll.c %reldir%/ck-deck.c \
	%reldir%/ck-city.c %reldir%/ck-knights.c %reldir%/ck-progress.c \
	%reldir%/legal.c %reldir%/ck-legal.c \
	%reldir%/parse.h %reldir%/parse.c %reldir%/format.c \
	%reldir%/position.c \
	%reldir%/catan.h %reldir%/catan.c \
	%reldir%/ckviews.h %reldir%/ckviews.c \
	%reldir%/bot.h %reldir%/bot-int.h %reldir%/bot.c %reldir%/bot-info.c \
	%reldir%/bot-eval.c \
	%reldir%/board.h %reldir%/board.c %reldir%/svg.c \
	%reldir%/stats.c

## --- embedded design data ----------------------------------------------
CA_DATA_INI = data/catan/maps.ini data/catan/deck.ini \
	data/catan/progress.ini data/catan/improvements.ini
EXTRA_DIST += $(CA_DATA_INI)
CA_EMBED_C = %reldir%/embed-maps.c %reldir%/embed-deck.c \
	%reldir%/embed-progress.c %reldir%/embed-improvements.c
nodist_%canon_reldir%_libcatan_a_SOURCES = $(CA_EMBED_C)
BUILT_SOURCES += $(CA_EMBED_C)
CLEANFILES += $(CA_EMBED_C)
%reldir%/embed-maps.c: $(srcdir)/data/catan/maps.ini $(srcdir)/build-aux/embed.sh
	$(EMBED_GEN) ca_embed_maps $(srcdir)/data/catan/maps.ini > $@.tmp && mv $@.tmp $@
%reldir%/embed-deck.c: $(srcdir)/data/catan/deck.ini $(srcdir)/build-aux/embed.sh
	$(EMBED_GEN) ca_embed_deck $(srcdir)/data/catan/deck.ini > $@.tmp && mv $@.tmp $@
## Cities & Knights: the progress cards and improvements
%reldir%/embed-progress.c: $(srcdir)/data/catan/progress.ini $(srcdir)/build-aux/embed.sh
	$(EMBED_GEN) ca_embed_progress $(srcdir)/data/catan/progress.ini > $@.tmp && mv $@.tmp $@
%reldir%/embed-improvements.c: $(srcdir)/data/catan/improvements.ini $(srcdir)/build-aux/embed.sh
	$(EMBED_GEN) ca_embed_improvements $(srcdir)/data/catan/improvements.ini > $@.tmp && mv $@.tmp $@

GAME_SRCS += $(%canon_reldir%_libcatan_a_SOURCES)
GAME_NODIST_SRCS += $(nodist_%canon_reldir%_libcatan_a_SOURCES)

## --- unit tests (t/unit/catan/): each names the CA-rules it checks ------
CATAN_LDADD = $(UNIT_LDADD)
check_PROGRAMS += t/unit/catan/data
t_unit_catan_data_SOURCES = t/tap.h t/unit/catan/data.c
t_unit_catan_data_LDADD = $(CATAN_LDADD)
EXTRA_DIST += fuzz/fuzz-catan-data.c fuzz/catan-data.dict fuzz/corpus/catan-data
EXTRA_DIST += fuzz/fuzz-catan-orders.c fuzz/catan-orders.dict fuzz/corpus/catan-orders
EXTRA_DIST += fuzz/fuzz-catan-ck-data.c fuzz/catan-ck-data.dict fuzz/corpus/catan-ck-data
EXTRA_DIST += fuzz/fuzz-catan-ck-orders.c fuzz/catan-ck-orders.dict fuzz/corpus/catan-ck-orders
## Cities & Knights: each test names the CK-rule or loader check
check_PROGRAMS += t/unit/catan/ck-data
t_unit_catan_ck_data_SOURCES = t/tap.h t/unit/catan/ck-data.c
t_unit_catan_ck_data_LDADD = $(CATAN_LDADD)
check_PROGRAMS += t/unit/catan/ck-rules
t_unit_catan_ck_rules_SOURCES = t/tap.h t/unit/catan/util.h t/unit/catan/ck-rules.c
t_unit_catan_ck_rules_LDADD = $(CATAN_LDADD)
## catan-ck-rules(7): every example of its ORDER LANGUAGE parses and is canonical
check_PROGRAMS += t/unit/catan/ck-sea
t_unit_catan_ck_sea_SOURCES = t/tap.h t/unit/catan/util.h t/unit/seed-util.h t/unit/catan/ck-sea.c
t_unit_catan_ck_sea_LDADD = $(CATAN_LDADD)
check_PROGRAMS += t/unit/catan/ck-page
t_unit_catan_ck_page_SOURCES = t/tap.h t/unit/catan/ck-page.c
t_unit_catan_ck_page_LDADD = $(CATAN_LDADD)
check_PROGRAMS += t/unit/catan/ck-games
t_unit_catan_ck_games_SOURCES = t/tap.h t/unit/catan/util.h t/unit/seed-util.h t/unit/catan/ck-games.c
t_unit_catan_ck_games_LDADD = $(CATAN_LDADD)
check_PROGRAMS += t/unit/catan/rules-base
t_unit_catan_rules_base_SOURCES = t/tap.h t/unit/catan/util.h t/unit/catan/rules-base.c
t_unit_catan_rules_base_LDADD = $(CATAN_LDADD)
check_PROGRAMS += t/unit/catan/games
t_unit_catan_games_SOURCES = t/tap.h t/unit/catan/util.h t/unit/catan/games.c
t_unit_catan_games_LDADD = $(CATAN_LDADD)
check_PROGRAMS += t/unit/catan/legal
t_unit_catan_legal_SOURCES = t/tap.h t/unit/catan/util.h t/unit/seed-util.h t/unit/catan/legal.c
t_unit_catan_legal_LDADD = $(CATAN_LDADD)
check_PROGRAMS += t/unit/catan/rules-sea
t_unit_catan_rules_sea_SOURCES = t/tap.h t/unit/catan/util.h t/unit/catan/rules-sea.c
t_unit_catan_rules_sea_LDADD = $(CATAN_LDADD)
check_PROGRAMS += t/unit/catan/rules-sea-treasure
t_unit_catan_rules_sea_treasure_SOURCES = t/tap.h t/unit/catan/util.h t/unit/chance-rec.h t/unit/sealed-mock.h t/unit/catan/rules-sea-treasure.c
t_unit_catan_rules_sea_treasure_LDADD = $(CATAN_LDADD)
## Greater Catan (CA10.7-CA10.9)
check_PROGRAMS += t/unit/catan/rules-grow
t_unit_catan_rules_grow_SOURCES = t/tap.h t/unit/catan/util.h t/unit/catan/rules-grow.c
t_unit_catan_rules_grow_LDADD = $(CATAN_LDADD)
check_PROGRAMS += t/unit/catan/rules-glue
t_unit_catan_rules_glue_SOURCES = t/tap.h t/unit/chance-mock.h t/unit/catan/rules-glue.c
t_unit_catan_rules_glue_LDADD = $(CATAN_LDADD)
check_PROGRAMS += t/unit/catan/bot
t_unit_catan_bot_SOURCES = t/tap.h t/unit/seed-util.h t/unit/catan/bot.c
t_unit_catan_bot_LDADD = $(CATAN_LDADD)
check_PROGRAMS += t/unit/catan/ck-bot
t_unit_catan_ck_bot_SOURCES = t/tap.h t/unit/catan/util.h t/unit/seed-util.h t/unit/catan/ck-bot.c
t_unit_catan_ck_bot_LDADD = $(CATAN_LDADD)

## --- the board picture (text and SVG): golden files in t/catan-board ---
TESTS += t/0710-catan-board.t t/0711-catan-board-svg.t
EXTRA_DIST += t/0710-catan-board.t t/0711-catan-board-svg.t t/catan-board

## --- the views as JSON (status, board, hand: CA14.2, CA12.1) ---
TESTS += t/0712-catan-json.t
EXTRA_DIST += t/0712-catan-json.t

## --- trigon help card for the development cards (CA8) ---
TESTS += t/0713-catan-help-card.t
EXTRA_DIST += t/0713-catan-help-card.t

## --- hidden information in every view (CA12) ---
TESTS += t/0714-catan-hidden-views.t
EXTRA_DIST += t/0714-catan-hidden-views.t
## Cities & Knights: hidden information in every view of catan_ck_rules
check_PROGRAMS += t/unit/catan/ck-views
t_unit_catan_ck_views_SOURCES = t/tap.h t/unit/seed-util.h t/unit/catan/ck-views.c
t_unit_catan_ck_views_LDADD = $(CATAN_LDADD)
## Cities & Knights: the recorded complete game, also the saved-game
## fixture of t/0749-cities-example.t (with t/fixtures/cities)
EXTRA_DIST += examples/cities.trigon examples/record-cities.sh
# sealed hands: the development deck (catan-rules(7), CA15)
check_PROGRAMS += t/unit/catan/sealed
t_unit_catan_sealed_SOURCES = t/tap.h t/unit/chance-rec.h t/unit/sealed-mock.h t/unit/catan/sealed.c
t_unit_catan_sealed_LDADD = $(CATAN_LDADD)
# sealed hands: Cities & Knights' progress decks (catan-ck-rules(7), CK20)
check_PROGRAMS += t/unit/catan/ck-sealed
t_unit_catan_ck_sealed_SOURCES = t/tap.h t/unit/chance-rec.h t/unit/sealed-mock.h t/unit/catan/ck-sealed.c
t_unit_catan_ck_sealed_LDADD = $(CATAN_LDADD)
check_PROGRAMS += t/unit/catan/ck-sealed-games
t_unit_catan_ck_sealed_games_SOURCES = t/tap.h t/unit/catan/util.h t/unit/sealed-mock.h t/unit/catan/ck-sealed-games.c
t_unit_catan_ck_sealed_games_LDADD = $(CATAN_LDADD)
