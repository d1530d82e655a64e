import { useEffect } from 'react';
import { getRuntimeConfig } from '@wenrun/shared';
import { activityDescription } from '../activity/description';
import { ActivityFrame } from '../activity/ActivityFrame';
import { ActivityProblemView, ActivitySkeleton, problemTitle } from '../activity/ActivityStates';
import { ActivityView } from '../activity/ActivityView';
import { useActivity, type ActivityState } from '../activity/useActivity';
import '../activity/activity.css';

export interface ActivityPageProps {
  /** The id as written in the path (`/wuyou/{id}`); checked here. */
  id: string;
  /**
   * Told the page's meta description once it shows an activity (null while it shows none). The host owns the
   * page's head; the activity is known only here.
   */
  onDescription?: (description: string | null) => void;
}

function pageTitle(state: ActivityState): string | null {
  if (state.status === 'ready') return state.activity.title;
  if (state.status === 'failed') return problemTitle(state.problem);
  return null;
}

/** SPEC.md §2: an activity page, a full page of its own without the site's header and footer. */
export default function ActivityPage({ id, onDescription }: ActivityPageProps) {
  const { state, retry } = useActivity(id);

  const title = pageTitle(state);
  useEffect(() => {
    if (title) document.title = `${title} - ${getRuntimeConfig().contact.company}`;
  }, [title]);

  const description = state.status === 'ready' ? activityDescription(state.activity) : null;
  useEffect(() => onDescription?.(description), [description, onDescription]);

  return (
    <ActivityFrame busy={state.status === 'loading'}>
      {state.status === 'loading' && <ActivitySkeleton />}
      {state.status === 'failed' && <ActivityProblemView problem={state.problem} onRetry={retry} />}
      {state.status === 'ready' && <ActivityView activity={state.activity} now={new Date()} />}
    </ActivityFrame>
  );
}
