import { Link } from 'react-router-dom';

export function Logo() {
  return (
    <Link to="/" className="site-logo" aria-label="文润教育首页">
      <svg width="36" height="36" viewBox="0 0 36 36" aria-hidden="true">
        <rect width="36" height="36" rx="8" fill="#1f5fa8" />
        <path d="M8 11h20M8 18h20M8 25h12" stroke="#fff" strokeWidth="3" strokeLinecap="round" />
        <circle cx="26" cy="25" r="3" fill="#e8792b" />
      </svg>
      <span className="site-logo__name">文润教育</span>
    </Link>
  );
}
