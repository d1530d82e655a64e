import { usePageData } from './usePageData';

const asText = (raw: unknown) => (typeof raw === 'string' ? raw : null);

/** A page that shows one piece of page data, for the hook's tests on both sides. */
export function Greeting({ load }: { load: () => Promise<unknown> }) {
  const { state, retry } = usePageData('greeting', load, asText);
  if (state.status === 'loading') return <p>加载中</p>;
  if (state.status === 'failed') {
    return (
      <p>
        失败：{state.error.message}
        <button type="button" onClick={retry}>
          重试
        </button>
      </p>
    );
  }
  return <p>{state.data}</p>;
}
