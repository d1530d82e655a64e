import { useEffect } from 'react';
import { activityIdFromPath, activityPath, useNavigate, usePath } from '@wenrun/shared';
import { mountStandalone } from '@wenrun/shared/dev';
import ActivityPage from '../exposes/ActivityPage';

/** The activity page alone, at the same paths as on the site (`/wuyou/{id}`). */
function DevPage() {
  const pathname = usePath();
  const navigate = useNavigate();
  const onActivityPath = pathname.startsWith('/wuyou/');
  useEffect(() => {
    if (!onActivityPath) navigate(activityPath(1), { replace: true });
  }, [navigate, onActivityPath]);
  return onActivityPath ? <ActivityPage id={activityIdFromPath(pathname)} /> : null;
}

mountStandalone('活动', <DevPage />);
