import { useEffect } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { MESSAGES, REDIRECT_LIMIT } from '@wenrun/shared';

/** Redirect hops closer together than this count as one chain. */
const CHAIN_WINDOW_MS = 3_000;

const hops: number[] = [];

/** Records a hop; `false` once a chain has gone past docs/SPEC.md §9's limit. */
export function allowRedirectHop(now: number = Date.now()): boolean {
  while (hops.length && now - (hops[hops.length - 1] ?? now) > CHAIN_WINDOW_MS) hops.length = 0;
  hops.push(now);
  return hops.length <= REDIRECT_LIMIT;
}

export function resetRedirectHops(): void {
  hops.length = 0;
}

/** Replaces the URL with `to`, unless redirects are going round in circles: then it says so and stops. */
export function Redirect({ to }: { to: string }) {
  const navigate = useNavigate();
  const allowed = allowRedirectHop();
  useEffect(() => {
    if (allowed) navigate(to, { replace: true });
  }, [allowed, navigate, to]);
  if (allowed) return null;
  return (
    <div className="redirect-loop" role="alert">
      <p>{MESSAGES.redirectLoop}</p>
      <Link to="/" onClick={resetRedirectHops}>
        返回首页
      </Link>
    </div>
  );
}
