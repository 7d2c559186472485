"""play.py: the Python test of libspider, through ctypes (standard library only).

    python3 play.py LIBRARY OPTIONS MOVES POLICY

plays the game of OPTIONS with the moves of the file MOVES ("action ms" a
line) and prints every answer on its own line, as testdata/play.c does;
cmd/spider-c's Go tests compare the lines with Go's answers.
"""

import ctypes
import json
import struct
import sys
import time

OP_NEW_GAME, OP_FREE, OP_LEGAL, OP_APPLY, OP_RECORD, OP_VERIFY = 1, 2, 4, 5, 10, 11


class Spider:
    """The library's one call, with requests built from ints and strings."""

    def __init__(self, path):
        self.lib = ctypes.CDLL(path)
        self.lib.spider_call.restype = ctypes.c_void_p
        self.lib.spider_call.argtypes = [ctypes.c_int32, ctypes.c_char_p, ctypes.c_int32, ctypes.POINTER(ctypes.c_int32)]
        self.lib.spider_free.argtypes = [ctypes.c_void_p]

    echo = True  # whether call prints the answers

    def call(self, op, *args):
        req = b""
        for a in args:
            if isinstance(a, int):
                req += struct.pack("<i", a)
            else:
                b = a.encode("utf-8")
                req += struct.pack("<I", len(b)) + b
        n = ctypes.c_int32()
        p = self.lib.spider_call(op, req, len(req), ctypes.byref(n))
        if not p:
            raise MemoryError("spider_call: no answer")
        try:
            ans = ctypes.string_at(p, n.value)
        finally:
            self.lib.spider_free(p)
        if not self.echo:
            return ans
        sys.stdout.buffer.write(ans + b"\n")
        return json.loads(ans)


def bench(lib, opts, moves, rounds):
    """Prints the time of a user action: an apply and the legal actions after it."""
    s = Spider(lib)
    s.echo = False
    with open(moves) as f:
        line = [(a, int(ms)) for a, ms in (l.split() for l in f)]
    t0 = time.perf_counter()
    for _ in range(rounds):
        h = json.loads(s.call(OP_NEW_GAME, opts))["ok"]
        for act, ms in line:
            s.call(OP_APPLY, h, act, ms)
            s.call(OP_LEGAL, h)
        s.call(OP_FREE, h)
    took = time.perf_counter() - t0
    print("Python: %.1f µs a user action (apply + legal), %d actions" % (took * 1e6 / (rounds * len(line)), rounds * len(line)))


def main():
    if sys.argv[1] == "bench":
        bench(sys.argv[2], sys.argv[3], sys.argv[4], int(sys.argv[5]))
        return
    lib, opts, moves, policy = sys.argv[1:5]
    s = Spider(lib)
    h = s.call(OP_NEW_GAME, opts)["ok"]
    refused = s.call(OP_APPLY, h, "a>a", 0)
    if "error" not in refused or "explain" not in refused["error"]:
        sys.exit("a>a is not refused with a sentence: %r" % refused)
    state = None
    with open(moves) as f:
        for line in f:
            act, ms = line.split()
            state = s.call(OP_APPLY, h, act, int(ms))
            if "ok" not in state:
                sys.exit("%s refused: %r" % (act, state))
            s.call(OP_LEGAL, h)
    if not state or state["ok"].get("outcome") != "won":
        sys.exit("the game is not won")
    rec = s.call(OP_RECORD, h, "text")["ok"]
    rep = s.call(OP_VERIFY, rec, policy)
    if "ok" not in rep:
        sys.exit("the record does not verify: %r" % rep)
    s.call(OP_FREE, h)


if __name__ == "__main__":
    main()
