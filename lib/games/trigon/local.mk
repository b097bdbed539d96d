## lib/games/trigon/local.mk -- the build of Rule of Trigon, included by
## Makefile.am.  A game's fragment adds its library to GAME_LIBS, its
## sources to GAME_SRCS (the fuzzers compile them again), its data and
## its unit tests; %reldir% is lib/games/trigon, other paths are from
## the top of the tree.
noinst_LIBRARIES += %reldir%/libtrigon.a
dist_man_MANS += man/trigon-rules.7
GAME_LIBS += %reldir%/libtrigon.a
%canon_reldir%_libtrigon_a_SOURCES = \
	%reldir%/engine.h %reldir%/internal.h %reldir%/trigon.h \
	%reldir%/rng.c %reldir%/state.c %reldir%/parse.c \
	%reldir%/apply.c %reldir%/battle.c %reldir%/legal.c \
	%reldir%/position.c %reldir%/trigon.c \
	%reldir%/cards-int.h %reldir%/cards-draw.c %reldir%/cards-play.c \
	%reldir%/cards-answer.c %reldir%/cards-legal.c \
	%reldir%/cards-deals.c %reldir%/quests.c %reldir%/sealed.c
# the board picture
%canon_reldir%_libtrigon_a_SOURCES += %reldir%/board.h %reldir%/board.c
# the board as an SVG picture
%canon_reldir%_libtrigon_a_SOURCES += %reldir%/svg.c
# the computer players
%canon_reldir%_libtrigon_a_SOURCES += %reldir%/bot.h %reldir%/bot.c
# help texts for `trigon help orders|card`; help-cards.c is
# made by data/trigon/help-cards.py from trigon-rules(7)
%canon_reldir%_libtrigon_a_SOURCES += %reldir%/help.h %reldir%/help.c \
	%reldir%/help-cards.c
EXTRA_DIST += data/trigon/help-cards.py

## --- embedded design data ----------------------------------------------
# data/GAME/*.ini are compiled in as C strings by build-aux/embed.sh.
DATA_INI = data/trigon/map.ini data/trigon/villages.ini data/trigon/quests.ini
EXTRA_DIST += build-aux/embed.sh $(DATA_INI)
%canon_reldir%_libtrigon_a_SOURCES += \
	%reldir%/data.h %reldir%/data.c \
	%reldir%/cards.h %reldir%/cards.c \
	%reldir%/scenario.h %reldir%/scenario.c
EMBED_C = %reldir%/embed-map.c %reldir%/embed-villages.c \
	%reldir%/embed-quests.c
nodist_%canon_reldir%_libtrigon_a_SOURCES = $(EMBED_C)
BUILT_SOURCES += $(EMBED_C)
CLEANFILES += $(EMBED_C)
EMBED_GEN = $(AM_V_GEN)$(MKDIR_P) %reldir% && \
	$(SHELL) $(top_srcdir)/build-aux/embed.sh
%reldir%/embed-map.c: $(srcdir)/data/trigon/map.ini $(srcdir)/build-aux/embed.sh
	$(EMBED_GEN) tg_embed_map $(srcdir)/data/trigon/map.ini > $@.tmp && mv $@.tmp $@
%reldir%/embed-villages.c: $(srcdir)/data/trigon/villages.ini $(srcdir)/build-aux/embed.sh
	$(EMBED_GEN) tg_embed_villages $(srcdir)/data/trigon/villages.ini > $@.tmp && mv $@.tmp $@
%reldir%/embed-quests.c: $(srcdir)/data/trigon/quests.ini $(srcdir)/build-aux/embed.sh
	$(EMBED_GEN) tg_embed_quests $(srcdir)/data/trigon/quests.ini > $@.tmp && mv $@.tmp $@

# Unit tests of the rules (t/unit/trigon/)
check_PROGRAMS += t/unit/trigon/engine
t_unit_trigon_engine_SOURCES = t/tap.h t/unit/trigon/engine.c
t_unit_trigon_engine_LDADD = $(UNIT_LDADD)
# the redo model over whole recorded games
check_PROGRAMS += t/unit/trigon/chance-redo
t_unit_trigon_chance_redo_SOURCES = t/tap.h t/unit/chance-mock.h \
	t/unit/trigon/chance-redo.c
