import 'semantic-ui-css/components/loader.min.css';

/** A loading indicator for a part of a page. */
export function LoadingIndicator({ label = '加载中…' }: { label?: string }) {
  return (
    <div className="loading-indicator" role="status" aria-live="polite">
      <div className="ui active inline loader small" aria-hidden="true" />
      <span>{label}</span>
    </div>
  );
}
