import { Button } from 'semantic-ui-react';
import { getRuntimeConfig } from '@wenrun/shared';
import { NewTabIcon } from './icons';

/** docs/SPEC.md §1: the training system is another site (runtime config), opened in a new tab. */
export function TrainingSystemLink() {
  return (
    <Button
      as="a"
      // Semantic UI React calls anything but a <button> a button; this one opens a site, as a link does.
      role="link"
      primary
      className="header-training"
      href={getRuntimeConfig().trainingSystemUrl}
      target="_blank"
      rel="noopener noreferrer"
      title="在新标签页中打开研训系统"
    >
      进入研训系统
      <NewTabIcon />
    </Button>
  );
}
