package engine

import "unsafe"

// searchCounts is search for problems with bounds, kept counts and conflict bitsets
// (reduced rectangles): the same tree in the same order, with chooseCounts and
// applyCounts called directly, and the branches of an item covered once more (modeCover)
// or tweaked (modeTweak) taken here, modeCover's next option found through pointers
// taken once; the null branches that end them go through next.
// It follows search (bits.go) step by step, a deliberate pair: calling the two directly
// and taking those branches here took the command on reduced rectangles 4x5 to 0.85-0.94
// of its CPU time (three batches of 11 interleaved runs, round sixteen), the same tree.
func (k *kernelB) searchCounts(base int, p *Params, st *Stats) bool {
	level := base
	var i, x, d int32
	defer func() { st.Updates += k.updates; k.updates = 0 }()
	copy(k.saveW, k.words[base*k.sw:(base+1)*k.sw])
	k.fstack, k.fbase[base] = k.fstack[:0], 0
	words, mask := unsafe.Pointer(&k.words[0]), unsafe.Pointer(&k.mask[0])
	sw, w := 8*uintptr(k.sw), uintptr(k.w)
	copyW := uintptr(k.copyW)

forward:
	st.Nodes++
	if k.tick--; k.tick == 0 {
		k.tick = pollEvery
		if !polled(p, st, &k.updates, k.pos, k.cnt, level) {
			return false
		}
	}
	if k.leaf {
		k.leaf = false // as in search
		i, d = -1, 0
	} else {
		i, d = k.chooseCounts(level)
	}
	if i < 0 { // every primary item is settled
		if !k.visit(p, st, level) {
			return false
		}
		goto backdown
	}
	if d <= 0 {
		goto backdown
	}
	if d == 1 { // a forced move, in this level's own state (see search)
		if x = k.firstOption(level, i); x >= 0 {
			k.fstack = append(k.fstack, x)
			if k.completes(level, x) {
				k.leaf = true
				goto forward
			}
			k.applyCounts(level, x)
		} else {
			k.settle(level, i)
		}
		goto forward
	}
	k.item[level], k.cnt[level] = i, d
	k.open(level)

try:
	switch k.mode[level] { // next's first two cases, here
	case modeCover:
		k.leaf = false
		k.pos[level]++
		i = k.item[level]
		a := unsafe.Add(words, uintptr(level)*sw)
		if x = nextAt(a, unsafe.Add(mask, 8*w*uintptr(i)), w, uint32(k.cur[level]+1)); x >= 0 {
			k.cur[level], k.chosen[level] = x, x
			if k.completes(level, x) {
				k.leaf = true
			} else {
				copy(unsafe.Slice((*uint64)(unsafe.Add(a, sw)), copyW), unsafe.Slice((*uint64)(a), copyW))
				k.applyCounts(level+1, x)
			}
		} else if k.slack[i] == 0 {
			k.close(level)
			goto backdown
		} else {
			k.mode[level], k.chosen[level] = modeCoverNull, -1
			k.copyState(level)
			k.settle(level+1, i)
		}
	case modeTweak:
		k.leaf = false
		k.pos[level]++
		i = k.item[level]
		b := k.ib(level)
		n, need := k.ints[b+int(i)], k.ints[b+k.ro+int(i)]-k.slack[i]
		if n > 0 && n >= need {
			x = k.firstOption(level, i)
			k.exclude(level, x) // gone for this branch and all later ones
			k.chosen[level] = x
			k.copyState(level)
			k.applyCounts(level+1, x)
		} else if need > 0 {
			k.close(level)
			goto backdown
		} else {
			k.mode[level], k.chosen[level] = modeTweakNull, -1
			k.copyState(level)
			k.settle(level+1, i)
		}
	default:
		if !k.next(level) {
			goto backdown
		}
	}
	level++
	k.fbase[level] = int32(len(k.fstack))
	goto forward

backdown:
	k.fstack = k.fstack[:k.fbase[level]] // the forced moves made at this level
	if level == base {
		copy(k.words[base*k.sw:(base+1)*k.sw], k.saveW)
		return true
	}
	level--
	goto try
}
