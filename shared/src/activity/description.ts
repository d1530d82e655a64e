import type { Activity } from '../api/types';
import { formatPeriod } from './schedule';

/** How the activity page names its facts; the description of a shared link uses the same words. */
export const ACTIVITY_FACT_LABELS = { time: '时间', place: '地点', organizer: '主办' } as const;

/** Punctuation the lead may end with; the description adds its own full stop. */
const TRAILING_STOP = /[\s。．.！!？?；;，,]+$/;

/**
 * What a search result or a shared link says under the activity's title: its subtitle (or title), then when,
 * where and who, in the words the page uses for them.
 */
export function activityDescription(activity: Activity): string {
  const facts: [label: string, value: string][] = [
    [ACTIVITY_FACT_LABELS.time, formatPeriod(activity.startTime, activity.endTime)],
    [ACTIVITY_FACT_LABELS.place, activity.place],
    [ACTIVITY_FACT_LABELS.organizer, activity.organizer],
  ];
  const known = facts.filter(([, value]) => value.trim() !== '').map(([label, value]) => `${label}：${value.trim()}`);
  const lead = (activity.subtitle.trim() || activity.title.trim()).replace(TRAILING_STOP, '');
  return `${[lead, known.join('；')].filter((part) => part !== '').join('。')}。`;
}
