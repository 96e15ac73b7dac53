// The page: talks to ply-gui over a WebSocket, draws what it is sent, and
// sends only the few messages ply-gui accepts (see docs/front-ends.md).
'use strict';

(function () {
  const $ = (id) => document.getElementById(id);
  const params = new URLSearchParams(location.search);
  const token = params.get('token');
  const DELAYS = { slow: 320, normal: 140, fast: 12, off: 0 };

  let socket = null;
  let hello = null;
  let state = null;        // the last state received
  let shown = null;        // the last state drawn
  let queue = Promise.resolve();
  let pendingMoves = 0;    // states with a new move, received and not drawn yet
  let queuedLength = -1;   // the move count of the last state received
  let hint = null;
  let formVariant = null;  // the variant the options form shows
  let formKey = '';        // the game and options it was filled from
  let lastPlayers = null;   // the players and strengths the form shows
  let lines = [];          // analysis mode's lines for the position shown, best first
  let linesKey = '';       // the position and line count they are for
  let liveEval = null;     // the running analysis's first line, for the graph

  if (params.get('speed') in DELAYS) $('speed').value = params.get('speed');

  // ---- talking to ply-gui -------------------------------------------------

  function connect() {
    const query = token ? `?token=${encodeURIComponent(token)}` : '';
    socket = new WebSocket(`ws://${location.host}/ws${query}`);
    socket.addEventListener('message', (event) => receive(JSON.parse(event.data)));
    socket.addEventListener('close', () => {
      setStatus('disconnected', 'Connection to ply-gui lost: reload the page');
    });
  }

  function send(message) {
    if (socket && socket.readyState === WebSocket.OPEN) {
      $('error').textContent = '';
      socket.send(JSON.stringify(message));
    }
  }

  function receive(message) {
    switch (message.type) {
      case 'hello':
        hello = message;
        buildVariantMenu();
        break;
      case 'state': {
        state = message;
        // The lines belong to one position: a state for another clears
        // them at once (the engine's lines for it come after this state).
        const key = message.analysis ? `${message.ply} ${message.fen} ${message.analysis.lines}` : '';
        if (key !== linesKey) {
          linesKey = key;
          lines = [];
        }
        liveEval = null;
        const moved = message.moves.length !== queuedLength;
        queuedLength = message.moves.length;
        if (moved) pendingMoves += 1;
        queue = queue
          .then(() => draw(message))
          .catch((e) => console.error(e))
          .finally(() => { if (moved) pendingMoves -= 1; });
        break;
      }
      case 'info':
        showInfo(message);
        break;
      case 'hint':
        showHint(message);
        break;
      case 'proven':
        showProven(message);
        break;
      case 'error':
        $('error').textContent = message.message;
        break;
      default:
        break;
    }
  }

  // ---- drawing a state ----------------------------------------------------

  function view(board) {
    return window.PlyGames[board.kind] || window.PlyGames.generic;
  }

  function delay() {
    return DELAYS[$('speed').value] || 0;
  }

  function sideName(s, side) {
    return s.side_names[side];
  }

  async function draw(s) {
    const isNewMove = shown && s.last_move && s.variant === shown.variant &&
      s.moves.length === shown.moves.length + 1;
    // Behind (engines playing fast)? Then draw at once and catch up.
    const behind = pendingMoves > 1;
    if (isNewMove && delay() > 0 && !behind) {
      document.body.dataset.busy = 'true';
      const lm = s.last_move;
      await view(s.board).animate($('board'), lm.before, s.board, lm.move, lm.side, boardOptions(s, false), delay());
      document.body.dataset.animated = String(Number(document.body.dataset.animated || 0) + 1);
    }
    if (!shown || s.moves.length !== shown.moves.length || s.fen !== shown.fen) hint = null;
    shown = s;
    render(s);
    delete document.body.dataset.busy;
    document.body.dataset.ready = 'true';
  }

  function boardOptions(s, clickable) {
    return {
      bottom: s.bottom,
      legal: clickable ? s.legal : [],
      // Whether the person may move now (for games whose moves are typed).
      canMove: clickable && s.players[s.side_to_move] === 'human' && !s.outcome &&
        (s.thinking === null || s.hinting),
      onMove: (mv) => send({ type: 'move', move: mv }),
      sideNames: s.side_names,
      title: s.title,
      text: s.text,
      hint: hint && hint.side === s.side_to_move && hint.turn.length
        ? { side: hint.side, pit: hint.turn[0] } : null,
      lastMove: s.last_move ? s.last_move.move : null,
      // Each legal move's proven value, when the exact-value view has it.
      exact: clickable ? window.PlyDatabase.valuesFor(s) : null,
    };
  }

  function render(s) {
    document.title = `Ply: ${s.title}`;
    document.body.dataset.moves = String(s.moves.length);
    $('title').textContent = s.title;
    view(s.board).render($('board'), s.board, boardOptions(s, true));
    renderStatus(s);
    renderMoves(s);
    renderPlayers(s);
    renderOptionsForm(s);
    renderDrawOffer(s);
    renderAnalysis(s);
    window.PlyDatabase.render(s, send);
    $('fen').textContent = s.fen;
    $('fen-input').placeholder = s.fen;
    $('player-name-0').textContent = s.side_names[0];
    $('player-name-1').textContent = s.side_names[1];
    const names = s.engine_names.filter((x) => x);
    $('engine-name').textContent = names.length ? `(${[...new Set(names)].join(' / ')})` : '';
    $('undo').disabled = s.moves.length === 0;
    $('hint').disabled = s.thinking !== null || s.outcome !== null || !!s.analysis;
    $('engine-move').disabled = (s.thinking !== null && !s.hinting) || s.outcome !== null ||
      !!s.analysis;
    $('stop').title = s.analysis
      ? 'Stop the analysis of this position (nothing is played)'
      : 'Stop the engine: it plays its best move so far, then waits';
    $('stop').disabled = s.analysis ? !s.analysis.running : s.thinking === null &&
      (s.paused || s.outcome !== null || s.players[s.side_to_move] !== 'engine');
    // The evaluation bar and Flip only where two sides share a board
    // (ply-gui says which games: not Mastermind).
    const twoSided = isTwoSided(s);
    $('evalbar').hidden = !twoSided;
    $('flip').hidden = !twoSided;
    $('evalbar').classList.toggle('flipped', s.bottom === 1);
    if (s.outcome) {
      const w = s.outcome.winner;
      setEval(w === null ? 0.5 : (w === 0 ? 1 : 0), s.outcome.text);
    } else if (s.moves.length === 0 && !s.thinking) {
      setEval(0.5, '0.00');
    }
    $('hint-text').textContent = hint && hint.side === s.side_to_move && !s.outcome
      ? `Hint for ${sideName(s, hint.side)}: [${hint.turn.join(',')}]${hint.score ? ' (' + hint.score + ')' : ''}`
      : '';
  }

  // Whether the game's players sit at two sides of a board, as ply-gui's
  // hello says (before the hello: yes).
  function isTwoSided(s) {
    const game = hello && hello.variants.find((v) => v.name === s.variant);
    return !game || game.two_sided;
  }

  // The draw offer (draughts: only kings remain), until it is answered.
  function renderDrawOffer(s) {
    const box = $('draw-offer');
    box.hidden = !s.draw_offer;
    $('draw-offer-text').textContent = s.draw_offer
      ? `${s.draw_offer.charAt(0).toUpperCase()}${s.draw_offer.slice(1)}: a draw is offered.` : '';
  }

  function setStatus(stateName, text) {
    const status = $('status');
    status.dataset.state = stateName;
    status.textContent = text;
  }

  function renderStatus(s) {
    const mover = sideName(s, s.side_to_move);
    if (s.outcome) {
      setStatus('over', `Game over: ${s.outcome.text}`);
    } else if (s.analysis) {
      setStatus('analysis', `Analysis: ${mover} to move, ${moveHelp(s)} (either side)`);
    } else if (s.thinking !== null && !s.hinting) {
      setStatus('engine', `${sideName(s, s.thinking)}: the engine is thinking …`);
    } else if (s.players[s.side_to_move] === 'human') {
      setStatus('human', `${mover} to move: ${moveHelp(s)}`);
    } else if (s.paused) {
      setStatus('paused', `${mover} to move (engine): paused, press Engine move`);
    } else {
      setStatus('engine', `${mover} to move (engine)`);
    }
  }

  // What the person to move is asked to do: the game's own words, from
  // ply-gui's hello.
  function moveHelp(s) {
    const game = hello && hello.variants.find((v) => v.name === s.variant);
    return (game && game.page_hint[s.side_to_move]) || 'choose a move';
  }

  // One line per turn: "South [3,6]". In analysis mode each move is a
  // button going to the position after it, the one shown marked.
  function renderMoves(s) {
    const list = $('moves');
    list.replaceChildren();
    list.classList.toggle('browsable', !!s.analysis);
    let turn = null;
    s.moves.forEach((entry, index) => {
      if (!turn || turn.side !== entry.side) {
        const li = document.createElement('li');
        li.className = `side-${entry.side}`;
        const who = document.createElement('span');
        who.className = 'who';
        who.textContent = sideName(s, entry.side);
        li.append(who, document.createTextNode(' ['));
        turn = { side: entry.side, li, count: 0 };
        list.appendChild(li);
      } else {
        turn.li.lastChild.remove();
        turn.li.append(document.createTextNode(','));
      }
      const ply = index + 1;
      const mv = document.createElement(s.analysis ? 'button' : 'span');
      mv.className = 'mv';
      mv.textContent = entry.move;
      mv.dataset.ply = String(ply);
      if (s.analysis) {
        mv.type = 'button';
        mv.title = `Go to the position after move ${ply}`;
        if (ply === s.ply) mv.classList.add('current');
        if (ply > s.ply) mv.classList.add('later');
        mv.addEventListener('click', () => goTo(ply));
      }
      turn.li.append(mv, document.createTextNode(']'));
    });
    const current = list.querySelector('.mv.current');
    if (current) current.scrollIntoView({ block: 'nearest' });
    else if (!s.analysis || s.ply === s.moves.length) list.scrollTop = list.scrollHeight;
  }

  // Fills the players form from the state, only where the state changed,
  // so what is being typed elsewhere in the form is kept.
  function renderPlayers(s) {
    const previous = lastPlayers;
    lastPlayers = { players: s.players, strength: s.strength };
    for (const side of [0, 1]) {
      if (!previous || previous.players[side] !== s.players[side]) {
        $(`player-${side}`).value = s.players[side];
      }
      const limit = s.strength[side];
      if (!previous || JSON.stringify(previous.strength[side]) !== JSON.stringify(limit)) {
        // "perfect" (a string): proven moves, with a database.
        const kind = limit === 'perfect' ? 'perfect' : ('depth' in limit ? 'depth' : 'movetime');
        $(`limit-kind-${side}`).value = kind;
        $(`limit-value-${side}`).value = kind === 'perfect' ? '' : limit[kind];
        $(`limit-value-${side}`).hidden = kind === 'perfect';
      }
    }
  }

  // ---- the engine's thinking ----------------------------------------------

  function setEval(share, label) {
    const bottomShare = shown && shown.bottom === 1 ? 1 - share : share;
    $('evalfill').style.height = `${(bottomShare * 100).toFixed(1)}%`;
    $('evaltext').textContent = label;
  }

  function evalShare(e) {
    if (e.mate !== undefined) return e.mate > 0 ? 1 : 0;
    return 0.5 + 0.5 * Math.tanh((e.cp || 0) / 800);
  }

  function formatCount(n) {
    if (n === null || n === undefined) return '–';
    if (n >= 1e6) return `${(n / 1e6).toFixed(1)}M`;
    if (n >= 1e3) return `${(n / 1e3).toFixed(1)}k`;
    return String(n);
  }

  function showInfo(info) {
    const s = state;
    if (!s) return;
    if (info.analysis) {
      showAnalysisLine(info);
      if ((info.multipv || 1) !== 1 || info.ply !== s.ply) return;
    }
    $('info-side').textContent = sideName(s, info.side) +
      (info.hint ? ' (hint)' : '') + (info.analysis ? ' (analysis)' : '');
    $('info-depth').textContent = info.depth === null ? '–'
      : (info.seldepth ? `${info.depth}/${info.seldepth}` : String(info.depth));
    if (info.score) {
      $('info-score').textContent = `${info.score.text} for ${sideName(s, info.side)}` +
        (info.note ? `: ${info.note}` : '');
    }
    $('info-nodes').textContent = formatCount(info.nodes);
    $('info-nps').textContent = info.nps ? `${formatCount(info.nps)} nodes/s` : '–';
    if (info.pv_turns.length) {
      $('info-pv').textContent = PlyAnalysis.formatTurns(info.pv_turns, s.side_names);
    }
    if (info.eval) setEval(evalShare(info.eval), info.eval.text);
  }

  function showHint(message) {
    hint = message;
    if (state) queue = queue.then(() => render(shown || state));
  }

  // ---- analysis mode --------------------------------------------------------

  function goTo(ply) {
    const s = state;
    if (!s || !s.analysis) return;
    const target = Math.max(0, Math.min(s.moves.length, ply));
    if (target !== s.ply) send({ type: 'go_to', ply: target });
  }

  // One of analysis mode's lines (`multipv k`) for the position shown.
  function showAnalysisLine(info) {
    const s = state;
    if (!s || !s.analysis || info.ply !== s.ply) return;
    const k = info.multipv || 1;
    lines[k - 1] = info;
    lines.length = Math.min(lines.length, s.analysis.lines);
    showLines(s);
    if (k === 1 && info.eval) {
      liveEval = { ply: info.ply, eval: info.eval };
      renderGraph(s);
    }
  }

  // The engine's label after a line it printed: its value is proven.
  function showProven(message) {
    const s = state;
    if (!s) return;
    if (message.analysis && s.analysis && message.ply === s.ply) {
      const line = lines[message.multipv - 1];
      if (line) {
        lines[message.multipv - 1] = { ...line, proven: true };
        showLines(s);
        if (message.multipv === 1 && line.eval) {
          liveEval = { ply: message.ply, eval: { ...line.eval, proven: true } };
          renderGraph(s);
        }
      }
    }
    if (message.multipv === 1 && (!message.analysis || message.ply === s.ply) &&
        !$('info-score').textContent.endsWith('(proven)')) {
      $('info-score').textContent += ' (proven)';
    }
  }

  function renderAnalysis(s) {
    const on = !!s.analysis;
    const twoSided = isTwoSided(s);
    $('analysis').hidden = !twoSided;
    $('analysis-lines-field').hidden = !twoSided;
    $('analysis').setAttribute('aria-pressed', String(on));
    $('analysis').textContent = on ? 'Leave analysis' : 'Analysis';
    $('analysis-panel').hidden = !on;
    document.body.dataset.analysis = String(on);
    document.body.dataset.ply = String(s.ply);
    if (!on) return;
    if (document.activeElement !== $('analysis-lines')) $('analysis-lines').value = String(s.analysis.lines);
    const total = s.moves.length;
    $('analysis-where').textContent = s.ply === 0 ? `Start (of ${total} moves)` : `After move ${s.ply} of ${total}`;
    $('nav-start').disabled = $('nav-back').disabled = s.ply === 0;
    $('nav-forward').disabled = $('nav-end').disabled = s.ply === total;
    const later = total - s.ply;
    $('analysis-note').textContent = s.notice
      ? `${s.notice}.`
      : (later > 0 ? `A move played here replaces the game's ${later} later move${later === 1 ? '' : 's'}.` : '');
    $('lines-for').textContent = `(scores for ${s.side_names[0]}${s.analysis.running ? '' : '; the analysis has ended'})`;
    $('graph-for').textContent = `(${s.side_names[0]} above, ±10 at the edges)`;
    showLines(s);
    renderGraph(s);
  }

  function showLines(s) {
    PlyAnalysis.renderLines($('pv-lines'), lines, s.side_names);
    document.body.dataset.lines = String(lines.filter((l) => l && l.score).length);
  }

  function renderGraph(s) {
    const evals = s.evals.slice();
    if (liveEval && liveEval.ply < evals.length) evals[liveEval.ply] = liveEval.eval;
    PlyAnalysis.renderGraph($('evalgraph'), evals, s.ply, s.side_names, goTo);
    document.body.dataset.graphPoints = String(evals.filter((e) => e).length);
  }

  // ---- the game and player forms ------------------------------------------

  function buildVariantMenu() {
    const select = $('variant');
    select.replaceChildren();
    for (const v of hello.variants) {
      const option = document.createElement('option');
      option.value = v.name;
      option.textContent = v.name;
      select.appendChild(option);
    }
    if (state) select.value = state.variant;
    buildOptionsForm(select.value, state && state.variant === select.value ? state.options : null);
  }

  function buildOptionsForm(variantName, values) {
    formVariant = variantName;
    const box = $('options');
    box.replaceChildren();
    const variant = hello && hello.variants.find((v) => v.name === variantName);
    if (!variant) return;
    for (const opt of variant.options) {
      const field = document.createElement('div');
      field.className = 'field';
      const label = document.createElement('label');
      label.htmlFor = `opt-${opt.name}`;
      label.textContent = opt.name;
      let input;
      if (opt.kind === 'check') {
        input = document.createElement('input');
        input.type = 'checkbox';
      } else if (opt.kind === 'combo') {
        input = document.createElement('select');
        for (const v of opt.vars) {
          const o = document.createElement('option');
          o.value = v;
          o.textContent = v;
          input.appendChild(o);
        }
      } else {
        input = document.createElement('input');
        input.type = opt.kind === 'spin' ? 'number' : 'text';
        if (opt.min !== undefined) input.min = opt.min;
        if (opt.max !== undefined) input.max = opt.max;
      }
      input.id = `opt-${opt.name}`;
      input.dataset.option = opt.name;
      input.dataset.kind = opt.kind;
      const value = values && opt.name in values ? values[opt.name] : String(opt.default);
      if (opt.kind === 'check') input.checked = value === 'true';
      else input.value = value;
      field.append(label, input);
      box.appendChild(field);
    }
  }

  function renderOptionsForm(s) {
    if (!hello) return;
    const key = JSON.stringify([s.variant, s.options]);
    if (key !== formKey || formVariant !== s.variant) {
      formKey = key;
      $('variant').value = s.variant;
      buildOptionsForm(s.variant, s.options);
    }
  }

  function readOptionsForm() {
    const options = {};
    for (const input of $('options').querySelectorAll('[data-option]')) {
      options[input.dataset.option] = input.dataset.kind === 'check'
        ? String(input.checked) : String(input.value);
    }
    return options;
  }

  // The players form as a message, or null while a number is not filled in.
  function readPlayers() {
    const players = [0, 1].map((side) => $(`player-${side}`).value);
    const strength = [0, 1].map((side) => {
      const kind = $(`limit-kind-${side}`).value;
      if (kind === 'perfect') return 'perfect';
      const value = parseInt($(`limit-value-${side}`).value, 10);
      return value > 0 ? { [kind]: value } : null;
    });
    if (strength.includes(null)) return null;
    return { type: 'set_options', players, strength };
  }

  // ---- wiring ---------------------------------------------------------------

  $('variant').addEventListener('change', () => buildOptionsForm($('variant').value, null));
  $('new-game').addEventListener('click', () => {
    send({ type: 'new_game', variant: $('variant').value, options: readOptionsForm() });
  });
  // The limit's kind chosen: "perfect" takes no number; back from it, the
  // number box comes back with a usual value.
  const DEFAULT_LIMIT = { depth: 8, movetime: 1000 };
  for (const side of [0, 1]) {
    $(`limit-kind-${side}`).addEventListener('change', () => {
      const kind = $(`limit-kind-${side}`).value;
      const value = $(`limit-value-${side}`);
      value.hidden = kind === 'perfect';
      if (kind !== 'perfect' && !(parseInt(value.value, 10) > 0)) value.value = DEFAULT_LIMIT[kind];
    });
  }
  for (const side of [0, 1]) {
    for (const id of [`player-${side}`, `limit-kind-${side}`, `limit-value-${side}`]) {
      $(id).addEventListener('change', () => {
        const message = readPlayers();
        if (message) send(message);
      });
    }
  }
  window.PlyDatabase.wire(send);
  $('undo').addEventListener('click', () => send({ type: 'undo' }));
  $('flip').addEventListener('click', () => send({ type: 'flip' }));
  $('hint').addEventListener('click', () => send({ type: 'hint' }));
  $('engine-move').addEventListener('click', () => send({ type: 'engine_move' }));
  $('stop').addEventListener('click', () => send({ type: 'stop' }));
  $('analysis').addEventListener('click', () => {
    const on = !(state && state.analysis);
    send({ type: 'analysis', on, lines: Number($('analysis-lines').value) });
  });
  $('analysis-lines').addEventListener('change', () => {
    send({ type: 'analysis', on: !!(state && state.analysis), lines: Number($('analysis-lines').value) });
  });
  $('nav-start').addEventListener('click', () => goTo(0));
  $('nav-back').addEventListener('click', () => state && goTo(state.ply - 1));
  $('nav-forward').addEventListener('click', () => state && goTo(state.ply + 1));
  $('nav-end').addEventListener('click', () => state && goTo(state.moves.length));
  $('accept-draw').addEventListener('click', () => send({ type: 'answer_draw', accept: true }));
  $('decline-draw').addEventListener('click', () => send({ type: 'answer_draw', accept: false }));
  $('set-position').addEventListener('click', () => {
    const fen = $('fen-input').value.trim();
    if (fen) send({ type: 'set_position', fen });
  });
  $('fen-input').addEventListener('keydown', (event) => {
    if (event.key === 'Enter') $('set-position').click();
  });
  // Keys: a legal move's name plays it (Kalah: 1-9), u takes back, f flips;
  // in analysis mode the arrows, Home and End go through the game.
  document.addEventListener('keydown', (event) => {
    if (event.target.closest('input, select, textarea') || !shown || document.body.dataset.busy) return;
    const game = view(shown.board);
    const step = state && state.analysis &&
      { ArrowLeft: state.ply - 1, ArrowRight: state.ply + 1, Home: 0, End: state.moves.length }[event.key];
    if (step !== undefined && step !== false && step !== null) {
      event.preventDefault();
      goTo(step);
    } else if (game.onKey && game.onKey(event)) event.preventDefault();
    else if (shown.legal.includes(event.key)) send({ type: 'move', move: event.key });
    else if (event.key === 'u') send({ type: 'undo' });
    else if (event.key === 'f' && isTwoSided(shown)) send({ type: 'flip' });
  });

  connect();
})();
