// Sowing games as SVG (Kalah and Oware), drawn as the Prolog Kalah program
// draws Kalah: the bottom side's pits from its pit 1 on the left and its
// store on the right, the other side's pits reversed along the top and its
// store on the left. Sowing runs counter-clockwise and is animated one
// seed at a time; the games differ only in the holes a sowing passes (see
// `rings`).
'use strict';

window.PlyGames = window.PlyGames || {};

(function () {
  const NS = 'http://www.w3.org/2000/svg';
  const CELL = 86;          // width of a pit's column
  const MARGIN = 14;        // around the board
  const LABEL = 26;         // the strip for labels above and below
  const PIT_R = 34;         // a pit's radius
  const SEED_R = 5;         // a seed's radius
  const MAX_DRAWN = 30;     // seeds drawn one by one; the count says the rest
  const COLORS = ['#e9d8a6', '#94d2bd', '#ee9b00', '#ca6702', '#0a9396', '#ae2012', '#f1faee'];

  function el(name, attrs, parent) {
    const node = document.createElementNS(NS, name);
    for (const [key, value] of Object.entries(attrs || {})) node.setAttribute(key, value);
    if (parent) parent.appendChild(node);
    return node;
  }

  function text(parent, x, y, content, cls) {
    const node = el('text', { x, y, 'text-anchor': 'middle', 'dominant-baseline': 'central', class: cls }, parent);
    node.textContent = content;
    return node;
  }

  // Seeds on a sunflower spiral around the count in the middle: the same
  // count always looks the same.
  function seeds(parent, cx, cy, count, rx, ry) {
    const drawn = Math.min(count, MAX_DRAWN);
    for (let k = 0; k < drawn; k++) {
      const r = 0.5 + 0.5 * Math.sqrt((k + 0.5) / Math.max(drawn, 8));
      const a = k * 2.39996;
      el('circle', {
        cx: (cx + Math.cos(a) * r * rx).toFixed(1),
        cy: (cy + Math.sin(a) * r * ry).toFixed(1),
        r: SEED_R,
        fill: COLORS[k % COLORS.length],
        stroke: '#00000055',
      }, parent);
    }
  }

  function geometry(n) {
    return {
      width: (n + 2) * CELL + 2 * MARGIN,
      height: 2 * CELL + 2 * LABEL + 2 * MARGIN,
      col: (c) => MARGIN + c * CELL + CELL / 2,     // column 0 and n+1 are the stores
      row: (r) => MARGIN + LABEL + r * CELL + CELL / 2,
    };
  }

  // board: {pits: [[south…], [north…]], stores: [s, n], side}
  // opts: {bottom, legal, onMove, sideNames, highlight: {kind, side, pit}, hint}
  function render(container, board, opts) {
    const n = board.pits[0].length;
    const bottom = opts.bottom;
    const top = 1 - bottom;
    const g = geometry(n);
    const svg = el('svg', {
      viewBox: `0 0 ${g.width} ${g.height}`,
      role: 'img',
      'aria-label': `${opts.title} board, ${opts.sideNames[bottom]} at the bottom`,
      'data-side-to-move': board.side,
    });
    el('rect', {
      x: MARGIN / 2, y: MARGIN / 2 + LABEL - 6,
      width: g.width - MARGIN, height: g.height - MARGIN - 2 * LABEL + 12,
      rx: 28, class: 'board-bg',
    }, svg);

    // The stores: the top side's on the left, the bottom side's on the right.
    for (const [side, column] of [[top, 0], [bottom, n + 1]]) {
      const group = el('g', { class: 'store', 'data-side': side }, svg);
      if (opts.highlight && opts.highlight.kind === 'store' && opts.highlight.side === side) {
        group.classList.add('sown');
      }
      const cx = g.col(column);
      const cy = (g.row(0) + g.row(1)) / 2;
      el('rect', {
        class: 'hole', x: cx - PIT_R, y: g.row(0) - PIT_R, width: 2 * PIT_R,
        height: g.row(1) - g.row(0) + 2 * PIT_R, rx: PIT_R,
      }, group);
      seeds(group, cx, cy, board.stores[side], PIT_R - 10, CELL - 16);
      text(group, cx, cy, board.stores[side], 'count');
      text(svg, cx, side === top ? g.row(0) - CELL / 2 - LABEL / 2 + 4 : g.row(1) + CELL / 2 + LABEL / 2 - 4,
        opts.sideNames[side], 'label side-label' + (board.side === side ? ' to-move' : ''));
    }

    // The pits: the bottom row from pit 1 on the left, the top row reversed.
    const legal = new Set(opts.legal);
    for (const [side, r] of [[top, 0], [bottom, 1]]) {
      for (let i = 0; i < n; i++) {
        const column = side === bottom ? i + 1 : n - i;
        const cx = g.col(column);
        const cy = g.row(r);
        const pit = String(i + 1);
        const group = el('g', { class: 'pit', 'data-side': side, 'data-pit': pit }, svg);
        if (side === board.side && legal.has(pit)) {
          group.classList.add('legal');
          group.dataset.move = pit;
          group.setAttribute('role', 'button');
          group.setAttribute('aria-label', `sow pit ${pit}`);
          group.addEventListener('click', () => opts.onMove(pit));
        }
        const h = opts.highlight;
        if (h && h.kind === 'pit' && h.side === side && h.pit === i) group.classList.add('sown');
        if (opts.hint && opts.hint.side === side && opts.hint.pit === pit) group.classList.add('hinted');
        el('circle', { class: 'hole', cx, cy, r: PIT_R }, group);
        const count = board.pits[side][i];
        seeds(group, cx, cy, count, PIT_R - 10, PIT_R - 10);
        text(group, cx, cy, count, 'count');
        // The pit's number, outside the board's rows.
        const ly = r === 0 ? cy - CELL / 2 - LABEL / 2 + 4 : cy + CELL / 2 + LABEL / 2 - 4;
        text(svg, cx, ly, pit, 'label');
        // The move's proven value (the exact-value view), beside the pit's
        // number.
        if (opts.exact && side === board.side && opts.exact[pit] !== undefined) {
          const value = text(svg, cx + LABEL, ly, opts.exact[pit], 'exact-value');
          value.setAttribute('data-move', pit);
        }
      }
    }
    container.replaceChildren(svg);
  }

  // The holes a sowing from `pit` of `side` passes, in order, as a
  // function of the seed's number.
  const rings = {
    // Kalah: the mover's later pits, its store, the opponent's pits, the
    // mover's pits from pit 1 (the origin too, on a lap); never the
    // opponent's store.
    kalah(n, side, pit) {
      const holes = [];
      for (let i = 0; i < n; i++) holes.push({ kind: 'pit', side, pit: i });
      holes.push({ kind: 'store', side });
      for (let i = 0; i < n; i++) holes.push({ kind: 'pit', side: 1 - side, pit: i });
      return (k) => holes[(pit + 1 + k) % holes.length];
    },
    // Oware: houses only, and the house sown from is skipped on a lap.
    oware(n, side, pit) {
      const holes = [];
      for (let i = 0; i < n; i++) holes.push({ kind: 'pit', side, pit: i });
      for (let i = 0; i < n; i++) holes.push({ kind: 'pit', side: 1 - side, pit: i });
      const others = holes.filter((h) => !(h.side === side && h.pit === pit));
      // The origin's place in the ring, so the first seed goes to the next house.
      const start = pit;
      return (k) => others[(start + k) % others.length];
    },
  };

  const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

  // Sows seed by seed from `before`, then shows `after` (which has the
  // captures and the final sweep, as the engine library computed them).
  async function animate(ring, container, before, after, move, side, opts, delay) {
    const b = { pits: before.pits.map((row) => row.slice()), stores: before.stores.slice(), side: before.side };
    const pit = Number(move) - 1;
    const n = b.pits[0].length;
    if (!(pit >= 0 && pit < n) || delay <= 0) return;
    const count = b.pits[side][pit];
    b.pits[side][pit] = 0;
    const still = Object.assign({}, opts, { legal: [], hint: null });
    render(container, b, Object.assign({}, still, { highlight: { kind: 'pit', side, pit } }));
    await sleep(delay);
    const next = ring(n, side, pit);
    for (let k = 0; k < count; k++) {
      const hole = next(k);
      if (hole.kind === 'store') b.stores[hole.side] += 1;
      else b.pits[hole.side][hole.pit] += 1;
      render(container, b, Object.assign({}, still, { highlight: hole }));
      await sleep(delay);
    }
    render(container, after, still);
  }

  for (const name of ['kalah', 'oware']) {
    window.PlyGames[name] = {
      render,
      animate: (...args) => animate(rings[name], ...args),
    };
  }
})();
