import { DEFAULT_RUNTIME_CONFIG, type ActivityBlock, type ActivitySignUp } from '@wenrun/shared/node';
import { escapeXml, pictureSvg } from '../images/svg';
import { sql, type Transaction } from 'kysely';
import { exclusively, type Db } from './database';
import type { Schema } from './schema';

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
 * Two editors at once (two hosts) neither lose an edit nor share an id: an edit writes only the fields it changes,
 * in one statement, and a new id is taken under a lock (database.ts, exclusively).
 */
export function createActivityEditor(db: Db, now: () => number) {
  const { kysely } = db;
  const stamp = () => new Date(now()).toISOString();
  const saveImage = (trx: Transaction<Schema>, path: string, svg: string) =>
    trx
      .insertInto('images')
      .values({ path, svg })
      .onConflict((conflict) => conflict.column('path').doUpdateSet({ svg: (eb) => eb.ref('excluded.svg') }))
      .execute();

  return {
    publish: (draft: ActivityDraft): Promise<number> =>
      exclusively(db, 'activities', async (trx) => {
        const { next } = await trx
          .selectFrom('activities')
          .select(sql<number>`coalesce(max(id), 0) + 1`.as('next'))
          .executeTakeFirstOrThrow();
        const id = Number(next);
        const signUp: ActivitySignUp = {
          deadline: draft.startTime.slice(0, 10),
          contact: '李老师',
          phone: DEFAULT_RUNTIME_CONFIG.contact.hotline,
          note: '请按学校报名，名额有限。',
        };
        await trx
          .insertInto('activities')
          .values({
            id,
            title: draft.title,
            subtitle: draft.subtitle,
            start_time: draft.startTime,
            end_time: draft.endTime,
            place: draft.place,
            organizer: ORGANIZER,
            cover: coverPath(id),
            blocks: JSON.stringify(contentBlocks(draft.content)),
            sign_up: JSON.stringify(signUp),
            online: 1,
            updated_at: stamp(),
          })
          .execute();
        await saveImage(trx, coverPath(id), pictureSvg(draft.title, coverHue(id)));
        return id;
      }),

    /** `false` when there is no such activity. */
    edit: (id: number, changes: Partial<ActivityDraft>): Promise<boolean> =>
      kysely.transaction().execute(async (trx) => {
        const updated = await trx
          .updateTable('activities')
          .set({
            ...(changes.title === undefined ? {} : { title: changes.title }),
            ...(changes.subtitle === undefined ? {} : { subtitle: changes.subtitle }),
            ...(changes.startTime === undefined ? {} : { start_time: changes.startTime }),
            ...(changes.endTime === undefined ? {} : { end_time: changes.endTime }),
            ...(changes.place === undefined ? {} : { place: changes.place }),
            ...(changes.content ? { blocks: JSON.stringify(contentBlocks(changes.content)) } : {}),
            updated_at: stamp(),
          })
          .where('id', '=', id)
          .executeTakeFirst();
        if (updated.numUpdatedRows === 0n) return false;
        if (changes.title) await saveImage(trx, coverPath(id), pictureSvg(changes.title, coverHue(id)));
        return true;
      }),

    /** `false` when there is no such activity. */
    setOnline: async (id: number, online: boolean): Promise<boolean> => {
      const updated = await kysely
        .updateTable('activities')
        .set({ online: online ? 1 : 0, updated_at: stamp() })
        .where('id', '=', id)
        .executeTakeFirst();
      return updated.numUpdatedRows > 0n;
    },
  };
}

export type ActivityEditor = ReturnType<typeof createActivityEditor>;
