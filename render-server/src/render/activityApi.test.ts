import http from 'node:http';
import type net from 'node:net';
import { createActivityApi } from './activityApi';

/** A stand-in for the API's activityPageList1.0, answering as `answer` says for the asked page or id. */
function apiServer(answer: (fields: URLSearchParams, response: http.ServerResponse) => void) {
  const server = http.createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => answer(new URLSearchParams(body), response));
  });
  const origin = new Promise<string>((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as net.AddressInfo).port}`)),
  );
  return { origin, close: () => new Promise((resolve) => server.close(resolve)) };
}

const json = (response: http.ServerResponse, value: unknown, status = 200) =>
  response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(value));
const ok = (data: unknown) => ({ header: { code: '200', codeMsg: '成功' }, data });
const summary = (id: number) => ({ id, title: `活动 ${id}`, cover: '/images/c.svg', updatedAt: '2026-11-01 10:00:00' });

describe('the activity API of the site servers: the list', () => {
  it('reads every page of the list, 100 at a time, until the total', async () => {
    const asked: string[] = [];
    const api = apiServer((fields, response) => {
      asked.push(fields.get('page') ?? '');
      const page = Number(fields.get('page'));
      const ids = Array.from({ length: page < 3 ? 100 : 5 }, (_, index) => (page - 1) * 100 + index + 1);
      json(response, ok({ list: ids.map(summary), total: 205 }));
    });
    try {
      const list = await createActivityApi(await api.origin, 2000).listActivities();
      expect(list).toHaveLength(205);
      expect(asked).toEqual(['1', '2', '3']);
    } finally {
      await api.close();
    }
  });

  it.each([
    ['an error envelope', (response: http.ServerResponse) => json(response, { header: { code: '500', codeMsg: '系统繁忙' } }), '活动列表：系统繁忙'],
    ['an HTTP error', (response: http.ServerResponse) => json(response, {}, 502), '活动列表：HTTP 502'],
    ['something that is no envelope', (response: http.ServerResponse) => json(response, { list: [] }), '活动列表：回复不是接口的格式'],
    ['a list that never ends', (response: http.ServerResponse) => json(response, ok({ list: Array.from({ length: 100 }, (_, i) => summary(i + 1)), total: 1e9 })), '活动列表：超过 100 页'],
  ])('is an error, never an empty list, on %s', async (_what, answer, message) => {
    const api = apiServer((_fields, response) => answer(response));
    try {
      await expect(createActivityApi(await api.origin, 2000).listActivities()).rejects.toThrow(message);
    } finally {
      await api.close();
    }
  });

  it('gives up on an API that does not answer within the timeout', async () => {
    const api = apiServer(() => undefined);
    try {
      await expect(createActivityApi(await api.origin, 200).listActivities()).rejects.toThrow();
    } finally {
      await api.close();
    }
  });
});

describe('the activity API of the site servers: the picture of a shared link', () => {
  it('says why it fetches no cover named on another host', async () => {
    const api = apiServer((_fields, response) => json(response, ok({ id: 1, cover: 'http://10.0.0.1/secret.svg' })));
    try {
      await expect(createActivityApi(await api.origin, 2000).coverPicture('1')).rejects.toThrow('不在 API 的地址上，不去取');
    } finally {
      await api.close();
    }
  });
});
