import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Security } from '@bullpen/contract/market';
import type { Language } from '@/lib/i18n.ts';
import { contestOf } from '@/test/contest.ts';
import { renderWithApp } from '@/test/render.tsx';
import { OrderTicket } from './OrderTicket.tsx';

const contest = contestOf({
  name: 'Spring cup',
  visibility: 'public',
  owner: { id: 1, username: 'owner' },
  starts_at: '2026-01-01T00:00:00Z',
  ends_at: '2027-01-01T00:00:00Z',
  starting_cash: 10_000_00,
  commission: 5_00,
  my_contest_user: 11,
});

const security = { id: 3, symbol: 'AAPL', name: 'Apple Inc.' } as Security;

function renderTicket({
  side = 'BUY',
  buyingPower = 1_000_00,
  owned = 0,
  reservedShares = 0,
  language = 'en',
  pausedReason = null,
  marketOpen = true,
}: {
  side?: 'BUY' | 'SELL';
  buyingPower?: number;
  owned?: number;
  reservedShares?: number;
  language?: Language;
  /** The contest's trading_paused_reason (a class whose teacher turned trading off). */
  pausedReason?: string | null;
  marketOpen?: boolean;
} = {}) {
  return renderWithApp(
    <OrderTicket
      side={side}
      contest={{ ...contest, trading_paused_reason: pausedReason }}
      contestUserId={11}
      security={security}
      lastPrice={100_00}
      dailyChange={1_25}
      buyingPower={buyingPower}
      reservedCash={0}
      owned={owned}
      reservedShares={reservedShares}
      marketOpen={marketOpen}
    />,
    { language },
  );
}

async function setShares(text: string) {
  const shares = screen.getByLabelText(/^(Shares|Acciones)$/);
  await userEvent.clear(shares);
  if (text) await userEvent.type(shares, text);
}

const review = (name = 'Review buy order') => userEvent.click(screen.getByRole('button', { name }));

