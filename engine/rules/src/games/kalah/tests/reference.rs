//! A slow Kalah written straight from the Prolog Kalah program, to check
//! the fast sowing of [`Kalah`] against.
//!
//! Each function is the Prolog predicate of the same name, with the board
//! `tábla(La, Na, Lb, Nb)` (the mover's pits and store first) and with 6
//! pits generalised to `m`: `7 - Luk` becomes `m + 1 - luk`. Seeds move one
//! at a time (`szór`), laps go round through `vet_ellenfél` calling `vet`
//! again from pit "0", as in the Prolog program. Only `elfogás` gains the
//! `empty_capture` option, and `vet` reports whether the last seed fell in
//! the store (the second clause of the program's `raktározás`), which the
//! program left to the player typing the turn.

use crate::game::Player;
use crate::games::kalah::Kalah;

/// `tábla(La, Na, Lb, Nb)`: the mover's pits and store, then the
/// opponent's.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Tabla {
    pub la: Vec<u8>,
    pub na: u32,
    pub lb: Vec<u8>,
    pub nb: u32,
}

/// A reference position: the board from the mover's view, and who that is.
#[derive(Clone, Debug)]
pub struct Reference {
    pub board: Tabla,
    pub side: Player,
    pub empty_capture: bool,
}

impl Reference {
    /// The start: `alapbeállítás`, with South to move.
    pub fn start(pits: usize, seeds: u8, empty_capture: bool) -> Self {
        Self {
            board: Tabla {
                la: vec![seeds; pits],
                na: 0,
                lb: vec![seeds; pits],
                nb: 0,
            },
            side: Player::One,
            empty_capture,
        }
    }

    /// The same board as a fast position.
    pub fn from_kalah(pos: &Kalah) -> Self {
        use crate::game::Game;
        let me = pos.side_to_move();
        let them = me.opponent();
        Self {
            board: Tabla {
                la: pos.pits(me).to_vec(),
                na: u32::from(pos.store(me)),
                lb: pos.pits(them).to_vec(),
                nb: u32::from(pos.store(them)),
            },
            side: me,
            empty_capture: pos.empty_capture(),
        }
    }

    /// The position string, written independently of the fast code.
    pub fn position_string(&self) -> String {
        let join = |pits: &[u8]| pits.iter().map(u8::to_string).collect::<Vec<_>>().join(",");
        let t = &self.board;
        match self.side {
            Player::One => format!("{} {} {} {} s", join(&t.la), t.na, join(&t.lb), t.nb),
            Player::Two => format!("{} {} {} {} n", join(&t.lb), t.nb, join(&t.la), t.na),
        }
    }

    /// `lépés`: the pits (0-based) with seeds; none once a side is empty.
    pub fn moves(&self) -> Vec<u8> {
        if ures(&self.board.la) || ures(&self.board.lb) {
            return Vec::new();
        }
        (0u8..)
            .zip(&self.board.la)
            .filter(|&(_, &k)| k > 0)
            .map(|(pit, _)| pit)
            .collect()
    }

    /// `lép([L], …)`: sows 0-based pit `pit`; unless the last seed fell in
    /// the store, `megfordít` turns the board to the other side.
    pub fn play(&mut self, pit: u8) {
        let luk = usize::from(pit) + 1;
        let kovek = u32::from(self.board.la[luk - 1]);
        assert!(kovek > 0, "kövek: the pit must hold seeds");
        let again = vet(kovek, luk, &mut self.board, self.empty_capture);
        if !again {
            megfordit(&mut self.board);
            self.side = self.side.opponent();
        }
    }

    /// Final stores (South, North) when the game is over.
    pub fn final_stores(&self) -> Option<(u32, u32)> {
        if !self.moves().is_empty() {
            return None;
        }
        let t = &self.board;
        let mine = t.na + osszeg(&t.la);
        let theirs = t.nb + osszeg(&t.lb);
        Some(match self.side {
            Player::One => (mine, theirs),
            Player::Two => (theirs, mine),
        })
    }
}

/// The number of moves sequences of exactly `depth` sowings.
pub fn perft(pos: &Reference, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    pos.moves()
        .into_iter()
        .map(|pit| {
            let mut child = pos.clone();
            child.play(pit);
            perft(&child, depth - 1)
        })
        .sum()
}

fn megfordit(t: &mut Tabla) {
    std::mem::swap(&mut t.la, &mut t.lb);
    std::mem::swap(&mut t.na, &mut t.nb);
}

