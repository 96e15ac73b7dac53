//! Match statistics: Elo, LOS, pentanomial counts, SPRT.
