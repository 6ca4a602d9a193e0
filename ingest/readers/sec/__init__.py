"""SEC EDGAR: Schedule 13D/G and Forms 3/4/5 XML, Exhibit 21 subsidiary lists."""
