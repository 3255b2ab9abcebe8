//! UC-40 tests: every expectation is reasoned from RULES.md sections 0, 3, 5 and 6; the
//! reasoning is written next to the assertions.

use super::*;

#[test]
fn the_built_in_start_position_is_the_seed_zero_setup() {
    assert_eq!(setup::start_fen(0), START_FEN);
}
