-- A join costs the same whatever the contest's size (docs/decisions/048-join-cost.md). The
-- board's keys are counted from both ends, split at the contest's starting cash (the pivot):
-- a line worth at least the pivot keeps `position` = its place from the top (1, 2, …) and
-- `rank` = 1 + the lines worth more; a line worth less keeps `position` = −(its place from the
-- bottom: the last line is −1) and `rank` = −(the lines worth as much or less, itself included).
-- With n lines, place and rank from the top are `key` when positive, `key + n + 1` otherwise,
-- and n is the largest positive key plus the magnitude of the smallest negative one
-- (`contest_board_size`). A new member starts at the pivot with the largest id: it is after
-- every line of the top part and before every line of the bottom part, and no key counts it,
-- so a join writes its own line only. A leave or a move rewrites the lines between the
-- member's old and new value, a member off the board counting as being at the pivot.
CREATE FUNCTION "contest_board_pivot"(contest integer) RETURNS bigint LANGUAGE sql STABLE AS $$
	SELECT starting_cash_cents FROM contests WHERE id = contest
$$;
--> statement-breakpoint
CREATE FUNCTION "contest_board_size"(contest integer) RETURNS integer LANGUAGE sql STABLE AS $$
	SELECT coalesce((SELECT greatest(position, 0) FROM contest_board
			WHERE contest_id = contest ORDER BY position DESC LIMIT 1), 0)
		+ coalesce((SELECT greatest(-position, 0) FROM contest_board
			WHERE contest_id = contest ORDER BY position LIMIT 1), 0)
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "contest_board_rerank"(contest integer) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
	pivot bigint := contest_board_pivot(contest);
BEGIN
	DELETE FROM contest_board AS board
	WHERE board.contest_id = contest
		AND NOT EXISTS (
			SELECT 1 FROM contest_users AS member
			WHERE member.id = board.contest_user_id AND member.left_at IS NULL
		);
	INSERT INTO contest_board AS board (contest_user_id, contest_id, user_id, value_cents, position, rank)
	SELECT id, contest_id, user_id, value_cents,
		CASE WHEN value_cents >= pivot THEN place ELSE place - lines - 1 END,
		CASE WHEN value_cents >= pivot THEN ranked ELSE ranked - lines - 1 END
	FROM (
		SELECT id, contest_id, user_id, value_cents,
			(row_number() OVER (ORDER BY value_cents DESC, id))::integer AS place,
			(rank() OVER (ORDER BY value_cents DESC))::integer AS ranked,
			(count(*) OVER ())::integer AS lines
		FROM contest_users
		WHERE contest_users.contest_id = contest AND left_at IS NULL
	) AS ordered
	ON CONFLICT (contest_user_id) DO UPDATE
	SET value_cents = excluded.value_cents, position = excluded.position, rank = excluded.rank
	WHERE (board.value_cents, board.position, board.rank)
		IS DISTINCT FROM (excluded.value_cents, excluded.position, excluded.rank);
END;
$$;
--> statement-breakpoint
-- Moves one member to `target` (NULL: off the board). For another line L, the member counts in
-- L's position key when it is ahead of L (top part) or behind L (bottom part), and in L's rank
-- key when its value is above L's (top part) or at or below it (bottom part).
CREATE OR REPLACE FUNCTION "contest_board_move"(contest integer, moving integer, member_user integer, target bigint)
RETURNS void LANGUAGE plpgsql AS $$
DECLARE
	pivot bigint := contest_board_pivot(contest);
	origin bigint;
	low bigint;
	high bigint;
	presence integer;
	new_position integer;
	new_rank integer;
