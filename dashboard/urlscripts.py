"""The address's scripts in the browser, and the names they share with :mod:`dashboard.urlstate`.

:data:`QUERY_JS` is :func:`dashboard.urlstate.query_from_controls` in
JavaScript (``tests/test_urlstate.py`` runs both on the same values);
:data:`WRITE_JS` writes the address from the controls, :data:`GATE_JS` hands
a new address to the server, :data:`ACCEPT_JS` keeps a judged key's last
accepted value and :data:`MARK_INVALID_JS` keeps ``aria-invalid`` in step
with a box's class.  :mod:`dashboard.urlstate` wires them.
"""

from __future__ import annotations

from solver.parsing import MAX_DIGITS

__all__ = [
    "ACCEPT_JS",
    "ADDRESS_STATE",
    "GATE_JS",
    "MARK_INVALID_JS",
    "MAX_QUERY_CHARS",
    "QUERY_JS",
    "RESET_JUDGED_JS",
    "URL_READ",
    "URL_SETTLED",
    "WRITE_JS",
]

#: Longest query string read; a longer one is ignored as a whole.
MAX_QUERY_CHARS = 20_000

#: Store holding the address the server is asked to read:
#: ``{"search": str, "seq": int}``, written by the client-side gate.
URL_READ = "url-read-store"
#: Store holding what the last reading settled on: ``{"search": str, "seq":
#: int}``, the address of the controls it set (bad values left out).
URL_SETTLED = "url-settled-store"

#: :func:`dashboard.urlstate.query_from_controls` in JavaScript: ``function (values, table)``
#: where ``table`` is :func:`dashboard.urlstate.query_table`.  It gives the same text for the
#: values a page sends (text, whole numbers, finite floats, true/false);
#: values of other kinds (lists, objects), which no control of the table
#: has, are left out of the address where Python would write their
#: ``str``.  ``tests/test_urlstate.py`` runs both on the same values.
QUERY_JS = r"""function (values, table, current) {
    var MAX = __MAX__;
    var DIGITS = __DIGITS__;
    function wholeNumber(text) {
        // solver.parse_int's forms, exactly (a BigInt), or null: terms joined by + and -,
        // each a power (10**30, 10^30) or a whole decimal number (4708, 1e6, 1.5e3).
        var raw = text.trim().replace(/[_, ]/g, '');
        if (!raw || raw.length > DIGITS + 10) { return null; }
        var term = /([0-9]+)(?:\*\*|\^)([0-9]+)|((?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)(?:[eE][+-]?[0-9]+)?)/y;
        var total = 0n, position = 0, sign = 1n;
        if (raw[0] === '+' || raw[0] === '-') { sign = raw[0] === '-' ? -1n : 1n; position = 1; }
        for (;;) {
            term.lastIndex = position;
            var m = term.exec(raw);
            if (!m) { return null; }
            var value;
            if (m[1] !== undefined) {
                var base = m[1].replace(/^0+/, '') || '0';
                if (Number(m[2]) * base.length > DIGITS) { return null; }
                value = BigInt(m[1]) ** BigInt(m[2]);
            } else {
                if (m[3].length > DIGITS) { return null; }
                var parts = /^([0-9]*)(?:\.([0-9]*))?(?:[eE]([+-]?[0-9]+))?$/.exec(m[3]);
                var fraction = parts[2] || '';
                var digits = ((parts[1] || '') + fraction).replace(/^0+/, '') || '0';
                var exponent = Number(parts[3] || '0') - fraction.length;
                if (exponent + digits.length - 1 >= DIGITS) { return null; }
                if (exponent >= 0) {
                    value = BigInt(digits) * 10n ** BigInt(exponent);
                } else {
                    var cut = digits.length + exponent;
                    if (!/^0*$/.test(digits.slice(Math.max(cut, 0)))) { return null; }
                    value = cut > 0 ? BigInt(digits.slice(0, cut)) : 0n;
                }
            }
            total += sign * value;
            position = term.lastIndex;
            if (position === raw.length) { return total; }
            if (raw[position] !== '+' && raw[position] !== '-') { return null; }
            sign = raw[position] === '-' ? -1n : 1n;
            position += 1;
        }
    }
    function passes(spec, text) {
        // The key's check (dashboard.urlkeys), where it has one the page can run.
        if (!spec) { return true; }
        if (text === null) { return false; }
        if (spec.rule === 'choice') { return spec.options.indexOf(text) >= 0; }
        if (spec.rule === 'range') {
            var t = text.trim();
            return /^[0-9]{1,6}$/.test(t) && Number(t) >= spec.least && Number(t) <= spec.most;
        }
        if (spec.rule === 'whole') {
            var n = wholeNumber(text);
            return n !== null && n >= BigInt(spec.least) && (spec.most === null || n <= BigInt(spec.most));
        }
        return true;
    }
    function pyText(value) {
        // Python's str() of what the page sends as JSON.
        if (typeof value === 'string') {
            return value.length > MAX ? Array.from(value).slice(0, MAX).join('') : value;
        }
        if (typeof value === 'boolean') { return value ? 'True' : 'False'; }
        if (typeof value !== 'number' || !isFinite(value)) { return null; }
        if (Number.isInteger(value) || Math.abs(value) >= 1e-4) { return String(value); }
        // Python's repr of a small float: 1.5e-07, not 1.5e-7.
        return value.toExponential().replace(/e([+-])(\d)$/, function (_all, sign, digit) {
            return 'e' + sign + '0' + digit;
        });
    }
    function pyFloat(value) {
        // Python's float() of a value, NaN where it raises.
        if (typeof value === 'number') { return value; }
        if (typeof value === 'boolean') { return value ? 1 : 0; }
        if (typeof value !== 'string') { return NaN; }
        var t = value.trim();
        if (/^[+-]?(inf|infinity)$/i.test(t)) { return t.charAt(0) === '-' ? -Infinity : Infinity; }
        var number = /^[+-]?(?:\d(?:_?\d)*(?:\.(?:\d(?:_?\d)*)?)?|\.\d(?:_?\d)*)(?:[eE][+-]?\d(?:_?\d)*)?$/;
        return number.test(t) ? Number(t.replace(/_/g, '')) : NaN;
    }
    function quotePlus(text) {
        // urllib.parse.quote_plus: only letters, digits and _.-~ stay as they are.
        return encodeURIComponent(text).replace(/[!'()*]/g, function (c) {
            return '%' + c.charCodeAt(0).toString(16).toUpperCase();
        }).replace(/%20/g, '+');
    }
    var now = new URLSearchParams(typeof current === 'string' ? current : '');
    var pairs = [];
    table.forEach(function (row, i) {
        var key = row[0], fallback = row[1], numeric = row[2], spec = row[3], value = values[i];
        var follows = row[4];
        if (follows && typeof values[follows.from] === 'string'
                && Object.prototype.hasOwnProperty.call(follows.defaults, values[follows.from])) {
            // A key whose default depends on the game (urlstate.PER_GAME): the tab, a position's box.
            fallback = String(follows.defaults[values[follows.from]]);
        }
        if (value === null || value === undefined) { return; }
        var text = pyText(value);
        if (!passes(spec, text)) {
            // A refused value is never written: the key keeps what the address says, if that passes.
            var kept = now.has(key) ? now.getAll(key).pop() : null;
            if (kept === null || !passes(spec, kept)) { return; }
            value = kept;
            text = kept;
        }
        if (text === null) { return; }
        if (numeric ? pyFloat(value) === fallback : text === fallback) { return; }
        try {
            pairs.push(quotePlus(key) + '=' + quotePlus(text));
        } catch (err) {
            // text Python could not encode either (a lone surrogate): not written
        }
    });
    return pairs.length ? '?' + pairs.join('&') : '';
}""".replace("__MAX__", str(MAX_QUERY_CHARS)).replace("__DIGITS__", str(MAX_DIGITS))


