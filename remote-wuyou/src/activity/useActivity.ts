import {
  api,
  isActivityId,
  type CallOptions,
  PAGE_DATA_KEYS,
  parseActivity,
  usePageData,
  type Activity,
  type ActivityProblemKind,
  type PageDataFailure,
} from '@wenrun/shared';
import { ACTIVITY_TEXT } from './text';

/** Why an activity cannot be shown, in Chinese (see `ActivityProblemKind`). */
export interface ActivityProblem {
  kind: ActivityProblemKind;
  message: string;
}

export type ActivityState =
  | { status: 'loading' }
  | { status: 'ready'; activity: Activity }
  | { status: 'failed'; problem: ActivityProblem };

function problemWithId(id: string): ActivityProblem | null {
  if (id.trim() === '') return { kind: 'invalid', message: ACTIVITY_TEXT.missingId };
  if (!isActivityId(id)) return { kind: 'invalid', message: ACTIVITY_TEXT.invalidId };
  return null;
}

function problemOf(failure: PageDataFailure): ActivityProblem {
  // A non-200 envelope is the server's own answer about this id; everything else is the way there failing.
  return { kind: failure.kind === 'envelope' ? 'notFound' : 'unavailable', message: failure.message };
}

/**
 * The answer, its rich text sanitised before it enters the page's data. The sanitiser (DOMPurify) is fetched with
 * the first answer the browser asks for itself: a server-rendered page carries text the server sanitised, so its
 * visitor never downloads it.
 */
async function loadActivity(id: string, options: CallOptions): Promise<unknown> {
  const [answer, { sanitizeActivityAnswer }] = await Promise.all([api.activityPage({ id }, options), import('./sanitize')]);
  return sanitizeActivityAnswer(answer);
}

/**
 * The activity of `/wuyou/{id}` (`wuyou/activityPageList1.0`, asked with `{id}`). A wrong link is known at once,
 * without asking the API (and without a skeleton first, which the shorter message would then pull the footer up
 * over).
 */
export function useActivity(id: string): { state: ActivityState; retry: () => void } {
  const problem = problemWithId(id);
  const { state, retry } = usePageData(
    problem ? null : PAGE_DATA_KEYS.activity(id),
    (options) => loadActivity(id, options),
    parseActivity,
  );
  if (problem) return { state: { status: 'failed', problem }, retry };
  if (state.status === 'ready') return { state: { status: 'ready', activity: state.data }, retry };
  if (state.status === 'failed') return { state: { status: 'failed', problem: problemOf(state.error) }, retry };
  return { state: { status: 'loading' }, retry };
}
