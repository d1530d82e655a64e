import { useNow } from '@wenrun/shared';
import { ActivityFrame } from '../activity/ActivityFrame';
import { ActivityProblemView, ActivitySkeleton } from '../activity/ActivityStates';
import { ActivityView } from '../activity/ActivityView';
import { useActivity } from '../activity/useActivity';
import '../activity/activity.css';

export interface ActivityPageProps {
  /** The id as written in the path (`/wuyou/{id}`); checked here. */
  id: string;
}

/**
 * docs/SPEC.md §2: an activity page, a full page of its own without the site's header and footer. The page's head
 * (title, description, picture) is the host's, from the same data (the route manifest in `@wenrun/shared`).
 */
export default function ActivityPage({ id }: ActivityPageProps) {
  const { state, retry } = useActivity(id);
  const now = useNow();
  return (
    <ActivityFrame busy={state.status === 'loading'}>
      {state.status === 'loading' && <ActivitySkeleton />}
      {state.status === 'failed' && <ActivityProblemView problem={state.problem} onRetry={retry} />}
      {state.status === 'ready' && <ActivityView activity={state.activity} now={now} />}
    </ActivityFrame>
  );
}
