import { Dialogs } from './dialog';
import { RequestProgress } from './loading';
import { Notifications } from './notify';
import './feedback.css';

/** Messages, dialogs and the loading bar (docs/SPEC.md §2: available app-wide); rendered once per page. */
export function AppFeedback() {
  return (
    <>
      <RequestProgress />
      <Notifications />
      <Dialogs />
    </>
  );
}
