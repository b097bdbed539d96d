#!/usr/bin/env python3
"""servebrowser.py URL OUTDIR [game MAX] -- drive trigon serve's page in
headless chromium (python3-selenium with chromium-driver) for
t/0901-serve-browser.t.

Loads the page at 1280x800, waits for the board, prints what the page
shows (the turn line, the number of legal actions), then either clicks
the first legal action and "move" and prints the result and the action
played, or with "game MAX" plays the first legal action of each of the
player's turns by clicks until the game is over or MAX were played: a
place of the board the action names is clicked first (the page then
lists the actions naming it, or puts the one alone in the order box),
else the action's button; then "move", whose answer comes after the
computer's.  Then moves the replay slider to 0 and prints the turn
line; takes a screenshot at 1280x800 and at 390x844 into OUTDIR and
prints whether the page is wider than the window at each ("overflow:
no").  Exit 2 when selenium or chromium cannot start (the test then
skips).  With "share STEP...": clicks the sharing buttons (share());
with "phone": reloads at 390x844 and prints the text's font sizes
(phone()).  With "spot [CMD]": clicks a spot of Trigon's map a legal
action names (spot()), moves, then runs CMD, if given, in a shell and
waits for the page to redraw the board (redraw()).
"""
import subprocess
import os
import sys

try:
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import WebDriverWait
    from selenium.common.exceptions import StaleElementReferenceException
except ImportError as e:
    print("servebrowser: no selenium: %s" % e, file=sys.stderr)
    sys.exit(2)


def start():
    opts = webdriver.ChromeOptions()
    for a in ("--headless=new", "--no-sandbox", "--disable-gpu",
              "--disable-dev-shm-usage", "--window-size=1280,800"):
        opts.add_argument(a)
    for b in ("/usr/bin/chromium", "/usr/bin/chromium-browser"):
        if os.path.exists(b):
            opts.binary_location = b
    service = Service(executable_path="/usr/bin/chromedriver")
    return webdriver.Chrome(options=opts, service=service)


def text(d, id_):
    return d.find_element(By.ID, id_).text


def overflow(d):
    return d.execute_script(
        "return document.documentElement.scrollWidth > window.innerWidth")


def play_first(d, wait):
    """Click the first legal action (opening its group) and move."""
    first = d.find_elements(By.CSS_SELECTOR, "#legal > button, #legal details")[0]
    if first.tag_name == "details":
        first.find_element(By.TAG_NAME, "summary").click()
        first = first.find_element(By.TAG_NAME, "button")
    action = first.text
    first.click()
    d.find_element(By.ID, "move").click()
    wait.until(lambda d: text(d, "result") not in ("", "\u2026"))
    return action, text(d, "result")


def legal_button(d, action):
    """The button of action in the list, its group opened."""
    for b in d.find_elements(By.CSS_SELECTOR, "#legal button"):
        if b.get_attribute("textContent") == action:
            if not b.is_displayed():
                det = b.find_element(By.XPATH, "ancestor::details")
                det.find_element(By.TAG_NAME, "summary").click()
            return b
    raise RuntimeError("no button for '%s'" % action)


def place_of(d, action):
    """The first place of the board action names, or None."""
    for w in action.split(" "):
        for e in d.find_elements(By.CSS_SELECTOR, "#board [data-place]"):
            if e.get_attribute("data-place") == w:
                return e
    return None


def play_one(d, wait, counts):
    """Play the first legal action by clicks; False when none is left.
    The page redraws when the file changes: a click on what it has
    just replaced is tried again."""
    for _ in range(5):
        try:
            return play_clicks(d, wait, counts)
        except StaleElementReferenceException:
            continue
    raise RuntimeError("the page kept changing under the clicks")


