import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { demo, expect, expectAccessible, logIn, test } from './support/fixtures.ts';

/**
 * The trading game in Spanish: a contest page and the market list read Spanish with no English
 * left in the main content, pass axe, and fit a 360 px phone. Screenshots of each width land in
 * test-results/i18n-es/ for a person to look at.
 */

const localesDir = join(import.meta.dirname, '..', 'apps', 'web', 'src', 'locales');

/** Every text of a catalogue, as the pieces between its placeholders and tags. */
function phrases(language: string, namespace: string): string[] {
  const texts: string[] = [];
  const walk = (value: unknown) => {
    if (typeof value === 'string') texts.push(value);
    else if (value && typeof value === 'object') Object.values(value).forEach(walk);
  };
  walk(JSON.parse(readFileSync(join(localesDir, language, `${namespace}.json`), 'utf8')));
  return texts
    .flatMap((text) => text.split(/{{[^}]*}}|<\/?\w+>|\$t\([^)]*\)/))
    .map((piece) => piece.trim())
    .filter(Boolean);
}

/** English phrases that Spanish says differently ("SMA (20)" is the same in both). */
function englishPhrases(namespace: string): string[] {
  const spanish = new Set(phrases('es', namespace));
  return phrases('en', namespace).filter(
    // Phrases, not single words: "Beta", "EBITDA" or a ticker read the same in Spanish.
    (piece) => piece.includes(' ') && piece.length >= 8 && !spanish.has(piece),
  );
}

/** MUI's own English, which the pages have to replace. */
const MUI_ENGLISH = ['Rows per page', 'Go to next page', 'Go to previous page', 'No options'];
const ENGLISH = [
  ...new Set([...englishPhrases('contests'), ...englishPhrases('market'), ...MUI_ENGLISH]),
];

/** The visible text, labels and titles of the main content, to search for English. */
async function mainTexts(page: Page): Promise<string> {
  return page.locator('main').evaluate((main) => {
    const attributes = Array.from(
      main.querySelectorAll('[aria-label], [title], [placeholder]'),
    ).flatMap((element) =>
      ['aria-label', 'title', 'placeholder'].map((name) => element.getAttribute(name) ?? ''),
    );
    return [(main as HTMLElement).innerText, ...attributes].join('\n');
  });
}

async function expectNoEnglish(page: Page, label: string): Promise<void> {
  const text = await mainTexts(page);
  const leftovers = ENGLISH.filter((phrase) => text.includes(phrase));
  expect(leftovers, `English left on ${label}`).toEqual([]);
}

async function expectNoSidewaysScroll(page: Page, label: string): Promise<void> {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - window.innerWidth,
  );
  expect(overflow, `horizontal overflow on ${label}`).toBeLessThanOrEqual(0);
}

/** From the next page load on, this browser has chosen Spanish. */
async function chooseSpanish(page: Page): Promise<void> {
  await page.addInitScript(() => window.localStorage.setItem('language', 'es'));
}

