// Package codec reads and writes game records of Spider Solitaire in three
// faithful forms: text (.spider) for people and diffs, binary (.spdz, zstd)
// for storage, JSON for web clients, plus archives of many records (.spda).
// Converting between the forms loses nothing.
//
// One front door says what kind of bytes a record is: FormOf tells the
// forms apart by their bytes, Decode reads one record in any form (its
// size checked once, first), Encode writes one in any form, Records reads
// a stream of many (an archive, JSON lines) or of one, and Lines reads
// lines for a reader of its own. Ext and FormOfFile are the one table of
// the forms' file extensions. Other programs' forms plug in with
// WithForms, beside their deals (WithPrograms): package lklynet's Option
// teaches a Codec its replay log. The standard codec, every form and
// program the SDK knows, is built in one place, replay.NewCodec, which
// the zero verifier, the command line, the call interface and the
// leaderboard all use, so that they read the same bytes the same way.
//
// A Record holds everything needed to replay and audit a game without
// outside configuration: the deal, the rules and scoring, free tags, the
// actions with optional times, and what the client claims at the end.
// Decoders never judge legality: a record with an illegal action decodes, so
// that the verifier can say which action is wrong. Decoders do bound
// everything they read (see Limits) and return a *SyntaxError (text, with a
// line and column) or a *FormatError (binary, JSON, archive, with a byte
// offset) that matches ErrSyntax, ErrFormat, ErrTooLarge or ErrTruncated
// with errors.Is; one over a limit carries a *TooLargeError naming the
// limit (errors.As). No input makes them panic. Text is UTF-8 in every form
// (CheckUTF8): a byte that is not, wherever it stands, is malformed at
// that byte.
//
// Every form accepts exactly the same records: Record.Validate is the one
// check each decoder ends with, under its codec's limits, and each encoder
// starts with (claims in range, a score in 32 bits, moves, runs and time
// not negative; tags, settings and actions within the limits, a seed
// within its program's bound), so a record read in one form is written and
// read back in every other. Under the default limits even the largest
// valid record fits every form's input limit (with seeds of up to 256 KiB).
// Identity and RankingKey name a game the same way in every form: for
// duplicates, and for ranking only games of one deal and variant together.
// Identity keys the starting cards (CardsKey: a code and the position it
// deals are one deal) and the effective line (EffectiveLine), the actions
// that stand once every undo is applied, so a copy padded with undone
// actions or hints, or with its deal spelled otherwise, is the same game.
// RankingKey names the deal as it is spelled (DealKey).
//
// # Text form
//
// A header of tags in PGN's syntax, one a line, then the actions:
//
//	[Spider "1"]
//	[Code "SP1-S4C-AAAAAAD"]
//	[Variant "app"]
//	[Player "Ann"]
//	[Score "1183"]
//	[Moves "117"]
//	[Result "won"]
//
//	d>f e>a 3b>g d fa u h x
//
// The grammar, exactly (white space is space, tab, CR and LF; the text is
// UTF-8 throughout, comments included):
//
//	record   = { space | comment | tag } { space | comment | action }
//	tag      = "[" name " "* value " "* "]"          name: [A-Za-z0-9_]+
//	value    = '"' { char | escape } '"'             UTF-8, no control characters
//	escape   = '\"' | '\\' | "\u{" hex "}"           hex: the code point, 1-6 digits
//	action   = word [ "@" ms ]                       ms: 0 to 4294967295, the
//	                                                 milliseconds before the action
//	word     = [ count ] col ">" col                 a move: count 1-255 (default 1),
//	                                                 no leading zero
//	         | "d" | "f" col | "u" | "h" | "x"       deal, flip, undo, hint, resign
//	col      = "a" | "b" | ... | "j"                 columns 1 to 10
//	comment  = ";" to the end of the line | "{" anything but "}" "}"
//
// An action ends at white space, a comment or the end of input. Either every
// action has a time or none has. The tags with a meaning of their own:
//
//	Spider    the format version, "1" (optional on input)
//	Code      the deal as a game code, such as "SP1-S4C-AAAAAAD"
//	Deal      another program's game: its name, a space and the game, such as
//	          "pysolfc 123" or "kpat 123 suits=2" (words, then an optional
//	          suit count); for a seed program (see below) the rest of the
//	          tag after the space is the seed, verbatim
//	Position  an explicit deal: ten columns "down|up" and the stock, separated
//	          by "/", cards as "Ks", "Th", "3d", "Ac" separated by spaces:
//	          "5s 9s 2s 4d 6h|Kc/.../Qh 9s ..." (the stock in dealing order)
//	Variant   a variant's name (spider.Variants: app, gratuit, winnable, ...);
//	          with Code, the code's letter C or R sets the group rule
//	Rules     every rule setting, when they differ from the Variant's:
//	          "group=relaxed deal=anytime flip=manual undo-off undo-limit=N
//	          undo-no-deals undo-no-flips undo-keep-score undo-keep-moves
//	          undo-counts-as-move no-hints deal-not-move flip-is-move
//	          hint-is-move play-after-win sweep-face-down";
//	          a setting not listed is off (or 0, classic, strict, auto)
//	Scoring   every scoring setting, likewise: "start=N move=N deal=N flip=N
//	          undo=N hint=N reveal=N same-suit=N same-suit-once run=N win=N
//	          floor=N floor-mode=each-step|total|each-event"
//	Score, Moves, Runs, Result, Time (milliseconds):
//	          what the client claims; Result is playing, won, resigned
//	          or blocked (spider.Outcome's words; "open", an earlier
//	          word for playing, is read too)
//
// Exactly one of Code, Deal and Position is required. Every other tag is a
// free tag (Player, Date, Site, Round, ...), kept in order. Canonical output
// writes Spider, the deal, Variant, Rules and Scoring (only when they differ
// from the variant's), the free tags, the claims, an empty line, and the
// actions separated by single spaces in lines of at most 79 characters, so
// parsing canonical text and printing it gives the same bytes.
//
// # Binary form
//
// A record file (.spdz) is "SPDZ", the version byte 1, and one zstd frame
// whose content is the payload. All integers are varints as in
// encoding/binary (uvarint, or zig-zag varint where signed); a string is a
// uvarint length and its bytes; a card is one byte, rank | suit<<4 with
// suits 1 ♠, 2 ♥, 3 ♦, 4 ♣.
//
//	deal kind    byte: 1 code, 2 program, 3 position
//	  code       uvarint number, byte suits, byte group (0 classic, 1 relaxed)
//	  program    string program, string game, byte suits (0: none)
//	  position   for each column: uvarint n, n cards, uvarint face-down count;
//	             then uvarint n and n stock cards
//	variant      string
//	settings     byte: bit 0 a rules string follows, bit 1 a scoring string
//	             (the Rules and Scoring texts above)
//	tags         uvarint count, then name and value strings
//	claims       byte mask (1 score, 2 moves, 4 runs, 8 result, 16 time), then
//	             varint score, varint moves, varint runs, string result,
//	             varint time, each when its bit is set
//	actions      uvarint count, byte coding (0 explicit, 1 index), byte timed
//	             (0 or 1), uvarint length and the coded actions, then when
//	             timed one uvarint per action: its milliseconds
//
// Nothing may follow the payload. Explicit coding packs actions into bits,
// most significant first, with a static prefix code (see bits.go): a move of
// one card is 7 or 8 bits, so realistic games take 7.3 to 7.9 bits an action
// before compression. Index coding (archives only, see below) writes each
// action as its rank among the legal actions.
//
// An archive (.spda) is "SPDA", the version byte 1, and one zstd stream
// holding the records one after the other, each a uvarint length and a
// payload. ArchiveReader reads it record by record in bounded memory; a
// record that does not decode is reported (its number and where it starts)
// and reading goes on, since its length says where the next one begins.
// ArchiveWriter.WriteCompact stores an already verified record with index
// coding: the legal actions are ordered with the likely ones first (a card
// turned over, a run removed, a same-suit join; a position already seen
// last), and each index is coded with an adaptive binary range coder; about
// 1.6 to 2.6 bits an action on realistic games. Reading it back replays the
// game, so it needs a deal the codec can build (a code, a position, or a
// game of one of its programs), and costs about a thousand times as much as
// explicit coding (docs/records.md): it is read only in archives, which a host writes
// itself, and a single record (.spdz) with it is refused as malformed.
//
// Do not compare or hash compressed bytes: zstd output may change between
// library versions. Compare decoded records, or the uncompressed payload.
//
// # Other programs' games
//
// A record may name another program's game (DealProgram): a program's
// name and the game as that program takes it. A Codec knows the standard
// programs of package deals (PySolFC, KPat) and those WithPrograms adds,
// and consults them wherever a record names a program: a program's games
// are words (at most MaxTagSize bytes, single spaces, no "suits=" word),
// or, for a seed program, seeds kept verbatim (any UTF-8 text of at most
// the program's MaxSeed bytes); DealKey and RankingKey name a long or odd
// seed by its hash; Codec.Deal, index-coded archives and the verifier deal
// with the program's Deal. A record naming a program the Codec does not
// know decodes as any other, its game read as words, and fails to deal.
// The functions that need no Codec (AppendText, AppendJSON, DealKey,
// RankingKey, Record.Validate, DealSource.Deal) know the standard programs
// only.
//
// # JSON form
//
// One object, with keys in this order:
//
//	{
//	  "spider": 1,
//	  "deal": {"code": "SP1-S4C-AAAAAAD"}
//	        | {"program": "kpat", "game": "123", "suits": 2}
//	        | {"position": {"tableau": [["Ks", ...], ...], "faceDown": [5, ...], "stock": [...]}},
//	  "variant": "app",
//	  "rules": "deal=anytime",          (when they differ from the variant's)
//	  "scoring": "start=500 move=-1",   (likewise)
//	  "tags": [{"name": "Player", "value": "Ann"}],
//	  "actions": ["d>f", "3a>c", "d", "u"],
//	  "times": [1200, 800, 15000, 300],
//	  "claims": {"score": 1183, "moves": 117, "runs": 8, "result": "won", "time": 123456}
//	}
//
// A position is exactly what spider deal --json prints. Unknown keys are
// refused, so that a misspelt claim is not silently ignored; so are, at
// every depth, a key given twice in one object (ErrDuplicateKey) and a key
// in another case than the form's, such as "DEAL" (ErrUnknownKey), so that
// a record reads the same here as in any other JSON reader.
//
// # Archive budget
//
// Reading an archive has a work budget (Limits.MaxArchiveWork,
// ArchiveWorkPerByte, MaxArchiveTime), counted in actions replayed: each
// record costs RecordWork plus its actions, explicit ones charged before
// they are decoded, an index-coded one as it is decoded, one plus
// RankWork for each legal action its decoder ranks. The total stays within
// ArchiveWorkBase plus ArchiveWorkPerByte a byte of records read
// (decompressed: what the archive holds), a byte of index-coded actions
// counting IndexByteWeight times once its decoder has read it. A spent
// budget stops the archive with ErrOverBudget. An index-coded record holds
// at most 364 actions a byte of its coded actions, its decoder reads
// exactly those bytes, and zero bytes at their end that the actions left
// cannot read are malformed as soon as the decoder reaches them.
package codec
