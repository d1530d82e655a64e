import { useCallback, useEffect, useState } from 'react';
import { api, isApiError, MESSAGES, type Activity } from '@wenrun/shared';
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
  | { status: 'ready'; activity: Activity }
  | { status: 'failed'; problem: ActivityProblem };

/** Activity ids are positive whole numbers; anything else is answered without asking the API. */
export function isActivityId(id: string): boolean {
  return /^[1-9]\d{0,9}$/.test(id);
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

export function useActivity(id: string): { state: ActivityState; retry: () => void } {
  const [state, setState] = useState<ActivityState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    const problem = problemWithId(id);
    if (problem) {
      setState({ status: 'failed', problem });
      return;
    }
    const controller = new AbortController();
    setState({ status: 'loading' });
    api.activityPage({ id }, { hideError: true, signal: controller.signal }).then(
      (data: unknown) => {
        if (controller.signal.aborted) return;
        const activity = parseActivity(data);
        setState(
          activity
            ? { status: 'ready', activity }
            : { status: 'failed', problem: { kind: 'unavailable', message: MESSAGES.badResponse } },
        );
      },
      (error: unknown) => {
        if (!controller.signal.aborted) setState({ status: 'failed', problem: problemOf(error) });
      },
    );
    return () => controller.abort();
  }, [id, attempt]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  return { state, retry };
}
