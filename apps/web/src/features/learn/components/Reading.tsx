import { useLayoutEffect, useRef } from 'react';
import styles from './Reading.module.css';

/** Courses and articles are written in English for now; the page around them is translated. */
export const CONTENT_LANGUAGE = 'en';

/**
 * Server-sanitised HTML (the lesson's reading or an article), set as is, in the typography for
 * long reading (Reading.module.css). Each table is put in
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
    <div
      ref={ref}
      lang={CONTENT_LANGUAGE}
      className={styles.reading}
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
