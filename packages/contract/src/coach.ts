import { z } from 'zod';
import { idField } from './input.ts';
import { amountCents, isWithinBasisPoints, prorateCents } from './money.ts';

/**
 * The trade coach (issue #49, docs/decisions/047-trade-coach.md): before a student reviews an
 * order, the ticket says in plain words what the order does to their portfolio, each note with
 * the lesson that teaches it. The rules are here, pure, so the ticket and its tests share them;
 * the server only supplies the facts the ticket lacks (`coachFactsSchema`). Money is integer
 * cents; ratios are fractions (0.25 = 25%).
 */

/** Where a note turns from information to a warning: strictly past these, in basis points. */
export const COACH_LIMITS = {
  /** One stock's weight in the portfolio after a buy. */
  positionWeightBps: 2_500,
  /** One sector's share of the portfolio after a buy. */
  sectorShareBps: 4_000,
  /** The commission as a share of the trade's amount. */
  commissionShareBps: 200,
  /** A sale's loss as a share of what the shares sold cost: context is given past this. */
  lossShareBps: 1_000,
} as const;

/** How many daily changes the typical move averages: about a month of trading days. */
export const TYPICAL_MOVE_DAYS = 20;

/**
 * The lesson each note links to, by its slug (its page is `/public/lessons/<slug>`); every
 * slug is a lesson of content/courses (coach.test.ts checks the files).
 */
export const coachLessons = {
  position_weight: 'diversification',
  sector_share: 'diversification',
  commission_share: 'market-and-limit-orders',
  typical_move: 'what-moves-stock-prices',
  first_trade: 'reading-a-contest-portfolio',
  loss_sale: 'reading-a-contest-portfolio',
} as const;

export type CoachNoteKind = keyof typeof coachLessons;
export type CoachLevel = 'info' | 'warn';

type NoteOf<Kind extends CoachNoteKind, Values> = {
  kind: Kind;
  level: CoachLevel;
  values: Values;
  lesson: (typeof coachLessons)[Kind];
};

export type CoachNote =
  | NoteOf<'position_weight', { weight_ratio: number; limit_ratio: number }>
  | NoteOf<'sector_share', { sector: string; share_ratio: number; limit_ratio: number }>
  | NoteOf<
      'commission_share',
      { commission: number; amount: number; share_ratio: number; limit_ratio: number }
    >
  | NoteOf<'typical_move', { per_share: number; for_quantity: number; move_ratio: number }>
  | NoteOf<'first_trade', Record<string, never>>
  | NoteOf<'loss_sale', { loss: number; cost: number; loss_ratio: number }>;

export type CoachInput = {
  order: {
    side: 'BUY' | 'SELL';
    securityId: number;
    quantity: number;
    /** The price the order is counted at (the ticket's estimate), in cents. */
    priceCents: number;
    commissionCents: number;
  };
  portfolio: {
    cashCents: number;
    /** Cash plus every holding at its price. */
    valueCents: number;
    /** Filled orders of this portfolio so far. */
    pastTrades: number;
    holdings: readonly {
      securityId: number;
      sector: string;
      shares: number;
      valueCents: number;
      costBasisCents: number;
    }[];
  };
  stock: {
    sector: string;
    /** Mean absolute change between daily closes, in cents per share; null without the data. */
    typicalDailyMoveCents: number | null;
  };
};

const ratio = (part: number, whole: number) => (whole > 0 ? part / whole : 0);
const limitRatio = (basisPoints: number) => basisPoints / 10_000;

/** `part` is strictly more than `basisPoints` of `whole`, compared exactly. */
function isPast(part: number, whole: number, basisPoints: number): boolean {
  return !isWithinBasisPoints(part, whole, basisPoints);
}

function note<Kind extends CoachNoteKind>(
  kind: Kind,
  level: CoachLevel,
  values: Extract<CoachNote, { kind: Kind }>['values'],
): CoachNote {
  return { kind, level, values, lesson: coachLessons[kind] } as CoachNote;
}

/** What a buy does: the stock's and its sector's weight after it, and how much it moves. */
function buyNotes(input: CoachInput, amount: number): CoachNote[] {
  const { order, portfolio, stock } = input;
  // Cash pays the amount and the commission; the holding gains the amount.
  const valueAfter = portfolio.valueCents - order.commissionCents;
  if (valueAfter <= 0) return [];
  const held = portfolio.holdings
    .filter((holding) => holding.securityId === order.securityId)
    .reduce((sum, holding) => sum + holding.valueCents, 0);
  const positionAfter = held + amount;
  const sectorAfter =
    portfolio.holdings
      .filter((holding) => holding.sector === stock.sector)
      .reduce((sum, holding) => sum + holding.valueCents, 0) + amount;
  const notes: CoachNote[] = [
    note(
      'position_weight',
      isPast(positionAfter, valueAfter, COACH_LIMITS.positionWeightBps) ? 'warn' : 'info',
      {
        weight_ratio: ratio(positionAfter, valueAfter),
        limit_ratio: limitRatio(COACH_LIMITS.positionWeightBps),
      },
    ),
    note(
      'sector_share',
      isPast(sectorAfter, valueAfter, COACH_LIMITS.sectorShareBps) ? 'warn' : 'info',
      {
        sector: stock.sector,
        share_ratio: ratio(sectorAfter, valueAfter),
        limit_ratio: limitRatio(COACH_LIMITS.sectorShareBps),
      },
    ),
  ];
  const move = stock.typicalDailyMoveCents;
  if (move !== null && move > 0 && Number.isSafeInteger(move * order.quantity)) {
    notes.push(
      note('typical_move', 'info', {
        per_share: move,
        for_quantity: amountCents(move, order.quantity),
        move_ratio: ratio(move, order.priceCents),
      }),
    );
  }
  return notes;
}

