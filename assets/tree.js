/*
 * The game tree's browser side (dashboard/tabs/explore/tree.py draws the tree;
 * this file only looks after it in the page):
 *
 * - the view: a new tree opens readable (zoom at least the graph's minZoom,
 *   so labels stay >= 11 px), fitted when it fits and otherwise with its
 *   start at the left; a node that was clicked stays where it was while the
 *   tree grows or shrinks around it; zoom in / zoom out / fit buttons;
 * - scrolling: the mouse wheel pans the tree (Ctrl + wheel or a pinch
 *   zooms), and scrolls the page once the tree's edge is reached;
 * - the hover card of a node (mouse over, long press, or keyboard selection);
 * - the keyboard: arrows move a selection, Enter or Space expands or
 *   collapses, + and - zoom, 0 fits, Home selects the start;
 * - clicks and keys are sent one at a time to the server (ids.TREE_ACTION),
 *   so two quick clicks never answer from the same old state; an answer is
 *   seen in the graph itself (cytoscape's add, remove and data events), not
 *   through a dash callback;
 * - dash-cytoscape's own listeners that copy graph state into dash props
 *   nothing reads (hover data, extent, the elements echoed back after each
 *   change, a layout rerun) are removed: each cost the page a round of dash
 *   work after every click; the tapped node's data, which "Inspect the
 *   selected node" reads, is written once the answer is drawn (or at once
 *   when that button is pressed);
 * - the move depth: the slider's value reaches the tree once it has rested
 *   0.35 s, a depth typed in the box at once (the box writes the applied
 *   depth itself, no hop through the slider), and the depth box and the
 *   slider follow each other.
 *
 * No state lives here that the server needs: the tree's state travels in
 * ids.TREE_TOGGLED.
 */
