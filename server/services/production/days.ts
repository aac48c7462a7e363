/**
 * Calendar days as `YYYY-MM-DD` strings in UTC: the key of every daily aggregate. Arithmetic
 * goes through Date.UTC so month ends, leap years and DST never shift a day.
 */

const MS_PER_DAY = 86_400_000;

const toMs = (day: string) => Date.parse(`${day}T00:00:00Z`);
const fromMs = (ms: number) => new Date(ms).toISOString().slice(0, 10);

export const todayUtc = (now = new Date()) => now.toISOString().slice(0, 10);

export const addDays = (day: string, n: number) => fromMs(toMs(day) + n * MS_PER_DAY);

/** Days from `from` to `to`, both included. */
export const daysInRange = (from: string, to: string) => Math.round((toMs(to) - toMs(from)) / MS_PER_DAY) + 1;

/** The Monday of the ISO week the day falls in. */
export function mondayOf(day: string): string {
  const weekday = new Date(toMs(day)).getUTCDay(); // 0 = Sunday
  return addDays(day, -((weekday + 6) % 7));
}

/** Every day from `from` to `to`, both included. */
export function eachDay(from: string, to: string): string[] {
  const days: string[] = [];
  for (let day = from; day <= to; day = addDays(day, 1)) days.push(day);
  return days;
}
