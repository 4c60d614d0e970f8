import { describe, expect, it } from 'vitest';
import {
  coachFactsSchema,
  coachInputFrom,
  coachNotes,
  type CoachInput,
  type CoachNote,
  typicalDailyMoveCents,
} from './coach.ts';

const TECH = 'Technology';
const HEALTH = 'Health Care';

/** A $1,000.00 portfolio: cash plus the holdings given; no trades yet unless told. */
function input(
  order: Partial<CoachInput['order']>,
  overrides: {
    holdings?: CoachInput['portfolio']['holdings'];
    pastTrades?: number;
    typicalDailyMoveCents?: number | null;
    sector?: string;
  } = {},
): CoachInput {
  const holdings = overrides.holdings ?? [];
  const invested = holdings.reduce((sum, holding) => sum + holding.valueCents, 0);
  return {
    order: {
      side: 'BUY',
      securityId: 1,
      quantity: 1,
      priceCents: 100,
      commissionCents: 0,
      ...order,
    },
    portfolio: {
      cashCents: 100_000 - invested,
      valueCents: 100_000,
      pastTrades: overrides.pastTrades ?? 3,
      holdings,
    },
    stock: {
      sector: overrides.sector ?? TECH,
      typicalDailyMoveCents:
        overrides.typicalDailyMoveCents === undefined ? null : overrides.typicalDailyMoveCents,
    },
  };
}

const find = <Kind extends CoachNote['kind']>(notes: CoachNote[], kind: Kind) =>
  notes.find((note) => note.kind === kind) as Extract<CoachNote, { kind: Kind }> | undefined;

describe('the weight of the stock after a buy', () => {
  it('is information up to 25% of the portfolio and a warning past it', () => {
    const atLimit = find(coachNotes(input({ priceCents: 25_000 })), 'position_weight');
    expect(atLimit).toEqual({
      kind: 'position_weight',
      level: 'info',
      values: { weight_ratio: 0.25, limit_ratio: 0.25 },
      lesson: 'diversification',
    });
    const past = find(coachNotes(input({ priceCents: 25_001 })), 'position_weight');
    expect(past?.level).toBe('warn');
    expect(past?.values.weight_ratio).toBeCloseTo(0.25001, 8);
  });

  it('counts the shares already held and the commission the buy pays', () => {
    const held = [
      { securityId: 1, sector: TECH, shares: 20, valueCents: 20_000, costBasisCents: 18_000 },
    ];
    // 20,000 held + 5,000 bought of 100,000 − 0 commission: 25%, not past it.
    expect(
      find(coachNotes(input({ priceCents: 5_000 }, { holdings: held })), 'position_weight')?.level,
    ).toBe('info');
    // The same buy with a $1 commission leaves 99,900: 25,000 of it is past 25%.
    const withCommission = find(
      coachNotes(input({ priceCents: 5_000, commissionCents: 100 }, { holdings: held })),
      'position_weight',
    );
    expect(withCommission?.level).toBe('warn');
    expect(withCommission?.values.weight_ratio).toBeCloseTo(25_000 / 99_900, 10);
  });

  it('is not given for a sale', () => {
    const held = [
      { securityId: 1, sector: TECH, shares: 90, valueCents: 90_000, costBasisCents: 50_000 },
    ];
    const notes = coachNotes(
      input({ side: 'SELL', quantity: 10, priceCents: 1_000 }, { holdings: held }),
    );
    expect(find(notes, 'position_weight')).toBeUndefined();
    expect(find(notes, 'sector_share')).toBeUndefined();
  });
});