/** A sale at a loss of more than `lossShareBps` of what the shares sold cost: its context. */
function lossNote(input: CoachInput, amount: number): CoachNote | null {
  const holding = input.portfolio.holdings.find((row) => row.securityId === input.order.securityId);
  if (!holding || holding.shares <= 0 || input.order.quantity > holding.shares) return null;
  const cost = prorateCents(holding.costBasisCents, input.order.quantity, holding.shares);
  const loss = cost - amount;
  if (loss <= 0 || !isPast(loss, cost, COACH_LIMITS.lossShareBps)) return null;
  return note('loss_sale', 'info', { loss, cost, loss_ratio: ratio(loss, cost) });
}

/**
 * The coach's notes on an order, in the order the ticket lists them: the first trade, what a
 * buy does to the portfolio's weights, how much the stock moves, the commission's share, and a
 * sale's loss. None for an order without shares or a price yet, or too large to count.
 */
export function coachNotes(input: CoachInput): CoachNote[] {
  const { order, portfolio } = input;
  if (order.quantity <= 0 || order.priceCents <= 0) return [];
  // An order too large to count (a ticket's typing) has nothing to say yet: the ticket refuses it.
  if (!Number.isSafeInteger(order.priceCents * order.quantity)) return [];
  const amount = amountCents(order.priceCents, order.quantity);
  const notes: CoachNote[] = [];
  if (portfolio.pastTrades === 0) notes.push(note('first_trade', 'info', {}));
  if (order.side === 'BUY') notes.push(...buyNotes(input, amount));
  if (order.commissionCents > 0) {
    notes.push(
      note(
        'commission_share',
        isPast(order.commissionCents, amount, COACH_LIMITS.commissionShareBps) ? 'warn' : 'info',
        {
          commission: order.commissionCents,
          amount,
          share_ratio: ratio(order.commissionCents, amount),
          limit_ratio: limitRatio(COACH_LIMITS.commissionShareBps),
        },
      ),
    );
  }
  if (order.side === 'SELL') {
    const loss = lossNote(input, amount);
    if (loss) notes.push(loss);
  }
  return notes;
}

/**
 * A stock's typical day: the mean absolute change between consecutive daily closes over the
 * last `days` changes, rounded to the cent; null with fewer than two closes.
 */
export function typicalDailyMoveCents(
  closesCents: readonly number[],
  days: number = TYPICAL_MOVE_DAYS,
): number | null {
  const recent = closesCents.slice(-(days + 1));
  if (recent.length < 2) return null;
  let total = 0;
  for (let index = 1; index < recent.length; index += 1) {
    total += Math.abs(recent[index]! - recent[index - 1]!);
  }
  return Math.round(total / (recent.length - 1));
}

/** `GET /api/trade-coach/?contest_user=&security=`: what the ticket's coach needs. */
export const coachFactsQuery = z.object({ contest_user: idField, security: idField });

/** The facts of the portfolio and the stock the ticket does not have (the owner only). */
export const coachFactsSchema = z.object({
  security: z.number().int(),
  sector: z.string(),
  /** Cents per share; null when the stock has too little history. */
  typical_daily_move: z.number().int().nullable(),
  cash: z.number().int(),
  value: z.number().int(),
  /** Filled orders of this portfolio so far. */
  past_trades: z.number().int(),
  holdings: z.array(
    z.object({
      security: z.number().int(),
      sector: z.string(),
      share: z.number().int(),
      value: z.number().int(),
      cost_basis: z.number().int(),
    }),
  ),
});
export type CoachFacts = z.infer<typeof coachFactsSchema>;

/** The coach's input from the server's facts and the order being typed. */
export function coachInputFrom(facts: CoachFacts, order: CoachInput['order']): CoachInput {
  return {
    order,
    portfolio: {
      cashCents: facts.cash,
      valueCents: facts.value,
      pastTrades: facts.past_trades,
      holdings: facts.holdings.map((holding) => ({
        securityId: holding.security,
        sector: holding.sector,
        shares: holding.share,
        valueCents: holding.value,
        costBasisCents: holding.cost_basis,
      })),
    },
    stock: { sector: facts.sector, typicalDailyMoveCents: facts.typical_daily_move },
  };
}

/** `PATCH /api/contests/{id}/coach`: the owner (or the class's teacher) turns the coach on or off. */
export const coachSwitchSchema = z.strictObject({
  coach: z.boolean({ error: 'Say whether the coach is on: true or false.' }),
});
