import type { Activity, ActivityBlock, ActivitySignUp } from '../api/types';

/**
 * The shape of `data` is ours, but the site must keep working against any server that keeps the envelope: data
 * that cannot be an activity is refused here (the page says so) instead of throwing halfway through rendering,
 * and a block of a kind this page does not know is left out rather than shown broken.
 */
type Fields = Record<string, unknown>;

function isRecord(value: unknown): value is Fields {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function text(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

function positive(value: unknown): number {
  return typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : 0;
}

function parseBlock(value: unknown): ActivityBlock | null {
  if (!isRecord(value)) return null;
  const title = text(value.title) || undefined;
  switch (value.type) {
    case 'text':
      return typeof value.html === 'string' ? { type: 'text', title, html: value.html } : null;
    case 'image': {
      const width = positive(value.width);
      const height = positive(value.height);
      if (!text(value.src) || !width || !height) return null;
      return { type: 'image', src: text(value.src), alt: text(value.alt), width, height };
    }
    case 'list': {
      if (!Array.isArray(value.items)) return null;
      const items = value.items.filter((item): item is string => typeof item === 'string' && item.trim() !== '');
      return items.length ? { type: 'list', title, items } : null;
    }
    default:
      return null;
  }
}

function parseSignUp(value: unknown): ActivitySignUp {
  const signUp = isRecord(value) ? value : {};
  return {
    deadline: text(signUp.deadline),
    contact: text(signUp.contact),
    phone: text(signUp.phone),
    note: text(signUp.note),
  };
}

export function parseActivity(data: unknown): Activity | null {
  if (!isRecord(data) || !text(data.title).trim()) return null;
  return {
    id: positive(data.id),
    title: text(data.title),
    subtitle: text(data.subtitle),
    startTime: text(data.startTime),
    endTime: text(data.endTime),
    place: text(data.place),
    organizer: text(data.organizer),
    cover: text(data.cover),
    blocks: (Array.isArray(data.blocks) ? data.blocks : [])
      .map(parseBlock)
      .filter((block): block is ActivityBlock => block !== null),
    signUp: parseSignUp(data.signUp),
  };
}
