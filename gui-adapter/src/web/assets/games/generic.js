// The drawing for a game that has no drawing of its own yet: the engine
// library's text drawing, and a button for each legal move.
'use strict';

window.PlyGames = window.PlyGames || {};

window.PlyGames.generic = {
  // board: {kind: "generic", text}; opts: {legal, onMove, text}
  render(container, board, opts) {
    container.replaceChildren();
    const wrap = document.createElement('div');
    wrap.className = 'generic';
    const pre = document.createElement('pre');
    pre.textContent = opts.text || board.text || '';
    wrap.appendChild(pre);
    const moves = document.createElement('div');
    moves.className = 'moves';
    for (const mv of opts.legal) {
      const button = document.createElement('button');
      button.type = 'button';
      button.className = 'legal';
      button.dataset.move = mv;
      button.textContent = mv;
      button.addEventListener('click', () => opts.onMove(mv));
      moves.appendChild(button);
    }
    wrap.appendChild(moves);
    container.appendChild(wrap);
  },

  // No animation: the new position is drawn at once.
  animate() {
    return Promise.resolve();
  },
};
