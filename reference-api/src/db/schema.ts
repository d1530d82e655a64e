import type { Generated } from 'kysely';
import type { Banner, Course, Expert, NewsItem, Partner } from '@wenrun/shared/node';

/**
 * The tables as the stores see them (src/db/migrations build them). Times are milliseconds since the epoch (bigint on
 * PostgreSQL, read back as numbers: database.ts); flags are integers 0/1 on both dialects; JSON documents are text.
 */
export interface Schema {
  meta: { key: string; value: string };
  users: {
    id: Generated<number>;
    mobile: string;
    password_hash: string | null;
    teacher_icon: string | null;
    sid: string;
    tid: string;
    school_name: string;
    created_at: number;
  };
  sessions: { token_hash: string; user_id: number; created_at: number; expires_at: number };
  login_failures: { id: Generated<number>; mobile: string; client: Generated<string>; at: number };
  sms_codes: {
    id: Generated<number>;
    mobile: string;
    code_hash: string;
    /** The client that asked for it (net.ts, clientKey): an IPv4 address or an IPv6 /64. */
    ip: string;
    created_at: number;
    expires_at: number;
    used_at: number | null;
  };
  messages: { id: Generated<number>; name: string; phone: string; message: string; ip: Generated<string>; created_at: number };
  stats_events: { id: Generated<number>; type: string; path: string; detail: string | null; received_at: number };
  categories: { name: string; sort: number };
  /** The site's own shapes (shared/src/api/types.ts), plus whether the home page shows the row. */
  courses: Course & { highlighted: Generated<number> };
  experts: Expert & { featured: Generated<number> };
  search_grams: { gram: string; kind: 'course' | 'expert'; ref_id: number };
  banners: Banner;
  news: NewsItem;
  partners: Partner;
  activities: {
    id: number;
    title: string;
    subtitle: string;
    start_time: string;
    end_time: string;
    place: string;
    organizer: string;
    cover: string;
    blocks: string;
    sign_up: string;
    online: Generated<number>;
    updated_at: Generated<string>;
  };
  images: { path: string; svg: string };
  field_views: {
    id: string;
    route: string;
    versions: string;
    canary: string;
    seen_at: number;
    client: Generated<string>;
    events: Generated<number>;
    lcp: number | null;
    inp: number | null;
    cls: number | null;
    ttfb: number | null;
    has_error: Generated<number>;
  };
  field_events: {
    id: Generated<number>;
    view_id: string;
    received_at: number;
    kind: string;
    name: string | null;
    value: number | null;
    remote: string | null;
    version: string | null;
    outcome: string | null;
    message: string | null;
  };
  field_client_hours: { client: string; hour: number; views: number };
  field_client_totals: { client: string; views: number; events: number };
  field_totals: { only: number; views: number; events: number };
  field_hour_changes: { hour: number; changes: number };
}
