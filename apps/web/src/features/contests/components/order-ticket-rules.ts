import { z } from 'zod';
import { MAX_ORDER_SHARES, ORDER_KINDS, TIMES_IN_FORCE } from '@bullpen/contract/constants';
import { parseDollarsToCents } from '@bullpen/contract/money';
import { tradingMessages } from '@bullpen/contract/trading-messages';

/**
 * The order ticket's own rules, loaded as the ticket shows (OrderTicket.tsx): zod is not in the
 * place-order page's first load.
 */

/** The ticket's own English messages; the catalogue holds them under orderTicket.messages. */
export const ticketMessages = {
  wholeShares: 'Enter a whole number of shares, 1 or more.',
  limitFormat: 'Enter a price in dollars, such as 12.50.',
} as const;

/**
 * What the ticket's fields hold (text as typed) and the rules that need nothing but the
 * ticket: a whole number of shares, a limit price in dollars for a limit or stop-limit order, a
 * stop price for a stop or stop-limit order. The rules
 * that depend on the portfolio (buying power, shares to sell) run when the order is reviewed.
 */
export const ticketSchema = z
  .object({
    quantity: z.string().check((ctx) => {
      const text = ctx.value.trim();
      if (!/^\d+$/.test(text) || Number(text) < 1) {
        ctx.issues.push({ code: 'custom', input: ctx.value, message: ticketMessages.wholeShares });
      } else if (Number(text) > MAX_ORDER_SHARES) {
        ctx.issues.push({
          code: 'custom',
          input: ctx.value,
          message: tradingMessages.tooManyShares,
        });
      }
    }),
    kind: z.enum(ORDER_KINDS),
    limit_price: z.string(),
    stop_price: z.string(),
    time_in_force: z.enum(TIMES_IN_FORCE),
  })
  .check((ctx) => {
    const { kind } = ctx.value;
    const price = (field: 'limit_price' | 'stop_price', required: string) => {
      const text = ctx.value[field].trim();
      const cents = parseDollarsToCents(text);
      if (cents === null || cents === 0) {
        ctx.issues.push({
          code: 'custom',
          input: ctx.value[field],
          path: [field],
          message: text === '' ? required : ticketMessages.limitFormat,
        });
      }
    };
    if (kind === 'limit' || kind === 'stop_limit') {
      price('limit_price', tradingMessages.limitRequired);
    }
    if (kind === 'stop' || kind === 'stop_limit') price('stop_price', tradingMessages.stopRequired);
  });

export type TicketValues = z.input<typeof ticketSchema>;
