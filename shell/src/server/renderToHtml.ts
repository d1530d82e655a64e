import type { ReactElement } from 'react';
import { renderToReadableStream } from 'react-dom/server.browser';

/**
 * The markup of `element` once all of it is ready, the data it suspends on included: the head needs the data,
 * and a whole page needs no script to put late parts in place (none is allowed inline).
 *
 * React's web-streams renderer, not `renderToPipeableStream`: in React 18.3.1 the Node writer, when a multi-byte
 * character no longer fits in its 2 KB buffer, sends the whole buffer, the unwritten bytes at its end included, as
 * U+0000 (react issue 31134, fixed in React 19 only). Pages in Chinese hit that boundary. The web-streams writer
 * encodes each chunk whole and sends only the bytes it wrote; it renders the same markup.
 */
export async function renderToHtml(element: ReactElement, timeoutMs: number): Promise<string> {
  const deadline = new AbortController();
  const timer = setTimeout(() => deadline.abort(new Error(`渲染超过 ${timeoutMs} ms`)), timeoutMs);
  // An abort before the shell is ready settles neither of React's promises: the deadline is raced, not awaited.
  const overDeadline = new Promise<never>((_, reject) => {
    deadline.signal.addEventListener('abort', () => reject(deadline.signal.reason), { once: true });
  });
  const rendered = (async () => {
    const stream = await renderToReadableStream(element, {
      signal: deadline.signal,
      onError: (error) => console.error('[render] 渲染出错', error),
    });
    await stream.allReady;
    return stream;
  })();
  try {
    return await new Response(await Promise.race([rendered, overDeadline])).text();
  } finally {
    clearTimeout(timer);
  }
}
