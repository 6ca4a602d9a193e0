// One chunk of a resolver state being saved: pending until resolution_state_publish.
CREATE (:ResolutionStatePending {seq: $seq, data: $data})