# The page's state of the address, shared by the client-side code below:
# ``current`` is the query string the controls stand for (the default page's
# is ""), ``seq`` counts the addresses handed to the server, ``settled`` is
# the last reading's seq already used, ``listening`` says the back/forward
# listener is in place.
ADDRESS_STATE = "(window.ptsqAddress || (window.ptsqAddress = {current: '', seq: 0, settled: null, listening: false}))"

#: Controls -> address (in the browser; a callback with no output).  Pushes
#: a history entry with the new query string, or does nothing when the
#: address already says it.  One user input (a press, a key, a typed value)
#: makes at most one entry: the controls its callbacks change afterwards (a
#: game chosen, then its tab and its start position) replace that entry
#: instead of pushing more, so the back button undoes the whole input.  When
#: the controls were just set by a reading of the address and stand for what
#: it settled on, the entry is replaced too (a shared link with a bad value
#: leaves no extra entry).  The
#: history is written here, not through ``dcc.Location``'s ``search``: that
#: would fire :data:`GATE_JS`, and dash's Location pushes its stale ``href``
#: back when the address was replaced under it.
WRITE_JS = """function () {
    var table = %s;
    var toQuery = %s;
    var state = %s;
    if (!state.counting) {
        // The user's inputs: one history entry per input, however many controls its callbacks then change.
        state.counting = true;
        state.inputs = 0;
        state.pushed = 0;
        ['pointerdown', 'keydown', 'input', 'change'].forEach(function (type) {
            window.addEventListener(type, function () { state.inputs += 1; }, true);
        });
    }
    var values = Array.prototype.slice.call(arguments, 0, table.length);
    var settled = arguments[table.length];
    var query = toQuery(values, table, state.current);
    var replace = state.inputs === state.pushed;
    if (settled && typeof settled.search === 'string' && settled.seq !== state.settled) {
        state.settled = settled.seq;
        replace = replace || query === settled.search;
    }
    state.current = query;
    if (query !== window.location.search) {
        var url = window.location.pathname + query + window.location.hash;
        if (replace) {
            window.history.replaceState(window.history.state, '', url);
        } else {
            window.history.pushState({}, '', url);
            state.pushed = state.inputs;
        }
    }
    return window.dash_clientside.no_update;
}"""

