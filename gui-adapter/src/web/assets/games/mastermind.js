// Mastermind (bulls and cows): the rows of guesses with their answers as
// pegs, how many codes are still possible, and what the person does next.
// The breaker builds a guess with the symbol buttons or the keyboard; the
// maker chooses bulls and cows, helped by a secret that is kept in this
// page only (ply-gui never sees it). Every move is still judged by ply-gui
// with the engine library's rules: a contradictory answer comes back as
// the library's message.
'use strict';

window.PlyGames = window.PlyGames || {};

(function () {
  // What the person is entering, kept across redraws of the same position.
  // `suggestedBy` is the secret whose answer is in bulls/cows, `byHand`
  // whether the person chose them since: a suggestion follows the secret
  // as it is edited, a choice by hand is not overwritten.
  const entry = { key: '', guess: [], bulls: null, cows: null, suggestedBy: null, byHand: false };
  let secretInput = null;   // one element, so typing survives redraws
  let current = null;       // the last board and options drawn

  function el(name, attrs, parent, text) {
    const node = document.createElement(name);
    for (const [key, value] of Object.entries(attrs || {})) {
      if (key === 'class') node.className = value;
      else node.setAttribute(key, value);
    }
    if (text !== undefined) node.textContent = text;
    if (parent) parent.appendChild(node);
    return node;
  }

  // The answer a code gives to a guess, as the engine library scores it:
  // bulls in place, cows the symbols in common less the bulls.
  function score(guess, code) {
    let bulls = 0;
    const counts = [new Array(10).fill(0), new Array(10).fill(0)];
    for (let i = 0; i < guess.length; i++) {
      if (guess[i] === code[i]) bulls += 1;
      counts[0][Number(guess[i])] += 1;
      counts[1][Number(code[i])] += 1;
    }
    let common = 0;
    for (let s = 0; s < 10; s++) common += Math.min(counts[0][s], counts[1][s]);
    return { bulls, cows: common - bulls };
  }

  // Why `code` is not a code of these rules, or null.
  function codeProblem(board, code) {
    if (code.length !== board.length) return `a code has ${board.length} digits`;
    for (const c of code) {
      if (!/[0-9]/.test(c) || Number(c) >= board.symbols) return `the symbols are 0-${board.symbols - 1}`;
    }
    if (!board.repeats && new Set(code).size !== code.length) return 'no symbol may repeat';
    return null;
  }

  function pegs(parent, bulls, cows, length) {
    const box = el('span', { class: 'mm-pegs', 'aria-hidden': 'true' }, parent);
    for (let i = 0; i < length; i++) {
      const kind = i < bulls ? 'bull' : (i < bulls + cows ? 'cow' : 'none');
      el('span', { class: `mm-peg ${kind}` }, box);
    }
  }

  function drawRows(wrap, board, opts) {
    const table = el('ol', { class: 'mm-rows' }, wrap);
    board.rows.forEach((row, i) => {
      const li = el('li', { class: 'mm-row', 'data-guess': row.guess }, table);
      if (row.answer) li.dataset.answer = row.answer;
      el('span', { class: 'mm-number' }, li, String(i + 1));
      const code = el('span', { class: 'mm-code' }, li);
      for (const symbol of row.guess) el('span', { class: `mm-symbol s${symbol}` }, code, symbol);
      if (row.answer) {
        pegs(li, row.bulls, row.cows, board.length);
        el('span', { class: 'mm-answer' }, li, row.answer);
      } else {
        el('span', { class: 'mm-answer waiting' }, li, `? (${opts.sideNames[1]} to answer)`);
      }
    });
    const left = board.max_guesses - board.rows.length;
    if (left > 0 && !board.solved) {
      el('p', { class: 'mm-left' }, wrap, `${left} row${left === 1 ? '' : 's'} left of ${board.max_guesses}`);
    }
  }

  function drawPossible(wrap, board) {
    const p = el('p', { class: 'mm-possible', 'data-possible': String(board.possible) }, wrap);
    p.textContent = board.solved
      ? `Solved in ${board.rows.length} guess${board.rows.length === 1 ? '' : 'es'}`
      : `Codes still possible: ${board.possible}`;
    if (board.candidates.length && !board.solved) {
      el('span', { class: 'mm-candidates' }, p, `: ${board.candidates.join(' ')}`);
    }
  }

  // The breaker's controls: the guess so far, a button per symbol, and
  // the keys 0-9, Backspace and Enter.
  function drawGuessInput(wrap, board, opts) {
    const box = el('div', { class: 'mm-input', 'data-role': 'breaker' }, wrap);
    const slots = el('div', { class: 'mm-code mm-entry' }, box);
    for (let i = 0; i < board.length; i++) {
      const symbol = entry.guess[i];
      el('span', { class: symbol === undefined ? 'mm-symbol empty' : `mm-symbol s${symbol}` }, slots, symbol || '·');
    }
    const keys = el('div', { class: 'mm-keys' }, box);
    for (let s = 0; s < board.symbols; s++) {
      const symbol = String(s);
      const used = !board.repeats && entry.guess.includes(symbol);
      const button = el('button', { type: 'button', class: `mm-key s${symbol}`, 'data-symbol': symbol }, keys, symbol);
      button.disabled = used || entry.guess.length >= board.length;
      button.addEventListener('click', () => addSymbol(symbol));
    }
    const actions = el('div', { class: 'mm-actions' }, box);
    const back = el('button', { type: 'button', class: 'mm-back' }, actions, '⌫');
    back.disabled = entry.guess.length === 0;
    back.addEventListener('click', () => { entry.guess.pop(); redraw(); });
    const submit = el('button', { type: 'button', class: 'mm-submit', id: 'mm-guess' }, actions, 'Guess');
    submit.disabled = entry.guess.length !== board.length;
    submit.addEventListener('click', () => submitGuess());
    if (opts.hint && opts.hint.pit) {
      const use = el('button', { type: 'button', class: 'mm-use-hint' }, actions, `Use hint ${opts.hint.pit}`);
      use.addEventListener('click', () => { entry.guess = opts.hint.pit.split(''); redraw(); });
    }
  }

  // The maker's controls: bulls and cows, and the optional secret that
  // suggests them.
  function drawAnswerInput(wrap, board, opts) {
    const box = el('div', { class: 'mm-input', 'data-role': 'maker' }, wrap);
    const pending = board.rows[board.rows.length - 1];
    const label = el('label', { class: 'mm-secret' }, box, 'Your secret (optional, stays in this page): ');
    if (!secretInput) {
      secretInput = el('input', { type: 'text', id: 'mm-secret', autocomplete: 'off', spellcheck: 'false' });
      secretInput.addEventListener('input', () => redraw());
    }
    secretInput.maxLength = board.length;
    label.appendChild(secretInput);
    const secret = secretInput.value.trim();
    const note = el('p', { class: 'mm-secret-note' }, box);
    let suggestion = null;
    if (secret) {
      const problem = codeProblem(board, secret);
      if (problem) {
        note.textContent = `Not a code: ${problem}.`;
      } else {
        suggestion = score(pending.guess, secret);
        note.textContent = `Your secret answers ${pending.guess} with ${suggestion.bulls}A${suggestion.cows}B.`;
      }
    }
    if (!entry.byHand) {
      if (suggestion && entry.suggestedBy !== secret) {
        entry.bulls = suggestion.bulls;
        entry.cows = suggestion.cows;
        entry.suggestedBy = secret;
      } else if (!suggestion && entry.suggestedBy !== null) {
        // The secret that made the suggestion is gone (edited to no code
        // yet): its answer is no longer the person's.
        entry.bulls = null;
        entry.cows = null;
        entry.suggestedBy = null;
      }
    }
    for (const [name, key] of [['Bulls', 'bulls'], ['Cows', 'cows']]) {
      const row = el('div', { class: 'mm-count', 'data-count': key }, box);
      el('span', { class: 'mm-count-name' }, row, `${name}: `);
      for (let n = 0; n <= board.length; n++) {
        const button = el('button', { type: 'button', class: 'mm-number-button', 'data-value': String(n) }, row, String(n));
        if (entry[key] === n) button.classList.add('chosen');
        button.addEventListener('click', () => { entry[key] = n; entry.byHand = true; redraw(); });
      }
    }
    const actions = el('div', { class: 'mm-actions' }, box);
    const ready = entry.bulls !== null && entry.cows !== null;
    const submit = el('button', { type: 'button', class: 'mm-submit', id: 'mm-answer' }, actions,
      ready ? `Answer ${entry.bulls}A${entry.cows}B` : 'Answer');
    submit.disabled = !ready;
    submit.addEventListener('click', () => {
      if (ready) opts.onMove(`${entry.bulls}A${entry.cows}B`);
    });
  }

  function addSymbol(symbol) {
    if (!current) return;
    const board = current.board;
    if (entry.guess.length >= board.length) return;
    if (!board.repeats && entry.guess.includes(symbol)) return;
    if (Number(symbol) >= board.symbols) return;
    entry.guess.push(symbol);
    redraw();
  }

  function submitGuess() {
    if (!current || entry.guess.length !== current.board.length) return;
    current.opts.onMove(entry.guess.join(''));
  }

  function redraw() {
    if (current) render(current.container, current.board, current.opts);
  }

  // board: see MastermindView::json in gui-adapter/src/games/mastermind.rs.
  // opts: {canMove, onMove, sideNames, hint, …}
  function render(container, board, opts) {
    // A new position clears what was being entered.
    const key = JSON.stringify([board.rows, board.length, board.symbols, board.repeats]);
    if (key !== entry.key) {
      entry.key = key;
      entry.guess = [];
      entry.bulls = null;
      entry.cows = null;
      entry.suggestedBy = null;
      entry.byHand = false;
    }
    current = { container, board, opts };
    const focused = document.activeElement === secretInput;
    const wrap = el('div', { class: 'mastermind' });
    drawPossible(wrap, board);
    drawRows(wrap, board, opts);
    if (opts.canMove && board.side === 0) drawGuessInput(wrap, board, opts);
    if (opts.canMove && board.side === 1) drawAnswerInput(wrap, board, opts);
    container.replaceChildren(wrap);
    if (focused) secretInput.focus();
  }

  // Keys for the breaker: a symbol adds it, Backspace takes one off,
  // Enter guesses. Returns whether the key was used.
  function onKey(event) {
    if (!current || !current.opts.canMove || current.board.side !== 0) return false;
    if (/^[0-9]$/.test(event.key)) { addSymbol(event.key); return true; }
    if (event.key === 'Backspace') { entry.guess.pop(); redraw(); return true; }
    if (event.key === 'Enter') { submitGuess(); return true; }
    return false;
  }

  window.PlyGames.mastermind = {
    render,
    onKey,
    animate: () => Promise.resolve(),
    // Exposed for checking the page's scoring against the engine's.
    score,
  };
})();
