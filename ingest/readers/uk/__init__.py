"""UK Companies House: company records and persons with significant control."""
