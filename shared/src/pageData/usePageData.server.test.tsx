/**
 * @jest-environment node
 */
import { PassThrough } from 'node:stream';
import { text } from 'node:stream/consumers';
import { Suspense } from 'react';
import { renderToPipeableStream } from 'react-dom/server';
import { ApiError } from '../api/client';
import { MESSAGES } from '../constants';
import { PageDataProvider } from './context';
import { PageDataStore } from './PageDataStore';
import { Greeting } from './testGreeting';

function renderOnServer(store: PageDataStore, load: () => Promise<unknown>): Promise<string> {
  return new Promise((resolve, reject) => {
    const stream = renderToPipeableStream(
      <PageDataProvider store={store}>
        <Suspense fallback={<p>不应出现</p>}>
          <Greeting load={load} />
        </Suspense>
      </PageDataProvider>,
      { onAllReady: () => resolve(text(stream.pipe(new PassThrough()))), onShellError: reject },
    );
  });
}

describe('usePageData on the server', () => {
  it('on the server, waits for the data once and renders with it; the store then carries it', async () => {
    const store = new PageDataStore('server');
    const load = jest.fn(async () => '你好');
    const html = await renderOnServer(store, load);
    expect(html).toContain('你好');
    expect(html).not.toContain('不应出现');
    expect(load).toHaveBeenCalledTimes(1);
    expect(store.toJSON()).toEqual({ greeting: { ok: true, data: '你好' } });
  });

  it('on the server, renders a failure with its Chinese message and records it', async () => {
    const store = new PageDataStore('server');
    const html = await renderOnServer(store, async () => Promise.reject(new ApiError('timeout', MESSAGES.timeout)));
    expect(html).toContain(MESSAGES.timeout);
    expect(store.failures()).toEqual([['greeting', { kind: 'timeout', message: MESSAGES.timeout }]]);
  });

});
