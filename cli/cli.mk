# The program's top: main(), the command table, the global options, and the
# lab's commands.  The only part that knows lab/, scenarios/ and results/.
CLI_SRCS := cli/main.c cli/cmd_lab.c
SWAPLAB_SRCS += $(CLI_SRCS)
