import { getRuntimeConfig } from '@wenrun/shared';
import { NewTabIcon } from './icons';

/** docs/SPEC.md §1: the training system is another site (runtime config), opened in a new tab. */
export function TrainingSystemLink() {
  return (
    <a
      className="ui primary button header-training"
      href={getRuntimeConfig().trainingSystemUrl}
      target="_blank"
      rel="noopener noreferrer"
      title="在新标签页中打开研训系统"
    >
      进入研训系统
      <NewTabIcon />
    </a>
  );
}
