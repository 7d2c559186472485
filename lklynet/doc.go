// Package lklynet brings the games of lklynet/spider-solitaire, the open
// source engine behind a free Spider site: its deals and its replay logs
// (its verdicts on them, exactly as its server gives them, are package
// lklynet/judge's). It plugs into the codec like any other program's
// package: Program is lklynet as another program whose deals records name,
// for codec.WithPrograms, and LogForm its log as a form of record, for
// codec.WithForms; Option is both. The standard codec (replay.NewCodec,
// the zero replay.Verifier's) is built with Option, so every caller of the
// SDK reads lklynet's logs.
//
// # What lklynet does differently
//
// A game is one suit of spades dealt from a seed string (Deal, Hash:
// a multiplicative hash of the seed's UTF-16 code units, then a linear
// congruential generator). Its replay engine plays Spider under rules the
// spider.VariantLklynet variant reproduces: dealing onto empty columns is
// allowed, and free (a deal is not a move); undo restores the score but
// counts as a move; hints are free; a completed King-to-Ace run is swept
// away even with face-down cards in it (spider.Rules.SweepFaceDown); 500
// points to start, -1 a move, +100 a run. And it reads its logs as
// JavaScript reads JSON, loosely: a pile index of 12 or -1 is an invalid
// move to it, "3" and [3] are pile 3, a missing cardIndex takes the whole
// pile, an unknown type is a move, a null event makes it throw. The
// project finds such logs malformed; a judge.Judge gives both answers.
//
// # A short tour
//
// A log is one JSON line, {"seed": "...", "events": [...]}. ParseLog reads
// it (refusing what lklynet's own writer never writes, and keeping the
// seed's UTF-16 code units, as lklynet hashes them), ScanLog reads the
// plain shape lklynet writes fast, and Log.Record and ToLog turn a log into
// a record of the SDK and back, unchanged:
//
//	c, _ := replay.NewCodec()                 // the standard codec: lklynet.Option with the rest
//	log, err := lklynet.ParseLog(c, line)
//	rec, err := log.Record()                  // [Deal "lklynet <seed>"], the lklynet variant
//	text, err := c.AppendText(nil, rec)       // the seed kept verbatim
//	rep := replay.New(replay.Options{Codec: c}).Verify(rec)
//
// With Option, the codec's front door (codec.Codec.Decode, Records,
// Encode) reads and writes a log wherever it reads and writes a record.
// The codec needs lklynet's Program to write and read the seed verbatim
// (any string, up to MaxSeed bytes), to name long seeds by their hash in
// ranking keys, and to deal the record; the verifier deals through its
// codec. Package lklynet/judge gives lklynet's own verdict on a log beside
// the project's report, for each line of a stream, reading any JSON as
// JavaScript does and judging it by a model of lklynet's replay engine
// when the rules engine cannot read it.
package lklynet
