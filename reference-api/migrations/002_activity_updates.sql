-- When an activity last changed: the build and the render server drop a page whose activity changed.
ALTER TABLE activities ADD COLUMN updated_at TEXT NOT NULL DEFAULT '2026-11-01T00:00:00.000Z';
