package store

import "database/sql"

// What the external tests of the store reach inside it: the dialects and
// the migrations' steps, the queries whose plans they read, and the
// database under a store.

// Dialect is a database's words and migration lock.
type Dialect = dialect

// The dialects of SQLite and PostgreSQL.
var SQLiteDialect, PostgresDialect = sqliteDialect, postgresDialect

// Migration is one step of the schema.
type Migration = migration

// NewMigration is a step of its own: its number and its statements.
func NewMigration(version int, sql string) Migration { return migration{version: version, sql: sql} }

// Migrate, MigrateTo and ApplySteps are migrate, migrateTo and applySteps.
var (
	Migrate    = migrate
	MigrateTo  = migrateTo
	ApplySteps = applySteps
)

// The store's queries (and the upsert that counts a key).
const (
	CountKey         = countKey
	EntryColumns     = entryColumns
	KeysQuery        = keysQuery
	PlayerQuery      = playerQuery
	RankingAfter     = rankingAfter
	RankingOrder     = rankingOrder
	RankingQuery     = rankingQuery
	RankingWinsAfter = rankingWinsAfter
	RankingWinsOrder = rankingWinsOrder
	ResolveKeyQuery  = resolveKeyQuery
)

// NewSQLStore is a store over db, a database the migrations were applied
// to, in dialect d.
func NewSQLStore(db *sql.DB, d Dialect) *SQLStore { return &SQLStore{db: db, dialect: d} }

// DB is the database under the store.
func (s *SQLStore) DB() *sql.DB { return s.db }

// DialectName is the name of the store's dialect: "sqlite" or "postgres".
func (s *SQLStore) DialectName() string { return s.dialect.name }
