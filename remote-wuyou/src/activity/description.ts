import type { Activity } from '@wenrun/shared';
import { formatPeriod } from './schedule';
import { ACTIVITY_TEXT } from './text';

/** Punctuation the lead may end with; the description adds its own full stop. */
const TRAILING_STOP = /[\s。．.！!？?；;，,]+$/;

/**
 * What a search result or a shared link says under the activity's title: its subtitle (or title), then when,
 * where and who, in the words the page uses for them.
 */
export function activityDescription(activity: Activity): string {
  const facts: [label: string, value: string][] = [
    [ACTIVITY_TEXT.time, formatPeriod(activity.startTime, activity.endTime)],
    [ACTIVITY_TEXT.place, activity.place],
    [ACTIVITY_TEXT.organizer, activity.organizer],
  ];
  const known = facts.filter(([, value]) => value.trim() !== '').map(([label, value]) => `${label}：${value.trim()}`);
  const lead = (activity.subtitle.trim() || activity.title.trim()).replace(TRAILING_STOP, '');
  return `${[lead, known.join('；')].filter((part) => part !== '').join('。')}。`;
}