t_unit_trigon_chance_redo_LDADD = $(UNIT_LDADD)
check_PROGRAMS += t/unit/trigon/trigon
t_unit_trigon_trigon_SOURCES = t/tap.h t/unit/trigon/trigon.c
t_unit_trigon_trigon_LDADD = $(UNIT_LDADD)
check_PROGRAMS += t/unit/trigon/data t/unit/trigon/cards
t_unit_trigon_data_SOURCES = t/tap.h t/unit/trigon/data.c
t_unit_trigon_data_LDADD = $(UNIT_LDADD)
t_unit_trigon_cards_SOURCES = t/tap.h t/unit/trigon/cards.c
t_unit_trigon_cards_LDADD = $(UNIT_LDADD)
check_PROGRAMS += t/unit/trigon/scenario
t_unit_trigon_scenario_SOURCES = t/tap.h t/unit/trigon/scenario.c
t_unit_trigon_scenario_LDADD = $(UNIT_LDADD)
check_PROGRAMS += t/unit/trigon/board
t_unit_trigon_board_SOURCES = t/tap.h t/unit/trigon/board.c
t_unit_trigon_board_LDADD = $(UNIT_LDADD)
# the computer players
check_PROGRAMS += t/unit/trigon/bot
t_unit_trigon_bot_SOURCES = t/tap.h t/unit/trigon/bot.c
t_unit_trigon_bot_LDADD = $(UNIT_LDADD)
# the rules tests: one file per part of trigon-rules(7), helpers in rules-util.h
check_PROGRAMS += t/unit/trigon/rules-setup
t_unit_trigon_rules_setup_SOURCES = t/tap.h t/unit/trigon/rules-util.h t/unit/trigon/rules-setup.c
t_unit_trigon_rules_setup_LDADD = $(UNIT_LDADD)
check_PROGRAMS += t/unit/trigon/cards-play t/unit/trigon/quests t/unit/trigon/deals
t_unit_trigon_cards_play_SOURCES = t/tap.h t/unit/trigon/rules-util.h t/unit/trigon/cards-play.c
t_unit_trigon_cards_play_LDADD = $(UNIT_LDADD)
t_unit_trigon_quests_SOURCES = t/tap.h t/unit/trigon/rules-util.h t/unit/trigon/quests.c
t_unit_trigon_quests_LDADD = $(UNIT_LDADD)
t_unit_trigon_deals_SOURCES = t/tap.h t/unit/trigon/rules-util.h t/unit/trigon/deals.c
t_unit_trigon_deals_LDADD = $(UNIT_LDADD)
check_PROGRAMS += t/unit/trigon/rules-round
t_unit_trigon_rules_round_SOURCES = t/tap.h t/unit/trigon/rules-util.h t/unit/trigon/rules-round.c
t_unit_trigon_rules_round_LDADD = $(UNIT_LDADD)
check_PROGRAMS += t/unit/trigon/rules-build
t_unit_trigon_rules_build_SOURCES = t/tap.h t/unit/trigon/rules-util.h t/unit/trigon/rules-build.c
t_unit_trigon_rules_build_LDADD = $(UNIT_LDADD)
check_PROGRAMS += t/unit/trigon/rules-move
t_unit_trigon_rules_move_SOURCES = t/tap.h t/unit/trigon/rules-util.h t/unit/trigon/rules-move.c
t_unit_trigon_rules_move_LDADD = $(UNIT_LDADD)
check_PROGRAMS += t/unit/trigon/rules-battle
t_unit_trigon_rules_battle_SOURCES = t/tap.h t/unit/trigon/rules-util.h t/unit/trigon/rules-battle.c
t_unit_trigon_rules_battle_LDADD = $(UNIT_LDADD)
check_PROGRAMS += t/unit/trigon/rules-found
t_unit_trigon_rules_found_SOURCES = t/tap.h t/unit/trigon/rules-util.h t/unit/trigon/rules-found.c
t_unit_trigon_rules_found_LDADD = $(UNIT_LDADD)
check_PROGRAMS += t/unit/trigon/rules-win
t_unit_trigon_rules_win_SOURCES = t/tap.h t/unit/trigon/rules-util.h t/unit/trigon/rules-win.c
t_unit_trigon_rules_win_LDADD = $(UNIT_LDADD)
check_PROGRAMS += t/unit/trigon/legal-agreement
t_unit_trigon_legal_agreement_SOURCES = t/tap.h t/unit/trigon/rules-util.h t/unit/trigon/legal-agreement.c
t_unit_trigon_legal_agreement_LDADD = $(UNIT_LDADD)
check_PROGRAMS += t/unit/trigon/hidden
t_unit_trigon_hidden_SOURCES = t/tap.h t/unit/trigon/rules-util.h t/unit/trigon/hidden.c
t_unit_trigon_hidden_LDADD = $(UNIT_LDADD)
check_PROGRAMS += t/unit/trigon/manpage
t_unit_trigon_manpage_SOURCES = t/tap.h t/unit/trigon/rules-util.h t/unit/trigon/manpage.c
t_unit_trigon_manpage_LDADD = $(UNIT_LDADD)
GAME_SRCS += $(%canon_reldir%_libtrigon_a_SOURCES)
GAME_NODIST_SRCS += $(nodist_%canon_reldir%_libtrigon_a_SOURCES)
# what trigon_rules tells the core
check_PROGRAMS += t/unit/trigon/meta
t_unit_trigon_meta_SOURCES = t/tap.h t/unit/trigon/meta.c
t_unit_trigon_meta_LDADD = $(UNIT_LDADD)
# fair chance on the decks: drawn a card at a time (doc/fair-chance.md)
check_PROGRAMS += t/unit/trigon/public-draws
check_PROGRAMS += t/unit/trigon/sealed
t_unit_trigon_sealed_SOURCES = t/tap.h t/unit/chance-rec.h t/unit/sealed-mock.h t/unit/trigon/rules-util.h t/unit/trigon/sealed.c
t_unit_trigon_sealed_LDADD = $(UNIT_LDADD)
t_unit_trigon_public_draws_SOURCES = t/tap.h t/unit/chance-mock.h t/unit/chance-rec.h t/unit/trigon/rules-util.h t/unit/trigon/public-draws.c
t_unit_trigon_public_draws_LDADD = $(UNIT_LDADD)
# the fuzz targets of Trigon's parsers, replayed by t/0008-fuzz-regress.t
# (make fuzz runs them under libFuzzer)
FUZZ_REPLAY += t/fuzz/trigon-data t/fuzz/trigon-orders
t_fuzz_trigon_data_SOURCES = fuzz/fuzz-trigon-data.c fuzz/replay.c
t_fuzz_trigon_data_LDADD = $(LIBS_ALL)
t_fuzz_trigon_orders_SOURCES = fuzz/fuzz-trigon-orders.c fuzz/replay.c
t_fuzz_trigon_orders_LDADD = $(LIBS_ALL)
EXTRA_DIST += fuzz/fuzz-trigon-data.c fuzz/trigon-data.dict fuzz/corpus/trigon-data
EXTRA_DIST += fuzz/fuzz-trigon-orders.c fuzz/trigon-orders.dict fuzz/corpus/trigon-orders
# the engine's speed and the design's balance (make bench, BENCHMARKS)
BENCH_PROGS += bench/bench-trigon-engine
bench_bench_trigon_engine_SOURCES = bench/bench-trigon-engine.c bench/clock.h
bench_bench_trigon_engine_LDADD = $(LIBS_ALL)
BENCH_PROGS += bench/bench-trigon-balance
bench_bench_trigon_balance_SOURCES = bench/bench-trigon-balance.c
bench_bench_trigon_balance_LDADD = $(LIBS_ALL)
