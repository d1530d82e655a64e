import { Loader } from 'semantic-ui-react';
import 'semantic-ui-css/components/loader.min.css';

/** A loading indicator for a part of a page: Semantic UI's loader beside what is loading, said to screen readers. */
export function LoadingIndicator({ label = '加载中…' }: { label?: string }) {
  return (
    <div className="loading-indicator" role="status" aria-live="polite">
      <Loader active inline size="small" aria-hidden="true" />
      <span>{label}</span>
    </div>
  );
}
