import { useId, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import InputAdornment from '@mui/material/InputAdornment';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { MARKET_ORDER_RESERVE_MARGIN_BPS, MAX_ORDER_SHARES } from '@bullpen/contract/constants';
import { contestMessages, placeOrderSchema } from '@bullpen/contract/contests';
import type { Contest, Order, PlaceOrderInput } from '@bullpen/contract/contests';
import type { Security } from '@bullpen/contract/market';
import { formatCents, formatNumber, parseDollarsToCents } from '@bullpen/contract/money';
import { ApiError, errorText } from '@/lib/api-client.ts';
import { useNotify } from '@/lib/notifications.tsx';
import { contestPaths } from '../api/paths.ts';
import { usePlaceOrderMutation } from '../api/place-order.ts';
import { orderAmount } from '../format.ts';
import { SignedAmount } from './SignedAmount.tsx';

export const QUEUED_NOTICE = 'Your order will be filled at the next open';

type Side = 'BUY' | 'SELL';
type Kind = 'market' | 'limit';
interface FieldErrors {
  quantity?: string;
  limit_price?: string;
}

/** What a person sees after an order: filled, waiting for the open, or waiting for a price. */
function outcomeMessage(order: Order, name: string): string {
  const shares = `${formatNumber(order.quantity)} ${order.quantity === 1 ? 'share' : 'shares'}`;
  if (order.status === 'filled' && order.fill_price !== null) {
    return `${order.order_type === 'BUY' ? 'Bought' : 'Sold'} ${shares} of ${name} at ${formatCents(order.fill_price)}.`;
  }
  if (order.status === 'pending' && order.kind === 'limit' && order.limit_price !== null) {
    return `Your limit order for ${shares} of ${name} is waiting: it fills when the price reaches ${formatCents(order.limit_price)}.`;
  }
  if (order.status === 'pending') return `${QUEUED_NOTICE}: ${shares} of ${name}.`;
  return order.rejection_reason ?? `Your order for ${shares} of ${name} was not filled.`;
}

/**
 * The order ticket: live price, shares, market or limit, the estimated cost with commission
 * (or proceeds), the buying power (cash not set aside for pending orders) or the shares that
 * can be sold, then a confirmation step. An order the buying power cannot cover never reaches
 * the review. One `Idempotency-Key` per confirmed ticket, kept for retries, so a double click
 * or a retry makes one order.
 */
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
  const navigate = useNavigate();
  const notify = useNotify();
  const idBase = useId();
  const mutation = usePlaceOrderMutation();
  const [quantityText, setQuantityText] = useState('1');
  const [kind, setKind] = useState<Kind>('market');
  const [limitText, setLimitText] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const [review, setReview] = useState<PlaceOrderInput | null>(null);
  const idempotencyKey = useRef<string | null>(null);
  const reviewHeading = useRef<HTMLHeadingElement>(null);

  const buying = side === 'BUY';
  const verb = buying ? 'Buy' : 'Sell';
  const quantity = /^\d+$/.test(quantityText.trim()) ? Number(quantityText.trim()) : 0;
  const limitCents = kind === 'limit' ? parseDollarsToCents(limitText) : null;
  const price = kind === 'limit' && limitCents ? limitCents : lastPrice;
  const amount = orderAmount(price, quantity);
  const estimate = buying ? amount + contest.commission : Math.max(0, amount - contest.commission);
  const queued = marketOpen === false;
  const frozen = contest.status === 'frozen';
  const sellable = Math.max(0, owned - reservedShares);
  // A market buy that waits for the open sets aside the last price plus a margin (the server's rule).
  const reservePrice =
    queued && kind === 'market'
      ? Math.ceil((lastPrice * (10_000 + MARKET_ORDER_RESERVE_MARGIN_BPS)) / 10_000)
      : price;
  const needed = orderAmount(reservePrice, quantity) + contest.commission;
  const overBuyingPower = buying && quantity > 0 && needed > buyingPower;

  const edit = () => {
    setReview(null);
    setServerError(null);
    idempotencyKey.current = null;
  };

  const toReview = () => {
    setServerError(null);
    const limit = kind === 'limit' ? parseDollarsToCents(limitText) : undefined;
    const problems: FieldErrors = {};
    if (kind === 'limit' && (limit === null || limit === 0)) {
      problems.limit_price =
        limitText.trim() === ''
          ? 'Enter a limit price for a limit order.'
          : 'Enter a price in dollars, such as 12.50.';
    }
    const input = {
      contest_user: contestUserId,
      security: security.id,
      order_type: side,
      kind,
      quantity: /^\s*\d+\s*$/.test(quantityText) ? Number(quantityText) : Number.NaN,
      ...(kind === 'limit' && limit ? { limit_price: limit } : {}),
    };
    const parsed = placeOrderSchema.safeParse(input);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const field = issue.path[0];
        if (field === 'quantity') {
          problems.quantity ??=
            Number.isInteger(input.quantity) && input.quantity > MAX_ORDER_SHARES
              ? contestMessages.tooManyShares
              : 'Enter a whole number of shares, 1 or more.';
        }
        if (field === 'limit_price') problems.limit_price ??= issue.message;
      }
    }
    if (!buying && quantity > sellable && !problems.quantity) {
      problems.quantity =
        reservedShares > 0
          ? contestMessages.sharesReserved(quantity, sellable)
          : `You own ${formatNumber(owned)} ${owned === 1 ? 'share' : 'shares'}; you cannot sell ${formatNumber(quantity)}.`;
    }
    if (overBuyingPower && !problems.quantity && !problems.limit_price) {
      problems.quantity = contestMessages.notEnoughBuyingPower(needed, buyingPower);
    }
    setErrors(problems);
    if (Object.keys(problems).length > 0 || !parsed.success) return;
    idempotencyKey.current = crypto.randomUUID();
    setReview(parsed.data);
    requestAnimationFrame(() => reviewHeading.current?.focus());
  };

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
    <Box sx={{ mb: 2 }}>
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        Current price (live)
      </Typography>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'baseline', gap: 1.5 }}>
        <Typography
          data-testid="live-price"
          sx={{ fontSize: '2rem', fontWeight: 800, fontVariantNumeric: 'tabular-nums' }}
        >
          {formatCents(lastPrice)}
        </Typography>
        <Typography component="span">
          <SignedAmount cents={dailyChange} /> today
        </Typography>
      </Box>
    </Box>
  );

  const available = buying ? (
    <>
      Buying power: {formatCents(buyingPower)}
      {reservedCash > 0 && ` (${formatCents(reservedCash)} set aside for pending orders)`}
    </>
  ) : (
    <>
      Shares you can sell: {formatNumber(sellable)}
      {reservedShares > 0 && ` (${formatNumber(reservedShares)} wait in pending sell orders)`}
    </>
  );

  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, borderRadius: 3, maxWidth: 620 }}>
      {quoteBox}
      {queued && contest.after_hours === 'queue' && (
        <Alert severity="info" sx={{ mb: 2 }}>
          The market is closed. {QUEUED_NOTICE}, and you can cancel it until then.
        </Alert>
      )}
      {queued && contest.after_hours === 'refuse' && (
        <Alert severity="warning" sx={{ mb: 2 }}>
          The market is closed and this contest does not queue orders. Try again when it opens.
        </Alert>
      )}
      {frozen && serverError !== contestMessages.frozen && (
        <Alert severity="warning" sx={{ mb: 2 }}>
          {contestMessages.frozen} You can place orders again when the owner resumes trading.
        </Alert>
      )}
      {serverError && (
        <Alert severity="error" sx={{ mb: 2 }} role="alert">
          {serverError}
        </Alert>
      )}
      {review ? (
        <Box>
          <Typography
            ref={reviewHeading}
            tabIndex={-1}
            variant="h2"
            sx={{ fontSize: '1.35rem', mb: 1.5, outline: 'none' }}
          >
            Check your order
          </Typography>
          <Box
            component="dl"
            sx={{
              display: 'grid',
              gridTemplateColumns: 'auto 1fr',
              columnGap: 2,
              rowGap: 0.75,
              m: 0,
              mb: 2,
            }}
          >
            <Typography component="dt" sx={{ color: 'text.secondary' }}>
              Order
            </Typography>
            <Typography component="dd" sx={{ m: 0, fontWeight: 700 }}>
              {verb} {formatNumber(review.quantity)} {review.quantity === 1 ? 'share' : 'shares'} of{' '}
              {security.symbol}
            </Typography>
            <Typography component="dt" sx={{ color: 'text.secondary' }}>
              Type
            </Typography>
            <Typography component="dd" sx={{ m: 0 }}>
              {review.kind === 'limit' && review.limit_price
                ? `Limit at ${formatCents(review.limit_price)}`
                : 'Market: at the current price'}
            </Typography>
            <Typography component="dt" sx={{ color: 'text.secondary' }}>
              Commission
            </Typography>
            <Typography component="dd" sx={{ m: 0 }}>
              {formatCents(contest.commission)}
            </Typography>
            <Typography component="dt" sx={{ color: 'text.secondary' }}>
              {buying ? 'Estimated cost' : 'Estimated proceeds'}
            </Typography>
            <Typography component="dd" sx={{ m: 0, fontWeight: 700 }}>
              {formatCents(estimate)}
            </Typography>
          </Box>
          <Typography variant="body2" sx={{ color: 'text.secondary', mb: 2 }}>
            A market order fills at the price when it reaches the exchange, so the final amount can
            differ a little from this estimate.
          </Typography>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
            <Button
              variant="contained"
              size="large"
              onClick={() => void confirm()}
              disabled={mutation.isPending}
            >
              {mutation.isPending ? 'Sending…' : `Confirm ${verb.toLowerCase()}`}
            </Button>
            <Button size="large" onClick={edit} disabled={mutation.isPending}>
              Back
            </Button>
          </Box>
        </Box>
      ) : (
        <Box
          component="form"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            toReview();
          }}
        >
          <TextField
            id={`${idBase}-quantity`}
            label="Shares"
            value={quantityText}
            onChange={(event) => {
              setQuantityText(event.target.value);
              setErrors((previous) => ({ ...previous, quantity: undefined }));
            }}
            error={Boolean(errors.quantity)}
            helperText={errors.quantity ?? available}
            slotProps={{ htmlInput: { inputMode: 'numeric', 'aria-required': true } }}
          />
          <FormControl component="fieldset" margin="normal">
            <FormLabel component="legend">Order type</FormLabel>
            <RadioGroup row value={kind} onChange={(event) => setKind(event.target.value as Kind)}>
              <FormControlLabel value="market" control={<Radio />} label="Market" />
              <FormControlLabel value="limit" control={<Radio />} label="Limit" />
            </RadioGroup>
            <FormHelperText>
              {kind === 'market'
                ? 'Fills now at the current price.'
                : buying
                  ? 'Fills only at your price or lower; waits until then.'
                  : 'Fills only at your price or higher; waits until then.'}
            </FormHelperText>
          </FormControl>
          {kind === 'limit' && (
            <TextField
              id={`${idBase}-limit`}
              label="Limit price"
              value={limitText}
              onChange={(event) => {
                setLimitText(event.target.value);
                setErrors((previous) => ({ ...previous, limit_price: undefined }));
              }}
              error={Boolean(errors.limit_price)}
              helperText={errors.limit_price}
              slotProps={{
                input: { startAdornment: <InputAdornment position="start">$</InputAdornment> },
                htmlInput: { inputMode: 'decimal', 'aria-required': true },
              }}
            />
          )}
          <Box
            role="status"
            sx={{ my: 2, p: 2, bgcolor: '#f3f6fb', borderRadius: 2, display: 'grid', gap: 0.5 }}
          >
            <Typography>
              {buying ? 'Estimated cost' : 'Estimated proceeds'}:{' '}
              <strong>{formatCents(estimate)}</strong>
            </Typography>
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              {formatNumber(quantity)} × {formatCents(price)} {buying ? '+' : '−'}{' '}
              {formatCents(contest.commission)} commission
            </Typography>
            {queued && buying && kind === 'market' && quantity > 0 && (
              <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                Until it fills, {formatCents(needed)} is set aside: the price now plus{' '}
                {MARKET_ORDER_RESERVE_MARGIN_BPS / 100}% in case the market opens higher.
              </Typography>
            )}
            {/* Live while typing; once reviewed, the field's own error says it (once). */}
            {overBuyingPower && !errors.quantity && (
              <Typography variant="body2" sx={{ color: 'error.main', fontWeight: 600 }}>
                Not enough buying power: that is more than your {formatCents(buyingPower)}.
              </Typography>
            )}
          </Box>
          <Button type="submit" variant="contained" size="large" disabled={frozen}>
            Review {verb.toLowerCase()} order
          </Button>
        </Box>
      )}
    </Paper>
  );
}
