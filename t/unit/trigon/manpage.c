/*
 * t/unit/manpage.c -- the examples of trigon-rules(7)'s ORDER LANGUAGE
 * section are real orders: every quoted order (.Ql) of its list "An
 * example of every order" parses with tg_parse, prints back in the same canonical form, and
 * together they give an example of every action kind.  Quoted
 * templates (with SPOT, COLOR, "|" in them) are skipped.
 */
#include <ctype.h>
#include <stdio.h>

#include "../../tap.h"
#include "rules-util.h"

/* Does the token end a .Ql argument list (a delimiter or a macro)? */
static int
ends_ql(const char *tok)
{
	static const char *const stop[] = { ",", ";", ":", ".", ")", "(",
	    "Ql", "No", "Pq", "Sx", "Cm", "Dq", "Ar", "Ns" };

	for (size_t i = 0; i < sizeof stop / sizeof stop[0]; i++)
		if (strcmp(tok, stop[i]) == 0)
			return 1;
	return 0;
}

int
main(void)
{
	static const int GP[] = { TG_GREEN, TG_PURPLE };
	const char *path = test_file("../man/trigon-rules.7");
	FILE *f = fopen(path, "r");
	char line[1024];
	int in = 0, examples = 0, bad = 0, noncanon = 0, skipped = 0;
	int kinds[TG_A_KINDS] = { 0 }, missing = 0;
	struct tg_state st;

	util_init();
	if (f == NULL)
		bail("cannot open %s", path);
	game(&st, 2, GP, 0x11);
	while (fgets(line, sizeof line, f) != NULL) {
		char *tok[64], *save = NULL;
		int nt = 0;

		/* The list after "An example of every order:". */
		if (strcmp(line, "An example of every order:\n") == 0)
			in = 1;
		else if (in && strcmp(line, ".El\n") == 0)
			in = 2;
		if (in != 1 || line[0] != '.')
			continue;
		for (char *t = strtok_r(line + 1, " \n", &save); t != NULL &&
		    nt < 64; t = strtok_r(NULL, " \n", &save))
			tok[nt++] = t;
		for (int i = 0; i < nt; i++) {
			char order[256], back[256];
			size_t len = 0;
			int tmpl = 0;
			struct tg_action a;
			struct rules_error err;

			if (strcmp(tok[i], "Ql") != 0)
				continue;
			order[0] = '\0';
			for (i++; i < nt && !ends_ql(tok[i]); i++) {
				len += (size_t)snprintf(order + len,
				    sizeof order - len, "%s%s", len ? " " : "",
				    tok[i]);
				for (const char *p = tok[i]; *p; p++)
					if (isupper((unsigned char)*p) ||
					    *p == '|')
						tmpl = 1;
			}
			i--;		/* the stop token may be another Ql */
			if (len == 0 || tmpl) {
				skipped++;
				continue;
			}
			examples++;
			if (tg_parse(&D, &st, 0, order, strlen(order), &a,
			    &err) != 0) {
				if (bad++ < 10)
					diag("does not parse: '%s': %s", order,
					    err.msg);
				continue;
			}
			kinds[a.kind]++;
			tg_format(&D, &a, back, sizeof back);
			if (strcmp(back, order) != 0 && noncanon++ < 10)
				diag("not canonical: '%s' prints '%s'", order,
				    back);
		}
	}
	fclose(f);
	for (int k = TG_A_BUILD; k < TG_A_KINDS; k++)
		if (kinds[k] == 0 && missing++ < 10)
			diag("no example of action kind %d", k);
	diag("%d examples, %d templates skipped", examples, skipped);
	ok(in == 2 && examples >= 30,
	    "trigon-rules(7): the ORDER LANGUAGE section has its list of examples");
	is_int(0, bad, "trigon-rules(7): every example order parses");
	is_int(0, noncanon, "trigon-rules(7): every example order is in canonical form");
	is_int(0, missing, "trigon-rules(7): an example of every action kind");
	return done_testing();
}
