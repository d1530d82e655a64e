import { Resvg } from '@resvg/resvg-js';
import { escapeHtml } from './document';

/** Shared links want a picture of 1.91:1, as a JPEG or PNG (chat apps show no SVG). */
export const SHARE_IMAGE = { width: 1200, height: 630 } as const;

/** Chinese text needs a Chinese font: the system's (fonts-wqy-microhei on Debian), wherever it is installed. */
function rasterize(svg: string, width: number): Buffer {
  return new Resvg(svg, {
    fitTo: { mode: 'width', value: width },
    font: { loadSystemFonts: true, defaultFontFamily: 'WenQuanYi Micro Hei' },
  })
    .render()
    .asPng();
}

/** The site's own picture for shared links, in the site's colours. */
export function siteImagePng(company: string): Buffer {
  const { width, height } = SHARE_IMAGE;
  const font = "'PingFang SC','Microsoft YaHei','Noto Sans CJK SC','WenQuanYi Micro Hei',sans-serif";
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#17467d"/><stop offset="0.55" stop-color="#1f5fa8"/><stop offset="1" stop-color="#2f7fc8"/></linearGradient></defs>
<rect width="${width}" height="${height}" fill="url(#g)"/>
<g font-family="${font}" fill="#fff">
<text x="96" y="150" font-size="40" opacity="0.9">${escapeHtml(company)}</text>
<text x="96" y="280" font-size="68" font-weight="700">让每一位教师都被看见、</text>
<text x="96" y="370" font-size="68" font-weight="700">被支持、被成就</text>
<text x="96" y="480" font-size="32" opacity="0.9">研训体系 · 精品课程 · 智慧云 · 观测评价 · 项目合作</text>
</g></svg>`;
  return rasterize(svg, width);
}

/**
 * An activity's cover as the picture of its shared link: an SVG cover is drawn, a JPEG or PNG one framed in an SVG
 * and drawn the same way, so every activity's picture is a PNG of the same width.
 */
export function coverPng(bytes: Buffer, contentType: string): Buffer {
  if (/svg/i.test(contentType)) return rasterize(bytes.toString('utf8'), SHARE_IMAGE.width);
  const { width, height } = SHARE_IMAGE;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="${width}" height="${height}"><image width="${width}" height="${height}" preserveAspectRatio="xMidYMid slice" xlink:href="data:${contentType};base64,${bytes.toString('base64')}"/></svg>`;
  return rasterize(svg, width);
}
