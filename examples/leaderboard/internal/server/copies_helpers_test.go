package server_test

import (
	"sync"
	"time"
)

// closingConfig has boards that withhold their records: until a fixed
// time ("sealed"), for good ("secret"), day by day ("daily"); one that has
// closed ("shut"); and one that shows its records at once ("open").
const closingConfig = `{
  "default": "sealed",
  "boards": [
    {"name": "sealed", "withhold": true, "closes": "2030-01-01T00:00:00Z", "policy": {"variants": ["app"], "times": true}, "anonymous": true},
    {"name": "secret", "withhold": true, "policy": {}, "anonymous": true},
    {"name": "daily", "withhold": true, "policy": {"variants": ["app"], "deals": {"codes": "daily"}, "times": true}, "anonymous": true},
    {"name": "shut", "closes": "2020-01-01T00:00:00Z", "policy": {}, "anonymous": true},
    {"name": "open", "policy": {}, "anonymous": true}
  ]
}`

// clock is a settable clock for Config.Now.
type clock struct {
	mu  sync.Mutex
	now time.Time
}

func (c *clock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.now
}

func (c *clock) set(t time.Time) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.now = t
}
