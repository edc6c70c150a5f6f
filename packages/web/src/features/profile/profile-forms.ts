import { emailField, passwordField, usernameField } from '@filmlist/shared/fields';
import { messages, newPasswordHint } from '@filmlist/shared/messages';
import type { FieldSpec } from '../../components/FormFields';
import { fieldError } from '../../lib/field-error';
import type { ProfileChange, ProfileUpdate } from './api/update-profile';

export type Errors<F extends string> = Partial<Record<F, string>>;

/** One of the profile's update forms (docs/product.md §Member screens, /myprofile): its fields, its rules and what it sends. */
export interface ProfileForm<F extends string> {
  /** the heading's id; the heading names the form and its button */
  id: string;
  title: string;
  fields: readonly FieldSpec<F>[];
  /** every field blank, as the form starts and as it is left after a change */
  empty: Record<F, string>;
  validate: (values: Record<F, string>) => Errors<F>;
  change: (values: Record<F, string>) => ProfileChange;
  /** said below the server's message once the change is made */
  notice?: (answer: ProfileUpdate) => string | undefined;
}

const currentPassword: FieldSpec<'currentPassword'> = {
  name: 'currentPassword',
  label: 'Current password',
  type: 'password',
  autoComplete: 'current-password',
};

function checks<F extends string>(rules: Array<[F, string | undefined | false]>): Errors<F> {
  const errors: Errors<F> = {};
  for (const [field, message] of rules) if (message) errors[field] = message;
  return errors;
}

export const usernameForm: ProfileForm<'username'> = {
  id: 'update-username',
  title: 'Update Username',
  fields: [{ name: 'username', label: 'New username', autoComplete: 'username' }],
  empty: { username: '' },
  validate: (v) => checks([['username', fieldError(usernameField, v.username)]]),
  change: (v) => ({ username: v.username }),
};

/** A new email takes effect once its confirmation link is followed (§Email changes). */
export const emailForm: ProfileForm<'email' | 'currentPassword'> = {
  id: 'update-email',
  title: 'Update Email',
  fields: [{ name: 'email', label: 'New email', type: 'email', autoComplete: 'email' }, currentPassword],
  empty: { email: '', currentPassword: '' },
  validate: (v) =>
    checks<'email' | 'currentPassword'>([
      ['email', fieldError(emailField, v.email)],
      ['currentPassword', !v.currentPassword && messages.currentPasswordRequired],
    ]),
  change: (v) => ({ email: v.email, currentPassword: v.currentPassword }),
  notice: (answer) =>
    answer.pendingEmail
      ? `We have sent a confirmation link to ${answer.pendingEmail}. Your new email address takes effect once you follow it.`
      : undefined,
};

/** §Passwords: the profile checks the match only against the confirm field. */
export const passwordForm: ProfileForm<'password' | 'confirmPassword' | 'currentPassword'> = {
  id: 'update-password',
  title: 'Update Password',
  fields: [
    {
      name: 'password',
      inputName: 'newPassword',
      label: 'New password',
      type: 'password',
      autoComplete: 'new-password',
      hint: newPasswordHint,
    },
    { name: 'confirmPassword', label: 'Confirm new password', type: 'password', autoComplete: 'new-password' },
    currentPassword,
  ],
  empty: { password: '', confirmPassword: '', currentPassword: '' },
  validate: (v) =>
    checks<'password' | 'confirmPassword' | 'currentPassword'>([
      ['password', fieldError(passwordField, v.password)],
      ['confirmPassword', v.password !== v.confirmPassword && messages.passwordsDoNotMatch],
      ['currentPassword', !v.currentPassword && messages.currentPasswordRequired],
    ]),
  change: (v) => ({ password: v.password, currentPassword: v.currentPassword }),
};
