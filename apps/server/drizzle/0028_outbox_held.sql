-- hand-written: mail written to the outbox without SMTP_URL is now "held" (mail/mailer.ts),
-- so the staff outbox lists what was held before as well.
UPDATE "mail_outbox" SET "status" = 'held' WHERE "status" = 'logged';