async function screenshots(page: Page, name: string): Promise<void> {
  for (const width of [360, 800, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await expectNoSidewaysScroll(page, `${name} at ${width} px`);
    await page.screenshot({ path: `test-results/i18n-es/${name}-${width}.png`, fullPage: true });
  }
}

test('a contest page reads Spanish, passes axe and fits a phone', async ({ page }) => {
  test.setTimeout(90_000);
  await logIn(page, demo.student.username, demo.student.password);
  const token = (await page.context().cookies()).find((cookie) => cookie.name === 'token')!.value;
  const auth = { authorization: `JWT ${token}` };
  const challenge = await (
    await page.request.get('/api/contests/challenge/', { headers: auth })
  ).json();
  if (challenge.my_contest_user === null) {
    const joined = await page.request.post('/api/contest-users/', {
      headers: auth,
      data: { contest: challenge.id },
    });
    expect(joined.ok()).toBe(true);
  }

  await chooseSpanish(page);
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto(`/contest/${challenge.id}`);
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  await expect(page.getByRole('heading', { name: 'Clasificación' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Mi cartera', exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Comprar acciones' })).toBeVisible();
  // On a phone the stock list renders when its place comes near the screen (RenderWhenNear).
  await page.getByRole('heading', { name: 'Comprar acciones' }).scrollIntoViewIfNeeded();
  const stocks = page.getByRole('region', { name: 'Acciones' });
  await expect(stocks.getByRole('button', { name: 'COMPRAR AAPL' })).toBeVisible();
  await expect(page.getByRole('columnheader', { name: 'Puesto' })).toBeVisible();
  await expect(page.getByText('Valor de la cartera').first()).toBeVisible();
  // Money stays in dollars, written the Latin-American way.
  await expect(page.getByText(/^\$\d{1,3}(,\d{3})*\.\d{2}$/).first()).toBeVisible();
  await expect(page.getByTestId('market-status')).toHaveText(/^(Abierto|Cerrado.*)$/);
  // The e2e server's prices are simulated, and the list says so (a replay names its real day).
  await expect(page.getByText('Precios simulados: no son datos reales del mercado.')).toBeVisible();

  await expectNoEnglish(page, 'the contest page');
  await expectNoSidewaysScroll(page, 'the contest page at 360 px');
  await expectAccessible(page, 'contest page in Spanish at 360 px');

  // The stock popup, from the contest's search list.
  await stocks.getByRole('button', { name: 'Datos: Apple Inc.' }).click();
  const dialog = page.getByRole('dialog', { name: /Apple Inc\. \(AAPL\)/ });
  await expect(dialog.getByRole('tab', { name: 'Datos' })).toHaveAttribute('aria-selected', 'true');
  await expect(dialog.getByText('Capitalización de mercado')).toBeVisible();
  await expect(dialog.getByText(/hoy$/)).toBeVisible();
  await expect(
    dialog.getByText('Precios simulados: no son datos reales del mercado.'),
  ).toBeVisible();
  await expectAccessible(page, 'stock popup in Spanish at 360 px');
  await dialog.getByRole('button', { name: 'Cerrar' }).click();
  await expect(dialog).toBeHidden();

  await screenshots(page, 'contest');
  await expectAccessible(page, 'contest page in Spanish at 1280 px');

  // The player's own portfolio, the other page of the game.
  await page.getByRole('link', { name: 'Abrir mi cartera' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Mi cartera' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Órdenes pendientes' })).toBeVisible();
  await expect(page).toHaveTitle('Mi cartera | Bullpen');
  await expectNoEnglish(page, 'the portfolio page');
  await expectAccessible(page, 'portfolio page in Spanish');
  await screenshots(page, 'portfolio');
});

test('the market list reads Spanish, passes axe and fits a phone', async ({ page }) => {
  await chooseSpanish(page);
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto('/public/development');
  const list = page.getByRole('region', { name: 'Lista de acciones' });
  const table = list.getByRole('table');
  await expect(table.getByRole('columnheader')).toHaveText([
    'Nombre',
    'Símbolo',
    'Comprar',
    'Precio',
    'Cambio del día',
    '% Cambio',
    'Info',
    'Datos',
    'Gráfica',
    'Noticias',
  ]);
  const apple = table.getByRole('row', { name: /Apple Inc\./ });
  await expect(apple.getByRole('cell').nth(2)).toHaveText(/^\$\d{1,3}(,\d{3})*\.\d{2}$/);
  await expect(apple.getByRole('button', { name: 'VENDER AAPL' })).toBeDisabled();
  await expect(list.getByLabel('Buscar acción')).toBeVisible();
  await expect(
    list.getByRole('combobox', { name: 'Categoría' }).locator('option:checked'),
  ).toHaveText('Elige una categoría');
  await expect(list.getByText(/^1–\d+ de \d+$/)).toBeVisible();
  await expect(
    page.getByRole('region', { name: 'Búsqueda de acciones' }).getByRole('status'),
  ).toHaveText(/^Mostrando 20 de \d+ acciones$/);

  await expectNoEnglish(page, 'the market list');
  await expectNoSidewaysScroll(page, 'the market list at 360 px');
  await expectAccessible(page, 'market list in Spanish at 360 px');

  await apple.getByRole('button', { name: 'COMPRAR AAPL' }).click();
  const gate = page.getByRole('dialog', {
    name: 'Únete a un concurso o crea uno para operar',
  });
  await expect(gate).toContainText('Para comprar Apple Inc. (AAPL)');
  await expectAccessible(page, 'trade gate in Spanish');
  await gate.getByRole('button', { name: 'Ahora no' }).click();
  await expect(gate).toBeHidden();

  await screenshots(page, 'market');
  await expectAccessible(page, 'market list in Spanish at 1280 px');
});
