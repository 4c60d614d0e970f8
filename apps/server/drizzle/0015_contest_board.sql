CREATE TABLE "contest_board" (
	"contest_user_id" integer PRIMARY KEY NOT NULL,
	"contest_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"value_cents" bigint NOT NULL,
	"position" integer NOT NULL,
	"rank" integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX "contest_board_position_idx" ON "contest_board" USING btree ("contest_id","position");--> statement-breakpoint
CREATE INDEX "contest_board_value_idx" ON "contest_board" USING btree ("contest_id","value_cents" DESC NULLS LAST,"contest_user_id");--> statement-breakpoint
-- The board is written only here, by triggers on contest_users, under a per-contest advisory
-- lock (class 1406, the contest id): whoever holds it touches only board rows, so it never
-- waits for a portfolio's row lock (docs/decisions/014-stored-leaderboard.md).
CREATE FUNCTION "contest_board_rerank"(contest integer) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
	DELETE FROM contest_board AS board
	WHERE board.contest_id = contest
		AND NOT EXISTS (
			SELECT 1 FROM contest_users AS member
			WHERE member.id = board.contest_user_id AND member.left_at IS NULL
		);
	INSERT INTO contest_board AS board (contest_user_id, contest_id, user_id, value_cents, position, rank)
	SELECT id, contest_id, user_id, value_cents,
		(row_number() OVER (ORDER BY value_cents DESC, id))::integer,
		(rank() OVER (ORDER BY value_cents DESC))::integer
	FROM contest_users
	WHERE contest_users.contest_id = contest AND left_at IS NULL
	ON CONFLICT (contest_user_id) DO UPDATE
	SET value_cents = excluded.value_cents, position = excluded.position, rank = excluded.rank
	WHERE (board.value_cents, board.position, board.rank)
		IS DISTINCT FROM (excluded.value_cents, excluded.position, excluded.rank);
END;
$$;
--> statement-breakpoint
-- Moves one member to `target` (NULL: off the board). Only the lines between the old and the
-- new place shift: a position by one when the member passes them, a rank by one when the
-- member's value passes theirs (ties share a rank, as rank() does).
CREATE FUNCTION "contest_board_move"(contest integer, moving integer, member_user integer, target bigint)
RETURNS void LANGUAGE plpgsql AS $$
DECLARE
	origin bigint;
	new_position integer;
	new_rank integer;
BEGIN
	SELECT value_cents INTO origin FROM contest_board WHERE contest_user_id = moving;
	IF origin IS NOT DISTINCT FROM target THEN
		RETURN;
	END IF;
	UPDATE contest_board AS board
	SET position = board.position
			+ (target IS NOT NULL AND (target > board.value_cents
				OR (target = board.value_cents AND moving < board.contest_user_id)))::integer
			- (origin IS NOT NULL AND (origin > board.value_cents
				OR (origin = board.value_cents AND moving < board.contest_user_id)))::integer,
		rank = board.rank
			+ (target IS NOT NULL AND target > board.value_cents)::integer
			- (origin IS NOT NULL AND origin > board.value_cents)::integer
	WHERE board.contest_id = contest
		AND board.contest_user_id <> moving
		AND board.value_cents <= greatest(origin, target)
		AND (origin IS NULL OR target IS NULL OR board.value_cents >= least(origin, target))
		AND ((target IS NOT NULL AND (target > board.value_cents
				OR (target = board.value_cents AND moving < board.contest_user_id)))
			<> (origin IS NOT NULL AND (origin > board.value_cents
				OR (origin = board.value_cents AND moving < board.contest_user_id)))
			OR (target IS NOT NULL AND target > board.value_cents)
				<> (origin IS NOT NULL AND origin > board.value_cents));
	IF target IS NULL THEN
		DELETE FROM contest_board WHERE contest_user_id = moving;
		RETURN;
	END IF;
	-- Just after the last line ahead: an equal value with a smaller id, or a greater value.
	new_position := coalesce(
		(SELECT position FROM contest_board
			WHERE contest_id = contest AND value_cents = target AND contest_user_id < moving
			ORDER BY contest_user_id DESC LIMIT 1),
		(SELECT position FROM contest_board
			WHERE contest_id = contest AND value_cents > target AND contest_user_id <> moving
			ORDER BY value_cents, contest_user_id DESC LIMIT 1),
		0) + 1;
	new_rank := coalesce(
		(SELECT rank FROM contest_board
			WHERE contest_id = contest AND value_cents = target AND contest_user_id <> moving
			LIMIT 1),
		new_position);
	INSERT INTO contest_board AS board (contest_user_id, contest_id, user_id, value_cents, position, rank)
	VALUES (moving, contest, member_user, target, new_position, new_rank)
	ON CONFLICT (contest_user_id) DO UPDATE
	SET value_cents = excluded.value_cents, position = excluded.position, rank = excluded.rank;
END;
$$;
--> statement-breakpoint
-- One statement's changes to values and memberships, contest by contest (in id order, so two
-- statements never wait for each other's contests): a few members move, many re-rank it all.
CREATE FUNCTION "contest_board_sync"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	members integer[];
	contests integer[];
	users integer[];
	targets bigint[];
	contest integer;
	range_start integer;
	range_end integer;
	i integer;
BEGIN
	IF TG_OP = 'INSERT' THEN
		SELECT array_agg(id ORDER BY contest_id, id), array_agg(contest_id ORDER BY contest_id, id),
			array_agg(user_id ORDER BY contest_id, id), array_agg(value_cents ORDER BY contest_id, id)
		INTO members, contests, users, targets
		FROM new_rows WHERE left_at IS NULL;
	ELSIF TG_OP = 'UPDATE' THEN
		SELECT array_agg(n.id ORDER BY n.contest_id, n.id), array_agg(n.contest_id ORDER BY n.contest_id, n.id),
			array_agg(n.user_id ORDER BY n.contest_id, n.id),
			array_agg(CASE WHEN n.left_at IS NULL THEN n.value_cents END ORDER BY n.contest_id, n.id)
		INTO members, contests, users, targets
		FROM new_rows AS n JOIN old_rows AS o ON o.id = n.id
		WHERE (CASE WHEN n.left_at IS NULL THEN n.value_cents END)
			IS DISTINCT FROM (CASE WHEN o.left_at IS NULL THEN o.value_cents END);
	ELSE
		SELECT array_agg(id ORDER BY contest_id, id), array_agg(contest_id ORDER BY contest_id, id),
			array_agg(user_id ORDER BY contest_id, id), array_agg(NULL::bigint ORDER BY contest_id, id)
		INTO members, contests, users, targets
		FROM old_rows WHERE left_at IS NULL;
	END IF;
	IF members IS NULL THEN
		RETURN NULL;
	END IF;
	range_start := 1;
	WHILE range_start <= array_length(members, 1) LOOP
		contest := contests[range_start];
		range_end := range_start;
		WHILE range_end < array_length(members, 1) AND contests[range_end + 1] = contest LOOP
			range_end := range_end + 1;
		END LOOP;
		PERFORM pg_advisory_xact_lock(1406, contest);
		IF range_end - range_start >= 16 THEN
			PERFORM contest_board_rerank(contest);
		ELSE
			FOR i IN range_start..range_end LOOP
				PERFORM contest_board_move(contest, members[i], users[i], targets[i]);
			END LOOP;
		END IF;
		range_start := range_end + 1;
	END LOOP;
	RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "contest_board_on_insert" AFTER INSERT ON "contest_users"
	REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION contest_board_sync();
--> statement-breakpoint
CREATE TRIGGER "contest_board_on_update" AFTER UPDATE ON "contest_users"
	REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION contest_board_sync();
--> statement-breakpoint
CREATE TRIGGER "contest_board_on_delete" AFTER DELETE ON "contest_users"
	REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION contest_board_sync();
--> statement-breakpoint
INSERT INTO contest_board (contest_user_id, contest_id, user_id, value_cents, position, rank)
SELECT id, contest_id, user_id, value_cents,
	(row_number() OVER (PARTITION BY contest_id ORDER BY value_cents DESC, id))::integer,
	(rank() OVER (PARTITION BY contest_id ORDER BY value_cents DESC))::integer
FROM contest_users WHERE left_at IS NULL;
