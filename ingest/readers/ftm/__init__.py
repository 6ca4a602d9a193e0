"""FollowTheMoney entities (OpenSanctions exports and deltas)."""
