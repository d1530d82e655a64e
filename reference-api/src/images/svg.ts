import { createHash } from 'node:crypto';
import { seededRandom } from '@wenrun/shared/node';

/**
 * The demo images, drawn here as SVG so that nothing comes from outside the repository. Text uses the fonts
 * Chinese systems have; the sizes match what the pages lay out.
 */
const FONT = "'PingFang SC','Microsoft YaHei','Noto Sans CJK SC','Source Han Sans SC',sans-serif";

export function escapeXml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

function svg(width: number, height: number, label: string, body: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" role="img" aria-label="${escapeXml(label)}">${body}</svg>`;
}

function textAt(x: number, y: number, size: number, fill: string, value: string, extra = ''): string {
  return `<text x="${x}" y="${y}" font-family="${FONT}" font-size="${size}" fill="${fill}" ${extra}>${escapeXml(value)}</text>`;
}

/** Two colours of one hue: a gradient that stays readable under white text. */
function gradient(id: string, hue: number): string {
  return `<defs><linearGradient id="${id}" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="hsl(${hue},62%,46%)"/><stop offset="1" stop-color="hsl(${(hue + 40) % 360},70%,34%)"/></linearGradient></defs>`;
}

/** A stable pseudo-random sequence from a string, so an image is the same on every seed. */
function randomFrom(seed: string): () => number {
  return seededRandom(createHash('sha256').update(seed).digest().readUInt32LE(0));
}

/** Looks like a QR code (finder squares and modules) but encodes nothing: a demo has no real account to link. */
function qrLike(seed: string, x: number, y: number, size: number, color = '#1f2d3d'): string {
  const cells = 25;
  const cell = size / cells;
  const random = randomFrom(seed);
  const inFinder = (col: number, row: number) =>
    (col < 8 && row < 8) || (col >= cells - 8 && row < 8) || (col < 8 && row >= cells - 8);
  const modules: string[] = [];
  for (let row = 0; row < cells; row += 1) {
    for (let col = 0; col < cells; col += 1) {
      if (!inFinder(col, row) && random() < 0.45) {
        modules.push(`<rect x="${(x + col * cell).toFixed(1)}" y="${(y + row * cell).toFixed(1)}" width="${cell.toFixed(1)}" height="${cell.toFixed(1)}"/>`);
      }
    }
  }
  const finder = (col: number, row: number) => {
    const fx = x + col * cell;
    const fy = y + row * cell;
    return `<rect x="${fx}" y="${fy}" width="${cell * 7}" height="${cell * 7}"/><rect x="${fx + cell}" y="${fy + cell}" width="${cell * 5}" height="${cell * 5}" fill="#fff"/><rect x="${fx + cell * 2}" y="${fy + cell * 2}" width="${cell * 3}" height="${cell * 3}"/>`;
  };
  return `<rect x="${x - cell}" y="${y - cell}" width="${size + 2 * cell}" height="${size + 2 * cell}" fill="#fff"/><g fill="${color}" shape-rendering="crispEdges">${modules.join('')}${finder(0, 0)}${finder(cells - 7, 0)}${finder(0, cells - 7)}</g>`;
}

export function courseCoverSvg(title: string, category: string, hue: number): string {
  return svg(
    480,
    270,
    `${category}：${title}`,
    `${gradient('g', hue)}<rect width="480" height="270" fill="url(#g)"/>` +
      `<circle cx="420" cy="40" r="110" fill="#fff" opacity="0.08"/><circle cx="60" cy="250" r="80" fill="#fff" opacity="0.06"/>` +
      `<rect x="28" y="28" rx="14" width="${category.length * 22 + 28}" height="36" fill="#fff" opacity="0.22"/>` +
      textAt(42, 53, 20, '#fff', category) +
      textAt(28, 168, title.length > 14 ? 22 : 26, '#fff', title, 'font-weight="600"') +
      textAt(28, 236, 16, '#fff', '文润教育 · 精品课程', 'opacity="0.8"'),
  );
}

