// Package lklynet brings the games of lklynet/spider-solitaire, the open
// source engine behind a free Spider site: its deals, its replay logs and
// its verdicts on them, exactly as its server gives them. It plugs into the
// SDK like any importer: Program is lklynet as another program whose
// deals records name, for codec.WithPrograms; nothing in the SDK imports
// this package.
//
// # What lklynet does differently
//
// A game is one suit of spades dealt from a seed string (Deal, Hash:
// a multiplicative hash of the seed's UTF-16 code units, then a linear
// congruential generator). Its replay engine plays Spider under rules the
// spider.VariantLklynet preset reproduces: dealing onto empty columns is
// allowed, and free (a deal is not a move); undo restores the score but
// counts as a move; hints are free; a completed King-to-Ace run is swept
// away even with face-down cards in it (spider.Rules.SweepFaceDown); 500
// points to start, -1 a move, +100 a run. And it reads its logs as
// JavaScript reads JSON, loosely: a pile index of 12 or -1 is an invalid
// move to it, "3" and [3] are pile 3, a missing cardIndex takes the whole
// pile, an unknown type is a move, a null event makes it throw. The
// project finds such logs malformed; a Judge gives both answers.
//
// # A short tour
//
// A log is one JSON line, {"seed": "...", "events": [...]}. ParseLog reads
// it (refusing what lklynet's own writer never writes, and keeping the
// seed's UTF-16 code units, as lklynet hashes them), ScanLog reads the
// plain shape lklynet writes fast, and Log.Record and ToLog turn a log into
// a record of the SDK and back, unchanged:
//
//	c, _ := codec.New(lklynet.Option())     // its deals and its log form
//	log, err := lklynet.ParseLog(c, line)
//	rec, err := log.Record()                  // [Deal "lklynet <seed>"], the lklynet preset
//	text, err := c.AppendText(nil, rec)       // the seed kept verbatim
//	rep := replay.New(replay.Options{Codec: c}).Verify(rec)
//
// With Option, the codec's front door (codec.Codec.Decode, Records) reads
// a log wherever it reads a record. The codec needs lklynet's Program to
// write and read the seed verbatim
// (any string, up to MaxSeed bytes), to name long seeds by their hash in
// ranking keys, and to deal the record; the verifier deals through its
// codec. Replay gives lklynet's own verdict on a log beside the project's
// report, and a Judge does so for each line of a stream, reading any JSON
// as JavaScript does and judging it by a model of lklynet's replay engine
// when the rules engine cannot read it:
//
//	j := lklynet.NewJudge(c)
//	got := j.Judge(line)      // got.Verdict or got.Throws: lklynet's answer; got.Report or got.Err: the project's
package lklynet
