import { Navigate, Route, Routes, useLocation } from 'react-router-dom';
import { activityIdFromPath, activityPath } from '@wenrun/shared';
import { mountStandalone } from '@wenrun/shared/dev';
import ActivityPage from '../exposes/ActivityPage';

/** The activity page alone, at the same paths as on the site (`/wuyou/{id}`). */
function DevPage() {
  const { pathname } = useLocation();
  return (
    <Routes>
      <Route path="/wuyou/*" element={<ActivityPage id={activityIdFromPath(pathname)} />} />
      <Route path="*" element={<Navigate to={activityPath(1)} replace />} />
    </Routes>
  );
}

mountStandalone('活动', <DevPage />);
