"""A UCI engine on pipes, for the tools in this directory that drive one: started, told its
options, and read line by line."""

import subprocess


class UciEngine:
    def __init__(self, command, options=()):
        """Starts `command` (a list of words) and sets `options` ("Name=value" each); returns
        once the engine is ready."""
        self.process = subprocess.Popen(
            command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1
        )
        self.send("uci")
        self.wait_for("uciok")
        for option in options:
            name, _, value = option.partition("=")
            self.send(f"setoption name {name.strip()} value {value.strip()}")
        self.send("isready")
        self.wait_for("readyok")

    def send(self, line):
        self.process.stdin.write(line + "\n")
        self.process.stdin.flush()

    def read_words(self):
        """The engine's next line, split into words; an error if the engine has ended."""
        line = self.process.stdout.readline()
        if not line:
            raise RuntimeError("the engine ended")
        return line.split()

    def wait_for(self, word):
        """The words of the engine's next line that starts with `word`."""
        while (words := self.read_words()) == [] or words[0] != word:
            pass
        return words

    def quit(self):
        self.send("quit")
        self.process.wait(timeout=10)
