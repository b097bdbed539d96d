#!/usr/bin/env python3
"""servebrowser.py URL OUTDIR -- drive trigon serve's page in headless
chromium (python3-selenium with chromium-driver) for t/0901-serve-browser.t.

Loads the page at 1280x800, waits for the board, prints what the page
shows (the turn line, the number of legal actions), clicks the first
legal action, then "move", waits for the result and prints it and the
action played; moves the replay slider to 0 and prints the turn line;
takes a screenshot at 1280x800 and at 390x844 into OUTDIR and prints
whether the page is wider than the window at each ("overflow: no").
Exit 2 when selenium or chromium cannot start (the test then skips).
"""
import os
import sys

try:
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import WebDriverWait
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
    wait.until(lambda d: text(d, "result") != "")
    return action, text(d, "result")


def main():
    url, out = sys.argv[1], sys.argv[2]
    try:
        d = start()
    except Exception as e:  # no chromium, no driver
        print("servebrowser: cannot start chromium: %s" % e, file=sys.stderr)
        sys.exit(2)
    try:
        wait = WebDriverWait(d, 20)
        d.get(url)
        wait.until(lambda d: d.find_elements(By.CSS_SELECTOR, "#board svg"))
        wait.until(lambda d: text(d, "turn") != "")
        print("turn: " + text(d, "turn"))
        n = d.execute_script("return last.legal.length")
        print("legal: %d" % n)
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
