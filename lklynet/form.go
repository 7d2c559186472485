package lklynet

import (
	"bytes"
	"encoding/json"

	"github.com/spiderkit/spider/codec"
)

// Option teaches a Codec all of lklynet: its deals (Program) and its log
// as a form of record (LogForm), so that the Codec's Decode and Records
// read a log wherever they read a record.
func Option() codec.Option {
	return codec.Join(codec.WithPrograms(Program()), codec.WithForms(LogForm()))
}

// LogForm returns lklynet's replay log as a form of record, named Name
// (pass it to codec.WithForms, with Program): bytes are a log when they
// are a JSON object with an "events" key and no "spider" key (a record's
// JSON form has one), and decode to the log's Record; a record of an
// lklynet seed encodes to its log (ToLog), one JSON line.
func LogForm() codec.Form {
	return codec.Form{Name: Name, Match: IsLog, Decode: decodeLog, Encode: encodeLog}
}

// decodeLog is LogForm's Decode.
func decodeLog(c *codec.Codec, b []byte) (*codec.Record, error) {
	log, err := ParseLog(c, b)
	if err != nil {
		return nil, err
	}
	return log.Record()
}

// encodeLog is LogForm's Encode: the log as one line of JSON, with its
// end of line.
func encodeLog(_ *codec.Codec, r *codec.Record) ([]byte, error) {
	log, err := ToLog(r)
	if err != nil {
		return nil, err
	}
	b, err := json.Marshal(log)
	if err != nil {
		return nil, err
	}
	return append(b, '\n'), nil
}

// IsLog reports whether b is lklynet's log rather than another form: a
// JSON object with an "events" key and no "spider" key. A log without a
// seed is still a log, which ParseLog refuses in words.
func IsLog(b []byte) bool {
	t := bytes.TrimLeft(b, " \t\r\n")
	if len(t) == 0 || t[0] != '{' {
		return false
	}
	if bytes.HasPrefix(bytes.TrimLeft(t[1:], " \t\r\n"), []byte(`"spider"`)) {
		return false // a record in JSON, as the codec writes it
	}
	var keys map[string]json.RawMessage
	if json.Unmarshal(t, &keys) != nil {
		return false
	}
	_, events := keys["events"]
	_, record := keys["spider"]
	return events && !record
}
