import { DEFAULT_RUNTIME_CONFIG, type ActivityBlock, type ActivitySignUp } from '@wenrun/shared/node';
import { escapeXml, pictureSvg } from '../images/svg';
import type { Db } from './database';

/** What the dev-only publishing form carries (the fields a marketing back office would have). */
export interface ActivityDraft {
  title: string;
  subtitle: string;
  startTime: string;
  endTime: string;
  place: string;
  content: string;
}

const ORGANIZER = '文润教育科技有限公司';

/** Plain text as the one text block of an activity: paragraphs at blank lines, nothing read as markup. */
export function contentBlocks(content: string): ActivityBlock[] {
  const paragraphs = content
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean)
    .map((paragraph) => `<p>${escapeXml(paragraph).replace(/\n/g, '<br>')}</p>`);
  return [{ type: 'text', title: '活动介绍', html: paragraphs.join('') }];
}

function coverPath(id: number): string {
  return `/images/activities/${id}/cover.svg`;
}

function coverHue(id: number): number {
  return (id * 67) % 360;
}

/**
 * Publishing, editing and taking activities offline, for the browser tests (dev-only endpoints): what marketing
 * does in the real backend. Every change stamps `updated_at`, which is how the build and the render server know.
 */
export function createActivityEditor(db: Db, now: () => number) {
  const nextId = db.prepare<[], { id: number }>('SELECT coalesce(max(id), 0) + 1 AS id FROM activities');
  const insert = db.prepare(
    `INSERT INTO activities (id, title, subtitle, start_time, end_time, place, organizer, cover, blocks, sign_up, online, updated_at)
     VALUES (@id, @title, @subtitle, @startTime, @endTime, @place, @organizer, @cover, @blocks, @signUp, 1, @updatedAt)`,
  );
  const find = db.prepare<[number], ActivityDraft & { id: number }>(
    `SELECT id, title, subtitle, start_time AS startTime, end_time AS endTime, place, '' AS content
       FROM activities WHERE id = ?`,
  );
  const update = db.prepare(
    `UPDATE activities SET title = @title, subtitle = @subtitle, start_time = @startTime, end_time = @endTime,
            place = @place, blocks = coalesce(@blocks, blocks), updated_at = @updatedAt WHERE id = @id`,
  );
  const setOnline = db.prepare<[{ id: number; online: number; updatedAt: string }]>(
    'UPDATE activities SET online = @online, updated_at = @updatedAt WHERE id = @id',
  );
  const saveImage = db.prepare('INSERT INTO images (path, svg) VALUES (?, ?) ON CONFLICT (path) DO UPDATE SET svg = excluded.svg');
  const stamp = () => new Date(now()).toISOString();

  return {
    publish(draft: ActivityDraft): number {
      return db.transaction(() => {
        const id = nextId.get()?.id ?? 1;
        const signUp: ActivitySignUp = {
          deadline: draft.startTime.slice(0, 10),
          contact: '李老师',
          phone: DEFAULT_RUNTIME_CONFIG.contact.hotline,
          note: '请按学校报名，名额有限。',
        };
        insert.run({
          id,
          ...draft,
          organizer: ORGANIZER,
          cover: coverPath(id),
          blocks: JSON.stringify(contentBlocks(draft.content)),
          signUp: JSON.stringify(signUp),
          updatedAt: stamp(),
        });
        saveImage.run(coverPath(id), pictureSvg(draft.title, coverHue(id)));
        return id;
      })();
    },

    /** `false` when there is no such activity. */
    edit(id: number, changes: Partial<ActivityDraft>): boolean {
      const current = find.get(id);
      if (!current) return false;
      const next = { ...current, ...changes };
      db.transaction(() => {
        update.run({ ...next, id, blocks: changes.content ? JSON.stringify(contentBlocks(changes.content)) : null, updatedAt: stamp() });
        if (changes.title) saveImage.run(coverPath(id), pictureSvg(changes.title, coverHue(id)));
      })();
      return true;
    },

    /** `false` when there is no such activity. */
    setOnline(id: number, online: boolean): boolean {
      return setOnline.run({ id, online: online ? 1 : 0, updatedAt: stamp() }).changes > 0;
    },
  };
}

export type ActivityEditor = ReturnType<typeof createActivityEditor>;
