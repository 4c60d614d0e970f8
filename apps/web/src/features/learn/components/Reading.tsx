import { useLayoutEffect, useRef } from 'react';
import Box from '@mui/material/Box';
import type { SxProps, Theme } from '@mui/material/styles';

/**
 * Typography for long reading: a line of about 70 characters, generous line height, clear
 * headings and lists; tables scroll sideways inside their own box on a phone.
 */
export const readingSx: SxProps<Theme> = {
  maxWidth: '70ch',
  fontSize: { xs: '1.0625rem', md: '1.125rem' },
  lineHeight: 1.7,
  color: 'text.primary',
  overflowWrap: 'break-word',
  '& > :first-child': { mt: 0 },
  '& h1, & h2, & h3, & h4': { lineHeight: 1.25, mt: 4, mb: 1.5, fontWeight: 750 },
  '& h1': { fontSize: '1.75rem' },
  '& h2': { fontSize: '1.5rem' },
  '& h3': { fontSize: '1.25rem' },
  '& h4': { fontSize: '1.0625rem' },
  '& p': { my: 2 },
  '& ul, & ol': { pl: 3.5, my: 2 },
  '& li': { my: 0.75 },
  '& li > p': { my: 0.5 },
  '& a': { color: 'primary.main', textUnderlineOffset: '0.15em' },
  '& strong': { fontWeight: 700 },
  '& blockquote': {
    m: 0,
    my: 3,
    px: 2,
    py: 1,
    borderLeft: '4px solid',
    borderColor: 'primary.main',
    bgcolor: '#f3f6fb',
  },
  '& code': { fontFamily: 'monospace', fontSize: '0.95em', bgcolor: '#f3f6fb', px: 0.5 },
  '& hr': { border: 0, borderTop: '1px solid', borderColor: 'divider', my: 4 },
  '& img': { maxWidth: '100%', height: 'auto' },
  '& .table-scroll': { overflowX: 'auto', my: 3, maxWidth: '100%' },
  '& table': { borderCollapse: 'collapse', minWidth: '100%', fontSize: '0.95em' },
  '& th, & td': {
    border: '1px solid',
    borderColor: 'divider',
    px: 1.5,
    py: 0.75,
    textAlign: 'left',
    verticalAlign: 'top',
  },
  '& th': { bgcolor: '#f3f6fb', fontWeight: 700 },
  '& td:not(:first-of-type)': { fontVariantNumeric: 'tabular-nums' },
};

/** Courses and articles are written in English for now; the page around them is translated. */
export const CONTENT_LANGUAGE = 'en';

/**
 * Server-sanitised HTML (the lesson's reading or an article), set as is. Each table is put in
 * a scroll box that the keyboard can reach, named by the table's caption or first header.
 */
export function Reading({ html, tableLabel }: { html: string; tableLabel: string }) {
  const ref = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const root = ref.current;
    if (!root) return;
    root.querySelectorAll('table').forEach((table) => {
      if (table.parentElement?.classList.contains('table-scroll')) return;
      const box = document.createElement('div');
      box.className = 'table-scroll';
      box.tabIndex = 0;
      box.setAttribute('role', 'region');
      const name = table.querySelector('caption')?.textContent?.trim();
      box.setAttribute('aria-label', name || tableLabel);
      table.replaceWith(box);
      box.append(table);
    });
  }, [html, tableLabel]);
  return (
    <Box
      ref={ref}
      lang={CONTENT_LANGUAGE}
      sx={readingSx}
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
