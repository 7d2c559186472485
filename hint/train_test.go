package hint

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"math"
	"os"
	"path/filepath"
	"testing"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata")

// smallTraining is a training small enough for a test: two 2-suit deals,
// a decision point every eight looks, one world each.
var smallTraining = TrainOptions{Suits: 2, First: 5000, Deals: 2, Every: 8, Worlds: 1, Seed: 1}

// Training is reproducible: the same options give the same weights, on one
// goroutine or two, and the weights of testdata/train-small.json (made by
// go test ./hint -run TestTrainReproducible -update).
func TestTrainReproducible(t *testing.T) {
	if testing.Short() {
		t.Skip("trains twice")
	}
	ctx := context.Background()
	var got [2]Weights
	for i, workers := range []int{1, 2} {
		o := smallTraining
		o.Workers = workers
		w, rep, err := Train(ctx, o)
		if err != nil {
			t.Fatal(err)
		}
		if rep.Decisions < 3 || rep.Positions < rep.Decisions || rep.Won < 0 || rep.Won > rep.Positions {
			t.Fatalf("%d workers: %+v", workers, rep)
		}
		got[i] = w
	}
	if got[0] != got[1] {
		t.Fatalf("one worker: %+v\ntwo: %+v", got[0], got[1])
	}
	golden := filepath.Join("testdata", "train-small.json")
	if *update {
		b, _ := json.MarshalIndent(got[0], "", "\t")
		if err := os.WriteFile(golden, append(b, '\n'), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	b, err := os.ReadFile(golden)
	if err != nil {
		t.Fatal(err)
	}
	var want Weights
	if err := json.Unmarshal(b, &want); err != nil {
		t.Fatal(err)
	}
	if got[0] != want {
		t.Errorf("weights %+v, %s holds %+v", got[0], golden, want)
	}
}

// A training that cannot be made says why; a cancelled one stops.
func TestTrainErrors(t *testing.T) {
	ctx := context.Background()
	for _, o := range []TrainOptions{{Suits: 3, Deals: 1}, {Suits: 2}, {Suits: 4, Deals: 1, First: 1 << 62}, {Suits: 2, Deals: 1, Ridge: math.NaN()}, {Suits: 2, Deals: 1, Ridge: math.Inf(1)}} {
		if _, _, err := Train(ctx, o); !errors.Is(err, ErrTrain) {
			t.Errorf("%+v: %v, want ErrTrain", o, err)
		}
	}
	cancelled, cancel := context.WithCancel(ctx)
	cancel()
	if _, _, err := Train(cancelled, smallTraining); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled: %v", err)
	}
}
