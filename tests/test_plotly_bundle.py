"""Which plotly.js the page serves (dashboard/plotly_bundle.py): the vendored cartesian bundle and its address.

The browser's side (the small bundle loaded, the full one once a figure
needs it, the fallback when the versions differ) is in
``tests/test_browser_plotly.py``.
"""

from __future__ import annotations

import json
import re
from importlib import resources

import pytest

from dashboard import plotly_bundle


def _header(path) -> str:
    with path.open("rb") as stream:
        return stream.read(400).decode("utf-8")


def test_the_versions_are_read_from_each_bundle_s_own_header() -> None:
    # Read here independently: the line "plotly.js ... vX.Y.Z" at the top of each file.
    pattern = re.compile(r"plotly\.js[^\n]*? v([0-9][^\s]*)")
    small = pattern.search(_header(plotly_bundle.SMALL_BUNDLE))
    full = pattern.search(_header(resources.files("plotly") / "package_data" / "plotly.min.js"))
    assert small and full
    assert plotly_bundle.small_bundle_version() == small.group(1)
    assert plotly_bundle.dash_bundle_version() == full.group(1)
    assert plotly_bundle.header_version("/* some other script v1.2.3 */") is None
    assert plotly_bundle.header_version("") is None


def test_the_vendored_bundle_keeps_its_licence_and_is_the_cartesian_bundle() -> None:
    head = _header(plotly_bundle.SMALL_BUNDLE)
    assert "plotly.js (cartesian - minified)" in head
    assert "Licensed under the MIT license" in head and "Copyright" in head
    licence = (plotly_bundle.SMALL_BUNDLE.parent / "LICENSE").read_text(encoding="utf-8")
    assert licence.startswith("MIT License")
    readme = (plotly_bundle.SMALL_BUNDLE.parent / "README.md").read_text(encoding="utf-8")
    assert f"plotly.js-cartesian-dist-min@{plotly_bundle.small_bundle_version()}" in readme


def test_the_page_names_the_small_bundle_only_when_its_version_is_dash_s(monkeypatch) -> None:
    version = plotly_bundle.small_bundle_version()
    monkeypatch.setattr(plotly_bundle, "dash_bundle_version", lambda: version)
    setting = plotly_bundle.page_setting("/app/")
    assert setting == {"url": "/app/" + plotly_bundle.bundle_route(), "version": version}
    assert version in setting["url"]
    for other in (version + ".1", "0.0.1", None):
        monkeypatch.setattr(plotly_bundle, "dash_bundle_version", lambda other=other: other)
        assert plotly_bundle.page_setting("/") is None, other
    monkeypatch.setattr(plotly_bundle, "small_bundle_version", lambda: None)
    monkeypatch.setattr(plotly_bundle, "dash_bundle_version", lambda: None)
    assert plotly_bundle.page_setting("/") is None


@pytest.fixture(scope="module")
def client():
    from dashboard.app import create_app

    return create_app().server.test_client()


def test_the_small_bundle_is_served_at_its_versioned_address_for_a_year(client) -> None:
    answer = client.get("/" + plotly_bundle.bundle_route())
    assert answer.status_code == 200
    assert answer.data == plotly_bundle.SMALL_BUNDLE.read_bytes()
    assert answer.mimetype == "text/javascript"
    cache = answer.headers["Cache-Control"]
    assert f"max-age={plotly_bundle.MAX_AGE_S}" in cache and "immutable" in cache
    assert plotly_bundle.MAX_AGE_S >= 365 * 24 * 3600
    # Another version's address is not the bundle (Dash answers any other address with the page).
    assert client.get("/vendor/plotly-cartesian-0.0.0.min.js").mimetype != "text/javascript"


def test_the_page_tells_its_script_which_bundle_to_load(client) -> None:
    page = client.get("/").get_data(as_text=True)
    found = re.search(r"window\.ptsqPlotly = (.*?);", page)
    assert found, "the page names no plotly.js setting"
    expected = plotly_bundle.page_setting("/")
    assert json.loads(found.group(1)) == expected
    if plotly_bundle.small_bundle_version() == plotly_bundle.dash_bundle_version():
        assert expected is not None and client.get(expected["url"]).status_code == 200
