"""Column-wise reading shared by the formats' column-wise readers: building records without
validators (``build``), checks over whole columns (``checks``), and the registry that picks a
format's column-wise reader (``registry``). Background: see ``registry``."""