def play_clicks(d, wait, counts):
    state = d.execute_script("return last")
    if state["await"]["over"] or not state["legal"]:
        return False
    action = state["legal"][0]
    n = state["nactions"]
    place = place_of(d, action)
    if place is not None:
        place.click()
        counts["place"] += 1
        if d.find_element(By.ID, "order-text").get_attribute("value") != action:
            legal_button(d, action).click()
    else:
        legal_button(d, action).click()
    d.find_element(By.ID, "move").click()
    wait.until(lambda d: d.execute_script(
        "return last.nactions > %d && !document.getElementById('move')"
        ".disabled" % n))
    counts["moves"] += 1
    print("move: " + action + " -> " + text(d, "result"))
    return True


def spot(d, wait):
    """Click the spot of the map the fewest legal actions name (one
    alone if any: the page puts it in the order box, else lists those
    naming it); print the spots marked, the spot, the actions listed
    and the order box; then play the first listed by clicks."""
    state = d.execute_script("return last")
    spots = d.find_elements(By.CSS_SELECTOR, '#board g[id^="spot-"][data-place]')
    print("spots: %d" % len(spots))
    def naming(e):
        w = e.get_attribute("data-place")
        return [a for a in state["legal"] if w in a.split(" ")]
    best = min(spots, key=lambda e: len(naming(e)))
    name = best.get_attribute("data-place")
    # The spot's dot, as a player clicks it: the middle of the group
    # (dot and name) may fall between them, on the island.
    best.find_element(By.TAG_NAME, "circle").click()
    listed = [b.get_attribute("textContent")
              for b in d.find_elements(By.CSS_SELECTOR, "#legal button")]
    print("spot: " + name)
    print("named: %d" % len(naming(best)))
    print("filter: " + text(d, "filter-text"))
    print("listed: %d" % len(listed))
    print("order: " + d.find_element(By.ID, "order-text").get_attribute("value"))
    action = listed[0]
    if d.find_element(By.ID, "order-text").get_attribute("value") != action:
        legal_button(d, action).click()
    d.find_element(By.ID, "move").click()
    wait.until(lambda d: text(d, "result") not in ("", "\u2026"))
    wait.until(lambda d: d.execute_script(
        "return last.nactions > %d" % state["nactions"]))
    print("action: " + action)
    print("result: " + text(d, "result"))


def redraw(d, wait, cmd):
    """Run cmd (another command changing the file) and wait for the
    page to draw the new position by itself."""
    n = d.execute_script("return last.nactions")
    before = d.execute_script(
        "window.oldSvg = document.querySelector('#board svg');"
        "return last.board")
    subprocess.run(cmd, shell=True, check=True)
    wait.until(lambda d: d.execute_script("return last.nactions") > n)
    print("redrawn: %d -> %d" % (n, d.execute_script("return last.nactions")))
    print("board changed: %s" % ("yes" if d.execute_script(
        "return last.board") != before else "no"))
    print("board drawn anew: %s" % ("yes" if d.execute_script(
        "return document.querySelector('#board svg') !== window.oldSvg"
        " && !document.contains(window.oldSvg)") else "no"))
    print("turn: " + text(d, "turn"))


def play_game(d, wait, most):
    counts = {"place": 0, "moves": 0}
    while counts["moves"] < most and play_one(d, wait, counts):
        pass
    state = d.execute_script("return last")
    print("moves: %d" % counts["moves"])
    print("places clicked: %d" % counts["place"])
    print("over: %s" % ("yes" if state["await"]["over"] else "no"))
    print("turn: " + text(d, "turn"))


def share(d, wait, steps):
    """Click each sharing button (sync, push, mail-show, mail-send,
    apply=FILE: the file pasted into the box first) and print what the
    page shows: "== ID ok|refused", then the text."""
    for step in steps:
        id_, _, path = step.partition("=")
        if path:
            with open(path) as f:
                d.execute_script("document.getElementById('apply-text')"
                                 ".value = arguments[0]", f.read())
        d.execute_script("document.getElementById('share-said')"
                         ".textContent = ''")
        d.find_element(By.ID, id_).click()
        wait.until(lambda d: text(d, "share-said") not in ("", "\u2026"))
        cls = d.find_element(By.ID, "share-said").get_attribute("class")
        print("== %s %s" % (id_, "refused" if cls == "refused" else "ok"))
        print(d.find_element(By.ID, "share-said")
              .get_attribute("textContent").rstrip("\n"))


