/** @jest-environment node */
import { createServer, type Server } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
// eslint-disable-next-line no-restricted-imports -- shared's one exception (docs/ARCHITECTURE.md): the API client tested against the server of the contract it is written for; a test, never shipped.
import { buildServer } from '@wenrun/reference-api';
import { DEFAULT_RUNTIME_CONFIG, setRuntimeConfig } from '../config/runtimeConfig';
import { MESSAGES, SUCCESS_CODE } from '../constants';
import { requestTracker } from '../feedback/loading';
import { notify } from '../feedback/notify';
import { ApiError, del, get, isApiError, post, put } from './client';
import { api } from './endpoints';
import { API_PATHS } from './paths';
import { track } from './stats';
import type { LoginResult } from './types';

// Only the toasts are replaced (to observe them); axios and the server are real.
jest.mock('../feedback/notify', () => ({ notify: { success: jest.fn(), error: jest.fn(), info: jest.fn() } }));
const toastError = notify.error as jest.Mock;

let referenceApi: FastifyInstance;
let apiBaseUrl: string;
let dataDir: string;

function useBaseUrl(url: string): void {
  setRuntimeConfig({ ...DEFAULT_RUNTIME_CONFIG, apiBaseUrl: url, statsBaseUrl: `${url}/stats` });
}