export function avatarSvg(name: string, hue: number): string {
  const initial = [...name][0] ?? '文';
  return svg(
    200,
    200,
    name,
    `<circle cx="100" cy="100" r="100" fill="hsl(${hue},55%,52%)"/>` +
      textAt(100, 100, 84, '#fff', initial, 'text-anchor="middle" dominant-baseline="central"'),
  );
}

export function bannerSvg(title: string, subtitle: string, hue: number): string {
  return svg(
    1200,
    400,
    title,
    `${gradient('g', hue)}<rect width="1200" height="400" fill="url(#g)"/>` +
      `<circle cx="1040" cy="80" r="220" fill="#fff" opacity="0.08"/><circle cx="940" cy="360" r="140" fill="#fff" opacity="0.06"/>` +
      textAt(96, 180, 52, '#fff', title, 'font-weight="700"') +
      textAt(96, 250, 26, '#fff', subtitle, 'opacity="0.9"') +
      `<rect x="96" y="292" rx="22" width="160" height="44" fill="#fff"/>` +
      textAt(176, 321, 20, `hsl(${hue},62%,40%)`, '了解详情', 'text-anchor="middle"'),
  );
}

export function pictureSvg(caption: string, hue: number): string {
  const random = randomFrom(caption);
  const shapes = Array.from({ length: 6 }, (_, index) => {
    const x = Math.round(random() * 800);
    const y = Math.round(random() * 450);
    return `<circle cx="${x}" cy="${y}" r="${40 + index * 18}" fill="#fff" opacity="0.07"/>`;
  }).join('');
  return svg(
    800,
    450,
    caption,
    `${gradient('g', hue)}<rect width="800" height="450" fill="url(#g)"/>${shapes}` +
      `<rect x="0" y="370" width="800" height="80" fill="#000" opacity="0.25"/>` +
      textAt(40, 420, 28, '#fff', caption),
  );
}

export function serviceSvg(hotline: string): string {
  return svg(
    410,
    520,
    `在线客服，客服热线 ${hotline}`,
    `<rect width="410" height="520" rx="12" fill="#f5f8fc"/><rect width="410" height="96" rx="12" fill="#1f6fd1"/><rect y="60" width="410" height="36" fill="#1f6fd1"/>` +
      textAt(205, 58, 30, '#fff', '文润教育在线客服', 'text-anchor="middle" font-weight="600"') +
      qrLike('service', 105, 130, 200) +
      textAt(205, 375, 20, '#1f2d3d', '微信扫码，添加客服顾问', 'text-anchor="middle"') +
      textAt(205, 425, 18, '#5a6b7d', '客服热线', 'text-anchor="middle"') +
      textAt(205, 458, 22, '#1f6fd1', hotline, 'text-anchor="middle" font-weight="600"') +
      textAt(205, 494, 15, '#8a99a8', '服务时间：工作日 9:00—18:00', 'text-anchor="middle"'),
  );
}

export function consultSvg(): string {
  return svg(
    240,
    280,
    '扫码咨询课程',
    `<rect width="240" height="280" rx="10" fill="#fff"/>` +
      qrLike('consult', 30, 24, 180, '#0f5d3d') +
      textAt(120, 240, 18, '#1f2d3d', '扫码咨询课程', 'text-anchor="middle" font-weight="600"') +
      textAt(120, 266, 13, '#8a99a8', '课程顾问一对一解答', 'text-anchor="middle"'),
  );
}

export function accountQrSvg(name: string): string {
  return svg(
    240,
    280,
    `${name}公众号二维码`,
    `<rect width="240" height="280" rx="10" fill="#fff"/>` +
      qrLike(name, 30, 24, 180) +
      textAt(120, 240, 18, '#1f2d3d', name, 'text-anchor="middle" font-weight="600"') +
      textAt(120, 266, 13, '#8a99a8', '微信扫一扫，关注公众号', 'text-anchor="middle"'),
  );
}
