package main

import "math/bits"

// pyRandom is the Mersenne Twister (MT19937) as Python's random module
// seeds and draws from it, so that the CSPLib generators, which are
// Python scripts, can be replayed here number for number.
type pyRandom struct {
	mt  [624]uint32
	idx int
}

// newPyRandom returns the generator random.seed(seed) makes: the key is
// the 32-bit words of |seed|, least significant first.
func newPyRandom(seed int64) *pyRandom {
	u := uint64(seed)
	if seed < 0 {
		u = uint64(-seed)
	}
	key := []uint32{uint32(u)}
	if u>>32 != 0 {
		key = append(key, uint32(u>>32))
	}
	r := &pyRandom{}
	r.initByArray(key)
	return r
}

func (r *pyRandom) initGenrand(s uint32) {
	r.mt[0] = s
	for i := 1; i < len(r.mt); i++ {
		r.mt[i] = 1812433253*(r.mt[i-1]^(r.mt[i-1]>>30)) + uint32(i)
	}
	r.idx = len(r.mt)
}

func (r *pyRandom) initByArray(key []uint32) {
	const n = 624
	r.initGenrand(19650218)
	i, j := 1, 0
	for k := max(n, len(key)); k > 0; k-- {
		r.mt[i] = (r.mt[i] ^ ((r.mt[i-1] ^ (r.mt[i-1] >> 30)) * 1664525)) + key[j] + uint32(j)
		i++
		j++
		if i >= n {
			r.mt[0] = r.mt[n-1]
			i = 1
		}
		if j >= len(key) {
			j = 0
		}
	}
	for k := n - 1; k > 0; k-- {
		r.mt[i] = (r.mt[i] ^ ((r.mt[i-1] ^ (r.mt[i-1] >> 30)) * 1566083941)) - uint32(i)
		i++
		if i >= n {
			r.mt[0] = r.mt[n-1]
			i = 1
		}
	}
	r.mt[0] = 0x80000000
}

// uint32 is genrand_uint32: the next 32 bits.
func (r *pyRandom) uint32() uint32 {
	const n, m = 624, 397
	if r.idx >= n {
		for k := range n {
			y := r.mt[k]&0x80000000 | r.mt[(k+1)%n]&0x7fffffff
			v := r.mt[(k+m)%n] ^ y>>1
			if y&1 != 0 {
				v ^= 0x9908b0df
			}
			r.mt[k] = v
		}
		r.idx = 0
	}
	y := r.mt[r.idx]
	r.idx++
	y ^= y >> 11
	y ^= y << 7 & 0x9d2c5680
	y ^= y << 15 & 0xefc60000
	y ^= y >> 18
	return y
}

// below is random._randbelow(n) for 0 < n < 2^32: draws of as many bits
// as n has, until one is under n.
func (r *pyRandom) below(n int) int {
	k := bits.Len(uint(n))
	for {
		if v := int(r.uint32() >> (32 - k)); v < n {
			return v
		}
	}
}

// shuffle is random.shuffle: Fisher–Yates from the end of the list.
func shuffle[T any](r *pyRandom, x []T) {
	for i := len(x) - 1; i > 0; i-- {
		j := r.below(i + 1)
		x[i], x[j] = x[j], x[i]
	}
}
