"""One module per backend: each defines ``make_case(tmp_path)``, a context manager yielding a
:class:`tests.conformance.case.ConformanceCase`. Adding a backend to the conformance suite is one
file here."""
