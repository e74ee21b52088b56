/* Put-or-Take-a-Square explorer: keyboard and screen-reader support that
   Dash 4's components leave out.

   1. Tabs (every dcc.Tabs on the page).  dcc.Tabs draws its tabs as plain
      <div>s that a keyboard cannot reach.  Each tab list gets role="tablist",
      each tab role="tab", tabindex="0" (the Tab key reaches every tab) and
      aria-selected; Enter or Space opens the focused tab, and the arrow keys,
      Home and End move to another tab and open it.
   2. Sliders.  dcc.Slider (Radix) gives its thumb no accessible name and
      announces the raw value (the N slider said "4" for N = 10,000).  Each
      thumb gets an aria-label and an aria-valuetext in words.

   3. Option lists (dcc.RadioItems, dcc.Checklist).  Dash 4 draws them as
      role="listbox" holding labels with role="option" around real radio
      buttons and check boxes: an interactive control inside another, and a
      list box with no name.  The list becomes a radiogroup (or a group of
      check boxes), the labels plain labels, and the group is named by the
      <label for=ID> that names it, else its one option's text, else the
      aria-label of the element around it.
   4. Drop-down menus (dcc.Dropdown).  Dash 4 puts an aria-hidden text box
      before the menu's button to take the Tab key's focus and hand it on (a
      focusable element hidden from screen readers).  The box leaves the Tab
      order and the button, which has the menu's name, takes its place.
   5. The number box beside a slider (allow_direct_input) gets the slider's name.

   6. Graphs.  The page's mode bar config (dashboard/components.py: no logo,
      no cloud buttons, PNG camera) becomes plotly.js's default the moment
      plotly.js loads, so every graph has it whoever built the graph, plus a
      "Download plot as SVG" button (its action is a function, which a Dash
      figure's JSON config cannot carry), and WebGL drawn at the screen's
      pixel ratio.  Section 6b below picks which
      plotly.js loads: the cartesian bundle the page serves, and Dash's full
      bundle once a figure needs a trace type it lacks.

   7. File uploads (dcc.Upload).  Dash 4 puts a hidden file input with no
      name beside the upload's own content, and the Tab key stops on it.  The
      input is named by the upload's text (its button's, where it holds one),
      and where a button is inside it leaves the Tab order and the
      accessibility tree to the button, whose click opens the file dialog.

   A MutationObserver applies 1 to 5 and 7 whenever Dash redraws the page. */
