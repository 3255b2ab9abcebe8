#!/usr/bin/env python3
"""A misbehaving engine for the match tests, speaking just enough UCI or XBoard.

usage: scripted.py uci|xboard illegal|slow|crash|rejecting

  illegal    answers every turn with a move no variant allows (a1a1 would be a suicide only
             where one exists; chess has none)
  slow       answers only after 3 seconds (the tests give it far less)
  crash      exits with status 3 when asked for its first move
  rejecting  (XBoard) says "Illegal move" to its opponent's first move
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
        words = line.split()
        if not words:
            continue
        if words[0] == "uci":
            say("id name scripted")
            say("uciok")
        elif words[0] == "isready":
            say("readyok")
        elif words[0] == "go":
            say("bestmove " + turn(behaviour))
        elif words[0] == "quit":
            return


def xboard(behaviour):
    playing = False
    for line in sys.stdin:
        words = line.split()
        if not words:
            continue
        command = words[0]
        if command == "protover":
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


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    protocol, behaviour = sys.argv[1], sys.argv[2]
    (uci if protocol == "uci" else xboard)(behaviour)


main()
