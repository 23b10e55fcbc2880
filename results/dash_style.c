// SPDX-License-Identifier: GPL-2.0
/* The dashboard's style sheet: verdict colours a reader sees at a glance. */
#include "dashboard.h"

const char dashboard_css[] =
	"body { font-family: sans-serif; margin: 1em 2em; color: #222; }\n"
	"header { font-size: 1.3em; font-weight: bold; margin-bottom: 1em; }\n"
	"header a { color: inherit; text-decoration: none; }\n"
	"footer { margin-top: 2em; color: #777; font-size: 0.8em; }\n"
	"table { border-collapse: collapse; margin: 0.5em 0 1em; }\n"
	"th, td { border: 1px solid #ccc; padding: 0.25em 0.6em; text-align: left;"
	" vertical-align: top; }\n"
	"th { background: #f3f3f3; }\n"
	"td.num { text-align: right; font-variant-numeric: tabular-nums; }\n"
	".pass { background: #e3f6e3; }\n"
	".fail, .error, .regressed { background: #fbd9d9; }\n"
	"tr.regressed td { font-weight: bold; }\n"
	".improved { background: #d9ecfb; }\n"
	".known { background: #fff1c9; }\n"
	".skip, .none { background: #f3f3f3; color: #777; }\n"
	".note { color: #555; font-size: 0.9em; max-width: 60em; }\n"
	".graphs { display: flex; flex-wrap: wrap; gap: 1em; }\n"
	"figure { margin: 0; }\n"
	"figure img { width: 560px; border: 1px solid #ddd; }\n"
	"figcaption { font-size: 0.8em; color: #555; }\n"
	"small { color: #555; }\n"
	"pre { white-space: pre-wrap; margin: 0; }\n";
