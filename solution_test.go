package queens

import (
	"errors"
	"math/rand/v2"
	"testing"
)

func TestSolutionString(t *testing.T) {
	for _, tc := range []struct {
		s    Solution
		want string
	}{
		{Solution{0, 4, 7, 5, 2, 6, 1, 3}, "1 5 8 6 3 7 2 4"},
		{Solution{0}, "1"},
		{Solution{}, ""},
		{Solution{9, 10}, "10 11"},
	} {
		if got := tc.s.String(); got != tc.want {
			t.Errorf("%#v.String() = %q, want %q", tc.s, got, tc.want)
		}
	}
}

func TestSolutionClone(t *testing.T) {
	s := Solution{1, 3, 0, 2}
	c := s.Clone()
	c[0] = 99
	if s[0] != 1 {
		t.Fatal("Clone shares memory with the original")
	}
}

func TestValidateMessages(t *testing.T) {
	for _, tc := range []struct {
		s    Solution
		want string // "" for a solution
	}{
		{Solution{0}, ""},
		{Solution{1, 3, 0, 2}, ""},
		{Solution{0, 4, 7, 5, 2, 6, 1, 3}, ""},
		{Solution{}, "invalid solution: no queens"},
		{Solution{0, 0}, "queens in rows 1 and 2 share a column"},
		{Solution{0, 1}, "queens in rows 1 and 2 share a diagonal"},
		{Solution{1, 0}, "queens in rows 1 and 2 share a diagonal"},
		// Rows 2 and 5 (counted from 1) hold columns 3 and 6: a diagonal.
		{Solution{0, 2, 4, 1, 5, 3}, "queens in rows 2 and 5 share a diagonal"},
		// The pair with the smallest later row wins, then the smallest earlier row.
		{Solution{2, 0, 2, 0}, "queens in rows 1 and 3 share a column"},
		{Solution{0, 2, 0, 3}, "queens in rows 1 and 3 share a column"},
		{Solution{0, 8, 1, 2}, "queen in row 2 stands in column 9, off the 4×4 board"},
		{Solution{-1, 2}, "queen in row 1 stands in column 0, off the 2×2 board"},
	} {
		err := tc.s.Validate()
		switch {
		case tc.want == "" && err != nil:
			t.Errorf("%v.Validate() = %v, want nil", tc.s, err)
		case tc.want != "" && (err == nil || err.Error() != tc.want):
			t.Errorf("%v.Validate() = %v, want %q", tc.s, err, tc.want)
		case err != nil && !errors.Is(err, ErrInvalid):
			t.Errorf("%v.Validate() = %v, does not wrap ErrInvalid", tc.s, err)
		}
	}
}

func TestValidateAttackError(t *testing.T) {
	err := Solution{3, 0, 2, 1}.Validate()
	var ae *AttackError
	if !errors.As(err, &ae) {
		t.Fatalf("error %v is not an *AttackError", err)
	}
	if ae.Row1 != 2 || ae.Row2 != 3 || ae.Line != "diagonal" {
		t.Errorf("AttackError = %+v, want rows 2 and 3 (0-based) on a diagonal", ae)
	}
}

// slowAttack is the obvious quadratic check: the first pair (by later row,
// then earlier row) of queens that attack each other, as Validate
// promises to report it.
func slowAttack(s Solution) (r1, r2 int, ok bool) {
	for j := range s {
		if s[j] < 0 || s[j] >= len(s) {
			return j, -1, false
		}
		for i := range j {
			d := s[j] - s[i]
			if d == 0 || d == j-i || d == i-j {
				return i, j, false
			}
		}
	}
	return 0, 0, true
}

func TestValidateAgainstQuadratic(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for range 20000 {
		n := 1 + rng.IntN(70) // both the one-word and the many-word bit sets
		s := make(Solution, n)
		for i := range s {
			s[i] = rng.IntN(n+1) - rng.IntN(2)
		}
		if rng.IntN(4) == 0 { // mostly permutations, which need the diagonal checks
			for i, p := range rng.Perm(n) {
				s[i] = p
			}
		}
		checkValidate(t, s)
	}
	// A large solution, from the classic construction for even n with
	// n mod 6 ≠ 2 (rows of the top half on the even columns counted from
	// 1, the others on the odd ones), and the same with two rows swapped.
	const n = 1000
	big := make(Solution, n)
	for i := range n / 2 {
		big[i], big[n/2+i] = 2*i+1, 2*i
	}
	if big.Validate() != nil {
		t.Fatalf("the construction for n=%d fails: %v", n, big.Validate())
	}
	big[10], big[700] = big[700], big[10]
	checkValidate(t, big)
}

func checkValidate(t *testing.T, s Solution) {
	t.Helper()
	r1, r2, ok := slowAttack(s)
	err := s.Validate()
	if ok != (err == nil) {
		t.Fatalf("%v.Validate() = %v, quadratic check says valid=%v", s, err, ok)
	}
	if ok {
		return
	}
	var ae *AttackError
	if !errors.As(err, &ae) {
		t.Fatalf("%v.Validate() = %v, not an *AttackError", s, err)
	}
	if ae.Row1 != r1 || ae.Row2 != r2 {
		t.Fatalf("%v.Validate() names rows %d and %d, want %d and %d", s, ae.Row1, ae.Row2, r1, r2)
	}
}

func TestValidateAllocs(t *testing.T) {
	s := Solution{0, 4, 7, 5, 2, 6, 1, 3}
	if a := testing.AllocsPerRun(100, func() { _ = s.Validate() }); a != 0 {
		t.Errorf("Validate of a valid 8×8 solution allocates %v times, want 0", a)
	}
}

func FuzzValidate(f *testing.F) {
	f.Add([]byte{0, 4, 7, 5, 2, 6, 1, 3})
	f.Add([]byte{1, 3, 0, 2})
	f.Add([]byte{0, 0})
	f.Fuzz(func(t *testing.T, b []byte) {
		s := make(Solution, len(b))
		for i, v := range b {
			s[i] = int(v) - 1
		}
		if len(s) == 0 {
			if s.Validate() == nil {
				t.Fatal("empty placement validated")
			}
			return
		}
		checkValidate(t, s)
	})
}