describe('the sector’s share after a buy', () => {
  const otherTech = [
    { securityId: 2, sector: TECH, shares: 15, valueCents: 15_000, costBasisCents: 15_000 },
    { securityId: 3, sector: HEALTH, shares: 30, valueCents: 30_000, costBasisCents: 30_000 },
  ];

  it('is information up to 40% and a warning past it, counting only the same sector', () => {
    const atLimit = find(
      coachNotes(input({ priceCents: 25_000 }, { holdings: otherTech })),
      'sector_share',
    );
    expect(atLimit).toEqual({
      kind: 'sector_share',
      level: 'info',
      values: { sector: TECH, share_ratio: 0.4, limit_ratio: 0.4 },
      lesson: 'diversification',
    });
    const past = find(
      coachNotes(input({ priceCents: 25_001 }, { holdings: otherTech })),
      'sector_share',
    );
    expect(past?.level).toBe('warn');
    expect(past?.values.share_ratio).toBeCloseTo(0.40001, 8);
  });

  it('names the stock’s own sector', () => {
    const health = find(
      coachNotes(input({ priceCents: 10_001 }, { holdings: otherTech, sector: HEALTH })),
      'sector_share',
    );
    // 30,000 held in health care + 10,001 bought.
    expect(health?.values).toMatchObject({ sector: HEALTH });
    expect(health?.values.share_ratio).toBeCloseTo(0.40001, 8);
    expect(health?.level).toBe('warn');
  });
});

describe('the commission’s share of the trade', () => {
  it('is information up to 2% of the amount and a warning past it', () => {
    const atLimit = find(
      coachNotes(input({ quantity: 100, priceCents: 100, commissionCents: 200 })),
      'commission_share',
    );
    expect(atLimit).toEqual({
      kind: 'commission_share',
      level: 'info',
      values: { commission: 200, amount: 10_000, share_ratio: 0.02, limit_ratio: 0.02 },
      lesson: 'market-and-limit-orders',
    });
    const past = find(
      coachNotes(input({ quantity: 1, priceCents: 9_999, commissionCents: 200 })),
      'commission_share',
    );
    expect(past?.level).toBe('warn');
  });

  it('applies to a sale too, and is not given when the contest charges none', () => {
    const held = [{ securityId: 1, sector: TECH, shares: 5, valueCents: 500, costBasisCents: 500 }];
    const sale = coachNotes(
      input(
        { side: 'SELL', quantity: 5, priceCents: 100, commissionCents: 50 },
        { holdings: held },
      ),
    );
    expect(find(sale, 'commission_share')?.values.share_ratio).toBe(0.1);
    expect(find(sale, 'commission_share')?.level).toBe('warn');
    expect(find(coachNotes(input({ commissionCents: 0 })), 'commission_share')).toBeUndefined();
  });
});

describe('the typical day’s move', () => {
  it('says what a typical day moves the shares bought, in dollars', () => {
    const move = find(
      coachNotes(input({ quantity: 12, priceCents: 5_000 }, { typicalDailyMoveCents: 125 })),
      'typical_move',
    );
    expect(move).toEqual({
      kind: 'typical_move',
      level: 'info',
      values: { per_share: 125, for_quantity: 1_500, move_ratio: 0.025 },
      lesson: 'what-moves-stock-prices',
    });
  });

  it('is left out without the history, and for a sale', () => {
    expect(find(coachNotes(input({}, { typicalDailyMoveCents: null })), 'typical_move')).toBe(
      undefined,
    );
    const held = [{ securityId: 1, sector: TECH, shares: 5, valueCents: 500, costBasisCents: 500 }];
    expect(
      find(
        coachNotes(input({ side: 'SELL' }, { holdings: held, typicalDailyMoveCents: 10 })),
        'typical_move',
      ),
    ).toBeUndefined();
  });

  it('averages the absolute changes of the last 20 trading days, to the cent', () => {
    expect(typicalDailyMoveCents([100, 110, 105])).toBe(8); // (10 + 5) / 2 = 7.5
    expect(typicalDailyMoveCents([100])).toBeNull();
    expect(typicalDailyMoveCents([])).toBeNull();
    // A jump 21 changes back is outside the window: only the 20 one-cent changes count.
    const closes = [1_000, 5_000, ...Array.from({ length: 20 }, (_, day) => 5_001 + day)];
    expect(typicalDailyMoveCents(closes)).toBe(1);
    expect(typicalDailyMoveCents(closes, 21)).toBe(Math.round((4_000 + 20) / 21));
  });
});

