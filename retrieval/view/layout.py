"""Fixed places for the page's nodes, computed once so that nothing moves when a slider does:
owners above X by hops upward, holdings below by hops downward, nodes reached only by lending or
guarantee edges beside the layer of the chain node they touch."""

from __future__ import annotations

from collections import defaultdict

from ownergraph.graph.analytics.timeline import Timeline

GAP_X, GAP_Y = 190.0, 130.0


def _hops(tl: Timeline, upward: bool) -> dict[str, int]:
    """Hops from the centre over chain edges of any version (owners: against the arrows)."""
    nxt: dict[str, set[str]] = defaultdict(set)
    for v in tl.versions:
        if v.type in tl.chain_types:
            a, b = (v.target, v.source) if upward else (v.source, v.target)
            nxt[a].add(b)
    hops, frontier = {tl.center: 0}, [tl.center]
    while frontier:
        frontier = sorted({n for f in frontier for n in nxt[f] if n not in hops})
        depth = max(hops.values()) + 1
        hops.update({n: depth for n in frontier})
    return hops


def _layers(tl: Timeline) -> tuple[dict[str, int], set[str]]:
    """Each node's row, and the nodes only side edges reach (placed after the chain's)."""
    layer = {k: -h for k, h in _hops(tl, upward=True).items()}
    layer.update({k: h for k, h in _hops(tl, upward=False).items() if k not in layer})
    chain = set(layer)
    for v in tl.versions:  # side edges: beside the chain node they touch
        for a, b in ((v.source, v.target), (v.target, v.source)):
            if a in chain and b not in layer:
                layer[b] = layer[a]
    for k in tl.nodes:
        layer.setdefault(k, 0)
    return layer, set(layer) - chain


def places(tl: Timeline) -> dict[str, tuple[float, float]]:
    """Node key -> (x, y) in page pixels: one row per layer, the chain's nodes centred in name
    order (X in the middle of its row), the side nodes to the right after a wider gap."""
    layers, side = _layers(tl)
    rows: dict[int, list[str]] = defaultdict(list)
    for key, layer in layers.items():
        rows[layer].append(key)
    out: dict[str, tuple[float, float]] = {}
    for layer, keys in rows.items():
        keys.sort(key=lambda k: str(tl.nodes.get(k, {}).get("name") or k))
        chain = [k for k in keys if k not in side and k != tl.center]
        if tl.center in keys:
            chain.insert(len(chain) // 2, tl.center)
        for i, key in enumerate(chain):
            out[key] = ((i - (len(chain) - 1) / 2) * GAP_X, layer * GAP_Y)
        right = (len(chain) - 1) / 2 * GAP_X + 1.5 * GAP_X
        for i, key in enumerate(k for k in keys if k in side):
            out[key] = (right + i * GAP_X, layer * GAP_Y)
    return out
