-- The leaderboard reads contest_board (0015, decision 014); nothing reads contest_users by value
-- any more. Without an index on value_cents, a fill's or a revaluation's update of a member's
-- line changes no indexed column and can stay on its page (a HOT update): no index entry per
-- fill, and 100,000 fewer per revaluation of a 100,000-member contest.
DROP INDEX "contest_users_leaderboard_idx";
