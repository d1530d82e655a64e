import { useEffect, useState } from 'react';
import { api, type Activity } from '@wenrun/shared';

export type ActivityState =
  | { status: 'loading' }
  | { status: 'ready'; activity: Activity }
  | { status: 'failed'; message: string };

export const INVALID_ID_MESSAGE = '活动链接不正确，请检查链接是否完整';

/** Activity ids are positive whole numbers; anything else is answered without asking the API. */
export function isActivityId(id: string): boolean {
  return /^[1-9]\d{0,9}$/.test(id);
}

export function useActivity(id: string): ActivityState {
  const [state, setState] = useState<ActivityState>({ status: 'loading' });
  useEffect(() => {
    if (!isActivityId(id)) {
      setState({ status: 'failed', message: INVALID_ID_MESSAGE });
      return;
    }
    const controller = new AbortController();
    setState({ status: 'loading' });
    api.activityPage({ id }, { hideError: true, signal: controller.signal }).then(
      (activity) => setState({ status: 'ready', activity }),
      (error: Error) => {
        if (!controller.signal.aborted) setState({ status: 'failed', message: error.message });
      },
    );
    return () => controller.abort();
  }, [id]);
  return state;
}