(function () {
    'use strict';

    // dash-cytoscape 1.0.2 hands its default wheelSensitivity (1) to every
    // graph, and cytoscape 3.28 warns whenever the option is given at all,
    // although nothing was customised.  Drop that one message, on every load;
    // all other warnings pass.
    var warn = window.console.warn;
    window.console.warn = function (message) {
        if (typeof message === 'string' && message.indexOf('You have set a custom wheel sensitivity') === 0) {
            return undefined;
        }
        return warn.apply(window.console, arguments);
    };

    var TREE = 'game-tree';
    var BOX = 'tree-box';
    var CARD = 'tree-card';
    var SELECTION = 'tree-selection';
    var ACTION = 'tree-action-store';
    var DEPTH_APPLIED = 'depth-applied-store';
    var DEPTH_INPUT = 'depth-input';
    var INSPECT_BUTTON = 'tree-inspect-button';
    var MARGIN = 24;
    var BEST_BUTTON = 'tree-best-button';
    var COLLAPSE_BUTTON = 'tree-collapse-button';
    // The box grows with the tree (so a tree is never cut off at the top or
    // bottom while it fits this height readably) and shrinks with it.
    var BOX_MIN_PX = 300;
    var BOX_MAX_PX = 1600;
    var DEPTH_REST_MS = 350;
    var ANSWER_TIMEOUT_MS = 4000;

    var st = {
        cy: null,          // the cytoscape instance looked after
        box: null,         // the focusable box around it
        viewToken: null,   // the root's data('view') when the view was last set
        needsView: false,  // a new tree arrived while the graph had no size
        anchor: null,      // {id, x, y}: keep this node at this rendered point
        focus: null,       // id of the selected node
        hover: null,       // id of the node under the mouse
        seq: 0,            // last action number sent
        waiting: 0,        // when the last action was sent (ms), 0 if none
        queue: [],         // actions waiting for the previous answer
        depthSeq: 0,       // last depth change seen
        shown: false,      // the graph had a size at the last resize
        shownCount: 0,     // times the view was set after the tree was shown
        saved: null,       // {token, zoom, pan} kept while the tree is hidden
        releaseTimer: 0,   // gives up waiting for an answer that changed nothing
        changed: false,    // graph events seen, their handling queued
        tapData: null,     // a tapped node's data, not yet handed to dash
        cardText: null,    // what the hover card shows (label and tip)
        keyCard: false,    // the card shows the keyboard's selection (until Escape, a click outside or blur)
        fitNext: false     // the next answer gets the whole-tree view (Expand the best line, Collapse all)
    };

    function noUpdate() {
        return window.dash_clientside.no_update;
    }

    function cyOf() {
        var el = document.getElementById(TREE);
        return (el && el._cyreg && el._cyreg.cy) || null;
    }

    function clamp(value, lo, hi) {
        return Math.max(lo, Math.min(hi, value));
    }

    // ------------------------------------------------------------ the view

    // The box's height for a tree of model height treeH drawn at a zoom.
    function boxHeightFor(treeH, zoom) {
        return clamp(Math.ceil(treeH * zoom + 2 * MARGIN), BOX_MIN_PX, BOX_MAX_PX);
    }

    // The canvas's height becomes px (the box's border is added to it).
    function setBoxHeight(cy, px) {
        if (!st.box) {
            return;
        }
        var border = st.box.offsetHeight - st.box.clientHeight;
        if (Math.abs(st.box.clientHeight - px) < 1) {
            return;
        }
        st.box.style.height = (px + Math.max(border, 0)) + 'px';
        cy.resize();
    }

    // The whole tree in view: the largest zoom (at most 1) at which it fits
    // the box's width and the tallest box, never below the graph's minZoom
    // (labels stay >= 11 px); the box takes the tree's height.  A tree too
    // large even then shows its start at the left, centred on the start.
    function setInitialView(cy) {
        var w = cy.width();
        var nodes = cy.nodes();
        if (!w || !cy.height() || nodes.empty()) {
            st.needsView = true;
            return;
        }
        st.needsView = false;
        var bb = nodes.boundingBox();
        var fit = Math.min((w - 2 * MARGIN) / Math.max(bb.w, 1), (BOX_MAX_PX - 2 * MARGIN) / Math.max(bb.h, 1));
        var zoom = clamp(fit, cy.minZoom(), Math.min(1, cy.maxZoom()));
        setBoxHeight(cy, boxHeightFor(bb.h, zoom));
        var h = cy.height();
        // the canvas may come out a pixel short of what was asked
        zoom = clamp(Math.min(zoom, (h - 2 * MARGIN) / Math.max(bb.h, 1)), cy.minZoom(), zoom);
        var root = cy.getElementById('n');
        var pan = {};
        if (bb.w * zoom <= w - 2 * MARGIN + 1) {
            pan.x = (w - bb.w * zoom) / 2 - bb.x1 * zoom;
        } else {
            pan.x = MARGIN - bb.x1 * zoom;
        }
        if (bb.h * zoom <= h - 2 * MARGIN + 1) {
            pan.y = (h - bb.h * zoom) / 2 - bb.y1 * zoom;
        } else {
            pan.y = h / 2 - (root.nonempty() ? root.position('y') : 0) * zoom;
        }
        cy.viewport({zoom: zoom, pan: pan});
    }

    // After a click changed the tree: the box grows to the tree's height at
    // the user's zoom (up to its limit), so the tree can be seen whole by
    // panning; nothing moves, so the clicked node stays under the pointer.
    function growBox(cy) {
        var nodes = cy.nodes();
        if (nodes.empty() || !cy.width() || !st.box) {
            return;
        }
        var wanted = boxHeightFor(nodes.boundingBox().h, cy.zoom());
        if (wanted > st.box.offsetHeight) {
            setBoxHeight(cy, wanted);
        }
    }

    // No node of the tree is inside its canvas (a tree with no size or no
    // nodes counts as in view: there is nothing to bring back).
    function outOfView(cy) {
        var w = cy.width();
        var h = cy.height();
        if (!w || !h || cy.nodes().empty()) {
            return false;
        }
        var bb = cy.nodes().renderedBoundingBox();
        return bb.x2 < 0 || bb.y2 < 0 || bb.x1 > w || bb.y1 > h;
    }

    function zoomBy(cy, factor) {
        var level = clamp(cy.zoom() * factor, cy.minZoom(), cy.maxZoom());
        cy.zoom({level: level, renderedPosition: {x: cy.width() / 2, y: cy.height() / 2}});
    }

    function keepInView(cy, node) {
        var bb = node.renderedBoundingBox();
        var w = cy.width();
        var h = cy.height();
        var dx = 0;
        var dy = 0;
        if (bb.x1 < MARGIN) {
            dx = MARGIN - bb.x1;
        } else if (bb.x2 > w - MARGIN) {
            dx = Math.max(w - MARGIN - bb.x2, MARGIN - bb.x1);
        }
        if (bb.y1 < MARGIN) {
            dy = MARGIN - bb.y1;
        } else if (bb.y2 > h - MARGIN) {
            dy = Math.max(h - MARGIN - bb.y2, MARGIN - bb.y1);
        }
        if (dx || dy) {
            cy.panBy({x: dx, y: dy});
        }
    }

    // After new elements: a new drawing gets the initial view, an answer to a
    // click keeps the clicked node in place.  Called once the graph has taken
    // them (its events), so nothing waits or polls here.
    function afterAnswer() {
        var cy = st.cy;
        if (!cy) {
            return;
        }
        var root = cy.getElementById('n');
        if (root.empty()) {
            hideCard();
            return;
        }
        var token = root.data('view');
        if (token !== st.viewToken || st.needsView || st.fitNext) {
            st.viewToken = token;
            st.anchor = null;
            st.fitNext = false;
            setInitialView(cy);
        } else {
            if (st.anchor) {
                var node = cy.getElementById(st.anchor.id);
                if (node.nonempty()) {
                    var p = node.renderedPosition();
                    cy.panBy({x: st.anchor.x - p.x, y: st.anchor.y - p.y});
                }
            }
            growBox(cy);
        }
        if (st.focus && cy.getElementById(st.focus).empty()) {
            st.focus = null;
        }
        cy.nodes('.focus').removeClass('focus');
        if (st.focus) {
            cy.getElementById(st.focus).addClass('focus');
        }
        var shown = st.hover || (st.keyCard ? st.focus : null);
        if (shown && cy.getElementById(shown).nonempty()) {
            showCard(cy.getElementById(shown));
        } else {
            hideCard();
        }
        markDrawn(cy);
    }

    // The graph's elements changed (an answer from the server, or a new
    // drawing): handle it once, after dash has applied the whole answer.
    function graphChanged() {
        if (st.changed) {
            return;
        }
        st.changed = true;
        window.setTimeout(function () {
            st.changed = false;
            release();
            afterAnswer();
            laterTapData();
        }, 0);
    }

    // "This tree is drawn and its view set": only while the tree is shown.
    function markDrawn(cy) {
        if (st.box && st.box.offsetWidth > 0 && st.box.offsetHeight > 0 && !st.needsView) {
            mark('data-drawn', cy.nodes().length + '|' + (st.viewToken || ''));
        }
    }

    // Marks on the box that say what was last done (tests wait on them).
    function mark(name, value) {
        if (st.box) {
            st.box.setAttribute(name, value);
        }
    }

    // ------------------------------------------------------------ the hover card

    // The card's rows: the node's tip is text, one "label<TAB>text" line a row
    // (text, so that an unchanged node's data compares equal between answers
    // and cytoscape leaves it alone).
    function tipRows(node) {
        var tip = node.data('tip');
        if (typeof tip !== 'string' || !tip) {
            return [];
        }
        return tip.split('\n').map(function (line) {
            var tab = line.indexOf('\t');
            return tab < 0 ? [line, ''] : [line.slice(0, tab), line.slice(tab + 1)];
        });
    }

    function showCard(node) {
        var card = document.getElementById(CARD);
        if (!card || !st.cy || node.empty()) {
            return;
        }
        var text = String(node.data('label') || '') + '\n' + String(node.data('tip') || '');
        if (card.style.display === 'block' && card.getAttribute('data-node') === node.id() && st.cardText === text) {
            placeCard(node);  // shown already: only follow the node (no rebuilt card, no new layout of it)
            return;
        }
        st.cardText = text;
        card.textContent = '';
        var title = document.createElement('div');
        title.className = 'tree-card-title';
        title.textContent = String(node.data('label') || '').split('\n').join(' · ');
        card.appendChild(title);
        var list = document.createElement('dl');
        tipRows(node).forEach(function (row) {
            var dt = document.createElement('dt');
            var dd = document.createElement('dd');
            dt.textContent = row[0];
            dd.textContent = row[1];
            list.appendChild(dt);
            list.appendChild(dd);
        });
        card.appendChild(list);
        card.style.display = 'block';
        card.setAttribute('data-node', node.id());
        placeCard(node);
    }

    function placeCard(node) {
        var card = document.getElementById(CARD);
        var cy = st.cy;
        if (!card || !cy || card.style.display !== 'block') {
            return;
        }
        var bb = node.renderedBoundingBox();
        var w = cy.width();
        var h = cy.height();
        var cw = card.offsetWidth;
        var ch = card.offsetHeight;
        var left = bb.x2 + 10;
        if (left + cw > w) {
            left = bb.x1 - 10 - cw;
        }
        if (left < 0) {
            left = clamp(bb.x1, 0, Math.max(0, w - cw));
        }
        var top = clamp(bb.y1, 0, Math.max(0, h - ch));
        if (left === clamp(bb.x1, 0, Math.max(0, w - cw)) && top < bb.y2 && top + ch > bb.y1) {
            // no room beside the node: below it, or above it
            top = bb.y2 + 8 + ch <= h ? bb.y2 + 8 : Math.max(0, bb.y1 - 8 - ch);
        }
        card.style.left = Math.round(left) + 'px';
        card.style.top = Math.round(top) + 'px';
    }

    function hideCard() {
        var card = document.getElementById(CARD);
        if (card) {
            card.style.display = 'none';
            card.removeAttribute('data-node');
            card.textContent = '';
            st.cardText = null;
        }
    }

    // The pointer left the nodes: only the keyboard's selection keeps a card.
    function cardOfSelection() {
        var cy = st.cy;
        if (cy && st.keyCard && st.focus && cy.getElementById(st.focus).nonempty()) {
            showCard(cy.getElementById(st.focus));
        } else {
            hideCard();
        }
    }

    function announce(node) {
        var region = document.getElementById(SELECTION);
        if (!region) {
            return;
        }
        var rows = tipRows(node).map(function (row) { return row[0] + ': ' + row[1]; });
        region.textContent = 'Selected ' + String(node.data('label') || '').split('\n').join(', ') + '. ' + rows.join('. ');
    }

    // ------------------------------------------------------------ selection and actions

    function select(node, fromKeyboard) {
        var cy = st.cy;
        if (!cy || !node || node.empty()) {
            return;
        }
        cy.nodes('.focus').removeClass('focus');
        node.addClass('focus');
        st.focus = node.id();
        if (fromKeyboard) {
            keepInView(cy, node);
            // "Inspect the selected node" reads tapNodeData, as after a click.
            st.tapData = null;
            window.dash_clientside.set_props(TREE, {tapNodeData: node.data()});
            // The keyboard's selection keeps its card until Escape, a click outside or leaving the tree.
            st.keyCard = true;
            showCard(node);
        } else {
            // A click selects the node; its card follows the pointer and goes when the pointer leaves.
            st.tapData = node.data();
            st.keyCard = false;
        }
        announce(node);
    }

    function dispatch(action) {
        st.waiting = Date.now();
        window.clearTimeout(st.releaseTimer);
        // An answer that changes nothing in the graph (a refused click) is
        // not seen: stop waiting for it after a while.
        st.releaseTimer = window.setTimeout(release, ANSWER_TIMEOUT_MS);
        window.dash_clientside.set_props(ACTION, {data: action});
    }

    function toggle(node) {
        var cy = st.cy;
        if (!cy || node.empty()) {
            return;
        }
        if (!node.data('expandable')) {
            var region = document.getElementById(SELECTION);
            if (region) {
                region.textContent = 'This node is a leaf: ' + (node.data('square') ? 'a square.' : 'a repeat.');
            }
            return;
        }
        var p = node.renderedPosition();
        st.anchor = {id: node.id(), x: p.x, y: p.y};
        st.seq += 1;
        var action = {path: node.data('path'), seq: st.seq};
        if (st.waiting && Date.now() - st.waiting < ANSWER_TIMEOUT_MS) {
            st.queue.push(action);
        } else {
            dispatch(action);
        }
    }

    function release() {
        st.waiting = 0;
        window.clearTimeout(st.releaseTimer);
        if (st.queue.length) {
            dispatch(st.queue.shift());
        }
    }

    // The tapped node's data for dash (tapNodeData, read by "Inspect the
    // selected node"): written when the page is idle after the answer, or at
    // once when that button is pressed.
    function flushTapData() {
        var data = st.tapData;
        st.tapData = null;
        if (data) {
            window.dash_clientside.set_props(TREE, {tapNodeData: data});
        }
    }

    function laterTapData() {
        if (!st.tapData) {
            return;
        }
        if (window.requestIdleCallback) {
            window.requestIdleCallback(flushTapData, {timeout: 500});
        } else {
            window.setTimeout(flushTapData, 100);
        }
    }

    function neighbour(cy, node, direction) {
        var depth = node.data('depth');
        var y = node.position('y');
        var best = null;
        cy.nodes().forEach(function (other) {
            if (other.data('depth') !== depth || other.same(node)) {
                return;
            }
            var oy = other.position('y');
            if ((oy - y) * direction <= 0) {
                return;
            }
            if (!best || Math.abs(oy - y) < Math.abs(best.position('y') - y)) {
                best = other;
            }
        });
        return best;
    }

    function onKey(event) {
        var cy = st.cy;
        if (!cy || event.altKey || event.metaKey || (event.ctrlKey && event.key !== '0')) {
            return;
        }
        var root = cy.getElementById('n');
        var node = st.focus ? cy.getElementById(st.focus) : null;
        if (node && node.empty()) {
            node = null;
        }
        var target = null;
        switch (event.key) {
        case 'ArrowLeft':
            target = node ? node.incomers('node').first() : root;
            break;
        case 'ArrowRight':
            if (node) {
                target = cy.getElementById(node.id() + 't');
                if (target.empty()) {
                    target = cy.getElementById(node.id() + 'p');
                }
            } else {
                target = root;
            }
            break;
        case 'ArrowUp':
            target = node ? neighbour(cy, node, -1) : root;
            break;
        case 'ArrowDown':
            target = node ? neighbour(cy, node, 1) : root;
            break;
        case 'Home':
            target = root;
            break;
        case 'Enter':
        case ' ':
        case 'Spacebar':
            if (node) {
                toggle(node);
            } else {
                target = root;
            }
            break;
        case '+':
        case '=':
            zoomBy(cy, 1.25);
            break;
        case '-':
        case '_':
            zoomBy(cy, 0.8);
            break;
        case '0':
            setInitialView(cy);
            break;
        case 'Escape':
            st.keyCard = false;
            hideCard();
            break;
        default:
            return;
        }
        event.preventDefault();
        event.stopPropagation();
        if (target && target.nonempty()) {
            select(target, true);
        }
    }

    // The wheel pans the tree while it can move that way; Ctrl + wheel (and a
    // touchpad pinch, which the browser sends as Ctrl + wheel) zooms.
    function onWheel(event) {
        var cy = st.cy;
        if (!cy || event.ctrlKey || event.metaKey) {
            return;
        }
        event.stopPropagation();  // keep cytoscape from zooming
        var scale = event.deltaMode === 1 ? 16 : (event.deltaMode === 2 ? cy.height() : 1);
        var dx = event.deltaX * scale;
        var dy = event.deltaY * scale;
        if (event.shiftKey && !dx) {
            dx = dy;
            dy = 0;
        }
        var bb = cy.elements().renderedBoundingBox();
        var mx = room(dx, bb.x1, bb.x2, cy.width());
        var my = room(dy, bb.y1, bb.y2, cy.height());
        if (!mx && !my) {
            return;  // at the tree's edge: let the page scroll
        }
        event.preventDefault();
        cy.panBy({x: -mx, y: -my});
        hideCard();
    }

    function room(delta, lo, hi, size) {
        if (delta > 0) {
            return Math.max(0, Math.min(delta, hi - (size - MARGIN)));
        }
        if (delta < 0) {
            return Math.min(0, Math.max(delta, lo - MARGIN));
        }
        return 0;
    }

    // ------------------------------------------------------------ wiring

    // dash-cytoscape's listeners that write graph state into dash props: after
    // every answer they echoed all elements back (100 ms later), reran the
    // layout, and wrote the extent, the hover data and the tap data, each a
    // round of dash work (and the echo made the next answer restyle every
    // node).  Nothing reads those props but tapNodeData, which this file
    // writes itself.  cytoscape's own listeners (bounds, style, ...) stay.
    var DASH_CYTOSCAPE_EVENTS = {
        tap: true, mouseover: true, mouseout: true, add: true, remove: true, dragfree: true,
        resize: true, viewport: true, select: true, unselect: true
    };

    function quietDashCytoscape(cy) {
        var emitter = typeof cy.emitter === 'function' ? cy.emitter() : null;
        if (!emitter || !Array.isArray(emitter.listeners)) {
            return;
        }
        emitter.listeners = emitter.listeners.filter(function (listener) {
            return !DASH_CYTOSCAPE_EVENTS[listener.type];
        });
    }

    function attachCy(cy) {
        // Before any listener of ours: every listener of these kinds now is dash-cytoscape's.
        quietDashCytoscape(cy);
        // A fit of the whole graph (a page's relayout of shown graphs, or
        // dash-cytoscape when new elements leave the view or the zoom leaves
        // its range) would shrink a large tree to the box and undo the view
        // the user chose or the one restored when the tree was shown again.
        // The tree keeps its view while any of it is in sight, takes its
        // readable initial view when none of it is (or it has no view yet),
        // and does nothing while hidden (its view is restored when shown).
        // This depends on no timing: the restored view stays until the user
        // moves it.  Fitting given elements is left alone.
        var fit = cy.fit;
        cy.fit = function (eles) {
            if (eles !== undefined && eles !== null) {
                return fit.apply(cy, arguments);
            }
            if (!st.box || st.box.offsetWidth === 0 || st.box.offsetHeight === 0) {
                return cy;
            }
            if (st.needsView || outOfView(cy)) {
                setInitialView(cy);
            }
            return cy;
        };
        st.cy = cy;
        st.shown = !!(st.box && st.box.offsetWidth > 0 && st.box.offsetHeight > 0);
        st.saved = null;
        st.viewToken = null;
        st.focus = null;
        st.hover = null;
        cy.on('tap', 'node', function (event) {
            var node = event.target;
            toggle(node);  // first: the request goes out before the card is drawn
            select(node, false);
            if (!node.data('expandable')) {
                laterTapData();  // a leaf: no answer comes to wait for
            }
        });
        cy.on('add remove data', graphChanged);
        cy.on('tap', function (event) {
            if (event.target === cy) {
                st.keyCard = false;
                hideCard();
            }
        });
        cy.on('mouseover mousemove', 'node', function (event) {
            // mousemove too: cytoscape misses a node's mouseout when the mouse
            // leaves the canvas from it, and then sends no new mouseover.
            var card = document.getElementById(CARD);
            var id = event.target.id();
            if (event.type === 'mousemove' && st.hover === id && card && card.getAttribute('data-node') === id) {
                return;
            }
            st.hover = id;
            cy.container().style.cursor = event.target.data('expandable') ? 'pointer' : 'default';
            showCard(event.target);
        });
        cy.on('mouseout', 'node', function () {
            st.hover = null;
            cy.container().style.cursor = '';
            cardOfSelection();
        });
        cy.on('taphold', 'node', function (event) {
            showCard(event.target);
        });
        cy.on('viewport', function () {
            var card = document.getElementById(CARD);
            var id = card && card.getAttribute('data-node');
            if (id && cy.getElementById(id).nonempty()) {
                placeCard(cy.getElementById(id));
            }
        });
        afterAnswer();
    }

    function attachBox(box) {
        st.box = box;
        // cytoscape keeps where its canvas lies on the page and misses some
        // moves (a view shown under a still page, content above changing
        // height): a press or hover then misses the nodes.  Measure again
        // when the pointer comes in or presses, before cytoscape sees it.
        var remeasure = function () {
            if (st.cy) {
                st.cy.resize();
            }
        };
        box.addEventListener('mouseenter', remeasure);
        box.addEventListener('pointerdown', remeasure, true);
        box.addEventListener('touchstart', remeasure, {capture: true, passive: true});
        box.addEventListener('keydown', onKey);
        box.addEventListener('mouseleave', function () {
            // cytoscape may miss the mouse leaving a node at the canvas edge
            st.hover = null;
            cardOfSelection();
        });
        box.addEventListener('focusout', function (event) {
            if (!event.relatedTarget || !box.contains(event.relatedTarget)) {
                st.keyCard = false;
                if (!st.hover) {
                    hideCard();
                }
            }
        });
        box.addEventListener('wheel', onWheel, {capture: true, passive: false});
        if (window.ResizeObserver) {
            new window.ResizeObserver(function () { resized(box); }).observe(box);
        }
    }

    // The tree's view or tab was hidden or shown, or the window resized.  A
    // hidden tree keeps its view and gets it back when shown again (the
    // initial view if a new tree arrived meanwhile), at once, so that nothing
    // done right after showing it is undone later.
    function resized(box) {
        var cy = st.cy;
        if (!cy) {
            return;
        }
        var visible = box.offsetWidth > 0 && box.offsetHeight > 0;
        if (!visible) {
            if (st.shown && cy.nodes().nonempty()) {
                st.saved = {token: st.viewToken, zoom: cy.zoom(), pan: {x: cy.pan().x, y: cy.pan().y}};
            }
            st.shown = false;
            return;
        }
        cy.resize();
        if (st.shown) {
            if (st.needsView) {
                setInitialView(cy);
                markDrawn(cy);
            }
            return;
        }
        st.shown = true;
        var saved = st.saved;
        st.saved = null;
        if (saved && saved.token === st.viewToken && !st.needsView) {
            cy.viewport({zoom: saved.zoom, pan: saved.pan});
        } else {
            setInitialView(cy);
        }
        // A later fit of the whole graph keeps this view (see attachCy).
        st.shownCount += 1;
        mark('data-shown', String(st.shownCount));
        markDrawn(cy);
    }

    function watch() {
        var box = document.getElementById(BOX);
        if (box && box !== st.box) {
            attachBox(box);
        }
        var cy = cyOf();
        if (cy && cy !== st.cy) {
            attachCy(cy);
        }
    }

    window.setInterval(watch, 250);
    document.addEventListener('pointerdown', inspectPressed, true);
    document.addEventListener('keydown', inspectPressed, true);
    // A press outside the tree closes the card for good (it does not come back
    // with the next answer); Escape closes it wherever the focus is.
    document.addEventListener('pointerdown', function (event) {
        var target = event.target;
        if (st.box && target instanceof Node && !st.box.contains(target)) {
            st.keyCard = false;
            st.hover = null;
            hideCard();
        }
        if (target instanceof Element && target.closest('#' + BEST_BUTTON + ', #' + COLLAPSE_BUTTON)) {
            st.fitNext = true;  // the answer gets the whole-tree view
        }
    }, true);
    document.addEventListener('keydown', function (event) {
        if (event.key === 'Escape' && document.getElementById(CARD) && document.getElementById(CARD).style.display === 'block') {
            st.keyCard = false;
            hideCard();
        }
        var target = event.target;
        if ((event.key === 'Enter' || event.key === ' ') && target instanceof Element &&
                target.closest('#' + BEST_BUTTON + ', #' + COLLAPSE_BUTTON)) {
            st.fitNext = true;
        }
    }, true);

    function inspectPressed(event) {
        var target = event.target;
        if (st.tapData && target instanceof Element && target.closest('#' + INSPECT_BUTTON)) {
            flushTapData();
        }
    }

    // dash-cytoscape sets window.cy to each graph it makes: look after the
    // tree's at once, before its first elements arrive.
    (function () {
        var made = window.cy;
        try {
            Object.defineProperty(window, 'cy', {
                configurable: true,
                enumerable: true,
                get: function () { return made; },
                set: function (value) {
                    made = value;
                    window.setTimeout(watch, 0);
                }
            });
        } catch (err) {
            // the interval above still finds it
        }
    }());

    // ------------------------------------------------------------ clientside callbacks

    window.dash_clientside = Object.assign({}, window.dash_clientside, {
        ptsqTree: {
            // The zoom in / zoom out / fit buttons.
            viewButton: function () {
                var cy = st.cy || cyOf();
                var ctx = window.dash_clientside.callback_context;
                var fired = ctx && ctx.triggered && ctx.triggered.length ? ctx.triggered[0].prop_id : '';
                if (cy) {
                    if (fired.indexOf('tree-zoom-in') === 0) {
                        zoomBy(cy, 1.25);
                    } else if (fired.indexOf('tree-zoom-out') === 0) {
                        zoomBy(cy, 0.8);
                    } else if (fired.indexOf('tree-fit') === 0) {
                        setInitialView(cy);
                    }
                }
                return noUpdate();
            },
            // The slider's value, once it has rested: one request for a run of
            // key presses (and none when it comes back to the applied depth).
            applyDepth: function (value, applied) {
                st.depthSeq += 1;
                var token = st.depthSeq;
                if (value === applied) {
                    return noUpdate();  // a typed depth, applied already by syncDepth
                }
                return new Promise(function (resolve) {
                    window.setTimeout(function () {
                        var settled = token === st.depthSeq && value !== applied;
                        resolve(settled ? value : noUpdate());
                    }, DEPTH_REST_MS);
                });
            },
            // The depth box (on Enter or when it loses focus) applies its depth at
            // once; a depth the slider applied is shown in the box.  Outputs:
            // box, message, applied depth.
            syncDepth: function (typed, applied) {
                var ctx = window.dash_clientside.callback_context;
                var fired = (ctx && ctx.triggered ? ctx.triggered : []).map(function (t) { return t.prop_id; });
                if (fired.indexOf(DEPTH_APPLIED + '.data') >= 0) {
                    return [applied, '', noUpdate()];
                }
                var box = document.getElementById(DEPTH_INPUT);
                var lo = box && box.min ? Number(box.min) : 1;
                var hi = box && box.max ? Number(box.max) : 20;
                var value = typeof typed === 'string' ? Number(typed.trim()) : typed;
                if (typed === null || typed === undefined || typed === '' || !Number.isInteger(value) ||
                        value < lo || value > hi) {
                    return [noUpdate(), 'Type a whole number from ' + lo + ' to ' + hi + ' and press Enter.', noUpdate()];
                }
                st.depthSeq += 1;  // a slider move still resting is overruled
                return [value === typed ? noUpdate() : value, '', value === applied ? noUpdate() : value];
            },
            // The slider follows the applied depth (a typed one; the slider's own
            // is there already).  A callback of its own, so that the tree's
            // request for a typed depth goes out without waiting for it.
            followDepth: function (applied, slider) {
                return typeof applied === 'number' && applied !== slider ? applied : noUpdate();
            }
        }
    });
}());
