// Analysis mode's drawings (see docs/front-ends.md, "Analysis mode"): the
// engine's best lines (MultiPV) and the evaluation graph over the game's
// positions. Plain DOM and inline SVG; app.js feeds them what ply-gui sends.
'use strict';

window.PlyAnalysis = (function () {
  const SVG = 'http://www.w3.org/2000/svg';
  // The graph's edge, in the game's units (seeds, men): larger values and
  // proven wins are drawn there, as lichess clamps at ten pawns.
  const CLAMP = 10;
  const WIDTH = 320;
  const HEIGHT = 90;
  const PAD = 6;

  // A score from player one's side in units, clamped; a win (mate, or a
  // proven margin other than a draw) at the edge.
  function units(score) {
    if (!score) return null;
    if (score.mate !== undefined) return score.mate >= 0 ? CLAMP : -CLAMP;
    if (score.proven && score.cp) return Math.sign(score.cp) * CLAMP;
    return Math.max(-CLAMP, Math.min(CLAMP, (score.cp || 0) / 100));
  }

  function svgElement(name, attributes) {
    const node = document.createElementNS(SVG, name);
    for (const [key, value] of Object.entries(attributes)) node.setAttribute(key, String(value));
    return node;
  }

  // The graph: one point per position of the game (index: its ply) that
  // has a value, player one up; `current` is the position shown; a click
  // picks the nearest position.
  function renderGraph(box, evals, current, sideNames, onPick) {
    const n = evals.length;
    const span = WIDTH - 2 * PAD;
    const x = (ply) => PAD + (n > 1 ? (ply * span) / (n - 1) : span / 2);
    const y = (v) => HEIGHT / 2 - (v * (HEIGHT / 2 - PAD)) / CLAMP;
    const svg = svgElement('svg', {
      viewBox: `0 0 ${WIDTH} ${HEIGHT}`,
      class: 'evalgraph',
      role: 'img',
      'aria-label': `Evaluation graph: ${sideNames[0]} ahead above the line, ±${CLAMP} at the edges`,
    });
    svg.append(
      svgElement('rect', { x: 0, y: 0, width: WIDTH, height: HEIGHT / 2, class: 'eg-one' }),
      svgElement('rect', { x: 0, y: HEIGHT / 2, width: WIDTH, height: HEIGHT / 2, class: 'eg-two' }),
      svgElement('line', { x1: 0, y1: HEIGHT / 2, x2: WIDTH, y2: HEIGHT / 2, class: 'eg-mid' }),
      svgElement('line', { x1: x(current), y1: 0, x2: x(current), y2: HEIGHT, class: 'eg-cursor' }),
    );
    // The line through consecutive values; a position without one breaks it.
    let segment = [];
    const flush = () => {
      if (segment.length > 1) svg.append(svgElement('polyline', { points: segment.join(' '), class: 'eg-line' }));
      segment = [];
    };
    evals.forEach((score, ply) => {
      const v = units(score);
      if (v === null) flush();
      else segment.push(`${x(ply).toFixed(1)},${y(v).toFixed(1)}`);
    });
    flush();
    evals.forEach((score, ply) => {
      const v = units(score);
      if (v === null) return;
      const point = svgElement('circle', {
        cx: x(ply).toFixed(1),
        cy: y(v).toFixed(1),
        r: ply === current ? 3.6 : 2.2,
        class: ply === current ? 'eg-point current' : 'eg-point',
        'data-ply': ply,
      });
      const title = svgElement('title', {});
      title.textContent = `${ply === 0 ? 'Start' : `After move ${ply}`}: ${score.text}` +
        (score.proven ? ' (proven)' : '');
      point.append(title);
      svg.append(point);
    });
    svg.addEventListener('click', (event) => {
      const box = svg.getBoundingClientRect();
      if (!box.width || n === 0) return;
      const at = ((event.clientX - box.left) / box.width) * WIDTH;
      const ply = n > 1 ? Math.round(((at - PAD) * (n - 1)) / span) : 0;
      onPick(Math.max(0, Math.min(n - 1, ply)));
    });
    box.replaceChildren(svg);
  }

  // A line's moves by turn: "S [6,1]  N [2]".
  function formatTurns(turns, sideNames) {
    return turns.map((t) => `${sideNames[t.side][0]} [${t.moves.join(',')}]`).join('  ');
  }

  // The engine's lines, best first: score (player one's side), depth, moves.
  function renderLines(list, lines, sideNames) {
    list.replaceChildren();
    for (const info of lines) {
      if (!info) continue;
      const li = document.createElement('li');
      li.className = 'pv-line';
      const score = document.createElement('span');
      score.className = 'pv-score';
      score.textContent = info.eval ? info.eval.text : '–';
      const depth = document.createElement('span');
      depth.className = 'pv-depth';
      depth.textContent = info.depth === null ? '' : `d${info.depth}`;
      const moves = document.createElement('span');
      moves.className = 'pv-moves';
      moves.textContent = info.pv_turns.length ? formatTurns(info.pv_turns, sideNames) : info.pv.join(' ');
      li.append(score, depth);
      if (info.proven) {
        const proven = document.createElement('span');
        proven.className = 'pv-proven';
        proven.textContent = 'proven';
        proven.title = 'The engine proved this value (the endgame database, or every line searched to the end)';
        li.append(proven);
      }
      li.append(moves);
      list.appendChild(li);
    }
  }

  return { renderGraph, renderLines, formatTurns };
})();
