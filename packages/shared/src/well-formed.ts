/**
 * Lone surrogates: JSON can carry one ("\ud800"), but URLs, UTF-8 and mail cannot. A module of its own,
 * so that what builds links (pages.ts) need not load the whole text rule (text-rules.ts).
 */
const LONE_SURROGATE = /\p{Cs}/u;
export const LONE_SURROGATES = /\p{Cs}/gu;

export const isWellFormedText = (text: string): boolean => !LONE_SURROGATE.test(text);
/** Lone surrogates become U+FFFD, as String.prototype.toWellFormed does (ES2024, newer than this project's lib). */
export const toWellFormedText = (text: string): string => text.replace(LONE_SURROGATES, '\uFFFD');
