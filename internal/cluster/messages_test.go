package cluster

import (
	"encoding/json"
	"testing"

	"github.com/queenslab/queens/internal/plan"
)

func FuzzDecodeTask(f *testing.F) {
	good, _ := json.Marshal(task{Format: taskFormat, Run: "n8-v1-00", N: 8, PlanVersion: plan.Version, Fingerprint: "00", Unit: 3})
	f.Add(workSubject("n8-v1-00", 3), good)
	f.Add("queens.work.x", []byte("garbage"))
	f.Add(workSubject("r", 1), []byte(`{"format":"queens-task/1","run":"r","unit":1,"x":2}`))
	f.Fuzz(func(t *testing.T, subject string, data []byte) {
		tk, err := decodeTask(subject, data)
		if err != nil {
			return
		}
		if tk.Format != taskFormat || subject != workSubject(tk.Run, tk.Unit) {
			t.Fatalf("accepted %q on %s as %+v", data, subject, tk)
		}
	})
}

func FuzzDecodeRecord(f *testing.F) {
	good, _ := json.Marshal(newRecord("r", plan.Result{Unit: 2, Total: 16, Unique: 2, Nodes: 99}, "w", 1))
	f.Add(good, "r", 2)
	f.Add([]byte(`{"total":1}`), "r", 2)
	f.Fuzz(func(t *testing.T, data []byte, run string, unit int) {
		r, err := decodeRecord(data, run, unit)
		if err != nil {
			return
		}
		if r.Run != run || r.Unit != unit || r.Check != r.checksum() {
			t.Fatalf("accepted %q as %+v for run %q unit %d", data, r, run, unit)
		}
	})
}

func TestRecordChecksum(t *testing.T) {
	r := newRecord("r", plan.Result{Unit: 2, Total: 16, Unique: 2, Nodes: 99}, "w", 1)
	for name, change := range map[string]func(*record){
		"total":  func(r *record) { r.Total++ },
		"unique": func(r *record) { r.Unique-- },
		"nodes":  func(r *record) { r.Nodes ^= 1 },
		"unit":   func(r *record) { r.Unit = 3 },
		"run":    func(r *record) { r.Run = "s" },
	} {
		c := r
		change(&c)
		if c.checksum() == r.Check {
			t.Errorf("changing the %s leaves the checksum %s", name, r.Check)
		}
	}
	if u, ok := parseResultKey("r", resultKey("r", 12)); !ok || u != 12 {
		t.Errorf("parseResultKey(resultKey(12)) = %d, %v", u, ok)
	}
	for _, key := range []string{"r.unit.", "r.unit.-1", "r.unit.01", "r.unit.1x", "s.unit.1", "r.manifest"} {
		if u, ok := parseResultKey("r", key); ok {
			t.Errorf("parseResultKey(%q) = %d, want no unit", key, u)
		}
	}
}
