#!/usr/bin/env bash
# Plays real XBoard 4.9 games, headless: Sissa against Sissa in every variant and Sissa
# against Fairy-Max in chess, two games each (colours swapped), saved to PGN. Fails if a
# game did not finish, or if XBoard or Sissa reported an illegal move, an engine error or
# a desynchronised position: in the variants where XBoard's picture can differ from the
# real position (xboard.md), also if a Sissa read a move the other Sissa sent as anything
# but the move it was, or if XBoard's final position is not the picture Sissa kept of it.
#
# usage: tests/gui/run-xboard.sh [OUT_DIR]        (default OUT_DIR: target/xboard-games)
# needs: xboard, xvfb-run, fairymax (Debian: apt-get install xboard xvfb xauth fairymax)
# env:   TC (XBoard -tc, default 0:30), INC (seconds, default 0.2), VARIANTS (default all),
#        FAIRYMAX_TC (default 1:00; Fairy-Max spends its whole clock at very short controls),
#        SISSA (a binary to test instead of building target/release/sissa)
set -euo pipefail
cd "$(dirname "$0")/../.."
out=${1:-target/xboard-games}
mkdir -p "$out"
export PATH=$PATH:/usr/games
for tool in xboard xvfb-run fairymax; do
    command -v "$tool" >/dev/null || { echo "missing $tool"; exit 2; }
done
if [ -n "${SISSA:-}" ]; then
    sissa=$(realpath "$SISSA")
else
    cargo build --release --quiet
    sissa=$(pwd)/target/release/sissa
fi
tc=${TC:-0:30}
inc=${INC:-0.2}
# Every variant the binary plays, from its UCI_Variant option.
all_variants=$(printf 'uci\nquit\n' | "$sissa" | grep 'option name UCI_Variant' |
    sed 's/.*type combo default [a-z0-9]* //; s/var //g')
variants=${VARIANTS:-$all_variants}

# XBoard's name of a variant, and the options the variant needs in XBoard (see xboard.md).
xboard_name() { case $1 in chess) echo normal ;; *) echo "$1" ;; esac; }
xboard_options() {
    case $1 in
        lionsunicorns | seahorses) echo "-testLegality false" ;;
        # XBoard's picture differs from the position in these: its draw adjudications
        # (repetition, 50 moves) would judge the wrong board, so the game ends are Sissa's;
        # but Rococo and Rolling Kings have no 50-move rule, and XBoard gives up a game at
        # 1000 half-moves ("Game too long"): it calls a draw after 250 moves.
        rollingkings | rococo | uc40)
            echo "-testLegality false -ruleMoves 0 -repeatsToDraw 0 -adjudicateDrawMoves 250" ;;
        *) echo "" ;;
    esac
}

# The picture Sissa kept of XBoard's board when each game ended ("# xboard picture" debug
# lines, in the variants where it can differ from the position), against the positions
# XBoard saved at the game ends: a line for each game whose boards differ.
picture_mismatch() {
    local debug=$1 fen=$2
    grep -q '# xboard picture' "$debug" || return 0
    awk '/# xboard picture /{ for (i = 1; i < NF; i++) if ($i == "picture") last = $(i + 1) }
         / >first : result /{ print last }' "$debug" >"$fen.kept"
    cut -d' ' -f1 "$fen" 2>/dev/null | paste -d' ' "$fen.kept" - |
        awk '$1 != $2 { print "picture " $1 " but XBoard shows " $2 }'
}

failed=0
# play NAME VARIANT FIRST SECOND CHECKED: two games, colours swapped. CHECKED selects the
# debug-file lines that are checked: XBoard's and Sissa's (the other engine's own
# complaints about commands it does not know are its business).
play() {
    local name=$1 variant=$2 first=$3 second=$4 checked=$5 tc=${6:-$tc} inc=${7:-$inc}
    local extra=${8:-}
    local pgn=$out/$name.pgn debug=$out/$name.debug.txt
    rm -f "$pgn" "$debug"
    # shellcheck disable=SC2046
    local fen=$out/$name.fen
    rm -f "$fen"
    # shellcheck disable=SC2046
    timeout 1200 xvfb-run -a xboard -fcp "$first" -scp "$second" \
        -variant "$(xboard_name "$variant")" $(xboard_options "$variant") $extra \
        -matchGames 2 -tc "$tc" -inc "$inc" -xexit -animateMoving false -autoCallFlag true \
        -saveGameFile "$pgn" -savePositionFile "$fen" -saveSettingsOnExit false \
        -debug -nameOfDebugFile "$debug" >"$out/$name.log" 2>&1 || true
    local games results problems
    games=$(grep -c '^\[Result ' "$pgn" 2>/dev/null || true)
    results=$(grep '^\[Result ' "$pgn" 2>/dev/null | tr -d '[]"' | cut -d' ' -f2 | tr '\n' ' ' || true)
    problems=$( (grep -E "$checked" "$debug" | grep -v 'feature option' |
        grep -E -i 'illegal|Error \(|tellusererror|read as entered'
        grep -E -i 'illegal|invalid|forfeit|desync|false' "$pgn"
        picture_mismatch "$debug" "$fen") 2>/dev/null | head -5 || true)
    if [ "$games" != 2 ] || grep -q '^\[Result "\*"\]' "$pgn" || [ -n "$problems" ]; then
        echo "FAIL $name: $games games, results: $results"
        [ -n "$problems" ] && echo "$problems"
        failed=1
    else
        echo "ok   $name: results $results"
    fi
}

for variant in $variants; do
    play "sissa-$variant" "$variant" "$sissa" "$sissa" '^[0-9]+ (<first|<second|[^<>])'
done
# Fairy-Max 5.0b crashes on XBoard's default `memory 68` (and on 64): give it 16 MB.
play "sissa-fairymax-chess" chess "$sissa" fairymax '^[0-9]+ (<first|[^<>])' \
    "${FAIRYMAX_TC:-1:00}" 1 "-defaultHashSize 16 -defaultCacheSizeEGTB 0"
exit $failed
