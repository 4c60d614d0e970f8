import { useLayoutEffect, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { createPortal } from 'react-dom';
import styles from './Reading.module.css';

/** Courses and articles are written in English for now; the page around them is translated. */
export const CONTENT_LANGUAGE = 'en';

/** What a page puts in a calculator's place (`<div data-calculator="name">`), given its name. */
export type RenderCalculator = (name: string) => ReactNode;

type CalculatorPlace = { element: HTMLElement; name: string };

/**
 * Server-sanitised HTML (the lesson's reading or an article), set as is, in the typography for
 * long reading (Reading.module.css). Each table is put in
 * a scroll box that the keyboard can reach, named by the table's caption or first header. With
 * `renderCalculator`, each calculator's place (apps/server/src/platform/markdown.ts keeps it)
 * gets what it renders, through a portal: the calculator lives in the page's React tree.
 */
export function Reading({
  html,
  tableLabel,
  renderCalculator,
}: {
  html: string;
  tableLabel: string;
  renderCalculator?: RenderCalculator;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const [places, setPlaces] = useState<CalculatorPlace[]>([]);
  useLayoutEffect(() => {
    const root = ref.current;
    if (!root) return;
    setPlaces(
      [...root.querySelectorAll<HTMLElement>('[data-calculator]')].map((element) => ({
        element,
        name: element.dataset.calculator ?? '',
      })),
    );
  }, [html]);
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
    <>
      <div
        ref={ref}
        lang={CONTENT_LANGUAGE}
        className={styles.reading}
        dangerouslySetInnerHTML={{ __html: html }}
      />
      {renderCalculator &&
        places.map(({ element, name }, index) =>
          createPortal(renderCalculator(name), element, `${index}-${name}`),
        )}
    </>
  );
}
