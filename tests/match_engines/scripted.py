#!/usr/bin/env python3
"""A misbehaving engine for the match tests, speaking just enough UCI or XBoard.

usage: scripted.py uci|xboard illegal|slow|crash|rejecting|resyncing|editing
       scripted.py uci|xboard logging LOGFILE

  illegal    answers every turn with a move no variant allows (a1a1 would be a suicide only
             where one exists; chess has none)
  slow       answers only after 3 seconds (the tests give it far less)
  crash      exits with status 3 when asked for its first move
  rejecting  (XBoard) says "Illegal move" to its opponent's first move
  resyncing  (XBoard, setboard=1) rejects its opponent's first move; once given the position
             with setboard it plays Black's king h8-h7-h8... (for the test position
             7k/8/8/8/6p1/8/2q3P1/K7 w, where White's only move is g2g3)
  editing    the same with setboard=0: it wants new, force, White's waiting move, edit
  logging    declares the options "Use NNUE" and "UCI_Elo", writes every line it receives to
             LOGFILE, and answers every turn like illegal
"""
import sys
import time


def say(line):
    sys.stdout.write(line + "\n")
    sys.stdout.flush()


def turn(behaviour):
    if behaviour == "crash":
        sys.exit(3)
    if behaviour == "slow":
        time.sleep(3)
        return "e2e4"
    if behaviour == "rejecting":
        return "e2e4"  # legal from the chess start position, where the tests start
    return "a1a1"


def uci(behaviour):
    for line in sys.stdin:
        log(line)
        words = line.split()
        if not words:
            continue
        if words[0] == "uci":
            say("id name scripted")
            if behaviour == "logging":
                say("option name Use NNUE type check default true")
                say("option name UCI_Elo type spin default 1350 min 1350 max 2850")
            say("uciok")
        elif words[0] == "isready":
            say("readyok")
        elif words[0] == "go":
            say("bestmove " + turn(behaviour))
        elif words[0] == "quit":
            return


def xboard(behaviour):
    if behaviour in ("resyncing", "editing"):
        return xboard_resync(behaviour == "editing")
    playing = False
    for line in sys.stdin:
        log(line)
        words = line.split()
        if not words:
            continue
        command = words[0]
        if command == "protover":
            if behaviour == "logging":
                say('feature option="Use NNUE -check 1" option="UCI_Elo -spin 1350 1350 2850"')
            say('feature myname="scripted" ping=1 setboard=1 usermove=1 done=1')
        elif command == "ping":
            say("pong " + words[1])
        elif command == "force":
            playing = False
        elif command == "go":
            playing = True
            say("move " + turn(behaviour))
        elif command == "usermove":
            if behaviour == "rejecting":
                say("Illegal move: " + words[1])
            elif playing:
                say("move " + turn(behaviour))
        elif command == "quit":
            return


def xboard_resync(editing):
    """Rejects the first move it is sent, then plays the king once the position is resent."""
    rejected = False
    position_sent = False
    seen = []
    king_moves = ["h8h7", "h7h8"]
    for line in sys.stdin:
        words = line.split()
        if not words:
            continue
        command = words[0]
        seen.append(command)
        if command == "protover":
            say('feature myname="scripted" ping=1 setboard=%d usermove=1 done=1' % (0 if editing else 1))
        elif command == "ping":
            say("pong " + words[1])
        elif command == "setboard" and rejected and not editing:
            position_sent = True
        elif command == "." and rejected and editing:
            # new, force, the waiting move a2a3, then edit: Black is to move after it.
            position_sent = "usermove" in seen[seen.index("new"):] and "edit" in seen
        elif command == "usermove":
            if not rejected:
                rejected = True
                seen = []
                say("Illegal move: " + words[1])
            elif position_sent:
                say("move " + king_moves.pop(0))
        elif command == "go":
            say("move " + (king_moves.pop(0) if position_sent else "a1a1"))
        elif command == "quit":
            return


LOG = None


def log(line):
    if LOG is not None:
        with open(LOG, "a") as f:
            f.write(line)


def main():
    global LOG
    logging = len(sys.argv) == 4 and sys.argv[2] == "logging"
    if len(sys.argv) != 3 and not logging:
        sys.exit(__doc__)
    protocol, behaviour = sys.argv[1], sys.argv[2]
    if logging:
        LOG = sys.argv[3]
    (uci if protocol == "uci" else xboard)(behaviour)


main()
