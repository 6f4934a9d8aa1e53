package testenv

import "testing"

func TestSlowFollowsTheVariable(t *testing.T) {
	t.Setenv(Variable, "")
	if Slow() {
		t.Fatalf("Slow() with %s unset = true", Variable)
	}
	t.Setenv(Variable, "0")
	if Slow() {
		t.Fatalf("Slow() with %s=0 = true", Variable)
	}
	t.Setenv(Variable, "1")
	if got, want := Slow(), !testing.Short(); got != want {
		t.Fatalf("Slow() with %s=1 = %v, want %v (short %v)", Variable, got, want, testing.Short())
	}
}
