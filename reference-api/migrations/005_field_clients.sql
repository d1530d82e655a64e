-- Field data per client (deploy/ops/release/README.md, the threat model): who sent each view, how many views each
-- client sent in each hour (over the cap, every view of that client in that hour counts for nothing), and what each
-- client holds, so that a cap evicts from the client holding most, never the oldest views of everyone.

-- The client: an IPv4 address or an IPv6 /64 (net.ts, clientKey). Views stored before had none: each is its own.
ALTER TABLE field_views ADD COLUMN client TEXT NOT NULL DEFAULT '';
UPDATE field_views SET client = 'legacy ' || id;
-- How many events the view holds, kept as they arrive: what its client's share of the events cap is made of.
ALTER TABLE field_views ADD COLUMN events INTEGER NOT NULL DEFAULT 0;
UPDATE field_views SET events = (SELECT count(*) FROM field_events e WHERE e.view_id = field_views.id);
CREATE INDEX field_views_by_client ON field_views (client, seen_at);

-- New views per client per hour (seen_at / 3 600 000), refused ones included: over the cap, the hour is a flood.
CREATE TABLE field_client_hours (
  client TEXT NOT NULL,
  hour INTEGER NOT NULL,
  views INTEGER NOT NULL,
  PRIMARY KEY (client, hour)
) WITHOUT ROWID;

-- What each client holds, and the whole store's totals: the caps read these, never a count over the tables.
CREATE TABLE field_client_totals (
  client TEXT PRIMARY KEY,
  views INTEGER NOT NULL,
  events INTEGER NOT NULL
) WITHOUT ROWID;
CREATE INDEX field_client_totals_by_views ON field_client_totals (views);
CREATE INDEX field_client_totals_by_events ON field_client_totals (events);
INSERT INTO field_client_totals (client, views, events) SELECT client, count(*), sum(events) FROM field_views GROUP BY client;

CREATE TABLE field_totals (
  only INTEGER PRIMARY KEY CHECK (only = 1),
  views INTEGER NOT NULL,
  events INTEGER NOT NULL
);
INSERT INTO field_totals (only, views, events) SELECT 1, count(*), coalesce(sum(events), 0) FROM field_views;

-- However a view goes (retention, a cap), its client's totals and the store's follow.
CREATE TRIGGER field_views_gone AFTER DELETE ON field_views BEGIN
  UPDATE field_client_totals SET views = views - 1, events = events - OLD.events WHERE client = OLD.client;
  DELETE FROM field_client_totals WHERE client = OLD.client AND views <= 0;
  UPDATE field_totals SET views = views - 1, events = events - OLD.events;
END;
