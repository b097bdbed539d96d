// page.js -- trigon serve's page: draws what GET /api/state answers,
// replays a position (?at=N), sends orders (POST /api/move), asks for a
// hint (GET /api/hint), shares the game by git and mail (/api/git,
// /api/mail, /api/apply) and redraws when the save file changes (GET
// /api/stamp).  The places of the board a legal action names are
// clickable (board.js).  The token of the URL goes with every request;
// the key stays in the server.
"use strict";

const token = new URLSearchParams(location.search).get("token") || "";
const $ = (id) => document.getElementById(id);
let live = true, last = null, stamp = null, filter = null;

function api(path, opts) {
	const sep = path.includes("?") ? "&" : "?";
	return fetch(path + sep + "token=" + encodeURIComponent(token), opts);
}

function el(tag, text, cls) {
	const e = document.createElement(tag);
	if (text !== undefined) e.textContent = text;
	if (cls) e.className = cls;
	return e;
}

function drawBoard(s) {
	const doc = new DOMParser().parseFromString(s.board, "image/svg+xml");
	const root = document.importNode(doc.documentElement, true);
	root.removeAttribute("width");
	root.removeAttribute("height");
	$("board").replaceChildren(root);
	if (s.at === null && s.mine) boardTargets(root, s, pickPlace);
}

// A place of the board clicked: the actions naming it; one alone goes
// into the order box.
function pickPlace(name) {
	filter = name;
	drawLegal(last.legal);
	const named = last.legal.filter((a) => a.split(" ").includes(name));
	if (named.length === 1) {
		$("order-text").value = named[0];
		$("move").focus();
	}
}

function drawLog(log) {
	const ol = $("log");
	ol.replaceChildren();
	for (const a of log) {
		const li = el("li", a.seat + ": " + a.action);
		li.value = a.seq;
		ol.append(li);
		for (const n of a.notes) ol.append(el("li", n, "note"));
	}
	ol.scrollTop = ol.scrollHeight;
}

// The legal actions grouped by their first two words, as trigon play
// groups them; a click puts the action in the order box.  With a place
// of the board picked (filter), those naming it alone.
function drawLegal(all) {
	const legal = filter === null ? all :
	    all.filter((a) => a.split(" ").includes(filter));
	$("filter").classList.toggle("hidden", filter === null);
	$("filter-text").textContent = filter === null ? "" :
	    "actions naming " + filter + ": " + legal.length;
	const groups = new Map();
	for (const a of legal) {
		const k = a.split(" ").slice(0, 2).join(" ");
		if (!groups.has(k)) groups.set(k, []);
		groups.get(k).push(a);
	}
	const box = $("legal");
	box.replaceChildren();
	for (const [k, list] of groups) {
		const pick = (a) => {
			const b = el("button", a);
			b.type = "button";
			b.addEventListener("click", () => {
				$("order-text").value = a;
				$("move").focus();
			});
			return b;
		};
		if (list.length === 1) { box.append(pick(list[0])); continue; }
		const d = el("details");
		d.append(el("summary", k + ": " + list.length + " choices"));
		for (const a of list) d.append(pick(a));
		box.append(d);
	}
}

function drawTurn(s) {
	const w = s.await;
	let t = w.over ? "The game is over" + (w.winner ? ": " + w.winner +
	    " won (" + w.how + ")" : "") : w.text;
	if (s.at !== null) t = "Position after action " + s.at + " of " +
	    s.nactions + " (replay)";
	$("turn").textContent = t;
	$("awaits").textContent = s.awaits ? "awaits answers: " + s.awaits : "";
	$("title").textContent = s.title + " \u2014 " + s.file +
	    (s.mine ? " \u2014 you play " + s.mine : " \u2014 no key: replay");
}

// The Share buttons where they apply, as the server says (share):
// commit in a git work tree, sync and push with its remote, the mail
// of the key's moves and apply for a game by mail.
function drawShare(sh, mine) {
	const show = (id, on) => $(id).classList.toggle("hidden", !on);
	show("commit", sh.git);
	show("sync", sh.remote);
	show("push", sh.remote);
	show("git-tools", sh.git);
	show("mail-tools", sh.mail && mine);
	show("apply-tools", sh.mail);
	show("share", sh.git || sh.mail);
}

