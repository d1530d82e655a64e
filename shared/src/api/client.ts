import type { AxiosError, AxiosInstance, AxiosRequestConfig, AxiosResponse, AxiosStatic } from 'axios';
import { getRuntimeConfig } from '../config/runtimeConfig';
import { MESSAGES, REQUEST_TIMEOUT_MS, SUCCESS_CODE } from '../constants';
import { requestTracker } from '../feedback/loading';
import { notify } from '../feedback/notify';
import type { Envelope } from './types';

declare module 'axios' {
  interface AxiosRequestConfig {
    /** docs/SPEC.md §8: reject without a toast (statistics, and the server's page data, which no visitor sees). */
    hideError?: boolean;
    /** The toast's text for a call whose failure says more than the envelope's message (a login's `resultStr`). */
    describeError?: (error: ApiError) => string;
  }
}

export type ApiErrorKind = 'envelope' | 'network' | 'timeout' | 'http' | 'format' | 'canceled';

/** Every rejected call rejects with this, its `message` already in Chinese and fit to show. */
export class ApiError<T = unknown> extends Error {
  constructor(
    readonly kind: ApiErrorKind,
    message: string,
    readonly code?: string,
    readonly data?: T,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

function isEnvelope(body: unknown): body is Envelope<unknown> {
  if (typeof body !== 'object' || body === null) return false;
  const header = (body as { header?: unknown }).header;
  return typeof header === 'object' && header !== null && 'code' in header;
}

/** What `axios.isAxiosError` checks, without needing axios loaded to ask. */
function isAxiosError(error: unknown): error is AxiosError {
  return typeof error === 'object' && error !== null && (error as { isAxiosError?: unknown }).isAxiosError === true;
}

function toApiError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  if (isAxiosError(error)) {
    if (error.code === 'ECONNABORTED' || error.code === 'ETIMEDOUT') return new ApiError('timeout', MESSAGES.timeout);
    if (error.response) {
      return new ApiError('http', MESSAGES.httpStatus(error.response.status), undefined, undefined, error.response.status);
    }
    // The caller gave up (a page left, a newer request replaced it): nobody is waiting for a message.
    if (error.code === 'ERR_CANCELED') return new ApiError('canceled', MESSAGES.network);
  }
  return new ApiError('network', MESSAGES.network);
}

/**
 * The one HTTP client of the site (a federation singleton through `shared`). Form-urlencoded by default
 * (axios serialises plain objects for that content type), 15 s timeout, the envelope unwrapped.
 */
function createClient(axios: AxiosStatic): AxiosInstance {
  const client = axios.create({
    timeout: REQUEST_TIMEOUT_MS,
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
  });
  // The base address is read per request: the shell sets the runtime config after this module has loaded.
  client.interceptors.request.use((config) => {
    config.baseURL ??= getRuntimeConfig().apiBaseUrl;
    return config;
  });
  client.interceptors.response.use(
    (response: AxiosResponse) => {
      const body: unknown = response.data;
      if (!isEnvelope(body)) {
        throw new ApiError('format', MESSAGES.badResponse, undefined, undefined, response.status);
      }
      if (String(body.header.code) !== SUCCESS_CODE) {
        const message = typeof body.header.codeMsg === 'string' && body.header.codeMsg.trim() !== ''
          ? body.header.codeMsg
          : MESSAGES.envelopeFallback;
        throw new ApiError('envelope', message, String(body.header.code), body.data, response.status);
      }
      return response;
    },
    (error: unknown) => Promise.reject(toApiError(error)),
  );
  return client;
}

let client: Promise<AxiosInstance> | undefined;

/**
 * The client, with axios fetched on the first call: a page arrives with its data, so a visit makes no call until
 * the visitor acts (searches, logs in, sends a message), and the page's first load does without axios's 19 KB.
 * A failed fetch of axios is a network error of that call; the next call tries again.
 */
function httpClient(): Promise<AxiosInstance> {
  client ??= import('axios').then(
    (module) => createClient(module.default),
    (error: unknown) => {
      client = undefined;
      console.warn('[api] 无法加载 HTTP 客户端（axios）', error);
      throw error;
    },
  );
  return client;
}

/** The page-wide progress bar is the visitor's; a server render has none, and keeps no count between renders. */
const inBrowser = typeof window !== 'undefined';

async function request<T>(config: AxiosRequestConfig): Promise<T> {
  if (inBrowser) requestTracker.started();
  try {
    const response = await (await httpClient()).request<Envelope<T>>(config);
    return response.data.data;
  } catch (error) {
    const apiError = toApiError(error);
    if (!config.hideError && apiError.kind !== 'canceled') notify.error(config.describeError?.(apiError) ?? apiError.message);
    throw apiError;
  } finally {
    if (inBrowser) requestTracker.finished();
  }
}

/** `baseURL`: where a server render sends its calls, when that is not the public address pages name. */
export type CallOptions = Pick<AxiosRequestConfig, 'hideError' | 'describeError' | 'signal' | 'timeout' | 'headers' | 'baseURL'>;

export function get<T>(url: string, params?: object, options?: CallOptions): Promise<T> {
  return request<T>({ ...options, method: 'GET', url, params });
}

export function post<T>(url: string, data?: object, options?: CallOptions): Promise<T> {
  return request<T>({ ...options, method: 'POST', url, data });
}

export function put<T>(url: string, data?: object, options?: CallOptions): Promise<T> {
  return request<T>({ ...options, method: 'PUT', url, data });
}

export function del<T>(url: string, params?: object, options?: CallOptions): Promise<T> {
  return request<T>({ ...options, method: 'DELETE', url, params });
}

/** Image paths in API data are relative to the API's base address. */
export function assetUrl(path: string): string {
  try {
    return new URL(path, getRuntimeConfig().apiBaseUrl).toString();
  } catch {
    return '';
  }
}
