-- Every server process caches the sessions it has checked (auth/session-cache.ts). Any change
-- to a user's row (a new password, logout of every session, a role, a deleted account) or a
-- logout of one session tells every process at commit, whoever wrote it, even by hand in SQL.
CREATE FUNCTION "bullpen_notify_session_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'users' THEN
    PERFORM pg_notify('bullpen_sessions', OLD.id::text);
  ELSE
    PERFORM pg_notify('bullpen_sessions', NEW.user_id::text);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "users_session_change" AFTER UPDATE OR DELETE ON "users"
  FOR EACH ROW EXECUTE FUNCTION "bullpen_notify_session_change"();
--> statement-breakpoint
CREATE TRIGGER "revoked_tokens_session_change" AFTER INSERT ON "revoked_tokens"
  FOR EACH ROW EXECUTE FUNCTION "bullpen_notify_session_change"();
