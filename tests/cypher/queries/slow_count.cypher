// A read that runs for many seconds (a cross product of ranges): for the timeout test.
UNWIND range(1, $n) AS i
UNWIND range(1, $n) AS j
WITH i, j WHERE (i * j) % 7919 = 1
RETURN count(*) AS n