#: Address -> the server, only for an address the page did not write itself:
#: ``{"search", "seq"}`` for :data:`URL_READ`, else no_update.  Fired by
#: ``dcc.Location`` on load (its ``search``) and, through a ``popstate``
#: listener it puts in place on its first call, by the back and forward
#: buttons.
GATE_JS = """function (search) {
    var state = __STATE__;
    var read = '__READ__';
    if (!state.listening) {
        state.listening = true;
        window.addEventListener('popstate', function () {
            var now = window.location.search;
            if (now !== state.current) {
                state.current = now;
                state.seq += 1;
                window.dash_clientside.set_props(read, {data: {search: now, seq: state.seq}});
            }
        });
    }
    if (typeof search !== 'string' || search !== window.location.search || search === state.current) {
        return window.dash_clientside.no_update;
    }
    state.current = search;
    state.seq += 1;
    return {search: search, seq: state.seq};
}""".replace("__STATE__", ADDRESS_STATE).replace("__READ__", URL_READ)


# Sets aria-invalid on each number box from its className ("invalid" marks
# a box whose content was refused): dcc.Input has no aria props.
MARK_INVALID_JS = """function(...classNames) {
    const ids = %s;
    ids.forEach(function(id, i) {
        const box = document.getElementById(id);
        if (!box || box.tagName !== 'INPUT') { return; }
        const bad = String(classNames[i] || '').split(/\\s+/).includes('invalid');
        box.setAttribute('aria-invalid', bad ? 'true' : 'false');
    });
    return window.dash_clientside.no_update;
}"""


#: A judged control's value -> its store (:data:`dashboard.urlstate.JUDGED`), in the browser, whenever the callback that judges
#: it sets its ``className``: the value, unless the class marks it ``invalid`` (refused) or the store has it.
ACCEPT_JS = """function (className, value, held) {
    var refused = String(className || '').split(/\\s+/).indexOf('invalid') >= 0;
    if (refused || value === null || value === undefined || value === held) {
        return window.dash_clientside.no_update;
    }
    return value;
}"""


#: A game chosen in the menu: each judged key of a game's own (its position, its board) whose control is not drawn
#: (its tab not mounted) gets the new game's value in its store, and each key the new game has not (its tab about
#: to be unmounted) the key's default, so the address is never written with the last game's value
#: (``?game=eraserhead&fpos=5+7+9``, ``?fpos=7,12``).  A value a store gives up is remembered with its game: back
#: to that game with its control still not drawn (the control comes back holding it), the store takes it again.  The address's reading (:mod:`dashboard.urlstate`) sets the menu,
#: the stores and :data:`URL_SETTLED` in one answer: a game read from the address keeps the values read with it.
#: ``__KEYS__``: ``[[key, control id, {game: value}, default], ...]``; ``__MENU__``: the game menu's id (both filled
#: in there).
RESET_JUDGED_JS = """function (game, _settled) {
    var keys = __KEYS__;
    var held = Array.prototype.slice.call(arguments, 2);
    var noUpdate = window.dash_clientside.no_update;
    var ctx = window.dash_clientside.callback_context;
    var fired = (ctx.triggered || []).map(function (t) { return t.prop_id; });
    var chosen = fired.indexOf('__MENU__.value') >= 0 && fired.indexOf('__SETTLED__.data') < 0;
    var memo = window.ptsqJudgedMemo || (window.ptsqJudgedMemo = {game: null, values: {}});
    var last = memo.game;
    memo.game = game;
    return keys.map(function (entry, i) {
        var own = entry[2];
        var has = Object.prototype.hasOwnProperty.call(own, game);
        if (!chosen || typeof game !== 'string' || (has && document.getElementById(entry[1]))) {
            return noUpdate;
        }
        var kept = memo.values[entry[0]];
        if (typeof last === 'string' && Object.prototype.hasOwnProperty.call(own, last)) {
            memo.values[entry[0]] = {game: last, value: held[i]};
        }
        if (!has) { return entry[3]; }
        return kept && kept.game === game ? kept.value : own[game];
    });
}""".replace("__SETTLED__", URL_SETTLED)
