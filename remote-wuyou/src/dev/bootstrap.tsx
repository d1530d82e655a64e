import { Navigate, useParams, useRoutes } from 'react-router-dom';
import { ACTIVITY_ROUTE, activityPath } from '@wenrun/shared';
import { mountStandalone } from '@wenrun/shared/dev';
import ActivityPage from '../exposes/ActivityPage';

function DevActivity() {
  const { id = '' } = useParams();
  return <ActivityPage id={id} />;
}

/** The activity page alone, at the same paths as on the site (`/wuyou/{id}`); any other path shows the first one. */
function DevPage() {
  return useRoutes([
    { path: ACTIVITY_ROUTE, element: <DevActivity /> },
    { path: '*', element: <Navigate to={activityPath(1)} replace /> },
  ]);
}

mountStandalone('活动', <DevPage />);
