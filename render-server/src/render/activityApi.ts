import {
  API_PATHS,
  SUCCESS_CODE,
  type Activity,
  type ActivityList,
  type ActivitySummary,
  type Envelope,
} from '@wenrun/shared/node';
import { coverPng } from './images';

/** The largest cover picture drawn for a shared link: a cover is a few hundred KB; more is no cover of ours. */
export const MAX_COVER_BYTES = 2 * 1024 * 1024;

const LIST_PAGE_SIZE = 100;
/** A list that claims more pages than this is not believed: 10 000 activities is no site of ours. */
const MAX_LIST_PAGES = 100;

/**
 * What the site's servers ask the API about activities: the list of those online (the build writes their pages,
 * the render server watches it for edits) and the picture of an activity's shared link. Every answer that is not
 * the data asked for is an error with a Chinese message, never an empty list: the caller decides what an API that
 * does not answer means (the build stops; the render server keeps what it has).
 */
export interface ActivityApi {
  listActivities(): Promise<ActivitySummary[]>;
  /**
   * The shared-link picture of one activity (a PNG), drawn from its cover as the API has it now. Only a picture on
   * the API's own origin is fetched, with no redirect followed, up to MAX_COVER_BYTES: whatever the API's data says,
   * the server fetches nothing else on anyone's behalf (another host, an address inside the network).
   */
  coverPicture(id: string): Promise<Buffer>;
}

/** The body of `response`, or undefined once it passes `maxBytes` (read no further: the rest is never downloaded). */
async function bodyUpTo(response: Response, maxBytes: number): Promise<Buffer | undefined> {
  if (Number(response.headers.get('content-length') ?? 0) > maxBytes || !response.body) {
    await response.body?.cancel();
    return undefined;
  }
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (let read = await reader.read(); !read.done; read = await reader.read()) {
    size += read.value.byteLength;
    if (size > maxBytes) {
      await reader.cancel();
      return undefined;
    }
    chunks.push(read.value);
  }
  return Buffer.concat(chunks);
}

export function createActivityApi(apiBaseUrl: string, timeoutMs: number): ActivityApi {
  async function activityPageList<T>(what: string, fields: Record<string, string>): Promise<T> {
    const response = await fetch(`${apiBaseUrl}${API_PATHS.activityPage}`, {
      method: 'POST',
      body: new URLSearchParams(fields),
      cache: 'no-store',
      signal: AbortSignal.timeout(timeoutMs),
    });
    if (!response.ok) throw new Error(`${what}：HTTP ${response.status}`);
    const envelope = (await response.json()) as Envelope<T>;
    if (envelope.header?.code !== SUCCESS_CODE) throw new Error(`${what}：${envelope.header?.codeMsg ?? '回复不是接口的格式'}`);
    return envelope.data;
  }

  return {
    async listActivities() {
      const all: ActivitySummary[] = [];
      for (let page = 1; page <= MAX_LIST_PAGES; page += 1) {
        const { list, total } = await activityPageList<ActivityList>('活动列表', { page: String(page), size: String(LIST_PAGE_SIZE) });
        all.push(...list);
        if (list.length < LIST_PAGE_SIZE || all.length >= total) return all;
      }
      throw new Error(`活动列表：超过 ${MAX_LIST_PAGES} 页`);
    },

    async coverPicture(id) {
      const activity = await activityPageList<Activity>(`活动 ${id}`, { id });
      if (typeof activity.cover !== 'string') throw new Error(`活动 ${id}：没有封面`);
      const coverUrl = new URL(activity.cover, apiBaseUrl);
      if (coverUrl.origin !== new URL(apiBaseUrl).origin) throw new Error(`活动 ${id}：封面 ${coverUrl.href} 不在 API 的地址上，不去取`);
      const response = await fetch(coverUrl, { redirect: 'error', signal: AbortSignal.timeout(timeoutMs) });
      if (!response.ok) throw new Error(`活动 ${id}：封面 HTTP ${response.status}`);
      const bytes = await bodyUpTo(response, MAX_COVER_BYTES);
      if (!bytes) throw new Error(`活动 ${id}：封面超过 ${MAX_COVER_BYTES} 字节`);
      return coverPng(bytes, response.headers.get('content-type') ?? '');
    },
  };
}
