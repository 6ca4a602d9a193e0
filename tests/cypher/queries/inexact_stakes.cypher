MATCH ()-[r:OWNS]->()
WHERE r.stake_exact = false
RETURN r.stake_lo AS lo, r.stake_hi AS hi, r.stake_hi_inclusive AS hi_inc