function draw(s) {
	last = s;
	drawTurn(s);
	if (filter !== null && !s.legal.some((a) =>
	    a.split(" ").includes(filter))) filter = null;
	drawBoard(s);
	drawLog(s.log);
	$("hand-box").classList.toggle("hidden", s.hand === null);
	$("hand").textContent = s.hand || "";
	$("orders").classList.toggle("hidden", !s.mine || s.at !== null);
	$("computer").textContent = s.computer.length ? "the computer plays " +
	    s.computer.join(", ") : "";
	drawLegal(s.legal);
	drawShare(s.share, s.mine);
	const at = $("at");
	at.max = s.nactions;
	at.value = s.at === null ? s.nactions : s.at;
	$("at-label").textContent = at.value + "/" + s.nactions;
}

async function load(at) {
	live = at === undefined;
	const r = await api("/api/state" + (live ? "" : "?at=" + at));
	const s = await r.json();
	if (!r.ok) { $("turn").textContent = s.error; return; }
	if (live) stamp = s.stamp;
	draw(s);
}

async function move(text) {
	$("move").disabled = true;
	$("result").className = "";
	$("result").textContent = "\u2026";
	const r = await api("/api/move", { method: "POST", body: text,
	    headers: { "Content-Type": "text/plain" } });
	const s = await r.json();
	$("result").className = r.ok ? "" : "refused";
	$("result").textContent = r.ok ? "played " + s.played +
	    (s.not_played.length ? "; not played yet: " +
	    s.not_played.join(", ") : "") + (s.computer ? "; the computer " +
	    "answered" : "") : s.error;
	if (r.ok) {
		$("order-text").value = "";
		filter = null;
	}
	await load();
	$("move").disabled = false;
}

async function hint() {
	$("hint-text").textContent = "\u2026";
	const r = await api("/api/hint");
	const s = await r.json();
	$("hint-text").textContent = r.ok ? "the computer would play: " +
	    s.hint : s.error;
	if (r.ok) $("order-text").value = s.hint;
}

// The sharing buttons (trigon sync, push, mail, mail --send, apply):
// what the command printed, shown as it printed it.
async function share(path, opts) {
	const said = $("share-said");
	said.className = "";
	said.textContent = "\u2026";
	const r = await api(path, opts);
	const s = await r.json();
	said.className = r.ok ? "" : "refused";
	said.textContent = s.error !== undefined ? s.error : s.said;
	if (r.ok) await load();
}

const post = (body) => ({ method: "POST", body: body || "",
    headers: { "Content-Type": "text/plain" } });

function seek(n) {
	if (!last) return;
	n = Math.max(0, Math.min(last.nactions, n));
	load(n === last.nactions ? undefined : n);
}

async function poll() {
	try {
		const r = await api("/api/stamp");
		const s = await r.json();
		if (live && stamp !== null && s.stamp !== stamp) await load();
	} catch (e) { /* the server stopped: keep the page */ }
	setTimeout(poll, 2000);
}

$("order").addEventListener("submit", (ev) => {
	ev.preventDefault();
	const t = $("order-text").value.trim();
	if (t) move(t);
});
$("hint").addEventListener("click", hint);
$("commit").addEventListener("click", () =>
    share("/api/git?do=commit", post()));
$("sync").addEventListener("click", () => share("/api/git?do=sync", post()));
$("push").addEventListener("click", () => share("/api/git?do=push", post()));
$("mail-show").addEventListener("click", () => share("/api/mail"));
$("mail-send").addEventListener("click", () => share("/api/mail", post()));
$("apply").addEventListener("click", () =>
    share("/api/apply", post($("apply-text").value)));
$("filter-clear").addEventListener("click", () => {
	filter = null;
	drawLegal(last.legal);
});
$("at").addEventListener("input", () => seek(Number($("at").value)));
$("prev").addEventListener("click", () => seek(Number($("at").value) - 1));
$("next").addEventListener("click", () => seek(Number($("at").value) + 1));
$("now").addEventListener("click", () => seek(last ? last.nactions : 0));
load().then(poll);
