/*
 * The graph editor of the Games on graphs tab (dashboard/tabs/graphs): what a
 * click or a drag on the drawing means is decided by the server; this file
 * only turns cytoscape's events into requests.
 *
 * - a tap on the background: {action: "background", x, y} (a new vertex there,
 *   when the tab is in its "edit" mode);
 * - a tap on a vertex: {action: "vertex", v} (the first or second end of an
 *   edge, a token placed or removed, a move's start or end, by the mode);
 * - a vertex dragged and let go: {action: "moved", v, x, y} (its place kept);
 * - the Delete or Backspace key, outside a text box, while the drawing is on
 *   the page: {action: "delete"} (the chosen vertex goes, in the "edit" mode).
 *
 * Each request goes to the store ids.INTENT with a sequence number, so that
 * two taps on one vertex are two requests.  The drawing itself comes back
 * from the server as cytoscape elements; no state lives here.
 *
 * After each layout, a board with fixed places (its nodes have the class
 * "board": Snakes-and-Adders, Fair Shares) that would be drawn with squares
 * under about 40 px gets a canvas wide (and tall) enough for them, which
 * its box (ids.CANVAS_BOX) scrolls sideways; the key to a board's arrows
 * (ids.LEGEND) shows while the drawing has arrows.
 */
(function () {
    'use strict';

    var CANVAS = 'graphs-canvas';
    var INTENT = 'graphs-intent';
    var BOX = 'graphs-canvas-box';
    var LEGEND = 'graphs-legend';
    // A board's square is 46 units wide (dashboard/tabs/graphs/figures.py): drawn at least 40 px wide.
    var READABLE = 40 / 46;
    // figures.GRAPH_LAYOUT's padding.
    var PADDING = 30;
    var st = {cy: null, seq: 0};

    function cyOf() {
        var el = document.getElementById(CANVAS);
        return (el && el._cyreg && el._cyreg.cy) || null;
    }

    function send(intent) {
        st.seq += 1;
        intent.seq = st.seq;
        if (window.dash_clientside && window.dash_clientside.set_props) {
            window.dash_clientside.set_props(INTENT, {data: intent});
        }
    }

    function vertexOf(node) {
        var v = node.data('vertex');
        return typeof v === 'number' ? v : null;
    }

    function sizeBoard(cy) {
        var el = document.getElementById(CANVAS);
        var box = document.getElementById(BOX);
        var legend = document.getElementById(LEGEND);
        if (legend) {
            legend.hidden = cy.edges('.arrow').length === 0;
        }
        if (!el || !box) {
            return;
        }
        var width = '';
        var height = '';
        if (cy.nodes('.board').length > 0) {
            var bb = cy.elements().boundingBox();
            var wide = Math.ceil(bb.w * READABLE + 2 * PADDING);
            var tall = Math.ceil(bb.h * READABLE + 2 * PADDING);
            width = wide > box.clientWidth ? wide + 'px' : '';
            // The canvas's own height (its style, before any change made here).
            el.dataset.baseHeight = el.dataset.baseHeight || String(el.clientHeight);
            height = tall > Number(el.dataset.baseHeight) ? tall + 'px' : '';
        }
        if (el.style.minWidth !== width || el.style.minHeight !== height) {
            el.style.minWidth = width;
            el.style.minHeight = height;
            cy.resize();
            cy.fit(undefined, PADDING);
        }
    }

    function attach(cy) {
        st.cy = cy;
        cy.on('layoutstop', function () {
            sizeBoard(cy);
        });
        sizeBoard(cy);
        cy.on('tap', function (event) {
            if (event.target === cy) {
                send({action: 'background', x: Math.round(event.position.x), y: Math.round(event.position.y)});
            }
        });
        cy.on('tap', 'node', function (event) {
            var v = vertexOf(event.target);
            if (v !== null) {
                send({action: 'vertex', v: v});
            }
        });
        cy.on('dragfree', 'node', function (event) {
            var v = vertexOf(event.target);
            var p = event.target.position();
            if (v !== null) {
                send({action: 'moved', v: v, x: Math.round(p.x), y: Math.round(p.y)});
            }
        });
    }

    function typing(target) {
        if (!target || !target.tagName) {
            return false;
        }
        var tag = target.tagName.toLowerCase();
        if (tag === 'input') {
            // A radio button or a check box takes no text: the key deletes the vertex.
            return ['radio', 'checkbox', 'button', 'submit', 'range'].indexOf((target.type || '').toLowerCase()) < 0;
        }
        return tag === 'textarea' || tag === 'select' || target.isContentEditable;
    }

    document.addEventListener('keydown', function (event) {
        if ((event.key !== 'Delete' && event.key !== 'Backspace') || typing(event.target)) {
            return;
        }
        var el = document.getElementById(CANVAS);
        if (!el || el.offsetParent === null) {
            return;
        }
        event.preventDefault();
        send({action: 'delete'});
    });

    function watch() {
        var cy = cyOf();
        if (cy && cy !== st.cy) {
            attach(cy);
        }
    }

    window.setInterval(watch, 250);
    window.addEventListener('resize', function () {
        if (st.cy) {
            sizeBoard(st.cy);
        }
    });
}());
