import type { Envelope } from '@wenrun/shared';
import { element } from './dom';

/**
 * The admin token for what the API keeps behind it (field data over time, the render servers' metrics): typed in by
 * ops, kept in sessionStorage, so for this tab only and gone when it closes; sent in the Authorization header, never
 * in a URL. Without one the console asks the demo API's `/__dev` twin, which a production API does not have.
 */
const TOKEN_KEY = 'wenrun:console-admin-token';

export function adminToken(): string | undefined {
  try {
    return sessionStorage.getItem(TOKEN_KEY) ?? undefined;
  } catch {
    return undefined;
  }
}

export function keepAdminToken(token: string | undefined): void {
  try {
    if (token) sessionStorage.setItem(TOKEN_KEY, token);
    else sessionStorage.removeItem(TOKEN_KEY);
  } catch {
    // Storage refused (a private window's quota): the token is simply asked for again.
  }
}

export type AdminReply<T> = { data: T } | { problem: string; needsToken: boolean };

/** `path` from the API's admin prefix with the tab's token, or from `/__dev` without one. */
export async function adminGet<T>(apiBaseUrl: string, path: string): Promise<AdminReply<T>> {
  const token = adminToken();
  const url = `${apiBaseUrl.replace(/\/$/, '')}${token ? '/admin' : '/__dev'}${path}`;
  let response: Response;
  try {
    response = await fetch(url, { cache: 'no-store', headers: token ? { authorization: `Bearer ${token}` } : {} });
  } catch (error) {
    return { problem: `接口服务无法连接（${String(error)}）`, needsToken: false };
  }
  if (response.status === 401) return { problem: '管理令牌不正确，请重新输入。', needsToken: true };
  if (response.status === 404 && !token) return { problem: '这个接口服务不是演示模式：请输入管理令牌。', needsToken: true };
  const body = (await response.json().catch(() => null)) as Envelope<T> | null;
  if (!body || body.header.code !== '200') return { problem: `接口服务回复 HTTP ${response.status}：${body?.header.codeMsg ?? '格式不对'}`, needsToken: false };
  return { data: body.data };
}

/** The form that asks for the token: submitted, it is kept for the tab and `onChange` shows the figures again. */
export function tokenForm(onChange: () => void): HTMLFormElement {
  const form = element('form', undefined, 'token-form');
  const label = element('label', '管理令牌（只保存在本标签页，关闭即清除）');
  label.htmlFor = 'admin-token';
  const input = Object.assign(element('input'), { id: 'admin-token', type: 'password', autocomplete: 'off', spellcheck: false });
  const use = Object.assign(element('button', '使用令牌'), { type: 'submit' });
  const clear = Object.assign(element('button', '清除令牌'), { type: 'button' });
  form.append(label, input, use, clear);
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    keepAdminToken(input.value.trim() || undefined);
    input.value = '';
    onChange();
  });
  clear.addEventListener('click', () => {
    keepAdminToken(undefined);
    onChange();
  });
  return form;
}
