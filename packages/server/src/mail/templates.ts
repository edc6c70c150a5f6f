import { PASSWORD_RESET_TTL_MS, SITE_NAME, VERIFICATION_TTL_MS } from '@filmlist/shared/constants';
import { normalizeLineBreaks, toWellFormedText } from '@filmlist/shared/text-rules';
import { escapeHtml } from '../lib/html.js';
import type { MailMessage } from './outbox.js';

interface Paragraph {
  text: string;
  link?: { label: string; url: string };
}

/**
 * One plain-text and one HTML rendering of the same paragraphs, never with a lone surrogate (it cannot
 * be encoded), and with every line break of what members wrote as one LF: no bare CR reaches SMTP.
 */
const HOUR_MS = 60 * 60 * 1000;
/** How long a link lasts, in the words a mail says it: "72 hours", "one hour". */
function lifetime(ms: number): string {
  const hours = Math.round(ms / HOUR_MS);
  return hours === 1 ? 'one hour' : `${hours} hours`;
}

function compose(kind: string, to: string, subject: string, given: Paragraph[]): MailMessage {
  const paragraphs = given.map((p) => ({ ...p, text: normalizeLineBreaks(p.text) }));
  const text = paragraphs
    .map((p) => (p.link ? `${p.text}\n${p.link.url}` : p.text))
    .concat(`-- ${SITE_NAME}`)
    .join('\n\n');
  const body = paragraphs
    .map((p) => {
      const link = p.link ? `<br><a href="${escapeHtml(p.link.url)}">${escapeHtml(p.link.label)}</a>` : '';
      return `<p>${escapeHtml(p.text)}${link}</p>`;
    })
    .join('\n');
  const html = `<!doctype html><html><body style="font-family: sans-serif; line-height: 1.5">\n${body}\n<p>&mdash; ${SITE_NAME}</p></body></html>`;
  return {
    kind,
    to: toWellFormedText(to),
    subject: toWellFormedText(subject.replace(/[\r\n\u2028\u2029]+/g, ' ')),
    text: toWellFormedText(text + '\n'),
    html: toWellFormedText(html),
  };
}

/**
 * Mail to an address nobody has confirmed yet names the account that asks for it, so the owner of the
 * address knows which account a click would give it to: a later sign-up with the same address, or
 * another member's email change, cannot pass for their own (docs/product.md §Sign-up and verification).
 * A username is letters, digits, ".", "_" and "-" only, and never a lookalike of another.
 */
export function verificationMail(to: string, username: string, link: string): MailMessage {
  return compose('verification', to, `Verify your email for ${SITE_NAME}`, [
    { text: 'Hello,' },
    {
      text: `Thanks for joining ${SITE_NAME} as "${username}". Please confirm your email address within ${lifetime(VERIFICATION_TTL_MS)}:`,
      link: { label: `Verify my email for ${username}`, url: link },
    },
    {
      text: `If the link has expired, you are welcome to sign up again. If you did not sign up as "${username}", ignore this message: nothing happens without the link.`,
    },
  ]);
}

/** To a new address, not yet confirmed: it names the account, as verificationMail does. */
export function emailChangeMail(to: string, username: string, link: string): MailMessage {
  return compose('email-change', to, `Confirm your new email for ${SITE_NAME}`, [
    { text: 'Hello,' },
    {
      text: `Please confirm this address to make it the email of the account "${username}". The link works for ${lifetime(VERIFICATION_TTL_MS)}:`,
      link: { label: `Confirm my new email for ${username}`, url: link },
    },
    {
      text: `Until you confirm, the account keeps its previous address. If "${username}" is not your account, or you did not ask for this change, ignore this message.`,
    },
  ]);
}

/** To the address an account has now, when someone asks to move it elsewhere. */
export function emailChangeRequestedMail(to: string, username: string, newAddress: string, resetLink: string): MailMessage {
  return compose('email-change-requested', to, `A change of your email at ${SITE_NAME} was requested`, [
    { text: `Hello ${username},` },
    {
      text: `Someone signed in to your account asked to change its email to ${newAddress}. Nothing changes until the link sent there is followed.`,
    },
    {
      text: 'If that was not you, reset your password now: it cancels the change and logs everyone out.',
      link: { label: 'Reset my password', url: resetLink },
    },
  ]);
}

/** To the address an account had, once a new one has taken its place. */
export function emailChangedMail(to: string, username: string, newAddress: string, contact: string): MailMessage {
  return compose('email-changed', to, `Your email at ${SITE_NAME} has changed`, [
    { text: `Hello ${username},` },
    { text: `Your account's email is now ${newAddress}. Mail from ${SITE_NAME}, password resets included, goes there from now on.` },
    { text: `If you did not make this change, write to ${contact} at once.` },
  ]);
}

/**
 * To an account renamed because an account registered before it has a name that reads the same once names
 * are compared one way (db/identity-backfill.ts, decision 012): its new name, and that nothing else changed.
 */
export function usernameChangedMail(to: string, from: string, username: string, profileLink: string): MailMessage {
  return compose('username-changed', to, `Your username at ${SITE_NAME} is now "${username}"`, [
    { text: 'Hello,' },
    {
      text: `${SITE_NAME} now compares names the way a reader does: names that differ only in letter case, accents or letters of another script that look the same are one name. Your username "${from}" reads the same as the name of an account made before yours, so your username is now "${username}".`,
    },
    { text: `Log in as "${username}" with your password. Your email, your votes and your submissions are as they were.` },
    { text: 'You can choose another username on your profile:', link: { label: 'My profile', url: profileLink } },
  ]);
}

export function passwordResetMail(to: string, username: string, link: string): MailMessage {
  return compose('password-reset', to, `Reset your password for ${SITE_NAME}`, [
    { text: `Hello ${username},` },
    {
      text: `Someone asked to reset the password of your account. The link works once, for ${lifetime(PASSWORD_RESET_TTL_MS)}:`,
      link: { label: 'Choose a new password', url: link },
    },
    { text: 'Using it logs you out everywhere. If you did not ask for it, ignore this message: your password stays as it is.' },
  ]);
}

export interface SubmissionSummary {
  title: string;
  releaseYear: number;
  description: string;
  submitter: string;
}

export function reviewRequestMail(to: string, s: SubmissionSummary, addLink: string, queueLink: string): MailMessage {
  return compose('review-request', to, `New film to review: ${s.title} (${s.releaseYear})`, [
    { text: `${s.submitter} submitted "${s.title}" (${s.releaseYear}) for The Film List.` },
    { text: `Logline: ${s.description}` },
    { text: 'Open it prefilled in the reviewer form:', link: { label: 'Review this film', url: addLink } },
    { text: 'Or see everything awaiting review:', link: { label: 'Open the review queue', url: queueLink } },
  ]);
}

export function filmAddedMail(to: string, title: string, year: number, filmLink: string): MailMessage {
  return compose('film-added', to, `"${title}" is on The Film List`, [
    { text: `Good news: your recommendation "${title}" (${year}) has been added to The Film List.` },
    { text: 'See it on the list:', link: { label: title, url: filmLink } },
  ]);
}

export function filmRejectedMail(to: string, title: string, year: number, reason: string | undefined): MailMessage {
  return compose('film-rejected', to, `Your recommendation "${title}" was not added`, [
    { text: `Thank you for recommending "${title}" (${year}). A reviewer decided not to add it to The Film List.` },
    { text: reason ? `The reviewer's reason: ${reason}` : 'The reviewer gave no reason.' },
    { text: 'You are welcome to recommend other films at any time.' },
  ]);
}
