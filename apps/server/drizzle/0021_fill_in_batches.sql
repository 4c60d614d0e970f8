-- Fills of one contest written together: one statement and one commit for up to 16 of them
-- (trading/fill-batches.ts, docs/decisions/021-fills-committed-together.md). A fill's account
-- line moves its member on the contest's board, whose lock is held until the commit
-- (decision 014), so fills of one contest committed one by one could never go faster than one
-- WAL flush each. `bullpen_fill` (migration 0020) keeps its arguments and what it does, for a
-- fill alone; its checks and writes but the account line move to `bullpen_fill_entries`, which
-- `bullpen_fill_many` calls for each of several fills before it writes their account lines in
-- one update, whose trigger moves the members (16 lines or fewer: a move each, not a new
-- ranking of the contest).
--
-- `bullpen_fill_entries`: one fill's checks and writes but its account line, with
-- `bullpen_fill`'s arguments. It locks the member's line and writes the position, the value
-- point and the order only when the account, every holding and the Idempotency-Key are still
-- what the fill was worked out from, the member has not left and the contest's row has not
-- changed since. The order's id, or null when it wrote nothing.
CREATE FUNCTION "bullpen_fill_entries"(
	member integer,
	was_cash bigint, was_realized bigint, was_commissions bigint, was_reserved bigint,
	was_holdings text, was_contest text,
	security integer, security_symbol text, order_side text, order_kind text, order_quantity integer,
	order_limit bigint, order_key text, fill_price bigint, order_commission bigint,
	order_cash_delta bigint, order_realized bigint, filled_at timestamptz,
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
	RETURN placed;
END;
$$;
--> statement-breakpoint
-- A fill alone, as migration 0020 wrote it: its checks and writes, then its account line.
CREATE OR REPLACE FUNCTION "bullpen_fill"(
	member integer,
	was_cash bigint, was_realized bigint, was_commissions bigint, was_reserved bigint,
	was_holdings text, was_contest text,
	security integer, security_symbol text, order_side text, order_kind text, order_quantity integer,
	order_limit bigint, order_key text, fill_price bigint, order_commission bigint,
	order_cash_delta bigint, order_realized bigint, filled_at timestamptz,
	now_shares integer, now_reserved_shares integer, now_cost bigint,
	now_cash bigint, now_realized bigint, now_commissions bigint, now_reserved bigint,
	now_value bigint
) RETURNS bigint LANGUAGE plpgsql AS $$
DECLARE
	placed bigint;
BEGIN
	placed := bullpen_fill_entries(member, was_cash, was_realized, was_commissions, was_reserved,
		was_holdings, was_contest, security, security_symbol, order_side, order_kind,
		order_quantity, order_limit, order_key, fill_price, order_commission, order_cash_delta,
		order_realized, filled_at, now_shares, now_reserved_shares, now_cost, now_cash,
		now_realized, now_commissions, now_reserved, now_value);
	IF placed IS NOT NULL THEN
		-- Last: its trigger takes the contest board's lock, held until this statement commits.
		UPDATE contest_users
		SET cash_cents = now_cash, realized_pnl_cents = now_realized,
			commissions_cents = now_commissions, reserved_cash_cents = now_reserved,
			value_cents = now_value
		WHERE id = member;
	END IF;
	RETURN placed;
END;
$$;
--> statement-breakpoint
-- Up to 16 fills, each of a different member of one contest, in one statement, so one
-- transaction: a JSON array of `bullpen_fill`'s arguments for each fill, in its order. Each
-- fill's order id, or null for a fill it did not write: a portfolio no longer as read, or one
-- whose line another transaction holds (the members' locks are taken first and never waited
-- for, so this never waits for a portfolio while it holds the board's lock). The account
-- lines are written last, in one update, whose trigger takes the board's lock.
CREATE FUNCTION "bullpen_fill_many"(fills jsonb) RETURNS bigint[] LANGUAGE plpgsql AS $$
DECLARE
	total integer := jsonb_array_length(fills);
	members integer[] := '{}';
	free integer[];
	placed bigint[] := '{}';
	-- The members written, and their account lines.
	written integer[] := '{}';
	cash bigint[] := '{}';
	realized bigint[] := '{}';
	commissions bigint[] := '{}';
	reserved bigint[] := '{}';
	valued bigint[] := '{}';
	fill jsonb;
	member integer;
	one bigint;
BEGIN
	IF total > 16 THEN
		RAISE EXCEPTION 'bullpen_fill_many takes at most 16 fills, not %', total;
	END IF;
	FOR i IN 0 .. total - 1 LOOP
		members := members || (fills->i->>0)::integer;
	END LOOP;
	SELECT coalesce(array_agg(id), '{}') INTO free FROM (
		SELECT id FROM contest_users WHERE id = ANY(members) ORDER BY id
		FOR UPDATE SKIP LOCKED) AS unheld;
	FOR i IN 0 .. total - 1 LOOP
		fill := fills->i;
		member := members[i + 1];
		one := NULL;
		IF member = ANY(free) AND NOT member = ANY(written) THEN
			one := bullpen_fill_entries(member, (fill->>1)::bigint, (fill->>2)::bigint,
				(fill->>3)::bigint, (fill->>4)::bigint, fill->>5, fill->>6, (fill->>7)::integer,
				fill->>8, fill->>9, fill->>10, (fill->>11)::integer, (fill->>12)::bigint,
				fill->>13, (fill->>14)::bigint, (fill->>15)::bigint, (fill->>16)::bigint,
				(fill->>17)::bigint, (fill->>18)::timestamptz, (fill->>19)::integer,
				(fill->>20)::integer, (fill->>21)::bigint, (fill->>22)::bigint,
				(fill->>23)::bigint, (fill->>24)::bigint, (fill->>25)::bigint,
				(fill->>26)::bigint);
			IF one IS NOT NULL THEN
				written := written || member;
				cash := cash || (fill->>22)::bigint;
				realized := realized || (fill->>23)::bigint;
				commissions := commissions || (fill->>24)::bigint;
				reserved := reserved || (fill->>25)::bigint;
				valued := valued || (fill->>26)::bigint;
			END IF;
		END IF;
		placed := array_append(placed, one);
	END LOOP;
	-- Last: its trigger takes the contest board's lock, held until this statement commits.
	IF cardinality(written) > 0 THEN
		UPDATE contest_users
		SET cash_cents = cash[array_position(written, id)],
			realized_pnl_cents = realized[array_position(written, id)],
			commissions_cents = commissions[array_position(written, id)],
			reserved_cash_cents = reserved[array_position(written, id)],
			value_cents = valued[array_position(written, id)]
		WHERE id = ANY(written);
	END IF;
	RETURN placed;
END;
$$;
