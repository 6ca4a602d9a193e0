// One chunk of the gzip'd resolver state; a save writes them one by one in one transaction.
CREATE (:ResolutionState {seq: $seq, data: $data})
