-- A fill written in one statement, if the portfolio is still as the server read it
-- (trading/service.ts, `fillAtOnce`). The server reads the portfolio without a lock, works the
-- fill out, and calls this: it locks the member's line, and writes the position, the value
-- point, the order and the account only when the account, every holding and the
-- Idempotency-Key are still what the fill was worked out from, and the contest's row has not
-- changed since (its row version, xmin). Otherwise it writes nothing and
-- returns null, and the server takes the locked path. The statement is its own transaction, so
-- the locks (the member's, and the contest board's that the account update takes last) are
-- held for this function's run, not for the server's round trips.
CREATE FUNCTION "bullpen_fill"(
	member integer,
	-- What the fill was worked out from: the account, the holdings as
	-- 'security:shares:reserved:cost' sorted by security and joined by ',', and the version
	-- of the contest's row.
	was_cash bigint, was_realized bigint, was_commissions bigint, was_reserved bigint,
	was_holdings text, was_contest text,
	-- The order.
	security integer, security_symbol text, order_side text, order_kind text, order_quantity integer,
	order_limit bigint, order_key text, fill_price bigint, order_commission bigint,
	order_cash_delta bigint, order_realized bigint, filled_at timestamptz,
	-- What it leaves: the holding, and the account with the portfolio's value.
	now_shares integer, now_reserved_shares integer, now_cost bigint,
	now_cash bigint, now_realized bigint, now_commissions bigint, now_reserved bigint,
	now_value bigint
) RETURNS bigint LANGUAGE plpgsql AS $$
DECLARE
	placed bigint;
BEGIN
	PERFORM 1 FROM contest_users
	WHERE id = member AND left_at IS NULL
		AND cash_cents = was_cash AND realized_pnl_cents = was_realized
		AND commissions_cents = was_commissions AND reserved_cash_cents = was_reserved
		AND EXISTS (SELECT 1 FROM contests
			WHERE contests.id = contest_users.contest_id AND contests.xmin::text = was_contest)
	FOR UPDATE OF contest_users;
	IF NOT FOUND THEN
		RETURN NULL;
	END IF;
	-- Each statement from here sees what was committed before the lock was taken.
	IF coalesce((
		SELECT string_agg(
			security_id || ':' || shares || ':' || reserved_shares || ':' || cost_basis_cents,
			',' ORDER BY security_id)
		FROM positions WHERE contest_user_id = member), '') <> was_holdings THEN
		RETURN NULL;
	END IF;
	IF order_key IS NOT NULL AND EXISTS (
		SELECT 1 FROM orders WHERE contest_user_id = member AND idempotency_key = order_key) THEN
		RETURN NULL;
	END IF;
	INSERT INTO positions AS held
		(contest_user_id, security_id, symbol, shares, reserved_shares, cost_basis_cents, updated_at)
	VALUES (member, security, security_symbol, now_shares, now_reserved_shares, now_cost, filled_at)
	ON CONFLICT (contest_user_id, security_id) DO UPDATE
	SET shares = excluded.shares, reserved_shares = excluded.reserved_shares,
		cost_basis_cents = excluded.cost_basis_cents, updated_at = excluded.updated_at;
	INSERT INTO contest_user_values (contest_user_id, value_cents, created_at)
	VALUES (member, now_value, filled_at);
	INSERT INTO orders (contest_user_id, security_id, symbol, side, kind, quantity,
		limit_price_cents, status, fill_price_cents, commission_cents, cash_delta_cents,
		realized_pnl_cents, idempotency_key, created_at, closed_at)
	VALUES (member, security, security_symbol, order_side, order_kind, order_quantity,
		order_limit, 'filled', fill_price, order_commission, order_cash_delta,
		order_realized, order_key, filled_at, filled_at)
	RETURNING id INTO placed;
	-- Last: its trigger takes the contest board's lock, held until this statement commits.
	UPDATE contest_users
	SET cash_cents = now_cash, realized_pnl_cents = now_realized,
		commissions_cents = now_commissions, reserved_cash_cents = now_reserved,
		value_cents = now_value
	WHERE id = member;
	RETURN placed;
END;
$$;
