-- Caps on every table a visitor can write to (reference-api/README.md, Limits): the address a message came from, and
-- the indexes that let each cap and expiry delete by range instead of scanning the table.
ALTER TABLE messages ADD COLUMN ip TEXT NOT NULL DEFAULT '';
CREATE INDEX messages_by_ip ON messages (ip, created_at);
CREATE INDEX sessions_by_user ON sessions (user_id, created_at);
CREATE INDEX sessions_by_expiry ON sessions (expires_at);
CREATE INDEX login_failures_by_time ON login_failures (at);
CREATE INDEX sms_codes_by_time ON sms_codes (created_at);