/// `vet(Kövek, Luk, Állás, Állás2)`; true when the last seed fell in the
/// mover's store.
fn vet(kovek: u32, luk: usize, t: &mut Tabla, empty_capture: bool) -> bool {
    let (kovek1, again) = vet_sajat(kovek, luk, t, empty_capture);
    let again_later = vet_ellenfel(kovek1, t, empty_capture);
    again || again_later
}

/// `vet_saját`: sows on the own side; returns the seeds left for the
/// opponent's side, and whether the last seed fell in the store.
fn vet_sajat(kovek: u32, luk: usize, t: &mut Tabla, empty_capture: bool) -> (u32, bool) {
    let m = t.la.len();
    let to_store = u32::try_from(m + 1 - luk).unwrap_or(u32::MAX); // 7 - Luk
    if kovek > to_store {
        // átmegy az ellenfélhez
        felvesz_es_szor(luk, kovek, &mut t.la);
        t.na += 1;
        (kovek - to_store, false)
    } else {
        felvesz_es_szor(luk, kovek, &mut t.la);
        let n = elfogas(luk, kovek, t, empty_capture);
        let again = raktarozas(n, kovek, to_store, &mut t.na);
        vetes_vege(t);
        (0, again)
    }
}

/// `felvesz_és_szór`: empties pit `luk` (none for 0, a lap going on) and
/// sows into the pits after it.
fn felvesz_es_szor(luk: usize, k: u32, la: &mut [u8]) {
    if luk == 0 {
        szor(k, la);
    } else {
        la[luk - 1] = 0;
        szor(k, &mut la[luk..]);
    }
}

/// `szór`: one seed a pit while there are seeds and pits. Seeds beyond the
/// last pit are dropped, as in the Prolog program: the caller accounts for
/// them.
fn szor(n: u32, pits: &mut [u8]) {
    for pit in pits
        .iter_mut()
        .take(usize::try_from(n).unwrap_or(usize::MAX))
    {
        *pit += 1;
    }
}

/// `elfogás`: the seeds captured (the capturing seed included), or 0.
fn elfogas(luk: usize, kovek: u32, t: &mut Tabla, empty_capture: bool) -> u32 {
    let m = t.la.len();
    let vege = luk + usize::try_from(kovek).unwrap_or(usize::MAX);
    // n_edik(Vége, La, 1): fails beyond the pits (the store).
    if (1..=m).contains(&vege) && t.la[vege - 1] == 1 {
        let szemben = m + 1 - vege;
        let k = u32::from(t.lb[szemben - 1]);
        if k > 0 || empty_capture {
            t.la[vege - 1] = 0;
            t.lb[szemben - 1] = 0;
            return k + 1;
        }
    }
    0
}

/// `raktározás`: adds the captured seeds, or the last seed when it fell in
/// the store (then true).
fn raktarozas(n: u32, kovek: u32, to_store: u32, na: &mut u32) -> bool {
    if n == 0 {
        if kovek == to_store {
            *na += 1;
            return true;
        }
        false
    } else {
        *na += n;
        false
    }
}

/// `vetés_vége`: an empty side ends the game; the other side's seeds go to
/// their owner's store.
fn vetes_vege(t: &mut Tabla) {
    if ures(&t.la) {
        t.nb += osszeg(&t.lb);
        t.lb.fill(0);
    } else if ures(&t.lb) {
        t.na += osszeg(&t.la);
        t.la.fill(0);
    }
}

/// `vet_ellenfél`: sows on the opponent's side; a lap goes back to `vet`
/// from pit 0. True when the last seed fell in the mover's store.
fn vet_ellenfel(kovek: u32, t: &mut Tabla, empty_capture: bool) -> bool {
    let m = u32::try_from(t.la.len()).unwrap_or(u32::MAX);
    if kovek == 0 {
        false
    } else if kovek <= m {
        if ures(&t.la) {
            t.nb += kovek + osszeg(&t.lb);
            t.lb.fill(0);
        } else {
            szor(kovek, &mut t.lb);
        }
        false
    } else {
        szor(m, &mut t.lb);
        vet(kovek - m, 0, t, empty_capture)
    }
}

fn ures(pits: &[u8]) -> bool {
    pits.iter().all(|&k| k == 0)
}

fn osszeg(pits: &[u8]) -> u32 {
    pits.iter().map(|&k| u32::from(k)).sum()
}
