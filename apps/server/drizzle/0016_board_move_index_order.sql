-- The line just ahead of a moving member is read walking contest_board_value_idx backwards:
-- the index is `value_cents DESC NULLS LAST`, so the ascending order must put nulls first to
-- match it (values are never null). Without that, a planner without statistics (PGlite never
-- analyses) sorted every line worth more instead: tens of milliseconds per fill at 100,000.
CREATE OR REPLACE FUNCTION "contest_board_move"(contest integer, moving integer, member_user integer, target bigint)
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
			ORDER BY value_cents NULLS FIRST, contest_user_id DESC LIMIT 1),
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
