package hint

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"runtime"
	"sync"
	"time"

	"github.com/spiderkit/spider"
)

// TrainOptions say how Train learns its weights. Zero and negative fields
// are the defaults; only Suits and Deals must be set. The advisor uses
// weights of 2 and 4 suits (with one suit left, rollouts weigh instead).
type TrainOptions struct {
	// Suits is the deals' suit count: 1, 2 or 4.
	Suits int
	// First and Deals are the numbered deals played for positions (the
	// advisor is tuned on deals 5000-5999 and measured on 1000-1199).
	First uint64
	Deals int
	// Every makes a decision point of one position every Every looks of
	// each game (0: 6).
	Every int
	// Worlds is how many worlds of the unseen cards each decision point is
	// played in (0: 2).
	Worlds int
	// Ridge is the penalty on the weights' squares, a share of the
	// positions' count (0: 0.01).
	Ridge float64
	// Seed makes the worlds repeatable.
	Seed uint64
	// Workers is how many goroutines label positions (0: GOMAXPROCS); the
	// weights do not depend on it.
	Workers int
}

// TrainReport is what a training saw.
type TrainReport struct {
	// Decisions counts the decision points, Positions the tables
	// labelled (one an option, a world and a decision point) and Won
	// those from which the lookahead alone won.
	Decisions, Positions, Won int
	// Error is the root of the mean squared error of the fit, within the
	// decision points' worlds.
	Error float64
	// Elapsed is how long it took.
	Elapsed time.Duration
}

// ErrTrain is a training that cannot be made: options out of range, no
// decision point to learn from, or a cancelled context (the error wraps
// the context's too).
var ErrTrain = spider.NewError("cannot-train", "hint: cannot train")

// Train learns the weights of the evaluation from games it plays, for
// the choice the evaluation serves: which option leads to the better
// table once the next row is dealt. The lookahead alone (the first option
// of each look, tables rated by the hand-made weights of docs/hint.md)
// plays o.Deals numbered deals from o.First, and one position every
// o.Every looks is a decision point. There, in each of o.Worlds worlds of
// the unseen cards (spider.Position.Resample, seeded by o.Seed, the deal
// and the decision point), each option (the lookahead's, and the deal)
// is played, then the lookahead alone until a row is dealt; the table
// reached is labelled by how far the lookahead alone (200 positions a
// look) then goes in that world to the game's end (progress: the runs
// removed and the cards turned over). A ridge regression fits the
// features of the seen cards to those labels within each decision
// point's world (both centred on the world's mean, so that what the
// weights learn is the difference between options, not how far the game
// has gone). The result depends only on o (not on Workers nor on the
// machine's speed): training twice gives the same weights. cmd/hinttrain
// runs it and writes the weights the advisor uses.
func Train(ctx context.Context, o TrainOptions) (Weights, TrainReport, error) {
	start := time.Now()
	if o.Suits != 1 && o.Suits != 2 && o.Suits != 4 {
		return Weights{}, TrainReport{}, fmt.Errorf("%w: %d suits (1, 2 or 4)", ErrTrain, o.Suits)
	}
	if o.Deals < 1 {
		return Weights{}, TrainReport{}, fmt.Errorf("%w: %d deals (at least one)", ErrTrain, o.Deals)
	}
	if math.IsNaN(o.Ridge) || math.IsInf(o.Ridge, 0) {
		return Weights{}, TrainReport{}, fmt.Errorf("%w: a ridge of %v", ErrTrain, o.Ridge)
	}
	o = o.withDefaults()
	var rep TrainReport
	var samples []sample
	for i := 0; i < o.Deals; i++ {
		if err := ctx.Err(); err != nil {
			return Weights{}, TrainReport{}, fmt.Errorf("%w: %w", ErrTrain, err)
		}
		n := o.First + uint64(i)
		p, err := spider.NumberPosition(n, o.Suits, spider.Rules{})
		if err != nil {
			return Weights{}, TrainReport{}, fmt.Errorf("%w: %w", ErrTrain, err)
		}
		for k, q := range decisions(p, o.Every) {
			samples = append(samples, optionSamples(ctx, q, rep.Decisions, n, k, o)...)
			rep.Decisions++
		}
	}
	if err := ctx.Err(); err != nil {
		return Weights{}, TrainReport{}, fmt.Errorf("%w: %w", ErrTrain, err)
	}
	if !compared(samples) {
		return Weights{}, TrainReport{}, fmt.Errorf("%w: no decision point with two options to compare", ErrTrain)
	}
	if err := label(ctx, samples, o); err != nil {
		return Weights{}, TrainReport{}, err
	}
	rep.Positions = len(samples)
	for _, s := range samples {
		if s.y == 1 {
			rep.Won++
		}
	}
	w, rms := fit(samples, o.Ridge*float64(len(samples)))
	rep.Error, rep.Elapsed = rms, time.Since(start)
	return w, rep, nil
}

func (o TrainOptions) withDefaults() TrainOptions {
	if o.Every <= 0 {
		o.Every = 6
	}
	if o.Worlds <= 0 {
		o.Worlds = 2
	}
	if o.Ridge <= 0 {
		o.Ridge = 0.01
	}
	if o.Workers <= 0 {
		o.Workers = runtime.GOMAXPROCS(0)
	}
	return o
}

// sample is a table to learn from: the group it is compared within (a
// decision point's world), the table (a world's), its features from what
// the player sees there, and its label (progress).
type sample struct {
	group int
	pos   spider.Position
	f     features
	y     float64
	lost  bool // a deal the fills could not allow: the game ended there
}

