import { SITE_NAME } from '@filmlist/shared/constants';
import { toWellFormedText } from '@filmlist/shared/fields';
import type { MailMessage } from './outbox.js';

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

interface Paragraph {
  text: string;
  link?: { label: string; url: string };
}

/** One plain-text and one HTML rendering of the same paragraphs, never with a lone surrogate (it cannot be encoded). */
function compose(kind: string, to: string, subject: string, paragraphs: Paragraph[]): MailMessage {
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
    subject: toWellFormedText(subject),
    text: toWellFormedText(text + '\n'),
    html: toWellFormedText(html),
  };
}

export function verificationMail(to: string, username: string, link: string): MailMessage {
  return compose('verification', to, `Verify your email for ${SITE_NAME}`, [
    { text: `Hello ${username},` },
    {
      text: `Thanks for joining ${SITE_NAME}. Please confirm your email address within 72 hours:`,
      link: { label: 'Verify my email', url: link },
    },
    { text: 'If the link has expired, you are welcome to sign up again. If you did not sign up, ignore this message.' },
  ]);
}

export function emailChangeMail(to: string, username: string, link: string): MailMessage {
  return compose('email-change', to, `Confirm your new email for ${SITE_NAME}`, [
    { text: `Hello ${username},` },
    {
      text: 'Please confirm this address to make it the email of your account. The link works for 72 hours:',
      link: { label: 'Confirm my new email', url: link },
    },
    { text: 'Until you confirm, your account keeps its previous address. If you did not ask for this change, ignore this message.' },
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

export function passwordResetMail(to: string, username: string, link: string): MailMessage {
  return compose('password-reset', to, `Reset your password for ${SITE_NAME}`, [
    { text: `Hello ${username},` },
    {
      text: 'Someone asked to reset the password of your account. The link works once, for one hour:',
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
