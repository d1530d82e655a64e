-- Field data: page views of real visitors and what was measured in them (shared/src/api/fieldData.ts).
CREATE TABLE field_views (
  id TEXT PRIMARY KEY,
  route TEXT NOT NULL,
  versions TEXT NOT NULL,
  canary TEXT NOT NULL,
  seen_at INTEGER NOT NULL
);
CREATE INDEX field_views_seen_at ON field_views (seen_at);

CREATE TABLE field_events (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  view_id TEXT NOT NULL REFERENCES field_views (id) ON DELETE CASCADE,
  received_at INTEGER NOT NULL,
  kind TEXT NOT NULL,
  name TEXT,
  value REAL,
  remote TEXT,
  version TEXT,
  outcome TEXT,
  message TEXT
);
CREATE INDEX field_events_view ON field_events (view_id);
