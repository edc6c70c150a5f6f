/** The film database answers a request within this, or the request goes on without it (the form goes on by hand). */
export const LOOKUP_DEADLINE_MS = 2500;

/** The answer came too late: the work goes on, and its answer is stored for next time. */
export class Late extends Error {}

/** The promise's value, or Late once `ms` have passed. */
export function within<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Late()), Math.max(1, ms));
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

/** The year of a "YYYY-MM-DD" date as TMDB gives it; null when it gives none. */
export const yearOf = (date: string | null | undefined): number | null => {
  const match = /^(\d{4})-\d{2}-\d{2}$/.exec(date ?? '');
  return match ? Number(match[1]) : null;
};