(function () {
    "use strict";

    var SVG_BUTTON = {
        name: "downloadSvg",
        title: "Download plot as SVG (vector)",
        icon: {width: 24, height: 24, path: "M5 20h14v-2H5v2zM11 3v10.2l-3.6-3.6L6 11l6 6 6-6-1.4-1.4-3.6 3.6V3h-2z"},
        click: function (gd) {
            var holder = gd.closest("[id]");
            window.Plotly.downloadImage(gd, {format: "svg", filename: holder ? holder.id : "figure"});
        }
    };

    function configurePlotly(plotly) {
        if (plotly && typeof plotly.setPlotConfig === "function") {
            // The page's config (dashboard/components.py, put in the page by
            // dashboard/app.py) becomes every graph's default.
            // WebGL graphs (the 3-D octant) are drawn at the screen's own
            // pixel ratio: plotly.js's default, 2, draws four times the
            // pixels on an ordinary screen, which a browser drawing WebGL in
            // software (no graphics processor) pays for on every frame.
            var ratio = Math.min(4, Math.max(1, window.devicePixelRatio || 1));
            var config = Object.assign({}, window.ptsqGraphConfig || {}, {
                modeBarButtonsToAdd: [SVG_BUTTON],
                plotGlPixelRatio: ratio
            });
            plotly.setPlotConfig(config);
        }
    }

    // 0. dcc.Tabs asks Dash's renderer (dashChildrenUpdate) to redraw it when
    //    any of its tabs' props change.  The renderer then checks, for every
    //    mounted dcc.Tabs on every update of the page's store, every component
    //    path updated so far; this page holds some thirty dcc.Tabs (the tab bar
    //    and the deferred holders, dashboard/components.py), and the check cost
    //    about 0.4 s of a tab's first opening (profiles of the Thesis tab's:
    //    the renderer's script time 0.64-0.88 s with it, 0.23 s without).  No
    //    callback of the page changes a dcc.Tab's props (a tab's content
    //    redraws itself), so the flag is dropped.
    function dropChildrenUpdate() {
        var dcc = window.dash_core_components;
        if (dcc && dcc.Tabs && "dashChildrenUpdate" in dcc.Tabs) { delete dcc.Tabs.dashChildrenUpdate; }
    }
    dropChildrenUpdate();
    document.addEventListener("DOMContentLoaded", dropChildrenUpdate);

    // 0b. Each component Dash's renderer draws afresh (a tab's or a view's
    //     content when it is mounted) sends its store a RESET_COMPONENT_STATE
    //     action once drawn, which removes the update counts the store holds
    //     for the component's path and those below it.  Every action makes
    //     react-redux run the selector of every mounted component again: a
    //     pick that mounted 260 components with 660 mounted ran some 170,000
    //     selectors for nothing, since a component mounted for the first time
    //     has no counts to remove (the reducer returns the same entries).  An
    //     action that finds no count under its path is dropped; one that finds
    //     any goes through as before.  The renderer puts its store at
    //     window.store when it makes it, after this script has run.
    function quietResets(store) {
        if (!store || typeof store.dispatch !== "function" || store.ptsqQuietResets) { return; }
        var dispatch = store.dispatch;
        store.dispatch = function (action) {
            var path = action && action.type === "RESET_COMPONENT_STATE" && action.payload && action.payload.itempath;
            if (Array.isArray(path)) {
                var prefix = path.join(",");
                var hashes = (store.getState() || {}).layoutHashes || {};
                var held = Object.keys(hashes).some(function (key) { return key.startsWith(prefix); });
                if (!held) { return action; }
            }
            return dispatch.apply(this, arguments);
        };
        store.ptsqQuietResets = true;
    }
    (function watchStore() {
        var current = window.store;
        var described = Object.getOwnPropertyDescriptor(window, "store");
        if (described && !described.configurable) { quietResets(current); return; }
        Object.defineProperty(window, "store", {
            configurable: true,
            enumerable: true,
            get: function () { return current; },
            set: function (store) { current = store; quietResets(store); }
        });
        quietResets(current);
    })();

    // The browser's own trim and parseFloat (kept by dashboard/app.py's page
    // template before Dash's polyfill replaced them with slower script
    // versions; plotly.js calls them for every label it draws).
    (window.ptsqNative || []).forEach(function (entry) {
        if (entry[0][entry[1]] !== entry[2]) { entry[0][entry[1]] = entry[2]; }
    });

    // 6b. Which plotly.js draws.  dcc.Graph loads plotly.js, when the first
    //    graph is drawn and window.Plotly is not there yet, from
    //    window._dashPlotlyJSURL, which Dash's renderer sets to its full
    //    bundle's address when it mounts.  Where the page names plotly.js's
    //    cartesian bundle (window.ptsqPlotly, put there by dashboard/app.py
    //    only when its version is the full bundle's: dashboard/plotly_bundle.py),
    //    that address reads as the small bundle's, a third of the size.  A
    //    figure with a trace type the small bundle lacks (3-D, WebGL) makes
    //    its Plotly.newPlot or Plotly.react load the full bundle at Dash's
    //    address, once, and draw the figure with it: the full bundle is
    //    window.Plotly from then on, for every graph (dcc.Graph looks the
    //    global up at each call), and the graphs the small bundle drew are
    //    zoomed, hovered, downloaded and updated by it.  A graph the small
    //    bundle drew that gets such a figure (every graph starts with a blank
    //    figure) is emptied by the small bundle first (handOver).
    var smallBundle = window.ptsqPlotly && window.ptsqPlotly.url;
    var fullBundle = null;  // the full bundle's address, as Dash's renderer sets it
    var fullLoad = null;  // the promise of the full bundle, once asked for
    var smallPlotly = null;  // the small bundle, once loaded

    function dashBundle() {
        // Dash's own address for the full bundle, should a graph ask before the renderer has set it.
        var config = document.getElementById("_dash-config");
        var prefix = "/";
        try { prefix = JSON.parse(config.textContent).requests_pathname_prefix || "/"; } catch (err) { /* "/" */ }
        return prefix + "_dash-component-suites/plotly/package_data/plotly.min.js";
    }

    if (smallBundle) {
        Object.defineProperty(window, "_dashPlotlyJSURL", {
            configurable: true,
            enumerable: true,
            get: function () { return fullLoad ? (fullBundle || dashBundle()) : smallBundle; },
            set: function (url) { fullBundle = url; }
        });
    }

    var fullReady = false;  // the full bundle has run: window.Plotly is it
    var fullAsked = false;  // a figure waits for the full bundle: every later one follows it, in order
    var preloadWanted = false;  // the first view is drawn: load the full bundle once the small one is in

    function loadFullBundle() {
        if (!fullLoad) {
            fullLoad = new Promise(function (resolve, reject) {
                var script = document.createElement("script");
                script.src = fullBundle || dashBundle();
                script.async = true;
                script.onload = function () { fullReady = true; resolve(window.Plotly); };
                script.onerror = function () { reject(new Error("plotly.js did not load from " + script.src)); };
                document.body.appendChild(script);
            });
        }
        return fullLoad;
    }

    function whenIdle(task) {
        if (window.requestIdleCallback) { window.requestIdleCallback(task, {timeout: 3000}); }
        else { window.setTimeout(task, 0); }
    }

    function whenQuiet(waiting, quietMs, deadline, everyMs, task) {
        // task, once waiting() has been false for quietMs (looked at every
        // everyMs), or once the page clock passes deadline (ms) whatever it says.
        var quietSince = 0;
        (function look() {
            var now = window.performance.now();
            if (now < deadline && waiting()) { quietSince = 0; } else if (!quietSince) { quietSince = now; }
            if (now >= deadline || (quietSince && now - quietSince >= quietMs)) { task(); return; }
            window.setTimeout(look, everyMs);
        })();
    }

    function whenSettled(task) {
        // task, once no callback has been in flight, no lazy panel (section
        // 10) waiting to mount and nothing loading for 0.5 s, and the browser
        // is idle: the full bundle's second of work comes after the panels the
        // page draws on its own (at the latest 20 s after the navigation).
        whenQuiet(function () {
            return callbacksInFlight > 0 || lazyQueue.length > 0 || lazyTimer !== null || lazyAfterWaiting > 0 || busy();
        }, 500, 20000, 100, function () { whenIdle(task); });
    }

    function preloadFullBundle() {
        // Once the page's first view is drawn (section 10 calls this), the
        // full bundle is loaded when the page has settled (whenSettled), so that a 3-D
        // or WebGL graph chosen later (Euclid's game on triples, Eraserhead,
        // the Explore tab's Nim values) is drawn without waiting for it.  The
        // small bundle draws meanwhile; the full one takes over once it has
        // run.  Where no graph has loaded plotly.js yet, this waits for the
        // small bundle (drawFullWhenNeeded).  A page told not to
        // (window.ptsqPlotly.preload false, as browser tests of the hand-over
        // set) loads it only for a figure that needs it.
        if (!smallBundle || fullLoad || window.ptsqPlotly.preload === false) { return; }
        if (smallPlotly) { whenSettled(loadFullBundle); }
        else { preloadWanted = true; }
    }

    function registered(plotly, type) {
        // plotly.js finds no attributes for a trace type it has not registered.
        return !!plotly.PlotSchema.getTraceValObject({type: type}, ["type"]);
    }

    function lacksTrace(plotly, figure) {
        // Whether a figure (a list of traces, or {data, frames, ...}) holds a trace type plotly has not registered.
        var traces = Array.isArray(figure) ? figure : ((figure && figure.data) || []);
        ((figure && !Array.isArray(figure) && figure.frames) || []).forEach(function (frame) {
            traces = traces.concat((frame && frame.data) || []);
        });
        return traces.some(function (trace) { return trace && !registered(plotly, trace.type || "scatter"); });
    }

    function stopResize(gd) {
        // A resize asked of the small bundle before the full one was there
        // (Plots.resize, from dcc.Graph: a relayout 100 ms later) would lay
        // the full bundle's figure out again with the small bundle's traces
        // (those it lacks drawn as plain scatter traces).  It is stopped, and
        // its promise answered, before the full bundle draws the graph.
        if (!gd || !gd._redrawTimer) { return; }
        clearTimeout(gd._redrawTimer);
        delete gd._redrawTimer;
        var resolve = gd._resolveResize;
        delete gd._resolveResize;
        if (typeof resolve === "function") { resolve(gd); }
    }

    function handOver(gd) {
        // A graph the small bundle drew (its blank figure, at least) and the
        // full bundle is about to draw a figure the small one cannot: the
        // small bundle empties it first, so that none of its handlers (window
        // resizing, pending redraws) draws the graph again with the traces it
        // lacks.  The listeners dcc.Graph put on the graph (hover, click,
        // relayout) are kept, and given back once the full bundle has drawn.
        var events = (gd._ev && gd._ev._events) || {};
        var kept = [];
        Object.keys(events).forEach(function (name) {
            [].concat(events[name]).forEach(function (listener) { kept.push([name, listener]); });
        });
        stopResize(gd);
        smallPlotly.purge(gd);
        delete gd.ptsqSmallBundle;
        return function () {
            kept.forEach(function (entry) { if (gd.on) { gd.on(entry[0], entry[1]); } });
        };
    }

    function drawFullWhenNeeded(plotly) {
        // The small bundle's newPlot and react hand a figure it cannot draw
        // to the full bundle (and, once it is asked for, every figure, in
        // the order asked); the full bundle's hand such a figure on a graph
        // the small bundle drew to handOver first.
        var schema = plotly && plotly.PlotSchema;
        if (!smallBundle || !schema || typeof schema.getTraceValObject !== "function") { return; }
        var small = !fullLoad;
        if (small) {
            smallPlotly = plotly;
            if (preloadWanted) { preloadWanted = false; whenSettled(loadFullBundle); }
        }
        ["newPlot", "react"].forEach(function (name) {
            var own = plotly[name];
            if (typeof own !== "function") { return; }
            plotly[name] = function (gd, figure) {
                var args = arguments;
                var element = typeof gd === "string" ? document.getElementById(gd) : gd;
                if (small) {
                    if (!fullReady && !fullAsked && !lacksTrace(plotly, figure)) {
                        if (element) { element.ptsqSmallBundle = true; }
                        return own.apply(this, args);
                    }
                    fullAsked = true;
                    return loadFullBundle().then(function (full) {
                        stopResize(element);
                        return full[name].apply(full, args);
                    });
                }
                var given = element && element.ptsqSmallBundle && smallPlotly && lacksTrace(smallPlotly, figure) ? handOver(element) : null;
                var drawn = own.apply(this, args);
                return given ? Promise.resolve(drawn).then(function (result) { given(); return result; }) : drawn;
            };
        });
    }

    // Dash loads plotly.js on demand; catch the moment it defines window.Plotly.
    if (window.Plotly) {
        configurePlotly(window.Plotly);
        drawFullWhenNeeded(window.Plotly);
    } else {
        var loaded;
        Object.defineProperty(window, "Plotly", {
            configurable: true,
            enumerable: true,
            get: function () { return loaded; },
            set: function (value) { loaded = value; configurePlotly(value); drawFullWhenNeeded(value); }
        });
    }

    // 7. Tables (dash-ag-grid): whole numbers are shown with thousands
    //    separators (1,000,000), also those sent as text because they are
    //    larger than a JavaScript number holds exactly; the CSV export keeps
    //    the plain digits (dashboard/tables.py).
    var grids = window.dashAgGridFunctions = window.dashAgGridFunctions || {};
    grids.groupDigits = function (value) {
        if (typeof value === "number" && Number.isInteger(value)) { return value.toLocaleString("en-US"); }
        if (typeof value === "string" && /^-?[0-9]{4,}$/.test(value)) {
            try { return BigInt(value).toLocaleString("en-US"); } catch (err) { return value; }
        }
        return value;
    };

    function nice(exponent) {
        // 10**x to two significant figures, as the page's N box shows it
        // (dashboard/setup_callbacks.py).
        var n = Math.pow(10, exponent);
        var scale = Math.pow(10, Math.max(0, Math.floor(Math.log10(n)) - 1));
        return Math.round(n / scale) * scale;
    }

    var SLIDERS = {
        "n-slider": {
            label: "N, the positions examined (log scale)",
            text: function (v) { return "N = " + nice(v).toLocaleString("en-US"); }
        },
        "depth-slider": {
            label: "move depth",
            text: function (v) { return v + (Number(v) === 1 ? " move" : " moves"); }
        },
        "play-strength": {
            label: "computer strength p",
            text: function (v) { return "p = " + v + " (best move with probability " + v + ")"; }
        }
    };

    function setAttr(el, name, value) {
        if (el.getAttribute(name) !== value) { el.setAttribute(name, value); }
    }

    function sliderName(thumb) {
        var holder = thumb.closest("[id]");
        var spec = holder ? SLIDERS[holder.id] : undefined;
        if (spec) { return spec.label; }
        var control = thumb.closest(".control");
        var label = control ? control.querySelector("label") : null;
        return label ? label.textContent.trim() : null;
    }

    function labelSliders() {
        // The box for typing a slider's value carries the slider's name.
        document.querySelectorAll(".dash-slider-container").forEach(function (slider) {
            var thumb = slider.querySelector("[role=slider]");
            var name = thumb ? sliderName(thumb) : null;
            slider.querySelectorAll("input").forEach(function (box) {
                if (name && !box.getAttribute("aria-label")) { setAttr(box, "aria-label", name + " (type a value)"); }
            });
        });
        document.querySelectorAll("[role=slider]").forEach(function (thumb) {
            var holder = thumb.closest("[id]");
            var spec = holder ? SLIDERS[holder.id] : undefined;
            var value = thumb.getAttribute("aria-valuenow");
            if (spec) {
                setAttr(thumb, "aria-label", spec.label);
                if (value !== null) { setAttr(thumb, "aria-valuetext", spec.text(Number(value))); }
            } else if (!thumb.getAttribute("aria-label")) {
                var control = thumb.closest(".control");
                var label = control ? control.querySelector("label") : null;
                if (label) { setAttr(thumb, "aria-label", label.textContent.trim()); }
            }
        });
    }

    function groupName(list) {
        if (list.id) {
            var label = document.querySelector('label[for="' + list.id.replace(/"/g, '\\"') + '"]');
            if (label && label.textContent.trim()) { return label.textContent.trim(); }
        }
        var options = list.querySelectorAll(".dash-options-list-option");
        if (options.length === 1 && options[0].textContent.trim()) { return options[0].textContent.trim(); }
        var around = list.parentElement ? list.parentElement.closest("[aria-label]") : null;
        return around ? around.getAttribute("aria-label") : null;
    }

    function fixOptionLists() {
        // Only radio items and check lists: a drop-down menu's list is a real list box of options.
        document.querySelectorAll(".dash-options-list.dash-radioitems, .dash-options-list.dash-checklist").forEach(function (list) {
            setAttr(list, "role", list.querySelector("input[type=radio]") ? "radiogroup" : "group");
            list.querySelectorAll(".dash-options-list-option").forEach(function (option) {
                if (option.hasAttribute("role")) { option.removeAttribute("role"); }
                if (option.hasAttribute("aria-selected")) { option.removeAttribute("aria-selected"); }
            });
            if (!list.getAttribute("aria-labelledby")) {
                var name = groupName(list);
                if (name) { setAttr(list, "aria-label", name); }
            }
        });
    }

    function fixDropdowns() {
        document.querySelectorAll(".dash-dropdown-focus-target").forEach(function (box) {
            setAttr(box, "tabindex", "-1");
            var button = box.nextElementSibling;
            if (button && button.tagName === "BUTTON" && !button.disabled) { setAttr(button, "tabindex", "0"); }
        });
    }

    function labelUploads() {
        document.querySelectorAll("input[type=file]").forEach(function (input) {
            var zone = input.parentElement;
            if (!zone) { return; }
            var button = zone.querySelector("button");
            var name = (button || zone).textContent.trim();
            if (name && !input.getAttribute("aria-label")) { setAttr(input, "aria-label", name); }
            if (button) {  // the button is the control: the input leaves the Tab order and the accessibility tree
                setAttr(input, "tabindex", "-1");
                setAttr(input, "aria-hidden", "true");
            }
        });
    }

    function tabsOf(bar) {
        return Array.prototype.filter.call(bar.children, function (el) { return el.classList.contains("tab"); });
    }

    function enhanceTabs() {
        document.querySelectorAll(".tab-container:not(.deferred-bar)").forEach(function (bar) {
            setAttr(bar, "role", "tablist");
            tabsOf(bar).forEach(function (tab) {
                setAttr(tab, "role", "tab");
                setAttr(tab, "tabindex", "0");
                setAttr(tab, "aria-selected", tab.classList.contains("tab--selected") ? "true" : "false");
            });
        });
    }

    document.addEventListener("keydown", function (event) {
        var tab = event.target;
        if (!(tab instanceof HTMLElement) || tab.getAttribute("role") !== "tab") { return; }
        var bar = tab.parentElement;
        if (!bar || !bar.classList.contains("tab-container")) { return; }
        if (event.key === "Enter" || event.key === " ") {
            event.preventDefault();
            tab.click();
            return;
        }
        var tabs = tabsOf(bar);
        var i = tabs.indexOf(tab);
        var next = null;
        if (event.key === "ArrowRight" || event.key === "ArrowDown") { next = tabs[(i + 1) % tabs.length]; }
        else if (event.key === "ArrowLeft" || event.key === "ArrowUp") { next = tabs[(i - 1 + tabs.length) % tabs.length]; }
        else if (event.key === "Home") { next = tabs[0]; }
        else if (event.key === "End") { next = tabs[tabs.length - 1]; }
        if (next) {
            event.preventDefault();
            next.focus();
            next.click();
        }
    });

    // 8. Chart titles on narrow screens.  A title wider than its chart is
    //    cut by the browser: it is wrapped onto more lines (and the chart's
    //    top margin grown to hold them), once per figure.
    function titleText(gd) {
        var title = gd.layout && gd.layout.title;
        return typeof title === "string" ? title : (title && typeof title.text === "string" ? title.text : "");
    }

    function wrapTitles() {
        if (!window.Plotly) { return; }
        document.querySelectorAll(".js-plotly-plot").forEach(function (gd) {
            var svg = gd.querySelector(".main-svg");
            var shown = gd.querySelector(".gtitle");
            if (!svg || !shown || gd.offsetParent === null) { return; }
            var text = titleText(gd);
            if (!text || gd.getAttribute("data-title-wrapped") === text) { return; }
            var room = svg.getBoundingClientRect().width - 24;
            var wide = shown.getBoundingClientRect().width;
            if (wide <= room || room <= 0) { return; }
            var perChar = wide / Math.max(shown.textContent.length, 1);
            var most = Math.max(12, Math.floor(room / perChar));
            var lines = [], line = "";
            text.replace(/<br>/g, " ").split(" ").forEach(function (word) {
                if (line && (line + " " + word).length > most) { lines.push(line); line = word; }
                else { line = line ? line + " " + word : word; }
            });
            if (line) { lines.push(line); }
            var wrapped = lines.join("<br>");
            gd.setAttribute("data-title-wrapped", wrapped);
            var top = (gd._fullLayout && gd._fullLayout.margin && gd._fullLayout.margin.t) || 60;
            window.Plotly.relayout(gd, {"title.text": wrapped, "margin.t": top + 18 * (lines.length - 1)});
        });
    }

    var queued = false;
    function update() {
        queued = false;
        enhanceTabs();
        labelSliders();
        fixOptionLists();
        fixDropdowns();
        labelUploads();
        findLazy();
        if (window.innerWidth <= 700) { wrapTitles(); }
    }
    function schedule() {
        if (!queued) {
            queued = true;
            window.requestAnimationFrame(update);
        }
    }

    function start() {
        new MutationObserver(schedule).observe(document.body, {
            subtree: true,
            childList: true,
            attributes: true,
            attributeFilter: ["class", "aria-valuenow", "role", "aria-selected", "tabindex"]
        });
        schedule();
    }
    if (document.readyState === "loading") {
        document.addEventListener("DOMContentLoaded", start);
    } else {
        start();
    }

    // 9. Scripts loaded while the page is idle.  plotly.js and the grid's
    //    script load the first time a graph or a table is drawn, and the
    //    default view draws neither, so the first tab opened used to wait for
    //    them (plotly.js alone: 1.3-3 s).  Once the first view's answers are
    //    drawn and nothing has been loading for a while, a hidden graph and
    //    table are mounted (dashboard/layout.py, warm_up) and, once both are
    //    drawn, unmounted: the scripts stay loaded.  A tab opened meanwhile
    //    shares the same loads.
    var WARM_UP = "page-warm-up";
    var QUIET_CHECKS = 3;  // checks 200 ms apart with nothing loading

    function busy() {
        return !document.querySelector("#react-entry-point .page") ||
            document.querySelector("[data-dash-is-loading=true]") !== null;
    }

    function unmountWhenDrawn(tries) {
        var drawn = window.Plotly && document.querySelector(".warm-up .main-svg") && document.querySelector(".warm-up .ag-row");
        if (drawn || tries > 150) {
            window.dash_clientside.set_props(WARM_UP, {value: "waiting"});
        } else {
            window.setTimeout(function () { unmountWhenDrawn(tries + 1); }, 200);
        }
    }

    function warmUp(quiet) {
        if (!window.dash_clientside || !window.dash_clientside.set_props || busy()) { quiet = 0; }
        else { quiet += 1; }
        if (quiet < QUIET_CHECKS) {
            window.setTimeout(function () { warmUp(quiet); }, 200);
            return;
        }
        if (!document.getElementById(WARM_UP)) { return; }
        var go = function () {
            window.dash_clientside.set_props(WARM_UP, {value: "shown"});
            unmountWhenDrawn(0);
        };
        if (window.requestIdleCallback) { window.requestIdleCallback(go, {timeout: 1000}); } else { go(); }
    }
    window.addEventListener("load", function () { warmUp(0); });

    // 10. Panels below a tab's first screen (dashboard/components.py, lazy)
    //     are mounted when they come near the viewport, or one at a time once
    //     the page is idle: a tab's first opening draws what is in view first.
    //     A box of class lazy-after (a 3-D graph in the first screen) waits
    //     for the page to be idle even in view: drawn after the first view.
    //     No box is mounted before the page's first view is drawn (the load's
    //     callback answers in and applied, every graph in view plotted): while
    //     a graph waits for its script or its figure, the panels below it are
    //     near the viewport, and the game tree's cytoscape, built then, took
    //     0.2-0.4 s of the main thread before the first view of a finite game.
    var FIRST_VIEW_QUIET_MS = 200;  // the first view's conditions hold this long
    var FIRST_VIEW_LIMIT_MS = 15000;  // after this, lazy boxes are mounted anyway
    var LAZY_AFTER_QUIET_MS = 20;  // a lazy-after box's view has been drawn this long (looked at every 20 ms)
    var callbacksInFlight = 0;
    var callbacksAnswered = 0;
    var pageFetch = window.fetch;
    if (pageFetch) {
        window.fetch = function (input) {
            var address = String((input && input.url) || input);
            if (address.indexOf("_dash-update-component") < 0) { return pageFetch.apply(this, arguments); }
            callbacksInFlight += 1;
            var done = function () { callbacksInFlight -= 1; callbacksAnswered += 1; };
            return pageFetch.apply(this, arguments).then(
                function (response) { done(); return response; },
                function (error) { done(); throw error; }
            );
        };
    }
    var firstViewDrawn = false;

    function graphPendingInView() {
        // A graph in view that waits for its first drawing (its script, or its
        // figure's first plot).  One already drawn is pending too while
        // dcc.Graph fits it to its box again, which plotly.js does after a
        // 100 ms debounce: it is drawn, and nothing waits for that.
        return Array.prototype.some.call(document.querySelectorAll(".dash-graph--pending"), function (graph) {
            return graph.offsetParent !== null && !graph.querySelector(".main-svg");
        });
    }

    function callbacksPending() {
        // Callbacks Dash's renderer holds that have not been applied yet
        // (asked for, waiting on another's outputs, in flight, answered):
        // between one answer and the requests it leads to, none is in flight,
        // but these are not done.
        var held = window.store && window.store.getState ? (window.store.getState() || {}).callbacks : null;
        return !!held && ["requested", "prioritized", "blocked", "executing", "watched", "executed", "stored"].some(
            function (stage) { return Array.isArray(held[stage]) && held[stage].length > 0; }
        );
    }

    var lazySeen = new WeakSet();
    var lazyQueue = [];
    var lazyTimer = null;
    var lazyAfterWaiting = 0;  // lazy-after boxes waiting for their view (mountAfterView)

    var nearView = window.IntersectionObserver ? new IntersectionObserver(function (entries) {
        entries.forEach(function (entry) { if (entry.isIntersecting) { mountLazy(entry.target); } });
    }, {rootMargin: "0px 0px 150px 0px"}) : null;

    // The page's first view: the load's answers in, applied, and every graph in view drawn.
    whenQuiet(function () {
        return callbacksAnswered === 0 || callbacksInFlight > 0 || busy() || graphPendingInView();
    }, FIRST_VIEW_QUIET_MS, FIRST_VIEW_LIMIT_MS, 50, function () {
        firstViewDrawn = true;
        findLazy();
        preloadFullBundle();  // section 6b: the full plotly.js, once the browser is next idle
    });

    function mountLazy(box) {
        if (box.hasAttribute("data-mounted")) { return; }
        var holder = box.querySelector(".deferred-bar[id]");
        if (!holder || !window.dash_clientside || !window.dash_clientside.set_props) { return; }
        box.setAttribute("data-mounted", "true");
        if (nearView) { nearView.unobserve(box); }
        window.dash_clientside.set_props(holder.id, {value: "shown"});
    }

    function mountNextWhenIdle() {
        lazyTimer = null;
        lazyQueue = lazyQueue.filter(function (box) { return box.isConnected && !box.hasAttribute("data-mounted"); });
        if (!lazyQueue.length) { return; }
        if (busy()) { lazyTimer = window.setTimeout(mountNextWhenIdle, 200); return; }
        var go = function () {
            var box = lazyQueue.shift();
            if (box && box.offsetParent !== null) { mountLazy(box); } else if (box) { lazySeen.delete(box); }
            if (lazyQueue.length) { lazyTimer = window.setTimeout(mountNextWhenIdle, 100); }
        };
        lazyTimer = -1;
        if (window.requestIdleCallback) {
            window.requestIdleCallback(function () { lazyTimer = null; go(); }, {timeout: 1000});
        } else { lazyTimer = null; go(); }
    }

    function mountAfterView(box) {
        // A lazy-after box (a 3-D graph in the first screen) is mounted as
        // soon as the view around it is drawn: Dash's renderer has applied
        // every callback (its answer is in its store, drawn when the box
        // mounts), nothing is loading and no graph in view is waiting, for
        // LAZY_AFTER_QUIET_MS.  A game picked from the menu so draws its 3-D
        // graph right after its other panels, not after the idle queue's wait.
        lazyAfterWaiting += 1;
        whenQuiet(function () {
            return callbacksPending() || callbacksInFlight > 0 || busy() || graphPendingInView();
        }, LAZY_AFTER_QUIET_MS, window.performance.now() + FIRST_VIEW_LIMIT_MS, 20, function () {
            lazyAfterWaiting -= 1;
            if (box.isConnected && box.offsetParent !== null) { mountLazy(box); } else { lazySeen.delete(box); }
        });
    }

    function findLazy() {
        if (!firstViewDrawn) { return; }  // called again once the page's first view is drawn
        document.querySelectorAll(".lazy-panel:not([data-mounted])").forEach(function (box) {
            if (lazySeen.has(box) || box.offsetParent === null) { return; }  // seen, or in a hidden tab
            lazySeen.add(box);
            if (box.classList.contains("lazy-after")) { mountAfterView(box); return; }
            if (nearView) { nearView.observe(box); }
            lazyQueue.push(box);
        });
        if (lazyQueue.length && lazyTimer === null) { lazyTimer = window.setTimeout(mountNextWhenIdle, 400); }
    }

    // 11. Number links (dashboard/components.py, inspect_link) open their
    //     number in the Inspect tab, here in the browser, by the rule of
    //     dashboard/links.py (link_target): the inspector's number box and the
    //     tab bar (window.ptsqLinks, from the page template) take the number
    //     and the tab, and their callbacks run as for a typed number.  A Dash
    //     callback on the links ran whenever a view drew new ones (the
    //     Summary, with every setup) and held the other callbacks back.
    document.addEventListener("click", function (event) {
        var link = event.target && event.target.closest ? event.target.closest("[data-inspect]") : null;
        var targets = window.ptsqLinks;
        if (!link || !targets || !window.dash_clientside || !window.dash_clientside.set_props) { return; }
        var position = link.getAttribute("data-inspect");
        if (!/^[0-9]{1,4000}$/.test(position || "")) { return; }
        window.dash_clientside.set_props(targets.input, {value: position});
        window.dash_clientside.set_props(targets.tabs, {value: targets.tab});
    });
}());
