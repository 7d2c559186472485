// Package judge gives lklynet's own verdict on its replay logs, exactly as
// lklynet/spider-solitaire's server gives it ({"valid": true, "summary":
// ...} or {"valid": false, "reason": "invalid_move"}), beside the
// project's report on the same log (replay.Report).
//
// Replay judges a log that package lklynet reads: it replays it on the
// rules engine's replay loop (spider.Session.ReplayEach, the verifier's,
// with its undo history), each event's action read from the table as it
// stands (lklynet.Action), and keeps only what is lklynet's own: its
// events and its verdict's words. A Judge judges one JSON line at a time:
// a log in the plain shape lklynet writes takes the fast path
// (lklynet.ScanLog and Replay); any other JSON is read as JavaScript reads
// it, loosely, and judged by a model of lklynet's replay engine, which
// throws where lklynet throws (a pile index of 12 is an invalid move to
// lklynet, a malformed event to the project):
//
//	c, _ := replay.NewCodec()
//	j := judge.New(c)
//	got := j.Judge(line) // got.Result or got.Throws: lklynet's answer; got.Report or got.Err: the project's
//
// The package sits above the verifier (its reports are replay's), which
// reads lklynet's logs through the codec as it reads any record.
package judge
