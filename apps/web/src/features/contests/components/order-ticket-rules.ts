import { z } from 'zod';
import { MAX_ORDER_SHARES } from '@bullpen/contract/constants';
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
 * ticket: a whole number of shares, a limit price in dollars for a limit order. The rules
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
    kind: z.enum(['market', 'limit']),
    limit_price: z.string(),
  })
  .check((ctx) => {
    if (ctx.value.kind !== 'limit') return;
    const text = ctx.value.limit_price.trim();
    const cents = parseDollarsToCents(text);
    if (cents === null || cents === 0) {
      ctx.issues.push({
        code: 'custom',
        input: ctx.value.limit_price,
        path: ['limit_price'],
        message: text === '' ? tradingMessages.limitRequired : ticketMessages.limitFormat,
      });
    }
  });

export type TicketValues = z.input<typeof ticketSchema>;
