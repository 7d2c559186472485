package players

// ConfusablesVersion is the Unicode edition of the confusables table that
// Skeleton maps names by: confusables.txt of UTS #39 as
// github.com/mtibben/confusables embeds it (its tables.go says which;
// TestConfusablesVersion reads it there). The other tables are their
// libraries' own: Go's unicode.Version for invisible characters and marks,
// golang.org/x/text's norm.Version for NFC, NFKC, case folding and PRECIS.
const ConfusablesVersion = "13.0.0"
