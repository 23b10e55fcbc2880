// SPDX-License-Identifier: GPL-2.0
/* Escaping text for XML and HTML (JUnit exports, the dashboard). */
#include <stdarg.h>
#include <string.h>

#include "markup.h"

void fput_escaped(FILE *f, const char *s)
{
	for (; *s; s++) {
		switch (*s) {
		case '&':
			fputs("&amp;", f);
			break;
		case '<':
			fputs("&lt;", f);
			break;
		case '>':
			fputs("&gt;", f);
			break;
		case '"':
			fputs("&quot;", f);
			break;
		case '\'':
			fputs("&#39;", f);
			break;
		default:
			/* Control characters are not allowed in XML 1.0. */
			if ((unsigned char)*s < 0x20 && !strchr("\t\n\r", *s))
				fputc('?', f);
			else
				fputc(*s, f);
		}
	}
}

/*
 * Only the conversions the results code needs: %s (escaped), %d, %zu, %%.
 * The format must be a literal, so the compiler checks the arguments.
 */
void fprintf_escaped(FILE *f, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	for (; *fmt; fmt++) {
		if (*fmt != '%') {
			fputc(*fmt, f);
		} else if (fmt[1] == 's') {
			fput_escaped(f, va_arg(ap, const char *));
			fmt++;
		} else if (fmt[1] == 'd') {
			fprintf(f, "%d", va_arg(ap, int));
			fmt++;
		} else if (fmt[1] == 'z' && fmt[2] == 'u') {
			fprintf(f, "%zu", va_arg(ap, size_t));
			fmt += 2;
		} else if (fmt[1] == '%') {
			fputc('%', f);
			fmt++;
		}
	}
	va_end(ap);
}
