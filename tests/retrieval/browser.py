"""A real headless Chromium for the view's tests (Debian's ``chromium`` and ``chromium-driver``,
driven by selenium); a test that needs it skips, saying why, only when they are not installed."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

CHROMIUM = next((p for p in map(shutil.which, ("chromium", "chromium-browser")) if p), None)
DRIVER = shutil.which("chromedriver")
MISSING = ("chromium / chromium-driver are not installed (apt-get install -y chromium chromium-driver; "
           ".ci/run installs them)")


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    if not (CHROMIUM and DRIVER):
        pytest.skip(MISSING)
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for arg in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                "--window-size=1400,900", "--force-device-scale-factor=1"):
        options.add_argument(arg)
    driver = webdriver.Chrome(options=options, service=Service(DRIVER))
    try:
        yield driver
    finally:
        driver.quit()


def open_page(driver: Any, page: Path) -> None:
    """Load ``page`` and wait for its first frame (``ownergraphView.readyMs`` set)."""
    from selenium.webdriver.support.ui import WebDriverWait

    driver.get(page.resolve().as_uri())
    WebDriverWait(driver, 20).until(
        lambda d: d.execute_script("return window.ownergraphView && window.ownergraphView.readyMs"))


def move_slider(driver: Any, slider_id: str, day: str) -> None:
    """Move a range input to ``day`` the way a keyboard does: put it one step short, then press
    the right arrow (a real key event, which fires the page's own input handler)."""
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys

    el = driver.find_element(By.ID, slider_id)
    driver.execute_script("arguments[0].value = ownergraphView.dayOf(arguments[1]) - 1;", el, day)
    el.send_keys(Keys.ARROW_RIGHT)
