#!/usr/bin/env python3
"""Reference implementation of the version 1 shuffle (game codes SP1-...).

It follows the procedure in the doc of spider.NumberDeal word for word, in a
second language, so that the Go code and the documentation cannot drift
apart unnoticed. Usage: python3 deal_v1.py > deals_v1.txt
Each output line: number, suits, then the 54 tableau cards in dealing order
(entry 0 first) and the 50 stock cards, in the two-letter notation.
"""

M = (1 << 64) - 1


class SplitMix64:
    def __init__(self, x):
        self.x = x

    def next(self):
        self.x = (self.x + 0x9E3779B97F4A7C15) & M
        z = self.x
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & M
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & M
        return z ^ (z >> 31)

    def below(self, i):
        return ((self.next() >> 32) * (i + 1)) >> 32


def deal(n, suits):
    pattern = {1: "s", 2: "sh", 4: "shdc"}[suits]
    deck = ["A23456789TJQK"[i % 13] + pattern[(i // 13) % len(pattern)] for i in range(104)]
    g = SplitMix64(n)
    for i in range(103, 0, -1):
        j = g.below(i)
        deck[i], deck[j] = deck[j], deck[i]
    return deck


if __name__ == "__main__":
    for suits in (1, 2, 4):
        for n in (0, 1, 2, 3, 12345, 2**32 + 7, 2**35 - 1):
            print(n, suits, " ".join(deal(n, suits)))
