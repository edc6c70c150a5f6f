const dayFormat = new Intl.DateTimeFormat('en-AU', { day: 'numeric', month: 'long', year: 'numeric' });
const momentFormat = new Intl.DateTimeFormat('en-AU', { dateStyle: 'medium', timeStyle: 'short' });

const formatted = (format: Intl.DateTimeFormat, iso: string): string => {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : format.format(date);
};

/** An ISO timestamp as a day ("2 March 2026"), or as it came when it is not a date. */
export const dayOf = (iso: string): string => formatted(dayFormat, iso);

/** An ISO timestamp as a day and time ("2 Mar 2026, 9:05 pm"), for the reviewers' history. */
export const momentOf = (iso: string): string => formatted(momentFormat, iso);
