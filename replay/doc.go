// Package replay is the verifier: it replays a game record from its deal
// under its rules and scoring, and audits every claim the record makes.
//
// A Report says whether the record is Verified (every action legal, every
// claim true, no policy failing), Disputed (legal, but a claim is false or a
// policy fails, such as actions after the win or a claimed time shorter than
// the actions' times), Illegal (the first illegal action, its index and the
// rules engine's reason, as an *ActionError usable with errors.Is and
// errors.As), Malformed (the record cannot be read or dealt), or Rejected
// (it fails the host's Policy; Report.Rejection says how). It also
// holds the recomputed score, moves, runs with their suits, outcome and time,
// each claim that differs, and notices (undo and hints used, with their
// cost).
//
//	var v replay.Verifier // the standard codec, no policy
//	rep := v.VerifyBytes("game.spider", data)
//	if !rep.OK() {
//		log.Print(rep.Reason()) // "claims score 1200 but the game gives 1183"
//	}
//
// A host does not take a record's word for the rules: Options.Policy names
// the allowed variants (exact rules and scoring), deals, required claims
// and times, and limits, and a record that fails it is Rejected before it
// is replayed, with a Rejection's kind and a sentence that names what
// differs. The zero Policy requires nothing. ParsePolicy reads a policy
// from JSON.
//
//	app := spider.MustVariant(spider.VariantApp)
//	v := replay.New(replay.Options{Policy: replay.Policy{
//		Variants: []spider.Variant{app}, Deals: replay.DealPolicy{Codes: replay.AllCodes},
//		Claims: replay.AllClaims, Times: true,
//	}})
//
// A record may name another program's game: the verifier deals it with
// the programs of its codec (Options.Codec, see codec.WithPrograms; the
// standard ones, PySolFC and KPat, when it has none), and a record whose
// program the codec does not know is Malformed, its Err matching
// ErrNoDeal.
//
// Verifier.Live verifies a game as it is played, one action at a time,
// for a host that shows it live and refuses a forged action at once: each
// action is answered with the reason the whole-record verifier would give,
// or with the score, outcome and time left; its state is the record of the
// actions accepted (Live.Record), from which it resumes, and its final
// report is that record's. Verifier.Stream verifies many records on every
// core, in bounded memory, and hands the reports back in input order;
// Verifier.Duel judges the two records of a duel. Replaying runs on spider.Session, which applies
// actions in place and keeps undo history only for records that undo.
package replay
