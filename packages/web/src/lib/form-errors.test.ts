import { describe, expect, it } from 'vitest';
import { messages, tryAgainIn } from '@filmlist/shared/messages';
import { ApiError } from './api-client';
import { formErrorsFrom } from './form-errors';

const signup = { fields: ['username', 'email', 'password'], explained: [400, 409], fallback: messages.registrationFailed } as const;

describe('formErrorsFrom', () => {
  it('puts the messages the server gives per field beside those fields, and nothing for the whole form', () => {
    const error = new ApiError(400, 'validation_failed', 'Bad email', { email: 'Bad email', other: 'not a field of this form' });
    expect(formErrorsFrom(error, signup)).toEqual({ fields: { email: 'Bad email' }, form: '', refused: true });
  });

  it('places a refusal about one field that names none beside that field, when the form has it', () => {
    expect(formErrorsFrom(new ApiError(409, 'username_taken', messages.usernameTaken), signup).fields).toEqual({
      username: messages.usernameTaken,
    });
    const withoutEmail = { ...signup, fields: ['username'] as const };
    expect(formErrorsFrom(new ApiError(409, 'email_taken', messages.emailTaken), withoutEmail)).toEqual({
      fields: {},
      form: messages.emailTaken,
      refused: true,
    });
  });

  it("gives the form's own message for a failure it does not explain, with when to try again after a 429 or 503", () => {
    expect(formErrorsFrom(new Error('offline'), signup)).toEqual({ fields: {}, form: messages.registrationFailed, refused: false });
    expect(formErrorsFrom(new ApiError(500, 'internal', 'boom'), signup).form).toBe(messages.registrationFailed);
    const limited = new ApiError(429, 'rate_limited', messages.rateLimited, {}, 60);
    expect(formErrorsFrom(limited, signup).form).toBe(`${messages.registrationFailed} ${tryAgainIn(60)}`);
    expect(formErrorsFrom(limited, { ...signup, explained: [429] }).form).toBe(`${messages.rateLimited} ${tryAgainIn(60)}`);
  });
});