// decisions plays p with the lookahead alone, rating tables by the
// hand-made weights (so that the positions do not depend on the weights
// learned), and returns one position every every looks.
func decisions(p spider.Position, every int) []spider.Position {
	var out []spider.Position
	played, r := 0, lookRater()
	for look := 0; played < MaxPlayActions && !p.Won(); look++ {
		if look%every == 0 {
			out = append(out, p)
		}
		opts := r.options(p, lookLimit, 1)
		if len(opts) == 0 {
			break
		}
		q, err := playLine(p, opts[0].line)
		if err != nil {
			break // a deal the fills could not allow: the game is lost
		}
		p, played = q, played+len(opts[0].line)
	}
	return out
}

// optionSamples are the tables decision point p (the index-th of the
// training, the k-th of deal) leads to in o.Worlds worlds: in each, every
// option played, then the lookahead alone until a row is dealt (the
// hand-made rating).
func optionSamples(ctx context.Context, p spider.Position, index int, deal uint64, k int, o TrainOptions) []sample {
	r := lookRater()
	var buf [104]spider.Card
	opts := r.options(p, lookLimit, maxOptions)
	if d := r.dealOption(p, &buf); d != nil && !hasDeal(opts) {
		opts = append(opts, *d)
	}
	rng := rand.New(rand.NewPCG(o.Seed^deal, uint64(k)))
	var out []sample
	for wi := range o.Worlds {
		w := p.Resample(rng)
		for _, op := range opts {
			q, _, ok, lost := r.toDeal(ctx, w, op.line, valueLimit, valueLooks)
			if ok {
				out = append(out, sample{group: index*o.Worlds + wi, pos: q, f: tableFeatures(&q), lost: lost})
			}
		}
	}
	return out
}

// compared reports whether some group holds two samples or more: else the
// fit has nothing to learn.
func compared(samples []sample) bool {
	for i := 1; i < len(samples); i++ {
		if samples[i].group == samples[i-1].group {
			return true
		}
	}
	return false
}

// hasDeal reports whether an option of opts deals.
func hasDeal(opts []option) bool {
	for _, op := range opts {
		if op.line[len(op.line)-1] == spider.DealRow {
			return true
		}
	}
	return false
}

// label plays each sample's world to its end with the lookahead alone,
// on o.Workers goroutines: a rollout depends only on its world, so the
// labels do not depend on which goroutine played what.
func label(ctx context.Context, samples []sample, o TrainOptions) error {
	next := make(chan int)
	var wg sync.WaitGroup
	for range min(o.Workers, len(samples)) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				s := &samples[i]
				q := s.pos
				if !s.lost {
					q, _, _ = playOn(ctx, s.pos, valueLimit, MaxPlayActions, math.MaxInt)
				}
				s.y = progress(&q)
			}
		}()
	}
	for i := range samples {
		if ctx.Err() != nil {
			break
		}
		next <- i
	}
	close(next)
	wg.Wait()
	if err := ctx.Err(); err != nil {
		return fmt.Errorf("%w: %w", ErrTrain, err)
	}
	return nil
}

// fit is the ridge regression of the samples' labels on their features
// within groups: both centred on their group's means, the weights that
// minimise the squared error plus ridge times the weights' squares; the
// bias makes the mean estimate the mean label. It returns the weights and
// the root of the mean squared error within groups. The sums run in the
// samples' order, so the result is the same every time.
func fit(samples []sample, ridge float64) (Weights, float64) {
	const n = NumFeatures
	var groups []mean
	var all mean
	for _, s := range samples {
		if s.group >= len(groups) {
			groups = append(groups, make([]mean, s.group+1-len(groups))...)
		}
		g := &groups[s.group]
		for i, x := range s.f {
			g.f[i] += x
			all.f[i] += x
		}
		g.y += s.y
		all.y += s.y
		g.count++
		all.count++
	}
	for k := range groups {
		groups[k].average()
	}
	all.average()
	var a system
	for _, s := range samples {
		g := &groups[s.group]
		var x features
		for i := range x {
			x[i] = s.f[i] - g.f[i]
		}
		y := s.y - g.y
		for i := range n {
			for j := range n {
				a[i][j] += float64(x[i] * x[j])
			}
			a[i][n+1] += float64(x[i] * y) // the bias's row and column stay empty
		}
	}
	for i := range n {
		a[i][i] += ridge
	}
	x := solveLinear(a)
	var w Weights
	copy(w.W[:], x[:n])
	w.Bias = all.y
	for i := range n {
		w.Bias -= float64(w.W[i] * all.f[i])
	}
	sq := 0.0
	for _, s := range samples {
		g := &groups[s.group]
		d := w.value(&s.f) - w.value(&g.f) - (s.y - g.y)
		sq += float64(d * d)
	}
	return w, math.Sqrt(sq / float64(max(len(samples), 1)))
}

// mean is the mean of some samples' features and labels.
type mean struct {
	f     features
	y     float64
	count int
}

// average turns m's sums into means.
func (m *mean) average() {
	for i := range m.f {
		m.f[i] /= float64(max(m.count, 1))
	}
	m.y /= float64(max(m.count, 1))
}

// progress is how far a game got: the runs removed, and the share of the
// 44 cards dealt face down that were turned over, counting as a ninth run
// (a won game is 1).
func progress(q *spider.Position) float64 {
	if q.Won() {
		return 1
	}
	return (float64(q.Runs()) + 1 - float64(downs(q))/44) / 9
}
