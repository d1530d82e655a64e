/**
 * The HTML page of every part: the shell's client-rendered page (the template the server renderer fills in) and each
 * remote's standalone dev page. The title is the part's.
 */
/** The site's icon inline, percent-encoded whole: a data URL with raw spaces or quotes is not a valid URL. */
const FAVICON = `data:image/svg+xml,${encodeURIComponent(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 36 36"><rect width="36" height="36" rx="8" fill="#1f5fa8"/><path d="M8 11h20M8 18h20M8 25h12" stroke="#fff" stroke-width="3" stroke-linecap="round"/></svg>',
)}`;

export function htmlPage(parameters: Record<string, unknown>): string {
  const { htmlWebpackPlugin } = parameters as { htmlWebpackPlugin: { options: { title?: unknown } } };
  return `<!doctype html>
<html lang="zh-CN">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="icon" href="${FAVICON}">
<title>${String(htmlWebpackPlugin.options.title)}</title>
</head>
<body>
<noscript>本网站需要启用 JavaScript 才能正常浏览。</noscript>
<div id="root"></div>
</body>
</html>`;
}
