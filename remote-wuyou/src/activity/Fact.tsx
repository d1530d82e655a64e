import type { ReactNode } from 'react';
import { Icon, type IconName } from './Icon';

/** One labelled line of a `<dl>` (time, place, deadline …); a line without a value is left out. */
export function Fact({ icon, label, children }: { icon: IconName; label: string; children: ReactNode }) {
  if (children === '' || children === null || children === undefined) return null;
  return (
    <div className="activity-fact">
      <dt>
        <Icon name={icon} />
        {label}
      </dt>
      <dd>{children}</dd>
    </div>
  );
}
