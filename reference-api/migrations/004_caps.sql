-- Caps on every table a visitor can write to (reference-api/README.md, Limits): the address a message came from, and
-- the indexes that let each cap and expiry delete by range instead of scanning the table.
ALTER TABLE messages ADD COLUMN ip TEXT NOT NULL DEFAULT '';
CREATE INDEX messages_by_ip ON messages (ip, created_at);
CREATE INDEX sessions_by_user ON sessions (user_id, created_at);
CREATE INDEX sessions_by_expiry ON sessions (expires_at);
CREATE INDEX login_failures_by_time ON login_failures (at);
CREATE INDEX sms_codes_by_time ON sms_codes (created_at);

-- What the field data summary reads of a view, kept on the view as its batches arrive: the last value of each metric
-- (FIELD_METRICS, lower case) and whether it had an error. The summary then reads one row per view, no event.
ALTER TABLE field_views ADD COLUMN lcp REAL;
ALTER TABLE field_views ADD COLUMN inp REAL;
ALTER TABLE field_views ADD COLUMN cls REAL;
ALTER TABLE field_views ADD COLUMN ttfb REAL;
ALTER TABLE field_views ADD COLUMN has_error INTEGER NOT NULL DEFAULT 0;
UPDATE field_views SET
  lcp = (SELECT value FROM field_events e WHERE e.view_id = field_views.id AND e.kind = 'metric' AND e.name = 'LCP' ORDER BY e.id DESC LIMIT 1),
  inp = (SELECT value FROM field_events e WHERE e.view_id = field_views.id AND e.kind = 'metric' AND e.name = 'INP' ORDER BY e.id DESC LIMIT 1),
  cls = (SELECT value FROM field_events e WHERE e.view_id = field_views.id AND e.kind = 'metric' AND e.name = 'CLS' ORDER BY e.id DESC LIMIT 1),
  ttfb = (SELECT value FROM field_events e WHERE e.view_id = field_views.id AND e.kind = 'metric' AND e.name = 'TTFB' ORDER BY e.id DESC LIMIT 1),
  has_error = EXISTS (SELECT 1 FROM field_events e WHERE e.view_id = field_views.id AND e.kind = 'error');