BEGIN
	SELECT value_cents INTO origin FROM contest_board WHERE contest_user_id = moving;
	IF origin IS NOT DISTINCT FROM target THEN
		RETURN;
	END IF;
	IF pivot IS NULL THEN
		-- The contest itself is being deleted: its lines all go in the same statement.
		DELETE FROM contest_board WHERE contest_user_id = moving;
		RETURN;
	END IF;
	low := least(coalesce(origin, pivot), coalesce(target, pivot));
	high := greatest(coalesce(origin, pivot), coalesce(target, pivot));
	presence := (target IS NOT NULL)::integer - (origin IS NOT NULL)::integer;
	UPDATE contest_board AS board
	SET position = board.position + (target IS NOT NULL AND (target > board.value_cents
				OR (target = board.value_cents AND moving < board.contest_user_id)))::integer
			- (origin IS NOT NULL AND (origin > board.value_cents
				OR (origin = board.value_cents AND moving < board.contest_user_id)))::integer
			- CASE WHEN board.value_cents < pivot THEN presence ELSE 0 END,
		rank = board.rank + (target IS NOT NULL AND target > board.value_cents)::integer
			- (origin IS NOT NULL AND origin > board.value_cents)::integer
			- CASE WHEN board.value_cents < pivot THEN presence ELSE 0 END
	WHERE board.contest_id = contest
		AND board.value_cents >= low AND board.value_cents <= high
		AND board.contest_user_id <> moving
		AND ((target IS NOT NULL AND (target > board.value_cents
				OR (target = board.value_cents AND moving < board.contest_user_id)))::integer
			- (origin IS NOT NULL AND (origin > board.value_cents
				OR (origin = board.value_cents AND moving < board.contest_user_id)))::integer
			- CASE WHEN board.value_cents < pivot THEN presence ELSE 0 END <> 0
			OR (target IS NOT NULL AND target > board.value_cents)::integer
			- (origin IS NOT NULL AND origin > board.value_cents)::integer
			- CASE WHEN board.value_cents < pivot THEN presence ELSE 0 END <> 0);
	IF target IS NULL THEN
		DELETE FROM contest_board WHERE contest_user_id = moving;
		RETURN;
	END IF;
	IF target >= pivot THEN
		-- Just after the last line ahead: an equal value with a smaller id, or a greater value.
		new_position := coalesce(
			(SELECT position FROM contest_board
				WHERE contest_id = contest AND value_cents = target AND contest_user_id < moving
				ORDER BY contest_user_id DESC LIMIT 1),
			(SELECT position FROM contest_board
				WHERE contest_id = contest AND value_cents > target AND contest_user_id <> moving
				ORDER BY value_cents NULLS FIRST, contest_user_id DESC LIMIT 1),
			0) + 1;
	ELSE
		-- Just before the first line behind: an equal value with a greater id, or a smaller value.
		new_position := coalesce(
			(SELECT position FROM contest_board
				WHERE contest_id = contest AND value_cents = target AND contest_user_id > moving
				ORDER BY contest_user_id LIMIT 1),
			(SELECT position FROM contest_board
				WHERE contest_id = contest AND value_cents < target AND contest_user_id <> moving
				ORDER BY value_cents DESC NULLS LAST, contest_user_id LIMIT 1),
			0) - 1;
	END IF;
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
-- The pivot is the starting cash: should it ever change, the contest is ranked again.
CREATE FUNCTION "contest_board_repivot"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	contest integer;
BEGIN
	FOR contest IN
		SELECT n.id FROM new_rows AS n JOIN old_rows AS o ON o.id = n.id
		WHERE n.starting_cash_cents <> o.starting_cash_cents ORDER BY n.id
	LOOP
		PERFORM pg_advisory_xact_lock(1406, contest);
		PERFORM contest_board_rerank(contest);
	END LOOP;
	RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "contest_board_on_pivot" AFTER UPDATE ON "contests"
	REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION contest_board_repivot();
--> statement-breakpoint
UPDATE contest_board AS board
SET position = CASE WHEN board.value_cents >= contest.starting_cash_cents
		THEN board.position ELSE board.position - lines.n - 1 END,
	rank = CASE WHEN board.value_cents >= contest.starting_cash_cents
		THEN board.rank ELSE board.rank - lines.n - 1 END
FROM contests AS contest,
	(SELECT contest_id, count(*)::integer AS n FROM contest_board GROUP BY contest_id) AS lines
WHERE contest.id = board.contest_id AND lines.contest_id = board.contest_id
	AND board.value_cents < contest.starting_cash_cents;
