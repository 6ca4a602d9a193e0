"""Standard exports of the graph or of one entity's group, as of a date or every version: BODS
0.4 statements (``bods``), FollowTheMoney entities (``ftm``), GraphML for Gephi (``graphml``)
and Parquet tables (``parquet``), each with a ``manifest.json`` (``manifest``) that lists the
files, the counts, the clock and every source inside with its licence. ``select`` reads what an
export holds; ``run.export_graph`` writes it."""
