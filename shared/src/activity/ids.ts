/** Activity ids are positive whole numbers; anything else is answered without asking the API. */
export function isActivityId(id: string): boolean {
  return /^[1-9]\d{0,9}$/.test(id);
}
