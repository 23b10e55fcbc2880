# Scenarios: declarative files, workloads, checks and metrics, the runner.
SWAPLAB_SRCS +=
