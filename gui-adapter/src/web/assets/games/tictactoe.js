// Tic-tac-toe as SVG: rank 3 on top, files a-c from the left; an empty
// square is a move to click when it is legal.
'use strict';

window.PlyGames = window.PlyGames || {};

(function () {
  const NS = 'http://www.w3.org/2000/svg';
  const CELL = 110;
  const MARGIN = 30;
  const FILES = 'abc';

  function el(name, attrs, parent) {
    const node = document.createElementNS(NS, name);
    for (const [key, value] of Object.entries(attrs || {})) node.setAttribute(key, value);
    if (parent) parent.appendChild(node);
    return node;
  }

  // board: {cells: ["x", "", "o", …] from a1, b1, c1, a2 …, side}
  function render(container, board, opts) {
    const size = 3 * CELL + 2 * MARGIN;
    const svg = el('svg', {
      viewBox: `0 0 ${size} ${size}`,
      role: 'img',
      'aria-label': `${opts.title} board, ${opts.sideNames[opts.bottom]} at the bottom`,
      class: 'tictactoe',
    });
    el('rect', { x: MARGIN / 2, y: MARGIN / 2, width: size - MARGIN, height: size - MARGIN, rx: 18, class: 'board-bg' }, svg);
    const legal = new Set(opts.legal);
    for (let square = 0; square < 9; square++) {
      const file = square % 3;
      const rank = Math.floor(square / 3);
      const x = MARGIN + file * CELL;
      const y = MARGIN + (2 - rank) * CELL;
      const name = `${FILES[file]}${rank + 1}`;
      const group = el('g', { class: 'pit', 'data-square': name }, svg);
      el('rect', { x: x + 6, y: y + 6, width: CELL - 12, height: CELL - 12, rx: 10, class: 'hole square' }, group);
      const mark = board.cells[square];
      const cx = x + CELL / 2;
      const cy = y + CELL / 2;
      if (mark === 'x') {
        el('path', { d: `M${cx - 28} ${cy - 28}L${cx + 28} ${cy + 28}M${cx + 28} ${cy - 28}L${cx - 28} ${cy + 28}`, class: 'mark-x' }, group);
      } else if (mark === 'o') {
        el('circle', { cx, cy, r: 30, class: 'mark-o' }, group);
      }
      if (legal.has(name)) {
        group.classList.add('legal');
        group.dataset.move = name;
        group.setAttribute('role', 'button');
        group.setAttribute('aria-label', `mark ${name}`);
        group.addEventListener('click', () => opts.onMove(name));
      }
      if (opts.hint && opts.hint.pit === name) group.classList.add('hinted');
    }
    container.replaceChildren(svg);
  }

  window.PlyGames.tictactoe = {
    render,
    animate: () => Promise.resolve(),
  };
})();
