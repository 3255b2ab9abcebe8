//! Reference rules for `rococo` (to be written).

use crate::Game;

pub struct Rococo;

impl Game for Rococo {
    type Pos = ();
    fn from_fen(_fen: &str) -> Result<(), String> {
        Err("not written yet".into())
    }
    fn to_fen(_pos: &()) -> String {
        String::new()
    }
    fn moves(_pos: &()) -> Vec<(String, ())> {
        Vec::new()
    }
}
