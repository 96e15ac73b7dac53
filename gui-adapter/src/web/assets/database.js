// The game's exact database and the exact-value view (docs/front-ends.md,
// "Exact databases"): whether the engine has a database for the board, the
// offer to build one (sizes, file sizes, time estimates, the build's
// progress) and every legal move's proven value. app.js feeds it each state.
'use strict';

window.PlyDatabase = (function () {
  const $ = (id) => document.getElementById(id);
  let choicesKey = '';

  function bytes(n) {
    if (n >= 1e9) return `${(n / 1e9).toFixed(2)} GB`;
    if (n >= 1e6) return `${(n / 1e6).toFixed(1)} MB`;
    if (n >= 1e3) return `${(n / 1e3).toFixed(0)} kB`;
    return `${n} bytes`;
  }

  function duration(seconds) {
    return seconds < 90 ? `~${seconds} s` : `~${Math.round(seconds / 60)} min`;
  }

  // A proven value from the mover's side: +2, 0, -4.
  function signed(v) {
    return v > 0 ? `+${v}` : String(v);
  }

  function render(s, send) {
    const db = s.database;
    $('database-panel').hidden = !db;
    // The perfect strength is offered only for a game whose database
    // holds exact values (Kalah's; Oware's holds bounds).
    for (const option of document.querySelectorAll('option[value="perfect"]')) {
      option.hidden = !(db && db.perfect_play);
    }
    if (!db) return;
    const loaded = db.loaded;
    $('db-status').textContent = loaded
      ? `Loaded: ${loaded}`
      : (db.known ? 'No database for this board: the engine searches without one.'
                  : 'Asking the engine …');
    $('database-panel').dataset.loaded = loaded ? 'true' : 'false';
    const building = !!db.build;
    // Only bigger databases than the one loaded are offered.
    $('db-offer').hidden = building || !db.known || db.choices.length === 0;
    $('db-build').textContent = loaded ? 'Build a bigger one' : 'Build';
    const key = JSON.stringify(db.choices);
    if (key !== choicesKey) {
      choicesKey = key;
      const select = $('db-size');
      select.replaceChildren(...db.choices.map((c) => {
        const option = document.createElement('option');
        option.value = String(c.size);
        option.textContent = `${c.size} ${db.size_unit}: ${bytes(c.bytes)}, ${duration(c.seconds)}`;
        return option;
      }));
      if (db.choices.length) select.value = String(db.choices[0].size);
    }
    $('db-build').disabled = db.choices.length === 0;
    $('db-progress').hidden = !building;
    if (building) {
      const b = db.build;
      $('db-bar').value = b.percent;
      const level = b.level === null ? 'starting' : `level ${b.level}/${b.levels}`;
      // A build another page started is shown here too; only that page cancels it.
      const where = b.other_page ? ' (started from another page)' : '';
      $('db-progress-text').textContent =
        `Building ${b.size} ${db.size_unit}${where}: ${level}, ${b.percent.toFixed(1)}%, ${(b.elapsed_ms / 1000).toFixed(0)} s`;
      $('db-cancel').hidden = b.other_page;
    }
    $('db-check').hidden = !loaded;
    $('db-verify').disabled = db.verifying;
    $('db-verify-end').textContent = db.verifying ? 'Checking …' : (db.verify_end || '');
    $('db-verify-end').classList.toggle('failed', db.verify_failed);
    $('db-end').textContent = [db.build_end, db.perfect_note].filter((x) => x).join(' · ');
    $('db-end').classList.toggle('failed', db.build_failed || !!db.perfect_note);
    const exact = s.exact;
    $('exact-on').checked = !!exact;
    $('exact-status').textContent = exact ? `Exact values (${exact.status})` : '';
    $('exact-status').dataset.status = exact ? exact.status : '';
    $('exact-values').replaceChildren(...(exact ? exact.values : []).map((m) => {
      const item = document.createElement('li');
      item.dataset.move = m.move;
      item.dataset.value = m.value === null ? '' : String(m.value);
      item.textContent = `${m.move}: ${label(m, db.results)}`;
      return item;
    }));
  }

  // A proven value in the game's terms: a final margin (+2, 0, -4), or,
  // where the database's values are results (Russian draughts' tables:
  // +1, 0, -1), the result in words.
  function value(v, results) {
    if (!results) return signed(v);
    return v > 0 ? 'win' : (v < 0 ? 'loss' : 'draw');
  }

  // A move's proven value, or its proven bounds: "+2", "-1..+4"; "win",
  // "draw to win".
  function label(m, results) {
    if (m.value !== null) return value(m.value, results);
    return results
      ? `${value(m.lower, true)} to ${value(m.upper, true)}`
      : `${signed(m.lower)}..${signed(m.upper)}`;
  }

  // The exact values (or bounds) by move, for the board's drawing, when
  // they are for the position drawn.
  function valuesFor(s) {
    if (!s.exact || s.exact.ply !== s.ply) return null;
    const values = {};
    const results = !!(s.database && s.database.results);
    for (const m of s.exact.values) values[m.move] = label(m, results);
    return values;
  }

  function wire(send) {
    $('db-build').addEventListener('click', () => {
      send({ type: 'build_database', size: Number($('db-size').value) });
    });
    $('db-cancel').addEventListener('click', () => send({ type: 'cancel_build' }));
    $('db-verify').addEventListener('click', () => send({ type: 'verify_database' }));
    $('exact-on').addEventListener('change', () => {
      send({ type: 'exact_values', on: $('exact-on').checked });
    });
  }

  return { render, valuesFor, wire };
})();
