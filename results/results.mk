# Results: SQLite store, compare, exports, dashboard.
PACKAGES += libsqlite3-dev sqlite3 gnuplot-nox libjson-c-dev

.PHONY: report
report: lab-build
