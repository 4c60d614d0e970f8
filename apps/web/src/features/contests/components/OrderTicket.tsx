import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { useWatch } from 'react-hook-form';
import type { TFunction } from 'i18next';
import { Trans, useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import { MARKET_ORDER_RESERVE_MARGIN_BPS } from '@bullpen/contract/constants';
import { contestMessages } from '@bullpen/contract/contest-messages';
import type { Contest } from '@bullpen/contract/contests';
import type { Security } from '@bullpen/contract/market';
import { basisPointsToPercent, parseDollarsToCents } from '@bullpen/contract/money';
import { marketReservePriceCents } from '@bullpen/contract/trading-messages';
import type { Order, PlaceOrderInput } from '@bullpen/contract/trading';
import { ActionButton } from '@/components/ActionButton.tsx';
import { Form } from '@/components/form/Form.tsx';
import adornment from '@/components/form/InputAdornment.module.css';
import { RadioGroupField } from '@/components/form/RadioGroupField.tsx';
import { TextField } from '@/components/form/TextField.tsx';
import { type MessageSource, translateMessage } from '@/lib/translate-message.ts';
import { lazySchema, useZodForm } from '@/components/form/use-zod-form.ts';
import type { TicketValues } from './order-ticket-rules.ts';
import { ApiError, errorText } from '@/lib/api-client.ts';
import { type Formatters, useFormatters } from '@/lib/format.ts';
import { loadCatalogues } from '@/lib/i18n.ts';
import { useNotify } from '@/lib/notifications.tsx';
import { contestPaths } from '../api/paths.ts';
import { usePlaceOrderMutation } from '../api/orders-api.ts';
import { orderAmount } from '../format.ts';
import { SignedAmount } from './SignedAmount.tsx';
import { tradingPauseText } from '../trading-pause.ts';
import styles from './OrderTicket.module.css';

type Side = 'BUY' | 'SELL';

/**
 * The trade coach's panel, its rules and its words load once the student is in the ticket, so
 * the place-order page's first load does not carry them (docs/performance.md).
 */
const CoachPanel = lazy(() =>
  Promise.all([import('./CoachPanel.tsx'), loadCatalogues(['coach'])]).then(([module]) => ({
    default: module.CoachPanel,
  })),
);

/** Where the ticket finds the contract's and the server's messages in the catalogues. */
const messageSources: readonly MessageSource[] = [
  'contests:orderTicket.messages',
  'contests:frozen',
  'contests:serverMessages',
];

/**
 * The ticket's rules (order-ticket-rules.ts), fetched as the ticket shows, with the API's
 * rules for an order that the review step checks.
 */
const ticketForm = lazySchema(() =>
  Promise.all([import('./order-ticket-rules.ts'), import('@bullpen/contract/trading')]).then(
    ([rules]) => rules.ticketSchema,
  ),
);

function wholeShares(text: string | undefined): number {
  const trimmed = (text ?? '').trim();
  return /^\d+$/.test(trimmed) ? Number(trimmed) : 0;
}

/**
 * The hint under the order type: what the chosen kind does. A market order in a closed market
 * waits for the open, as the ticket's notice says, so its hint says the same.
 */
function kindHint(
  t: TFunction<'contests'>,
  kind: TicketValues['kind'] | undefined,
  buying: boolean,
  queued: boolean,
): string {
  switch (kind) {
    case 'limit':
      return buying ? t('orderTicket.limitHintBuy') : t('orderTicket.limitHintSell');
    case 'stop':
      return buying ? t('orderTicket.stopHintBuy') : t('orderTicket.stopHintSell');
    case 'stop_limit':
      return buying ? t('orderTicket.stopLimitHintBuy') : t('orderTicket.stopLimitHintSell');
    default:
      return queued ? t('orderTicket.marketHintClosed') : t('orderTicket.marketHint');
  }
}

/** What a person sees after an order: filled, waiting for the open, or waiting for a price. */
function useOutcomeMessage() {
  const { t } = useTranslation('contests');
  const format = useFormatters();
  return (order: Order, name: string): string => {
    const values = { count: order.quantity, shares: format.number(order.quantity), name };
    if (order.status === 'filled' && order.fill_price !== null) {
      const price = format.cents(order.fill_price);
      return order.order_type === 'BUY'
        ? t('orderTicket.outcome.bought', { ...values, price })
        : t('orderTicket.outcome.sold', { ...values, price });
    }
    if (order.status === 'pending' && order.stop_price !== null && order.triggered_at === null) {
      return t('orderTicket.outcome.stopWaiting', {
        ...values,
        price: format.cents(order.stop_price),
      });
    }
    if (order.status === 'pending' && order.limit_price !== null) {
      return t('orderTicket.outcome.limitWaiting', {
        ...values,
        price: format.cents(order.limit_price),
      });
    }
    if (order.status === 'pending') return t('orderTicket.outcome.queued', values);
    return order.rejection_reason
      ? translateMessage(order.rejection_reason, messageSources)
      : t('orderTicket.outcome.notFilled', values);
  };
}

/**
 * The review's "Type" line, named from the order's kind (a limit order is never called a
 * market order), and when a waiting order ends.
 */
export function reviewTypeText(
  t: TFunction<'contests'>,
  format: Formatters,
  review: Pick<PlaceOrderInput, 'kind' | 'limit_price' | 'stop_price'>,
  queued: boolean,
): string {
  const limit = format.cents(review.limit_price ?? 0);
  const stop = format.cents(review.stop_price ?? 0);
  switch (review.kind) {
    case 'limit':
      return t('orderTicket.limitAt', { price: limit });
    case 'stop':
      return t('orderTicket.stopAt', { stop });
    case 'stop_limit':
      return t('orderTicket.stopLimitAt', { stop, price: limit });
    default:
      return queued ? t('orderTicket.marketAtOpen') : t('orderTicket.marketNow');
  }
}

/**
 * The rules that need the portfolio: a sell within the shares not set aside, a buy within the
 * buying power (the English of these is the contract's). Returns the quantity's problem.
 */
function portfolioProblem({
  t,
  format,
  buying,
  quantity,
  owned,
  sellable,
  reservedShares,
  needed,
  buyingPower,
}: {
  t: TFunction<'contests'>;
  format: Formatters;
  buying: boolean;
  quantity: number;
  owned: number;
  sellable: number;
  reservedShares: number;
  needed: number;
  buyingPower: number;
}): string | null {
  if (!buying && quantity > sellable) {
    return reservedShares > 0
      ? t('orderTicket.messages.sharesReserved', { count: sellable, wanted: quantity })
      : t('orderTicket.messages.notEnoughShares', {
          count: owned,
          wanted: format.number(quantity),
        });
  }
  if (buying && needed > buyingPower) {
    return t('orderTicket.messages.notEnoughBuyingPower', {
      needed: format.cents(needed),
      available: format.cents(buyingPower),
    });
  }
  return null;
}

/**
 * The order ticket: live price, shares, market or limit, the estimated cost with commission
 * (or proceeds), the buying power (cash not set aside for pending orders) or the shares that
 * can be sold, then a confirmation step. An order the buying power cannot cover never reaches
 * the review. One `Idempotency-Key` per confirmed ticket, kept for retries, so a double click
 * or a retry makes one order.
 */
/** A price field in dollars: MUI's InputAdornment with its text, in static CSS (decision 020). */
const DOLLAR_FIELD = {
  input: {
    startAdornment: (
      <div className={`MuiInputAdornment-root MuiInputAdornment-positionStart ${adornment.start}`}>
        <p className={adornment.text}>$</p>
      </div>
    ),
  },
  htmlInput: { inputMode: 'decimal' },
} as const;

/** What the estimate means for each kind of order (the review names the kind above it). */
const ESTIMATE_NOTES = {
  market: 'orderTicket.estimateNote',
  limit: 'orderTicket.estimateNoteLimit',
  stop: 'orderTicket.estimateNoteStop',
  stop_limit: 'orderTicket.estimateNoteStopLimit',
} as const;

export function OrderTicket({
  side,
  contest,
  contestUserId,
  security,
  lastPrice,
  dailyChange,
  buyingPower,
  reservedCash,
  owned,
  reservedShares,
  marketOpen,
}: {
  side: Side;
  contest: Contest;
  contestUserId: number;
  security: Security;
  lastPrice: number;
  dailyChange: number;
  /** Cash minus what pending buys set aside. */
  buyingPower: number;
  reservedCash: number;
  owned: number;
  /** Shares of this security set aside by pending sells. */
  reservedShares: number;
  marketOpen: boolean | undefined;
}) {
  const { t } = useTranslation('contests');
  const format = useFormatters();
  const navigate = useNavigate();
  const notify = useNotify();
  const outcomeMessage = useOutcomeMessage();
  const mutation = usePlaceOrderMutation();
  const form = useZodForm(ticketForm, {
    defaultValues: {
      quantity: '1',
      kind: 'market',
      limit_price: '',
      stop_price: '',
      time_in_force: 'gtc',
    },
    messages: messageSources,
  });
  const [quantityText, kind, limitText, stopText] = useWatch({
    control: form.control,
    name: ['quantity', 'kind', 'limit_price', 'stop_price'],
  });
  const [serverError, setServerError] = useState<string | null>(null);
  const [review, setReview] = useState<PlaceOrderInput | null>(null);
  const idempotencyKey = useRef<string | null>(null);
  const reviewHeading = useRef<HTMLHeadingElement>(null);
  // The review takes the ticket's place: focus moves to its heading once it is on the page.
  const reviewing = review !== null;
  useEffect(() => {
    if (reviewing) reviewHeading.current?.focus();
  }, [reviewing]);

  const buying = side === 'BUY';
  const quantity = wholeShares(quantityText);
  // The coach loads when focus first enters the ticket, beside the form's rules (Form's
  // `prepare`): the page's first load stays the HTML's (e2e/hardening-web.spec.ts).
  const [engaged, setEngaged] = useState(false);
  const engagedForm = {
    ...form,
    prepare: () => {
      form.prepare?.();
      setEngaged(true);
    },
  };
  const withLimit = kind === 'limit' || kind === 'stop_limit';
  const withStop = kind === 'stop' || kind === 'stop_limit';
  const limitCents = withLimit ? parseDollarsToCents(limitText ?? '') : null;
  const stopCents = withStop ? parseDollarsToCents(stopText ?? '') : null;
  // What the order is counted at: its limit (limit, stop limit), its stop (stop), else the price.
  const price = (withLimit ? limitCents : kind === 'stop' ? stopCents : null) || lastPrice;
  const amount = orderAmount(price, quantity);
  const estimate = buying ? amount + contest.commission : Math.max(0, amount - contest.commission);
  const queued = marketOpen === false;
  const frozen = contest.status === 'frozen';
  // The class's teacher turned trading off: the ticket says so and cannot be sent.
  const classPause = frozen ? null : tradingPauseText(contest);
  const sellable = Math.max(0, owned - reservedShares);
  // A market buy that waits for the open sets aside the last price plus a margin (the server's rule).
  const reservePrice = queued && kind === 'market' ? marketReservePriceCents(lastPrice) : price;
  const needed = orderAmount(reservePrice, quantity) + contest.commission;
  const overBuyingPower = buying && quantity > 0 && needed > buyingPower;
  const quantityError = form.formState.errors.quantity;

  const edit = () => {
    setReview(null);
    setServerError(null);
    idempotencyKey.current = null;
  };

  const toReview = form.submit(async (values) => {
    setServerError(null);
    const shares = wholeShares(values.quantity);
    const problem = portfolioProblem({
      t,
      format,
      buying,
      quantity: shares,
      owned,
      sellable,
      reservedShares,
      needed,
      buyingPower,
    });
    if (problem) {
      form.setError('quantity', { type: 'portfolio', message: problem }, { shouldFocus: true });
      return;
    }
    const limit =
      values.kind === 'limit' || values.kind === 'stop_limit'
        ? parseDollarsToCents(values.limit_price)
        : null;
    const stop =
      values.kind === 'stop' || values.kind === 'stop_limit'
        ? parseDollarsToCents(values.stop_price)
        : null;
    // The API's own rules for the order, fetched with the ticket's (already loaded by now).
    const { placeOrderSchema } = await import('@bullpen/contract/trading');
    const parsed = placeOrderSchema.safeParse({
      contest_user: contestUserId,
      security: security.id,
      order_type: side,
      kind: values.kind,
      quantity: shares,
      ...(limit ? { limit_price: limit } : {}),
      ...(stop ? { stop_price: stop } : {}),
      time_in_force: values.kind === 'market' ? 'gtc' : values.time_in_force,
    });
    if (!parsed.success) {
      setServerError(translateMessage(parsed.error.issues[0]?.message ?? '', messageSources));
      return;
    }
    idempotencyKey.current = crypto.randomUUID();
    setReview(parsed.data);
  });

  const confirm = async () => {
    if (!review || !idempotencyKey.current) return;
    setServerError(null);
    try {
      const order = await mutation.mutateAsync({
        input: review,
        idempotencyKey: idempotencyKey.current,
      });
      notify(
        outcomeMessage(order, security.symbol),
        order.status === 'rejected' ? 'error' : 'success',
      );
      navigate(contestPaths.portfolio(contestUserId));
    } catch (error) {
      // A refusal is final for this ticket: the next confirmation is a new order.
      if (error instanceof ApiError && error.status >= 400 && error.status < 500) {
        idempotencyKey.current = crypto.randomUUID();
      }
      setServerError(errorText(error));
    }
  };

  const quoteBox = (
    <div className={styles.quote}>
      <p className={styles.small}>{t('orderTicket.currentPrice')}</p>
      <div className={styles.quoteRow}>
        <p data-testid="live-price" className={`${styles.body1} ${styles.price}`}>
          {format.cents(lastPrice)}
        </p>
        <span className={styles.body1}>
          <Trans
            t={t}
            i18nKey="orderTicket.today"
            components={{ amount: <SignedAmount cents={dailyChange} /> }}
          />
        </span>
      </div>
    </div>
  );

  const available = buying
    ? reservedCash > 0
      ? t('orderTicket.buyingPowerReserved', {
          cash: format.cents(buyingPower),
          reserved: format.cents(reservedCash),
        })
      : t('orderTicket.buyingPower', { cash: format.cents(buyingPower) })
    : reservedShares > 0
      ? t('orderTicket.sellableReserved', {
          shares: format.number(sellable),
          reserved: format.number(reservedShares),
        })
      : t('orderTicket.sellable', { shares: format.number(sellable) });

  const estimateLabel = buying
    ? t('orderTicket.estimatedCost')
    : t('orderTicket.estimatedProceeds');
  const shownServerError = serverError && translateMessage(serverError, messageSources);

  return (
    <div className={styles.ticket}>
      {quoteBox}
      {queued && contest.after_hours === 'queue' && (
        <Alert severity="info" sx={{ mb: 2 }}>
          {t('orderTicket.closedQueue')}
        </Alert>
      )}
      {queued && contest.after_hours === 'refuse' && (
        <Alert severity="warning" sx={{ mb: 2 }}>
          {t('orderTicket.closedRefuse')}
        </Alert>
      )}
      {frozen && serverError !== contestMessages.frozen && (
        <Alert severity="warning" sx={{ mb: 2 }}>
          {t('frozen')} {t('orderTicket.frozenResume')}
        </Alert>
      )}
      {classPause !== null && shownServerError !== classPause && (
        <Alert severity="warning" sx={{ mb: 2 }}>
          {classPause} {t('pausedDialog.classroom')}
        </Alert>
      )}
      {shownServerError && (
        <Alert severity="error" sx={{ mb: 2 }} role="alert">
          {shownServerError}
        </Alert>
      )}
      {review ? (
        <div>
          <h2 ref={reviewHeading} tabIndex={-1} className={styles.reviewTitle}>
            {t('orderTicket.checkTitle')}
          </h2>
          <dl className={styles.review}>
            <dt className={styles.secondary}>{t('orderTicket.order')}</dt>
            <dd className={`${styles.body1} ${styles.strong}`}>
              {t(buying ? 'orderTicket.orderBuy' : 'orderTicket.orderSell', {
                count: review.quantity,
                shares: format.number(review.quantity),
                symbol: security.symbol,
              })}
            </dd>
            <dt className={styles.secondary}>{t('orderTicket.type')}</dt>
            <dd className={styles.body1} data-testid="review-type">
              {reviewTypeText(t, format, review, queued)}
            </dd>
            {review.kind !== 'market' && (
              <>
                <dt className={styles.secondary}>{t('orderTicket.timeInForce')}</dt>
                <dd className={styles.body1}>
                  {review.time_in_force === 'day' ? t('orderTicket.day') : t('orderTicket.gtc')}
                </dd>
              </>
            )}
            <dt className={styles.secondary}>{t('orderTicket.commission')}</dt>
            <dd className={styles.body1}>{format.cents(contest.commission)}</dd>
            <dt className={styles.secondary}>{estimateLabel}</dt>
            <dd className={`${styles.body1} ${styles.strong}`}>{format.cents(estimate)}</dd>
          </dl>
          <p className={`${styles.small} ${styles.note}`}>
            {t(ESTIMATE_NOTES[review.kind ?? 'market'])}
          </p>
          <div className={styles.actions}>
            <ActionButton
              variant="contained"
              size="large"
              onClick={() => void confirm()}
              disabled={mutation.isPending}
            >
              {mutation.isPending
                ? t('orderTicket.sending')
                : buying
                  ? t('orderTicket.confirmBuy')
                  : t('orderTicket.confirmSell')}
            </ActionButton>
            <ActionButton size="large" onClick={edit} disabled={mutation.isPending}>
              {t('orderTicket.back')}
            </ActionButton>
          </div>
        </div>
      ) : (
        <Form form={engagedForm} onSubmit={toReview}>
          <TextField<TicketValues>
            name="quantity"
            label={t('orderTicket.shares')}
            hint={available}
            slotProps={{ htmlInput: { inputMode: 'numeric' } }}
          />
          <RadioGroupField<TicketValues>
            name="kind"
            legend={t('orderTicket.orderType')}
            options={[
              { value: 'market', label: t('orderTicket.market') },
              { value: 'limit', label: t('orderTicket.limit') },
              { value: 'stop', label: t('orderTicket.stop') },
              { value: 'stop_limit', label: t('orderTicket.stopLimit') },
            ]}
            hint={kindHint(t, kind, buying, queued)}
          />
          {withStop && (
            <TextField<TicketValues>
              name="stop_price"
              label={t('orderTicket.stopPrice')}
              slotProps={DOLLAR_FIELD}
            />
          )}
          {withLimit && (
            <TextField<TicketValues>
              name="limit_price"
              label={t('orderTicket.limitPrice')}
              slotProps={DOLLAR_FIELD}
            />
          )}
          {kind !== 'market' && (
            <RadioGroupField<TicketValues>
              name="time_in_force"
              legend={t('orderTicket.timeInForce')}
              options={[
                { value: 'gtc', label: t('orderTicket.gtc') },
                { value: 'day', label: t('orderTicket.day') },
              ]}
            />
          )}
          <div role="status" className={styles.estimate}>
            <p className={styles.body1}>
              <Trans
                t={t}
                i18nKey="orderTicket.estimateLine"
                values={{ label: estimateLabel, amount: format.cents(estimate) }}
                components={{ strong: <strong /> }}
              />
            </p>
            <p className={styles.small}>
              {t(buying ? 'orderTicket.breakdownBuy' : 'orderTicket.breakdownSell', {
                quantity: format.number(quantity),
                price: format.cents(price),
                commission: format.cents(contest.commission),
              })}
            </p>
            {queued && buying && kind === 'market' && quantity > 0 && (
              <p className={styles.small}>
                {t('orderTicket.setAside', {
                  amount: format.cents(needed),
                  percent: basisPointsToPercent(MARKET_ORDER_RESERVE_MARGIN_BPS),
                })}
              </p>
            )}
            {/* Live while typing; once reviewed, the field's own error says it (once). */}
            {overBuyingPower && !quantityError && (
              <p className={`${styles.small} ${styles.over}`}>
                {t('orderTicket.overBuyingPower', { cash: format.cents(buyingPower) })}
              </p>
            )}
          </div>
          <ActionButton
            type="submit"
            variant="contained"
            size="large"
            disabled={frozen || classPause !== null}
          >
            {buying ? t('orderTicket.reviewBuy') : t('orderTicket.reviewSell')}
          </ActionButton>
          {/* Under the review button: arriving after focus enters the ticket, it never moves the
              button from under the pointer. */}
          {contest.coach && engaged && (
            <Suspense fallback={null}>
              <CoachPanel
                contestUserId={contestUserId}
                symbol={security.symbol}
                order={{
                  side,
                  securityId: security.id,
                  quantity,
                  priceCents: Number.isFinite(price) ? price : 0,
                  commissionCents: contest.commission,
                }}
              />
            </Suspense>
          )}
        </Form>
      )}
    </div>
  );
}
