"""GLEIF: golden-copy LEI-CDF / RR-CDF / reporting-exception files (row and column-wise readers)
and GLEIF API (JSON:API) responses."""
