import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import type { MarketStatus } from '@bullpen/contract/market';
import { marketStatusQueryOptions } from '@/lib/market-status.ts';
import { createTestQueryClient, renderWithApp } from '@/test/render.tsx';
import { stubApi } from '@/test/stub-api.ts';
import { MarketSourceLine } from './MarketSourceLine.tsx';

const simulated: MarketStatus = {
  provider: 'simulated',
  calendar: 'nyse',
  simulated: true,
  is_open: true,
  as_of: '2026-12-07T15:00:00.000Z',
  next_open: null,
  next_close: '2026-12-07T21:00:00.000Z',
  reference_date: null,
  reference_state: null,
};
const replay = (
  reference_date: string | null,
  reference_state: MarketStatus['reference_state'],
): MarketStatus => ({
  ...simulated,
  provider: 'replay',
  simulated: false,
  reference_date,
  reference_state,
});

afterEach(() => {
  vi.unstubAllGlobals();
});

async function renderLine(
  status: MarketStatus,
  { language = 'en', namespace = 'market', flush = false } = {} as {
    language?: 'en' | 'es';
    namespace?: 'market' | 'contests';
    flush?: boolean;
  },
) {
  stubApi(() => ({ status: 200, body: status }));
  const queryClient = createTestQueryClient();
  queryClient.setQueryData(marketStatusQueryOptions().queryKey, status);
  await renderWithApp(<MarketSourceLine namespace={namespace} flush={flush} />, {
    language,
    queryClient,
  });
}

describe('where the prices come from', () => {
  it('names the real trading day being replayed, in the reader’s language', async () => {
    await renderLine(replay('2025-06-06', 'replaying'));
    expect(
      screen.getByText('Real prices from Friday, June 6, 2025, replayed: not simulated.'),
    ).toBeInTheDocument();
  });

  it('says it in Spanish, on the order ticket too', async () => {
    await renderLine(replay('2025-06-06', 'replaying'), { language: 'es', namespace: 'contests' });
    expect(
      screen.getByText(
        'Precios reales del viernes, 6 de junio de 2025, reproducidos: no son simulados.',
      ),
    ).toBeInTheDocument();
  });

  it('says prices are frozen after the last imported bar', async () => {
    await renderLine(replay('2025-06-11', 'after_last_bar'), { namespace: 'contests' });
    expect(
      screen.getByText(
        'Real prices up to Wednesday, June 11, 2025; no newer bars imported, so prices stay at that day’s close.',
      ),
    ).toBeInTheDocument();
  });

  it('says when the first bar is still to come', async () => {
    await renderLine(replay('2025-06-09', 'before_first_bar'), { language: 'es' });
    expect(
      screen.getByText(
        'Los precios reales empiezan el lunes, 9 de junio de 2025, reproducidos: no hay precio antes del cierre de ese día.',
      ),
    ).toBeInTheDocument();
  });

  it('says none is imported yet', async () => {
    await renderLine(replay(null, 'before_first_bar'));
    expect(screen.getByText('Real prices, replayed: none imported yet.')).toBeInTheDocument();
  });

  it('keeps saying simulated prices are simulated', async () => {
    await renderLine(simulated);
    expect(screen.getByText('Simulated prices: not real market data.').tagName).toBe('P');
  });

  it('is a span inside a heading (the stock popup’s title)', async () => {
    await renderLine(replay('2025-06-06', 'replaying'), { flush: true });
    expect(screen.getByText(/^Real prices from Friday/).tagName).toBe('SPAN');
  });

  it('says it in Spanish with simulated prices', async () => {
    await renderLine(simulated, { language: 'es', namespace: 'contests' });
    expect(
      screen.getByText('Precios simulados: no son datos reales del mercado.'),
    ).toBeInTheDocument();
  });
});
