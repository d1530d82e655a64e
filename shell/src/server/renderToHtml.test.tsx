/**
 * @jest-environment node
 */
import { Suspense } from 'react';
import { renderToHtml } from './renderToHtml';

const TEXT = '教师研训';

/**
 * The arrivals not yet come: cleared after each test. One a render gave up on would otherwise hold the Jest worker
 * for its 10 s after the file ended, and Jest force-exits it ("A worker process has failed to exit gracefully").
 */
const arrivals = new Set<NodeJS.Timeout>();
afterEach(() => {
  arrivals.forEach(clearTimeout);
  arrivals.clear();
});

/** A value that is there only after `ms`, read the way a page's data is on the server: by suspending until then. */
function later(value: string, ms: number): () => string {
  let ready = false;
  const arrival = new Promise<void>((resolve) => {
    const timer = setTimeout(() => {
      arrivals.delete(timer);
      resolve();
    }, ms);
    arrivals.add(timer);
  }).then(() => {
    ready = true;
  });
  return () => {
    if (!ready) throw arrival;
    return value;
  };
}

function Later({ read }: { read: () => string }) {
  return <p>{read()}</p>;
}

function Broken(): JSX.Element {
  throw new Error('组件出错');
}

describe('renderToHtml', () => {
  // 21 bytes an item, pushed along by 0, 1 and 2 bytes: over four 2 KB buffers, Chinese characters land across
  // their ends at every offset a three-byte character can have. React 18.3.1's Node writer wrote U+0000 there.
  it.each([0, 1, 2])('writes every character whole where the writer’s buffers end (shifted by %i bytes)', async (shift) => {
    const items = Array.from({ length: 400 }, (_, index) => <li key={index}>{TEXT}</li>);
    const html = await renderToHtml(
      <ul>
        {'x'.repeat(shift)}
        {items}
      </ul>,
      5_000,
    );
    expect(html).toBe(`<ul>${'x'.repeat(shift)}${`<li>${TEXT}</li>`.repeat(400)}</ul>`);
  });

  it('waits for what suspends and renders it with its data: no fallback, no script to put it in place', async () => {
    const html = await renderToHtml(
      <Suspense fallback={<p>稍候</p>}>
        <Later read={later('数据已到', 30)} />
      </Suspense>,
      5_000,
    );
    // The boundary's markers say it was completed on the server: hydration takes it as it is.
    expect(html).toBe('<!--$--><p>数据已到</p><!--/$-->');
  });

  it('fails when the shell cannot be rendered', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    await expect(renderToHtml(<Broken />, 5_000)).rejects.toThrow('组件出错');
  });

  it('gives up at the deadline, before the shell or after it', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    await expect(renderToHtml(<Later read={later('太晚', 10_000)} />, 50)).rejects.toThrow('渲染超过 50 ms');
    await expect(
      renderToHtml(
        <Suspense fallback={<p>稍候</p>}>
          <Later read={later('太晚', 10_000)} />
        </Suspense>,
        50,
      ),
    ).rejects.toThrow('渲染超过 50 ms');
  });
});
