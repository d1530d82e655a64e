-- The reference API's schema. Applied once, in order with the other NNN_*.sql files, tracked by PRAGMA user_version.

CREATE TABLE meta (
  key   TEXT PRIMARY KEY,
  value TEXT NOT NULL
) WITHOUT ROWID;

-- Accounts. password_hash is NULL for visitor accounts created by a first code login.
CREATE TABLE users (
  id            INTEGER PRIMARY KEY,
  mobile        TEXT    NOT NULL UNIQUE,
  password_hash TEXT,
  teacher_icon  TEXT,
  sid           TEXT    NOT NULL,
  tid           TEXT    NOT NULL,
  school_name   TEXT    NOT NULL,
  created_at    INTEGER NOT NULL
);

-- Only the SHA-256 of a token is kept.
CREATE TABLE sessions (
  token_hash TEXT    PRIMARY KEY,
  user_id    INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  created_at INTEGER NOT NULL,
  expires_at INTEGER NOT NULL
) WITHOUT ROWID;

CREATE TABLE login_failures (
  id     INTEGER PRIMARY KEY,
  mobile TEXT    NOT NULL,
  at     INTEGER NOT NULL
);
CREATE INDEX login_failures_by_mobile ON login_failures (mobile, at);

-- Verification codes, scrypt-hashed; used_at is set on use and when a newer code replaces this one.
CREATE TABLE sms_codes (
  id         INTEGER PRIMARY KEY,
  mobile     TEXT    NOT NULL,
  code_hash  TEXT    NOT NULL,
  ip         TEXT    NOT NULL,
  created_at INTEGER NOT NULL,
  expires_at INTEGER NOT NULL,
  used_at    INTEGER
);
CREATE INDEX sms_codes_by_mobile ON sms_codes (mobile, created_at);
CREATE INDEX sms_codes_by_ip ON sms_codes (ip, created_at);

CREATE TABLE messages (
  id         INTEGER PRIMARY KEY,
  name       TEXT    NOT NULL,
  phone      TEXT    NOT NULL,
  message    TEXT    NOT NULL,
  created_at INTEGER NOT NULL
);
CREATE INDEX messages_by_phone ON messages (phone, created_at);

CREATE TABLE stats_events (
  id          INTEGER PRIMARY KEY,
  type        TEXT    NOT NULL,
  path        TEXT    NOT NULL,
  detail      TEXT,
  received_at INTEGER NOT NULL
);

-- Demo content: replaced as a whole by the seed when its version changes.
CREATE TABLE categories (
  name TEXT    PRIMARY KEY,
  sort INTEGER NOT NULL
) WITHOUT ROWID;

CREATE TABLE courses (
  id          INTEGER PRIMARY KEY,
  title       TEXT    NOT NULL,
  category    TEXT    NOT NULL REFERENCES categories (name),
  lecturer    TEXT    NOT NULL,
  lessons     INTEGER NOT NULL,
  summary     TEXT    NOT NULL,
  cover       TEXT    NOT NULL,
  highlighted INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX courses_by_category ON courses (category, id);

CREATE TABLE experts (
  id           INTEGER PRIMARY KEY,
  name         TEXT    NOT NULL,
  title        TEXT    NOT NULL,
  organization TEXT    NOT NULL,
  field        TEXT    NOT NULL,
  intro        TEXT    NOT NULL,
  avatar       TEXT    NOT NULL,
  featured     INTEGER NOT NULL DEFAULT 0
);

-- Keywords of 3+ characters: trigram full-text indexes over the content tables.
CREATE VIRTUAL TABLE courses_fts USING fts5 (
  title, category, lecturer, summary,
  content = 'courses', content_rowid = 'id', tokenize = 'trigram'
);
CREATE VIRTUAL TABLE experts_fts USING fts5 (
  name, title, organization, field, intro,
  content = 'experts', content_rowid = 'id', tokenize = 'trigram'
);

-- Keywords of 1-2 characters (below the trigram size): every distinct 1- and 2-character substring, indexed.
CREATE TABLE search_grams (
  gram   TEXT    NOT NULL,
  kind   TEXT    NOT NULL CHECK (kind IN ('course', 'expert')),
  ref_id INTEGER NOT NULL,
  PRIMARY KEY (gram, kind, ref_id)
) WITHOUT ROWID;

CREATE TABLE banners (
  id       INTEGER PRIMARY KEY,
  title    TEXT NOT NULL,
  subtitle TEXT NOT NULL,
  image    TEXT NOT NULL,
  link     TEXT NOT NULL
);

CREATE TABLE news (
  id      INTEGER PRIMARY KEY,
  title   TEXT NOT NULL,
  date    TEXT NOT NULL,
  summary TEXT NOT NULL
);

CREATE TABLE partners (
  id     INTEGER PRIMARY KEY,
  name   TEXT NOT NULL,
  region TEXT NOT NULL
);

-- blocks and sign_up are JSON documents (ActivityBlock[] and ActivitySignUp of shared/src/api/types.ts).
CREATE TABLE activities (
  id         INTEGER PRIMARY KEY,
  title      TEXT    NOT NULL,
  subtitle   TEXT    NOT NULL,
  start_time TEXT    NOT NULL,
  end_time   TEXT    NOT NULL,
  place      TEXT    NOT NULL,
  organizer  TEXT    NOT NULL,
  cover      TEXT    NOT NULL,
  blocks     TEXT    NOT NULL,
  sign_up    TEXT    NOT NULL,
  online     INTEGER NOT NULL DEFAULT 1
);

-- Generated demo images (SVG), served under /images/.
CREATE TABLE images (
  path TEXT PRIMARY KEY,
  svg  TEXT NOT NULL
) WITHOUT ROWID;