/** A local HTTP server with a hand-written answer, for the cases the reference API never produces. */
async function localServer(handler: Parameters<typeof createServer>[1]): Promise<{ url: string; server: Server }> {
  const server = createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

async function stop(server: Server): Promise<void> {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
}

/** The rejection of a call, which must be an ApiError. */
async function rejection(call: Promise<unknown>): Promise<ApiError> {
  try {
    await call;
  } catch (error) {
    if (isApiError(error)) return error;
    throw new Error(`rejected with something other than ApiError: ${String(error)}`, { cause: error });
  }
  throw new Error('the call resolved');
}

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'shared-client-'));
  referenceApi = await buildServer({ databasePath: path.join(dataDir, 'site.db'), logger: false, devEndpoints: true });
  await referenceApi.listen({ port: 0, host: '127.0.0.1' });
  apiBaseUrl = `http://127.0.0.1:${(referenceApi.server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await referenceApi.close();
  rmSync(dataDir, { recursive: true, force: true });
});

beforeEach(() => {
  useBaseUrl(apiBaseUrl);
  toastError.mockClear();
});

describe('happy path against the reference API', () => {
  it('logs in by password (form-urlencoded) and resolves with the envelope data', async () => {
    const result = await api.passwordLogin({ mobile: '13800138000', password: 'Wenrun@2026' });
    expect(result).toEqual({
      token: expect.any(String),
      mobile: '13800138000',
      teacherIcon: '/images/avatars/1.svg',
      sid: expect.any(String),
      tid: expect.any(String),
      schoolName: expect.any(String),
    });
    expect(toastError).not.toHaveBeenCalled();
  });

  it('sends a code and logs in with it', async () => {
    const mobile = '13612340000';
    expect(await api.sendCode({ mobile })).toEqual({ expiresIn: 300 });
    const { code } = await get<{ code: string }>(`/__dev/codes/${mobile}`);
    const result = await api.codeLogin({ mobile, code });
    expect(result.mobile).toBe(mobile);
  });

  it('covers every other call of docs/SPEC.md §7', async () => {
    const home = await api.integrate();
    expect(home.banners).toHaveLength(3);
    expect(home.courses).toHaveLength(8);

    const search = await api.search({ keyword: '班主任', page: 1, pageSize: 5 });
    expect(search.courses.total).toBeGreaterThan(0);
    expect(search.courses.pageSize).toBe(5);

    const activity = await api.activityPage({ id: '1' });
    expect(activity.id).toBe(1);
    expect(activity.blocks.length).toBeGreaterThan(0);

    const courses = await api.courseList({ category: '心理健康', page: 1, pageSize: 3 });
    expect(courses.list).toHaveLength(3);
    expect(courses.categories).toContain('心理健康');

    const message = await api.sendMessage({ name: '张老师', phone: '13800138000', message: '想了解研修班' });
    expect(message.id).toEqual(expect.any(Number));
    expect(toastError).not.toHaveBeenCalled();
    expect(requestTracker.pending).toBe(0);
  });

  it('sends statistics as JSON to the stats host', async () => {
    track({ type: 'page_view', path: '/about/1', detail: { tab: 1 } });
    // track() is fire-and-forget: poll the dev endpoint until the event shows up.
    let list: { type: string; path: string }[] = [];
    for (let attempt = 0; attempt < 50 && list.length === 0; attempt += 1) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      list = (await get<{ list: { type: string; path: string }[] }>('/__dev/stats')).list;
    }
    expect(list[0]).toMatchObject({ type: 'page_view', path: '/about/1', detail: { tab: 1 } });
  });
});

describe('docs/SPEC.md §8 errors', () => {
  it('rejects a non-"200" envelope with its codeMsg and shows it as a toast', async () => {
    const error = await rejection(api.passwordLogin({ mobile: '13800138000', password: 'not-the-password' }));
    expect(error).toBeInstanceOf(ApiError);
    expect(error.kind).toBe('envelope');
    expect(error.code).not.toBe(SUCCESS_CODE);
    expect(error.message).toBe('手机号或密码错误');
    expect((error.data as LoginResult).resultStr).toBe('手机号或密码错误');
    expect(toastError).toHaveBeenCalledTimes(1);
    expect(toastError).toHaveBeenCalledWith('手机号或密码错误');
  });

  it('shows the validation message of the server (empty search keyword)', async () => {
    const error = await rejection(api.search({ keyword: '' }));
    expect(error.message).toBe(MESSAGES.searchRequired);
    expect(toastError).toHaveBeenCalledWith(MESSAGES.searchRequired);
  });

  it('toasts what the caller says a failure means, when it says more than the envelope (a login’s resultStr)', async () => {
    const describeError = (failed: ApiError) => `登录失败：${(failed.data as LoginResult).resultStr}`;
    const error = await rejection(api.passwordLogin({ mobile: '13800138000', password: 'not-the-password' }, { describeError }));
    expect(error.message).toBe('手机号或密码错误');
    expect(toastError).toHaveBeenCalledTimes(1);
    expect(toastError).toHaveBeenCalledWith('登录失败：手机号或密码错误');
  });

  it('rejects silently with the hide-error flag', async () => {
    const error = await rejection(api.activityPage({ id: '999' }, { hideError: true }));
    expect(error.kind).toBe('envelope');
    expect(error.message).toBe('活动不存在或已下线');
    expect(toastError).not.toHaveBeenCalled();
  });

  it('answers a closed port with the network message', async () => {
    const { server, url } = await localServer(() => undefined);
    await stop(server);
    useBaseUrl(url);
    const error = await rejection(api.integrate());
    expect(error.kind).toBe('network');
    expect(error.message).toBe(MESSAGES.network);
    expect(toastError).toHaveBeenCalledWith(MESSAGES.network);
  });

  it('answers a server that never replies with the timeout message', async () => {
    const { server, url } = await localServer(() => undefined);
    try {
      useBaseUrl(url);
      const error = await rejection(api.integrate({ timeout: 150 }));
      expect(error.kind).toBe('timeout');
      expect(error.message).toBe(MESSAGES.timeout);
      expect(toastError).toHaveBeenCalledWith(MESSAGES.timeout);
      expect(requestTracker.pending).toBe(0);
    } finally {
      await stop(server);
    }
  });

  it('answers HTTP 500 with the status message, even when the body is an envelope', async () => {
    const { server, url } = await localServer((_request, response) => {
      response.writeHead(500, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ header: { code: '500', codeMsg: '内部细节' }, data: null }));
    });
    try {
      useBaseUrl(url);
      const error = await rejection(api.integrate());
      expect(error.kind).toBe('http');
      expect(error.status).toBe(500);
      expect(error.message).toBe(MESSAGES.httpStatus(500));
      expect(toastError).toHaveBeenCalledWith(MESSAGES.httpStatus(500));
    } finally {
      await stop(server);
    }
  });

  it("answers the reference API's transport refusals (404 route, 413 body) with the status message", async () => {
    expect((await rejection(post('/website/noSuchCall1.0'))).message).toBe(MESSAGES.httpStatus(404));
    const tooLarge = await rejection(api.sendMessage({ name: '张', phone: '13800138000', message: 'x'.repeat(100_000) }));
    expect(tooLarge.message).toBe(MESSAGES.httpStatus(413));
  });

  it('answers an HTML page (or any body that is not an envelope) with the bad-response message', async () => {
    const html = await rejection(get('/training-system/'));
    expect(html.kind).toBe('format');
    expect(html.message).toBe(MESSAGES.badResponse);
    expect(toastError).toHaveBeenCalledWith(MESSAGES.badResponse);
    expect((await rejection(get('/healthz'))).message).toBe(MESSAGES.badResponse);
  });

  // The faults e2e/tests/chaos-api.spec.ts answers each call with in the browser (each call meets one there).
  it.each([
    ['a non-"200" envelope without a message', 200, 'application/json', JSON.stringify({ header: { code: '500', codeMsg: '' }, data: null }), MESSAGES.envelopeFallback],
    ['an envelope whose message is blank', 200, 'application/json', JSON.stringify({ header: { code: '500', codeMsg: '  ' }, data: null }), MESSAGES.envelopeFallback],
    ['an empty body', 200, 'application/json', '', MESSAGES.badResponse],
    ['a gateway’s HTML page', 200, 'text/html; charset=utf-8', '<!doctype html><title>502</title><h1>网关错误</h1>', MESSAGES.badResponse],
    ['HTTP 500 in plain text', 500, 'text/plain', 'Internal Server Error', MESSAGES.httpStatus(500)],
  ])('answers %s with its message, as a toast', async (_name, status, contentType, body, message) => {
    const { server, url } = await localServer((_request, response) => {
      response.writeHead(status, { 'content-type': contentType });
      response.end(body);
    });
    try {
      useBaseUrl(url);
      const error = await rejection(api.integrate());
      expect(error.message).toBe(message);
      expect(toastError).toHaveBeenCalledTimes(1);
      expect(toastError).toHaveBeenCalledWith(message);
    } finally {
      await stop(server);
    }
  });

  it('sends put and delete through the same handling', async () => {
    expect((await rejection(put(API_PATHS.search, { keyword: 'x' }))).message).toBe(MESSAGES.httpStatus(404));
    expect((await rejection(del(API_PATHS.search, undefined, { hideError: true }))).kind).toBe('http');
  });
});

describe('axios fetched with the first call', () => {
  it('makes a failed fetch of axios that call’s network error, with its toast, and fetches it again on the next call', async () => {
    let fail = true;
    jest.doMock('axios', () => {
      if (fail) throw new Error('Loading chunk axios failed');
      return jest.requireActual('axios');
    });
    try {
      await jest.isolateModulesAsync(async () => {
        const fresh = (await import('./client')) as typeof import('./client');
        const config = (await import('../config/runtimeConfig')) as typeof import('../config/runtimeConfig');
        config.setRuntimeConfig({ ...DEFAULT_RUNTIME_CONFIG, apiBaseUrl });
        const first = await fresh.get(API_PATHS.search).catch((error: unknown) => error);
        expect(first).toMatchObject({ name: 'ApiError', kind: 'network', message: MESSAGES.network });
        expect(toastError).toHaveBeenCalledWith(MESSAGES.network);
        fail = false;
        const second = await fresh.get(API_PATHS.search).catch((error: unknown) => error);
        // The reference API answers a GET of a POST call with 404: the call went out this time.
        expect(second).toMatchObject({ kind: 'http', status: 404 });
      });
    } finally {
      jest.dontMock('axios');
    }
  });
});
