import { useCallback, useEffect, useState } from 'react';
import { api, isApiError, MESSAGES, NOT_FOUND_CODE, readPrerendered, rememberForPrerender, type Activity } from '@wenrun/shared';
import { parseActivity } from './parseActivity';
import { ACTIVITY_TEXT } from './text';

/**
 * Why an activity cannot be shown: the link itself is wrong (asking the API would not help), the API says there
 * is no such activity, or the API could not be reached or answered nonsense (trying again may help).
 */
export type ActivityProblem =
  | { kind: 'invalid'; message: string }
  | { kind: 'notFound'; message: string }
  | { kind: 'unavailable'; message: string };

export type ActivityState =
  | { status: 'loading' }
  /** `id`: the id (as written in the path) this activity answers. */
  | { status: 'ready'; activity: Activity; id: string }
  | { status: 'failed'; problem: ActivityProblem };

/** Activity ids are positive whole numbers; anything else is answered without asking the API. */
export function isActivityId(id: string): boolean {
  return /^[1-9]\d{0,9}$/.test(id);
}

/** Under this key the prerendered page of an activity carries the activity it was made with. */
export function activityPrerenderKey(id: string): string {
  return `wuyou.activity:${id}`;
}

function problemWithId(id: string): ActivityProblem | null {
  if (id.trim() === '') return { kind: 'invalid', message: ACTIVITY_TEXT.missingId };
  if (!isActivityId(id)) return { kind: 'invalid', message: ACTIVITY_TEXT.invalidId };
  return null;
}

function problemOf(error: unknown): ActivityProblem {
  // A non-200 envelope is the server's own answer about this id; everything else is the way there failing.
  if (isApiError(error) && error.kind === 'envelope') return { kind: 'notFound', message: error.message };
  return { kind: 'unavailable', message: isApiError(error) ? error.message : MESSAGES.network };
}

/** A prerendered activity page starts from the activity it was made with, so taking it over shows the same page. */
function initialState(id: string): ActivityState {
  // A wrong link is known at once: no skeleton first, which the shorter message would then pull the footer up over.
  const problem = problemWithId(id);
  if (problem) return { status: 'failed', problem };
  const activity = parseActivity(readPrerendered<unknown>(activityPrerenderKey(id)));
  return activity ? { status: 'ready', activity, id } : { status: 'loading' };
}

function shows(state: ActivityState, id: string): boolean {
  return state.status === 'ready' && state.id === id;
}

/**
 * The activity of `/wuyou/{id}` (`wuyou/activityPageList1.0`). A prerendered page starts from the activity it was
 * made with; the fresh reply replaces it quietly. A failure to reach the API then changes nothing, while the API's
 * answer that the activity is gone replaces the page with that answer.
 */
export function useActivity(id: string): { state: ActivityState; retry: () => void } {
  const [state, setState] = useState<ActivityState>(() => initialState(id));
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    const problem = problemWithId(id);
    if (problem) {
      setState({ status: 'failed', problem });
      return;
    }
    const controller = new AbortController();
    setState((current) => (shows(current, id) ? current : { status: 'loading' }));
    api.activityPage({ id }, { hideError: true, signal: controller.signal }).then(
      (data: unknown) => {
        if (controller.signal.aborted) return;
        const activity = parseActivity(data);
        if (activity) rememberForPrerender(activityPrerenderKey(id), activity);
        setState((current) => {
          if (activity) return { status: 'ready', activity, id };
          if (shows(current, id)) return current;
          return { status: 'failed', problem: { kind: 'unavailable', message: MESSAGES.badResponse } };
        });
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        // The API saying there is no such activity (taken offline since the prerender) outranks the prerendered
        // page: nobody should sign up for it. Any other failure changes nothing.
        const gone = isApiError(error) && error.kind === 'envelope' && error.code === NOT_FOUND_CODE;
        setState((current) => (shows(current, id) && !gone ? current : { status: 'failed', problem: problemOf(error) }));
      },
    );
    return () => controller.abort();
  }, [id, attempt]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  return { state, retry };
}
