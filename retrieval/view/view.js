// The page's one job: show the edges the analytics would answer at the sliders' pair of dates.
// Every version of each edge is in #og-data with its four dates; a slider move re-runs the gate
// (valid_from <= as_of < valid_to, known_from <= known_at < known_to) and the same walk as
// graph/analytics/timeline.py: owners upward and holdings downward over chain edges, up to
// `depth` hops each, then the lending/guarantee edges touching a node of that chain.
(function () {
  "use strict";
  var DAY = 86400000;
  performance.mark("og-start");
  var data = JSON.parse(document.getElementById("og-data").textContent);
  var $ = function (id) { return document.getElementById(id); };
  var iso = function (day) { return new Date(day * DAY).toISOString().slice(0, 10); };

  var big = data.nodes.length > 300;  // a large group: cheaper drawing (no label wrapping, still pans)
  var cy = cytoscape({
    container: $("og-graph"),
    elements: [],  // only what the sliders admit is ever in the graph (apply): half the work
    layout: { name: "preset" },
    minZoom: 0.02, maxZoom: 4, wheelSensitivity: 0.3, pixelRatio: 1,
    hideEdgesOnViewport: big, textureOnViewport: big,
    style: [
      { selector: "node", style: { "shape": "round-rectangle", "background-color": "#dbe9f6",
        "border-width": 1, "border-color": "#345", "label": "data(name)", "font-size": 11,
        "text-valign": "center", "text-wrap": big ? "none" : "wrap", "text-max-width": 150, "width": 160,
        "height": 44, "min-zoomed-font-size": 6 } },
      { selector: "node[kind = 'person']", style: { "shape": "ellipse", "background-color": "#f6ecd2" } },
      { selector: "node[?center]", style: { "border-width": 3, "border-color": "#b0413e" } },
      { selector: "edge", style: { "curve-style": "bezier", "target-arrow-shape": "triangle",
        "width": 2, "line-color": "data(color)", "target-arrow-color": "data(color)",
        "label": "data(label)", "font-size": 10, "text-background-color": "#fff",
        "text-background-opacity": 0.85, "min-zoomed-font-size": 7 } },
      { selector: "edge[?side]", style: { "line-style": "dashed" } },
      { selector: "edge:selected", style: { "width": 4 } }
    ]
  });

  performance.mark("og-cytoscape");
  function admitted(e, asOf, nextMidnight) {
    // known_at is the end of its day: known_from <= it  <=>  known_from < next midnight
    return e.vf <= asOf && asOf < e.vt && e.kf < nextMidnight && nextMidnight <= e.kt;
  }

  function walk(edges, inward, ids, nodes) {
    var at = new Map();  // node -> the admitted edges a step from it reads
    edges.forEach(function (e) {
      var k = inward ? e.target : e.source;
      if (!at.has(k)) at.set(k, []);
      at.get(k).push(e);
    });
    var frontier = [data.center], seen = new Set(frontier);
    for (var depth = 1; depth <= data.depth && frontier.length; depth++) {
      var next = [];
      frontier.forEach(function (k) {
        (at.get(k) || []).forEach(function (e) {
          ids.add(e.id);
          [e.source, e.target].forEach(function (end) {
            nodes.add(end);
            if (!seen.has(end)) { seen.add(end); next.push(end); }
          });
        });
      });
      frontier = next;
    }
  }

  function shownAt(asOf, knownAt) {
    var n = (knownAt + 1) * DAY;
    var ok = data.edges.filter(function (e) { return admitted(e, asOf, n); });
    var chain = ok.filter(function (e) { return !e.side; });
    var ids = new Set(), nodes = new Set([data.center]);
    walk(chain, true, ids, nodes);
    walk(chain, false, ids, nodes);
    ok.forEach(function (e) {
      if (e.side && (nodes.has(e.source) || nodes.has(e.target))) { ids.add(e.id); nodes.add(e.source); nodes.add(e.target); }
    });
    return { ids: ids, nodes: nodes };
  }

  var nodeOf = new Map(data.nodes.map(function (n) { return [n.id, n]; }));
  var edgeOf = new Map(data.edges.map(function (e) { return [e.id, e]; }));

  function apply() {
    var asOf = +$("og-valid").value, knownAt = +$("og-known").value;
    $("og-valid-out").textContent = iso(asOf);
    $("og-known-out").textContent = iso(knownAt);
    var shown = shownAt(asOf, knownAt);
    cy.batch(function () {
      cy.edges().filter(function (e) { return !shown.ids.has(e.id()); }).remove();
      cy.nodes().filter(function (n) { return !shown.nodes.has(n.id()); }).remove();
      var add = [];
      shown.nodes.forEach(function (k) {
        var n = nodeOf.get(k);
        if (cy.getElementById(k).empty()) add.push({ group: "nodes", data: n, position: { x: n.x, y: n.y } });
      });
      shown.ids.forEach(function (id) {
        if (cy.getElementById(id).empty()) add.push({ group: "edges", data: edgeOf.get(id) });
      });
      cy.add(add);
    });
    $("og-count").textContent = shown.ids.size + " edges, " + shown.nodes.size + " entities";
  }

  function row(dl, key, value) {
    var dt = document.createElement("dt"), dd = document.createElement("dd");
    dt.textContent = key; dd.textContent = value; dl.appendChild(dt); dl.appendChild(dd);
  }

  function span(from, to) {
    // half-open: the end day itself is outside; sentinel years stand for an unbounded side
    var lo = /^0001-/.test(from) ? null : from, hi = /^9999-/.test(to) ? null : to;
    if (!hi) return lo ? "from " + lo + ", open-ended" : "always";
    return (lo ? lo + " until " : "until ") + hi + " (" + hi.slice(0, 10) + " excluded)";
  }

  function detail(e) {
    var box = $("og-detail"), names = function (k) { return cy.getElementById(k).data("name"); };
    box.textContent = "";
    var h = document.createElement("h2");
    h.textContent = names(e.source) + " " + e.verb + " " + names(e.target) + (e.label ? " (" + e.label + ")" : "");
    var dl = document.createElement("dl");
    row(dl, "valid", span(e.dates.valid_from, e.dates.valid_to));
    row(dl, "known", span(e.dates.known_from, e.dates.known_to));
    Object.keys(e.cite).forEach(function (k) { row(dl, k.replace(/_/g, " "), e.cite[k]); });
    box.appendChild(h); box.appendChild(dl);
  }

  [["og-valid", data.clock.as_of], ["og-known", data.clock.known_at]].forEach(function (s) {
    var el = $(s[0]);
    el.min = data.range.lo; el.max = data.range.hi; el.step = 1; el.value = s[1];
    el.addEventListener("input", apply);
  });
  function fit() {
    // from the fixed places, not cy.fit(): measuring every label costs more than drawing them
    var xs = [], ys = [];
    cy.nodes().forEach(function (n) { var p = n.position(); xs.push(p.x); ys.push(p.y); });
    if (!xs.length) return;
    var x0 = Math.min.apply(null, xs) - 100, x1 = Math.max.apply(null, xs) + 100;
    var y0 = Math.min.apply(null, ys) - 40, y1 = Math.max.apply(null, ys) + 40;
    var zoom = Math.min(cy.width() / (x1 - x0), cy.height() / (y1 - y0), 1.5);
    cy.viewport({ zoom: zoom, pan: { x: cy.width() / 2 - zoom * (x0 + x1) / 2, y: cy.height() / 2 - zoom * (y0 + y1) / 2 } });
  }

  cy.on("tap", "edge", function (evt) { detail(evt.target.data()); });
  apply();
  performance.mark("og-filtered");
  fit();
  performance.mark("og-fit");
  window.ownergraphView = {
    cy: cy,
    visible: function () { return cy.edges(":visible").map(function (e) { return e.id(); }); },
    dayOf: function (isoDate) { return Math.round(Date.parse(isoDate + "T00:00:00Z") / DAY); },
    readyMs: null
  };
  requestAnimationFrame(function () { window.ownergraphView.readyMs = performance.now(); });
})();
