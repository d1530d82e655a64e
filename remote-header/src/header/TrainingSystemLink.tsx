import { getRuntimeConfig } from '@wenrun/shared';

/** SPEC.md §1: the training system is another site, opened in a new tab. */
export function TrainingSystemLink() {
  return (
    <a
      className="ui primary button header-training"
      href={getRuntimeConfig().trainingSystemUrl}
      target="_blank"
      rel="noopener noreferrer"
    >
      进入研训系统
    </a>
  );
}