# The Share buttons, each shown only where it applies.
SHARE = ("commit", "sync", "push", "mail-show", "mail-send", "apply")


# What a phone shows under the board: the smallest font of each.
PHONE = ("#turn", "#awaits", "h2", "#order-text", "#result", "#hint-text",
         "#legal button", "#hand", "#log li", "#share-said", "#apply-text",
         "#computer", "button")


def phone(d):
    """Print the window's width, the board's, the smallest computed
    font size of each kind of text, the lowest button."""
    print("width: %d" % d.execute_script("return window.innerWidth"))
    print("board: %d" % d.execute_script(
        "return document.getElementById('board').clientWidth"))
    for sel in PHONE:
        px = d.execute_script(
            "let m = 0; for (const e of document.querySelectorAll("
            "arguments[0])) { const f = parseFloat(getComputedStyle(e)"
            ".fontSize); if (!m || f < m) m = f; } return m", sel)
        print("font %s: %g" % (sel, px))
    print("button height: %g" % d.execute_script(
        "let m = 0; for (const e of document.querySelectorAll('button')) {"
        " const h = e.getBoundingClientRect().height; if (h > 0 && (!m ||"
        " h < m)) m = h; } return m"))


def main():
    url, out = sys.argv[1], sys.argv[2]
    mode = sys.argv[3] if len(sys.argv) > 3 else "first"
    try:
        d = start()
    except Exception as e:  # no chromium, no driver
        print("servebrowser: cannot start chromium: %s" % e, file=sys.stderr)
        sys.exit(2)
    try:
        wait = WebDriverWait(d, 60)
        d.get(url)
        wait.until(lambda d: d.find_elements(By.CSS_SELECTOR, "#board svg"))
        wait.until(lambda d: text(d, "turn") != "")
        print("turn: " + text(d, "turn"))
        n = d.execute_script("return last.legal.length")
        print("legal: %d" % n)
        print("share: " + (" ".join(i for i in SHARE if d.find_element(
            By.ID, i).is_displayed()) or "none"))
        if mode == "share":
            share(d, wait, sys.argv[4:])
            return
        if mode == "spot":
            spot(d, wait)
            if len(sys.argv) > 4:
                redraw(d, wait, sys.argv[4])
            return
        if mode == "phone":
            d.set_window_size(390, 844)
            d.get(url)
            wait.until(lambda d: text(d, "turn") != "")
            phone(d)
            d.save_screenshot(os.path.join(out, "page-phone.png"))
            print("overflow 390x844: %s" % ("yes" if overflow(d) else "no"))
            return
        if mode == "game":
            d.save_screenshot(os.path.join(out, "page-live.png"))
            play_game(d, wait, int(sys.argv[4]))
        else:
            action, result = play_first(d, wait)
            print("action: " + action)
            print("result: " + result)
        d.execute_script(
            "const a = document.getElementById('at'); a.value = 0;"
            "a.dispatchEvent(new Event('input'));")
        wait.until(lambda d: "replay" in text(d, "turn"))
        print("replay: " + text(d, "turn"))
        d.save_screenshot(os.path.join(out, "page-1280x800.png"))
        print("overflow 1280x800: %s" % ("yes" if overflow(d) else "no"))
        d.set_window_size(390, 844)
        d.save_screenshot(os.path.join(out, "page-390x844.png"))
        print("overflow 390x844: %s" % ("yes" if overflow(d) else "no"))
        for entry in d.get_log("browser"):
            print("console: %s %s" % (entry["level"], entry["message"]))
    finally:
        d.quit()


main()