describe('the first trade', () => {
  it('is pointed out while the portfolio has no filled order', () => {
    expect(find(coachNotes(input({}, { pastTrades: 0 })), 'first_trade')).toEqual({
      kind: 'first_trade',
      level: 'info',
      values: {},
      lesson: 'reading-a-contest-portfolio',
    });
    expect(find(coachNotes(input({}, { pastTrades: 1 })), 'first_trade')).toBeUndefined();
  });
});

describe('a sale at a loss', () => {
  // 10 shares that cost $100.00 together.
  const held = [
    { securityId: 1, sector: TECH, shares: 10, valueCents: 9_000, costBasisCents: 10_000 },
  ];

  it('gives context past a loss of 10% of what the shares sold cost, never a warning', () => {
    const atTen = coachNotes(
      input({ side: 'SELL', quantity: 10, priceCents: 900 }, { holdings: held }),
    );
    expect(find(atTen, 'loss_sale')).toBeUndefined();
    const past = find(
      coachNotes(input({ side: 'SELL', quantity: 10, priceCents: 899 }, { holdings: held })),
      'loss_sale',
    );
    expect(past).toEqual({
      kind: 'loss_sale',
      level: 'info',
      values: { loss: 1_010, cost: 10_000, loss_ratio: 0.101 },
      lesson: 'reading-a-contest-portfolio',
    });
  });

  it('counts only the cost of the shares sold', () => {
    // 4 of 10 shares cost $40.00; sold at $3.00 each: a loss of $28.00.
    const part = find(
      coachNotes(input({ side: 'SELL', quantity: 4, priceCents: 300 }, { holdings: held })),
      'loss_sale',
    );
    expect(part?.values).toEqual({ loss: 2_800, cost: 4_000, loss_ratio: 0.7 });
  });

  it('says nothing of a gain, or of shares the portfolio does not hold', () => {
    expect(
      find(
        coachNotes(input({ side: 'SELL', quantity: 10, priceCents: 1_200 }, { holdings: held })),
        'loss_sale',
      ),
    ).toBeUndefined();
    expect(
      find(
        coachNotes(input({ side: 'SELL', quantity: 11, priceCents: 100 }, { holdings: held })),
        'loss_sale',
      ),
    ).toBeUndefined();
  });
});

describe('the coach’s notes', () => {
  it('are none until the order has shares and a price', () => {
    expect(coachNotes(input({ quantity: 0 }, { pastTrades: 0 }))).toEqual([]);
    expect(coachNotes(input({ priceCents: 0 }, { pastTrades: 0 }))).toEqual([]);
    expect(coachNotes(input({ quantity: 2 ** 52, priceCents: 10_000 }, { pastTrades: 0 }))).toEqual(
      [],
    );
  });

  it('come in the ticket’s order', () => {
    const notes = coachNotes(
      input({ commissionCents: 100 }, { pastTrades: 0, typicalDailyMoveCents: 3 }),
    );
    expect(notes.map((note) => note.kind)).toEqual([
      'first_trade',
      'position_weight',
      'sector_share',
      'typical_move',
      'commission_share',
    ]);
  });

  it('are worked out from the server’s facts', () => {
    const facts = coachFactsSchema.parse({
      security: 1,
      sector: TECH,
      typical_daily_move: 50,
      cash: 40_000,
      value: 100_000,
      past_trades: 2,
      holdings: [{ security: 1, sector: TECH, share: 60, value: 60_000, cost_basis: 50_000 }],
    });
    const notes = coachNotes(
      coachInputFrom(facts, {
        side: 'BUY',
        securityId: 1,
        quantity: 10,
        priceCents: 1_000,
        commissionCents: 0,
      }),
    );
    expect(find(notes, 'position_weight')?.values.weight_ratio).toBe(0.7);
    expect(find(notes, 'position_weight')?.level).toBe('warn');
    expect(find(notes, 'typical_move')?.values.for_quantity).toBe(500);
  });
});
