// board.js -- the places of the board (as trigon board --svg draws it)
// that the player's legal actions name, made clickable for page.js:
// Trigon's spots (id="spot-NAME"), Catan's hexes (id="hex-NAME") and
// its corners ("a3/b3/b4") and edges ("f1/f2"), marked where the named
// hexes' outlines meet, and the cells and cards of the player's own
// principality in the Duel (data-cell, data-card).  The picture itself
// is left as drawn; the marks go on top of it.
"use strict";

const SVGNS = "http://www.w3.org/2000/svg";

// Every word of every legal action.
function placeWords(legal) {
	const words = new Set();
	for (const a of legal) for (const w of a.split(" ")) words.add(w);
	return words;
}

// The elements of the picture that carry a place's name.
function namedElements(root, mine) {
	const m = new Map();
	for (const e of root.querySelectorAll('g[id^="spot-"]'))
		m.set(e.id.slice(5), e);
	for (const e of root.querySelectorAll('g[id^="hex-"]'))
		m.set(e.id.slice(4), e);
	const own = root.querySelector('g.principality[data-seat="' +
	    CSS.escape(mine) + '"]');
	if (own) {
		for (const e of own.querySelectorAll("g[data-cell]"))
			m.set(e.getAttribute("data-cell"), e);
		for (const e of own.querySelectorAll("g[data-card]"))
			m.set(e.getAttribute("data-card"), e);
	}
	return m;
}

// The outline of each hex: name -> [[x, y], ...].
function hexOutlines(root) {
	const m = new Map();
	for (const g of root.querySelectorAll('g[id^="hex-"]')) {
		const p = g.querySelector("polygon");
		if (p) m.set(g.id.slice(4), p.getAttribute("points").trim()
		    .split(/\s+/).map((xy) => xy.split(",").map(Number)));
	}
	return m;
}

// The points the outlines of the named hexes share (within a pixel).
function sharedPoints(outlines, names) {
	const lists = names.map((n) => outlines.get(n));
	if (names.length < 2 || lists.some((l) => !l)) return [];
	const near = (a, b) => Math.abs(a[0] - b[0]) < 1 &&
	    Math.abs(a[1] - b[1]) < 1;
	return lists[0].filter((p) => lists.slice(1).every((l) =>
	    l.some((q) => near(p, q))));
}

// A mark on top of the picture: a corner's circle, an edge's stroke.
function addMark(root, pts) {
	let e;
	if (pts.length === 1) {
		e = document.createElementNS(SVGNS, "circle");
		e.setAttribute("cx", pts[0][0]);
		e.setAttribute("cy", pts[0][1]);
		e.setAttribute("r", 9);
	} else if (pts.length === 2) {
		e = document.createElementNS(SVGNS, "line");
		e.setAttribute("x1", pts[0][0]);
		e.setAttribute("y1", pts[0][1]);
		e.setAttribute("x2", pts[1][0]);
		e.setAttribute("y2", pts[1][1]);
	} else
		return null;
	e.setAttribute("class", "mark");
	root.append(e);
	return e;
}

// Make the places s.legal names clickable: pick(name) on a click.
function boardTargets(root, s, pick) {
	const named = namedElements(root, s.mine);
	const outlines = hexOutlines(root);
	for (const w of placeWords(s.legal)) {
		let e = named.get(w);
		if (!e && w.includes("/"))
			e = addMark(root, sharedPoints(outlines, w.split("/")));
		if (!e) continue;
		e.classList.add("target");
		e.setAttribute("data-place", w);
		e.addEventListener("click", (ev) => {
			ev.stopPropagation();
			pick(w);
		});
	}
}