describe('the order ticket’s validation (form kit)', { timeout: 20_000 }, () => {
  it('asks for a whole number of shares, 1 or more', async () => {
    await renderTicket();
    for (const text of ['', '0', '1.5', 'ten']) {
      await setShares(text);
      await review();
      expect(
        await screen.findByText('Enter a whole number of shares, 1 or more.'),
        text,
      ).toBeInTheDocument();
    }
    expect(screen.getByLabelText('Shares')).toHaveAttribute('aria-invalid', 'true');
  });

  it('refuses more shares than an order may hold', async () => {
    await renderTicket();
    await setShares('2000000');
    await review();
    expect(await screen.findByText(/^Enter at most [\d,]+ shares\.$/)).toBeInTheDocument();
  });

  it('asks for a limit price in dollars for a limit order', async () => {
    await renderTicket();
    await userEvent.click(screen.getByRole('radio', { name: 'Limit' }));
    await review();
    expect(await screen.findByText('Enter a limit price for a limit order.')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Limit price'), 'abc');
    expect(await screen.findByText('Enter a price in dollars, such as 12.50.')).toBeInTheDocument();
  });

  it('keeps a buy within the buying power, and says so while typing', async () => {
    await renderTicket({ buyingPower: 150_00 });
    await setShares('2');
    expect(
      screen.getByText('Not enough buying power: that is more than your $150.00.'),
    ).toBeInTheDocument();
    await review();
    expect(
      await screen.findByText(
        'Not enough buying power: this order needs $205.00 and you have $150.00 not set aside for pending orders.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Check your order' })).not.toBeInTheDocument();
    await setShares('1');
    expect(screen.queryByText(/^Not enough buying power/)).not.toBeInTheDocument();
  });

  it('keeps a sell within the shares owned and not set aside', async () => {
    await renderTicket({ side: 'SELL', owned: 3 });
    await setShares('5');
    await review('Review sell order');
    expect(await screen.findByText('You own 3 shares; you cannot sell 5.')).toBeInTheDocument();
  });

  it('counts shares waiting in pending sells as not sellable', async () => {
    await renderTicket({ side: 'SELL', owned: 3, reservedShares: 2 });
    await setShares('2');
    await review('Review sell order');
    expect(
      await screen.findByText(
        'You can sell 1 share (the rest wait in pending sell orders); you cannot sell 2.',
      ),
    ).toBeInTheDocument();
  });

  it('moves a valid order to the review step', async () => {
    await renderTicket();
    await setShares('2');
    await review();
    expect(await screen.findByRole('heading', { name: 'Check your order' })).toBeInTheDocument();
    expect(screen.getByText('Buy 2 shares of AAPL')).toBeInTheDocument();
    expect(screen.getByText('$205.00')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Confirm buy' })).toBeEnabled();
    expect(screen.getByText(/^A market order fills at the price/)).toBeInTheDocument();
  });

  it('names a limit order a limit order on the review, with its price', async () => {
    await renderTicket();
    await userEvent.click(screen.getByRole('radio', { name: 'Limit' }));
    await userEvent.type(screen.getByLabelText('Limit price'), '95');
    await review();
    await screen.findByRole('heading', { name: 'Check your order' });
    expect(screen.getByTestId('review-type')).toHaveTextContent('Limit at $95.00');
    expect(screen.queryByText(/^Market/)).not.toBeInTheDocument();
    expect(screen.getByText('Until cancelled')).toBeInTheDocument();
    // The estimate's note speaks of a limit order too.
    expect(screen.getByText(/^A limit order fills only at your limit price/)).toBeInTheDocument();
    expect(screen.queryByText(/^A market order fills/)).not.toBeInTheDocument();
  });

  it('takes a stop order with its stop price and a day term, and reviews it as a stop', async () => {
    await renderTicket();
    await userEvent.click(screen.getByRole('radio', { name: 'Stop' }));
    expect(
      screen.getByText('Waits until the price rises to your stop, then buys at that price.'),
    ).toBeInTheDocument();
    await review();
    expect(await screen.findByText('Enter a stop price for a stop order.')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Stop price'), '110');
    await userEvent.click(screen.getByRole('radio', { name: 'Today only (ends at the close)' }));
    await setShares('2');
    // Counted at the stop: 2 × $110 + $5 commission.
    expect(screen.getByText('$225.00')).toBeInTheDocument();
    await review();
    await screen.findByRole('heading', { name: 'Check your order' });
    expect(screen.getByTestId('review-type')).toHaveTextContent(
      'Stop at $110.00: then at the market price',
    );
    expect(screen.getByText('Today only (ends at the close)')).toBeInTheDocument();
    expect(
      screen.getByText(/^A stop order waits until the price reaches your stop/),
    ).toBeInTheDocument();
  });

  it('reviews a stop-limit order with both prices', async () => {
    await renderTicket();
    await userEvent.click(screen.getByRole('radio', { name: 'Stop limit' }));
    await userEvent.type(screen.getByLabelText('Stop price'), '110');
    await userEvent.type(screen.getByLabelText('Limit price'), '112');
    await review();
    await screen.findByRole('heading', { name: 'Check your order' });
    expect(screen.getByTestId('review-type')).toHaveTextContent(
      'Stop at $110.00, then limit at $112.00',
    );
    expect(screen.getByText(/^A stop-limit order waits/)).toBeInTheDocument();
  });

  it('says one thing when the market is closed: the order waits for the next open', async () => {
    await renderTicket({ marketOpen: false });
    expect(screen.getAllByText(/next open/)).toHaveLength(2);
    expect(screen.queryByText(/Fills now/)).not.toBeInTheDocument();
    await review();
    await screen.findByRole('heading', { name: 'Check your order' });
    expect(screen.getByTestId('review-type')).toHaveTextContent('Market: at the next open');
  });

  it('speaks Spanish', async () => {
    await renderTicket({ language: 'es' });
    await setShares('');
    await userEvent.click(screen.getByRole('button', { name: 'Revisar la orden de compra' }));
    expect(
      await screen.findByText('Escribe un número entero de acciones, 1 o más.'),
    ).toBeInTheDocument();
  });
});

describe('a class whose teacher turned trading off', { timeout: 20_000 }, () => {
  const reason = 'Trading is turned off for this class by your teacher.';

  it('says why and cannot be sent', async () => {
    await renderTicket({ pausedReason: reason });
    expect(screen.getByText(new RegExp(`^${reason}`))).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Review buy order' })).toBeDisabled();
  });

  it('says it in Spanish too', async () => {
    await renderTicket({ pausedReason: reason, language: 'es' });
    expect(
      screen.getByText(/^Tu docente desactivó las compras y ventas en esta clase\./),
    ).toBeInTheDocument();
  });

  it('is sent as usual while trading is on', async () => {
    await renderTicket();
    expect(screen.queryByText(new RegExp(reason))).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Review buy order' })).toBeEnabled();
  });
});
