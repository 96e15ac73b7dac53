// Russian draughts as SVG: an 8×8 board, the bottom side's first rank
// nearest the person (a1 in the bottom-left corner for White, h8 for
// Black). A move is clicked square by square: the piece, then each square
// it lands on. The page knows no rules: ply-gui sends a click plan with
// every position (games/russian/clicks.rs), keyed by the clicks so far
// ("c3 e5"), that lists the squares that may come next or the move the
// clicks complete.
'use strict';

window.PlyGames = window.PlyGames || {};

(function () {
  const NS = 'http://www.w3.org/2000/svg';
  const CELL = 60;
  const MARGIN = 30;
  const FILES = 'abcdefgh';
  const MUST_CAPTURE = 'You must capture';

  // The clicks so far, for the position they were made in.
  let selection = { fen: null, clicks: [] };

  function el(name, attrs, parent) {
    const node = document.createElementNS(NS, name);
    for (const [key, value] of Object.entries(attrs || {})) node.setAttribute(key, value);
    if (parent) parent.appendChild(node);
    return node;
  }

  function label(parent, x, y, content) {
    const node = el('text', { x, y, 'text-anchor': 'middle', 'dominant-baseline': 'central', class: 'label' }, parent);
    node.textContent = content;
  }

  // The squares a move's text names: c3:e5:g3 → c3, e5, g3.
  function squaresOf(move) {
    return move ? move.split(/[-:x]/).filter((s) => s) : [];
  }

  // The screen column and row of a square, with `bottom` (0 White, 1
  // Black) nearest the person.
  function place(name, bottom) {
    const file = FILES.indexOf(name[0]);
    const rank = Number(name[1]) - 1;
    return bottom === 0 ? { col: file, row: 7 - rank } : { col: 7 - file, row: rank };
  }

  function key(clicks) {
    return clicks.join(' ');
  }

  function piece(group, cx, cy, letter) {
    const white = letter.toLowerCase() === 'w';
    const king = letter === 'W' || letter === 'B';
    const cls = `piece ${white ? 'white' : 'black'}${king ? ' king' : ''}`;
    const g = el('g', { class: cls, 'data-piece': letter }, group);
    el('circle', { cx, cy, r: CELL * 0.38, class: 'man' }, g);
    el('circle', { cx, cy, r: CELL * 0.26, class: 'ring' }, g);
    if (king) {
      // A crown: three points on a band.
      const w = CELL * 0.3;
      const h = CELL * 0.2;
      const x = cx - w / 2;
      const y = cy - h / 2;
      el('path', {
        d: `M${x} ${y + h}L${x} ${y}L${x + w / 4} ${y + h / 2}L${x + w / 2} ${y - h / 4}` +
          `L${x + 3 * w / 4} ${y + h / 2}L${x + w} ${y}L${x + w} ${y + h}Z`,
        class: 'crown',
      }, g);
    }
  }

  // board: {pieces: {"a1": "w", …}, side, must_capture, clicks: {"c3": {next: [...]}, "c3 d4": {move}}}
  // opts: {bottom, legal, onMove, sideNames, title, hint, lastMove}
  function render(container, board, opts) {
    const fen = JSON.stringify(board.pieces) + board.side;
    if (selection.fen !== fen) selection = { fen, clicks: [] };
    const clickable = opts.legal.length > 0;
    const plan = clickable ? board.clicks : {};
    const clicks = selection.clicks;
    const step = clicks.length ? plan[key(clicks)] : null;
    const next = new Set(step && step.next ? step.next : []);
    const starts = new Set(Object.keys(plan).filter((k) => !k.includes(' ')));
    const hinted = new Set(opts.hint ? squaresOf(opts.hint.pit) : []);
    const last = new Set(opts.lastMove ? squaresOf(opts.lastMove) : []);

    const size = 8 * CELL + 2 * MARGIN;
    const svg = el('svg', {
      viewBox: `0 0 ${size} ${size}`,
      role: 'img',
      'aria-label': `${opts.title} board, ${opts.sideNames[opts.bottom]} at the bottom`,
      class: 'draughts',
      'data-side-to-move': board.side,
    });
    el('rect', { x: 4, y: 4, width: size - 8, height: size - 8, rx: 10, class: 'board-bg' }, svg);
    for (let i = 0; i < 8; i++) {
      const file = opts.bottom === 0 ? FILES[i] : FILES[7 - i];
      const rank = opts.bottom === 0 ? 8 - i : i + 1;
      label(svg, MARGIN + i * CELL + CELL / 2, size - MARGIN / 2, file);
      label(svg, MARGIN / 2, MARGIN + i * CELL + CELL / 2, String(rank));
    }

    for (let rank = 0; rank < 8; rank++) {
      for (let file = 0; file < 8; file++) {
        const name = `${FILES[file]}${rank + 1}`;
        const { col, row } = place(name, opts.bottom);
        const x = MARGIN + col * CELL;
        const y = MARGIN + row * CELL;
        const dark = (file + rank) % 2 === 0;
        if (!dark) {
          el('rect', { x, y, width: CELL, height: CELL, class: 'light-square' }, svg);
          continue;
        }
        const group = el('g', { class: 'cell', 'data-square': name }, svg);
        el('rect', { x, y, width: CELL, height: CELL, class: 'dark-square' }, group);
        const letter = board.pieces[name];
        if (letter) piece(group, x + CELL / 2, y + CELL / 2, letter);
        if (last.has(name)) group.classList.add('last');
        if (hinted.has(name)) group.classList.add('hinted');
        if (clicks.includes(name)) group.classList.add('selected');
        if (clicks.length === 0 ? starts.has(name) : next.has(name)) {
          group.classList.add('legal');
          group.dataset.move = name;
        }
        if (clickable) {
          group.setAttribute('role', 'button');
          group.setAttribute('aria-label', `square ${name}`);
          group.addEventListener('click', () => click(container, board, opts, name));
        }
      }
    }

    const note = document.createElement('p');
    note.className = 'board-note';
    note.textContent = selection.note || '';
    container.replaceChildren(svg, note);
  }

  // One click: go on along the plan, send a complete move, start again
  // from another piece, or say why nothing happens.
  function click(container, board, opts, name) {
    const plan = board.clicks;
    const clicks = selection.clicks.concat([name]);
    const step = plan[key(clicks)];
    selection.note = '';
    if (step && step.move) {
      selection.clicks = [];
      opts.onMove(step.move);
    } else if (step && step.next) {
      selection.clicks = clicks;
    } else if (selection.clicks.length === 1 && selection.clicks[0] === name) {
      // The chosen piece clicked again: no piece chosen.
      selection.clicks = [];
    } else if (plan[name]) {
      // Another piece that can move: start from it.
      selection.clicks = [name];
    } else {
      const own = board.pieces[name] && (board.pieces[name].toLowerCase() === 'w') === (board.side === 0);
      const quietStep = selection.clicks.length === 1 && !board.pieces[name];
      if (board.must_capture && (own || quietStep)) {
        const captures = Object.values(plan).filter((s) => s.move).map((s) => s.move);
        selection.note = `${MUST_CAPTURE}: ${[...new Set(captures)].join(', ')}`;
      } else if (own) {
        selection.note = `The piece on ${name} cannot move.`;
      }
      selection.clicks = [];
    }
    render(container, board, opts);
  }

  // Shows the move on the board it was played from, then the new board.
  async function animate(container, before, after, move, side, opts, delay) {
    if (delay <= 0) return;
    const still = Object.assign({}, opts, { legal: [], hint: null, lastMove: move });
    render(container, before, still);
    await new Promise((resolve) => setTimeout(resolve, 3 * delay));
  }

  window.PlyGames.draughts = { render, animate };
})();
