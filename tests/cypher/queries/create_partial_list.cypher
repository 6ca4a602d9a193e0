// A bare partial-list node (its key constraint).
CREATE (:PartialList {key: $key})
