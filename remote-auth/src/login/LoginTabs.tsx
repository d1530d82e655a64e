import type { KeyboardEvent } from 'react';
import { Menu } from 'semantic-ui-react';
import { LOGIN_METHODS, type LoginMethod } from './draft';
import 'semantic-ui-css/components/menu.min.css';

interface LoginTabsProps {
  method: LoginMethod;
  onSelect: (method: LoginMethod) => void;
  tabId: (method: LoginMethod) => string;
  panelId: string;
}

/** Where each key moves in a row of tabs (WAI-ARIA tabs pattern), or `undefined` for keys the tabs leave alone. */
function targetIndex(key: string, current: number, count: number): number | undefined {
  if (key === 'ArrowRight') return (current + 1) % count;
  if (key === 'ArrowLeft') return (current - 1 + count) % count;
  if (key === 'Home') return 0;
  if (key === 'End') return count - 1;
  return undefined;
}

/**
 * docs/SPEC.md §2, §4: the 密码登录 / 验证码登录 tabs, Semantic UI's pointing menu. One tab stop; the arrow keys (and
 * Home, End) move between the tabs and select them, as screen-reader users expect of a tab list.
 */
export function LoginTabs({ method, onSelect, tabId, panelId }: LoginTabsProps) {
  function onKeyDown(event: KeyboardEvent<HTMLElement>) {
    const current = LOGIN_METHODS.findIndex((item) => item.method === method);
    const next = targetIndex(event.key, current, LOGIN_METHODS.length);
    const target = next === undefined ? undefined : LOGIN_METHODS[next]?.method;
    if (!target) return;
    event.preventDefault();
    onSelect(target);
    document.getElementById(tabId(target))?.focus();
  }

  return (
    <Menu pointing secondary widths={2} role="tablist" aria-label="登录方式" className="login-tabs" onKeyDown={onKeyDown}>
      {LOGIN_METHODS.map((item) => {
        const selected = item.method === method;
        return (
          <Menu.Item
            key={item.method}
            as="button"
            type="button"
            role="tab"
            id={tabId(item.method)}
            active={selected}
            aria-selected={selected}
            aria-controls={panelId}
            tabIndex={selected ? 0 : -1}
            onClick={() => onSelect(item.method)}
          >
            {item.title}
          </Menu.Item>
        );
      })}
    </Menu>
  );
}
