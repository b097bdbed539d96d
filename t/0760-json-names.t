#!/bin/sh
test_description='Every name in the --json views of every rule set is the whole slug the order language and trigon help card take (trigon(1), status and board): the cards of Rule of Trigon, the pieces, resources and harbours of Catan and of Cities & Knights, the cards and regions of the Duel (never cut to the text board'"'"'s columns)'
. "$(dirname "$0")/setup.sh"

# names_ok FILE: each line of FILE (a name) is a card trigon help card
# describes; the ones it does not are in bad.
names_ok () {
	: >bad &&
	sort -u "$1" >"$1.u" &&
	while read -r n
	do
		trigon help card "$n" >/dev/null 2>&1 || echo "$n" >>bad
	done <"$1.u" &&
	test_must_be_empty bad
}

# views FILE: status --json and board --json of FILE, one a line.
views () {
	trigon status --json -f "$1" | jq -c . >views.json &&
	trigon board --json -f "$1" | jq -c . >>views.json
}

test_expect_success 'Rule of Trigon: the cards of the settlements and the quests done are whole card names' '
	cp "$TRIGON_SRC_DIR/examples/game.trigon" g.trigon &&
	views g.trigon &&
	jq -r ".state | (.spots[]?.settlement.card // empty),
		(.players[].quests_done[])" views.json >names &&
	test $(wc -l <names) -ge 10 &&
	names_ok names
'

# the words of the Catan order language (catan-rules(7), ORDERS): the
# pieces built, the resources traded, a harbour's kind.
catan_words="road settlement city ship knight brick wood wool grain ore
cloth coin paper any"

catan_names () {
	jq -r ".state | (.players[].pieces[]?.kind),
		(.harbors[]?.kind), (.bank | keys[])" views.json | sort -u >names &&
	: >bad &&
	while read -r n
	do
		case " $(echo $catan_words) " in
		*" $n "*) ;;
		*) echo "$n" >>bad ;;
		esac
	done <names &&
	test_must_be_empty bad &&
	grep -x city names && grep -x road names
}

test_expect_success 'Catan: pieces, harbours and the bank name what orders name' '
	test_keys &&
	SOURCE_DATE_EPOCH=1700000000 trigon new c.trigon --rules catan \
		--seed $SEED1 $(catan_players) >/dev/null &&
	"$PLAY" c.trigon 400 7 -x resign -p "build city" -p "build settlement" \
		keys/green.key keys/purple.key keys/yellow.key >/dev/null &&
	views c.trigon &&
	catan_names
'

test_expect_success 'Cities & Knights: the same, knights and the commodities too' '
	cp "$TRIGON_SRC_DIR/examples/cities.trigon" ck.trigon &&
	views ck.trigon &&
	catan_names &&
	grep -x knight names && grep -x paper names
'

test_expect_success 'the Duel: every card on a principality, the events seen and the discard'"'"'s top are whole slugs (DU17.1), graanhandelsschip never graanhande' '
	cp "$TRIGON_SRC_DIR/examples/duel.trigon" d.trigon &&
	views d.trigon &&
	jq -r ".state | (.players[].cells[] | select(test(\":\") | not)),
		(.events_seen[]), (.discard_top // empty)" views.json >names &&
	grep -x graanhandelsschip names &&
	grep -x groot-handelsschip names &&
	grep -x dorp names && grep -x stad names && grep -x straat names &&
	names_ok names
'

test_expect_success 'the Duel: a region is the name "regions" takes, then what it stores (bos-2:1)' '
	jq -r ".state.players[].cells[] | select(test(\":\"))" views.json \
		>regions &&
	test $(wc -l <regions) -ge 12 &&
	! grep -v -E "^(akkers|bergen|bos|heuvels|rivier|weiden)-[1-6]:[0-3]\$" regions
'

test_done
