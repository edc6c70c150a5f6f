import type { AuditEntry } from '@filmlist/shared/api/reviewers';

/** What each reviewer action did, as the history says it. */
export const ACTION_WORDS: Record<AuditEntry['action'], string> = {
  add: 'added',
  reject: 'rejected',
  edit: 'edited',
  remove: 'removed',
};

const FIELD_LABELS: Record<string, string> = {
  title: 'Title',
  release_year: 'Year of Release',
  description: 'Logline',
  watch_link: 'Watch Link',
};

type Value = string | number | null;

export interface Change {
  label: string;
  from: string;
  to: string;
}

const shown = (value: Value): string => (value === null || value === '' ? '(none)' : String(value));

const ORDER = Object.keys(FIELD_LABELS);
/** A field's place in the forms' order; fields the forms do not have go last. */
const rank = (field: string): number => (ORDER.includes(field) ? ORDER.indexOf(field) : ORDER.length);

/** An edit's changed fields, labelled as the forms label them, in the forms' order. */
export function changesOf(entry: AuditEntry): Change[] {
  return Object.entries(entry.changes ?? {})
    .sort(([a], [b]) => rank(a) - rank(b))
    .map(([field, { from, to }]) => ({ label: FIELD_LABELS[field] ?? field, from: shown(from), to: shown(to) }));
}
