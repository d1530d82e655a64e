import { escapeXml } from '../images/svg';

/** A small self-contained Chinese page: inline style, no script, images only from this server. */
export function htmlPage(title: string, body: string): string {
  return `<!doctype html>
<html lang="zh-CN">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeXml(title)}</title>
<style>
  body { margin: 0; font-family: 'PingFang SC', 'Microsoft YaHei', sans-serif; color: #1f2d3d; background: #f5f8fc; }
  main { max-width: 720px; margin: 48px auto; padding: 32px; background: #fff; border-radius: 12px; box-shadow: 0 4px 24px rgba(0, 0, 0, 0.06); }
  h1 { margin-top: 0; color: #1f6fd1; }
  ul { padding-left: 1.4em; line-height: 1.9; }
  .note { color: #8a99a8; font-size: 14px; }
</style>
</head>
<body>
<main>
${body}
</main>
</body>
</html>
`;
}

/** What the pages may load: their own inline style and this server's images, nothing else. */
export const PAGE_CSP = "default-src 'none'; style-src 'unsafe-inline'; img-src 'self'";
