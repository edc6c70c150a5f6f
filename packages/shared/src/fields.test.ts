import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { addFilmRequest, checkFilmQuery, filmDetailsQuery, rejectFilmRequest, reviewFilmRequest } from './api/films.js';
import { logoutRequest, refreshRequest } from './api/auth.js';
import { checkUserRequest, loginRequest, profileParams, registerRequest, updateProfileRequest, verificationParams } from './api/users.js';
import { emailField, isPlainAddress, passwordField, usernameField, withAsciiDomain } from './fields.js';
import { isWellFormedText, toWellFormedText } from './text-rules.js';
import { messages } from './messages.js';

const firstMessage = (schema: z.ZodType, value: unknown) => schema.safeParse(value).error?.issues[0]?.message;

describe('ill-formed UTF-16', () => {
  const illFormed = ['\uD800', '\uDFFF', 'a\uDC00b', 'emoji cut \uD83D', '\uDE00 tail', '\uDC00\uD800'];

  it('is told apart from well-formed text, astral characters included', () => {
    for (const text of illFormed) expect(isWellFormedText(text), JSON.stringify(text)).toBe(false);
    for (const text of ['', 'plain', '\u{1F600}', '\uD83D\uDE00', '\uFFFD', '\uFFFF', '\u0000']) {
      expect(isWellFormedText(text), JSON.stringify(text)).toBe(true);
    }
  });

  it('is repaired with U+FFFD where a string must be encoded', () => {
    expect(toWellFormedText('a\uD800b\uDC00')).toBe('a\uFFFDb\uFFFD');
    expect(toWellFormedText('\u{1F600}')).toBe('\u{1F600}');
    expect(() => encodeURIComponent(toWellFormedText('\uD800'))).not.toThrow();
  });

  const valid = {
    review: { title: 'The Quiet Earth', release_year: '1985', description: 'Everyone is gone.' },
    add: {
      title: 'The Quiet Earth',
      release_year: '1985',
      description: 'Everyone is gone.',
      watchLink: 'https://watch.example',
      userId: 7,
    },
    reject: { title: 'The Quiet Earth', release_year: '1985', userId: 7, reason: 'Not for us.' },
    register: { username: 'rita', email: 'rita@example.com', password: 'Quiet-Harbour-Lantern-42' },
    login: { username: 'rita', password: 'Quiet-Harbour-Lantern-42' },
    profile: {
      username: 'rita',
      email: 'rita@example.com',
      password: 'Quiet-Harbour-Lantern-42',
      currentPassword: 'Old-Harbour-Lantern-41',
    },
  };
  const schemas: Array<[string, z.ZodType, Record<string, unknown>]> = [
    ['reviewfilm', reviewFilmRequest, valid.review],
    ['addfilm', addFilmRequest, valid.add],
    ['reject', rejectFilmRequest, valid.reject],
    ['register', registerRequest, valid.register],
    ['login', loginRequest, valid.login],
    ['profile update', updateProfileRequest, valid.profile],
    ['check', checkUserRequest, { username: 'rita', email: 'rita@example.com' }],
    ['refresh', refreshRequest, { refresh: 'A'.repeat(43) }],
    ['logout', logoutRequest, { refresh: 'A'.repeat(43) }],
    ['checkfilm', checkFilmQuery, { title: 'Alien', release_year: '1979' }],
    ['filmdetails', filmDetailsQuery, { title: 'Alien', year: '1979', slug: 'alien-1979' }],
    ['profile', profileParams, { username: 'rita' }],
    ['verification', verificationParams, { token: 'A'.repeat(43) }],
  ];

  it.each(schemas)('is refused in every text field of the %s request, with its own message', (_name, schema, body) => {
    expect(schema.safeParse(body).success).toBe(true);
    for (const [key, value] of Object.entries(body)) {
      if (typeof value !== 'string') continue;
      for (const at of [0, 1, value.length]) {
        const broken = { ...body, [key]: `${value.slice(0, at)}\uD800${value.slice(at)}` };
        const result = schema.safeParse(broken);
        expect(result.success, `${key} at ${at}`).toBe(false);
        expect(result.error?.issues[0], `${key} at ${at}`).toMatchObject({ message: messages.textIllFormed, path: [key] });
      }
    }
  });

  it('is refused in the one-field schemas before any other rule', () => {
    expect(firstMessage(usernameField, 'ri\uDC00ta')).toBe(messages.textIllFormed);
    expect(firstMessage(emailField, 'rita\uD800@example.com')).toBe(messages.textIllFormed);
    expect(firstMessage(passwordField, 'Quiet-Harbour-\uD800')).toBe(messages.textIllFormed);
    // A year sent as text: the broken character, not "fill in all fields".
    expect(firstMessage(reviewFilmRequest, { ...valid.review, release_year: '19\uD80085' })).toBe(messages.textIllFormed);
  });
});

describe('one plain email address (docs/product.md §Usernames and emails)', () => {
  it.each([
    'box@example.test',
    'first.last@example.test',
    'first+tag@example.test',
    "o'brien@example.test",
    'x_y-z@sub.example.test',
    "!#$%&'*+/=?^_`{|}~-@example.test",
    'BOX@Example.TEST',
    '1234@example.test',
    'box@xn--exmple-cua.test',
    'box@a-b.example.co',
    `${'l'.repeat(64)}@example.test`,
    `box@${'d'.repeat(63)}.test`,
  ])('accepts %j as it is', (address) => {
    expect(emailField.safeParse(address)).toEqual({ success: true, data: address });
  });

  it.each([
    ['Someone<box@example.test>'],
    ['<box@example.test>'],
    ['"Someone"<box@example.test>'],
    ['box@example.test,x'],
    ['box@example.test,other@example.test'],
    ['box@example.test;other@example.test'],
    ['g:box@example.test;'],
    ['group:;'],
    ['box(comment)@example.test'],
    ['(comment)box@example.test'],
    ['box@example.test(comment)'],
    ['box@(comment)example.test'],
    ['"box"@example.test'],
    ['"b@x"@example.test'],
    ['"b\\"x"@example.test'],
    ['box@[127.0.0.1]'],
    ['box@[IPv6:::1]'],
    ['box@127.0.0.1'],
    ['box@example'],
    ['box@localhost'],
    ['box@@example.test'],
    ['a@b@example.test'],
    ['@example.test'],
    ['box@'],
    ['box'],
    ['.box@example.test'],
    ['box.@example.test'],
    ['bo..x@example.test'],
    ['box@.example.test'],
    ['box@example.test.'],
    ['box@example..test'],
    ['box@-example.test'],
    ['box@example-.test'],
    ['box@exa_mple.test'],
    ['box@example.test>'],
    ['box@example.test\u0000'],
    ['b\u200Bx@example.test'],
    ['b\u00F6x@example.test'],
    ['box@ex\u00E4mple.test/evil'],
    ['box@ex\u00E4mple.test?x'],
    ['box@exa%6Dple.test'],
    ['box@\uFF11\uFF12\uFF17.\uFF10.\uFF10.\uFF11'],
    [`${'l'.repeat(65)}@example.test`],
    [`box@${'d'.repeat(64)}.test`],
  ])('refuses %j with its message', (address) => {
    expect(firstMessage(emailField, address)).toBe(messages.emailInvalid);
  });

  it('refuses forms with spaces with the message for spaces', () => {
    for (const address of ['Someone <box@example.test>', 'box@example.test (comment)', '"b x"@example.test', 'box@example.test\n']) {
      expect(firstMessage(emailField, address)).toBe(messages.emailHasSpaces);
    }
  });

  it('refuses an address longer than 254 characters', () => {
    const long = `${'l'.repeat(60)}@${'d'.repeat(60)}.${'d'.repeat(60)}.${'d'.repeat(60)}.${'d'.repeat(10)}.test`;
    expect(long.length).toBeGreaterThan(254);
    expect(firstMessage(emailField, long)).toBe(messages.emailTooLong);
  });

  it('keeps internationalised domains in their punycode form', () => {
    expect(emailField.parse('box@ex\u00E4mple.test')).toBe('box@xn--exmple-cua.test');
    expect(emailField.parse('box@EX\u00C4MPLE.test')).toBe('box@xn--exmple-cua.test');
    expect(emailField.parse('box@\u4F8B\u3048.\u30C6\u30B9\u30C8')).toBe('box@xn--r8jz45g.xn--zckzah');
    // Fullwidth letters and the ideographic full stop are what UTS 46 says they are.
    expect(emailField.parse('box@\uFF45\uFF58\uFF41\uFF4D\uFF50\uFF4C\uFF45\u3002test')).toBe('box@example.test');
    expect(withAsciiDomain('box@example.test')).toBe('box@example.test');
    expect(withAsciiDomain('no at sign')).toBe('no at sign');
    expect(isPlainAddress('box@xn--exmple-cua.test')).toBe(true);
    // The check normalises the same way, so it finds what sign-up stored.
    expect(checkUserRequest.parse({ email: 'box@ex\u00E4mple.test' }).email).toBe('box@xn--exmple-cua.test');
  });

  it('checks long hostile input in linear time', () => {
    const started = performance.now();
    for (const text of ['a.'.repeat(20_000), `${'a'.repeat(40_000)}@`, `x@${'a-'.repeat(20_000)}`, '.'.repeat(40_000)]) {
      isPlainAddress(text.slice(0, 254));
      emailField.safeParse(text);
    }
    expect(performance.now() - started).toBeLessThan(500);
  });
});

describe('usernames an outside attack used to spoof or to break pages', () => {
  it('folds compatibility forms, so a fullwidth or long-s name is the plain one', () => {
    expect(usernameField.parse('\uFF23\uFF53\uFF4E\uFF59\uFF51\uFF12\uFF54\uFF18')).toBe('Csnyq2t8');
    expect(usernameField.parse('C\u017Fnyq2t8')).toBe('Csnyq2t8');
  });

  it.each(['.', '..', '_', '-.-'])('refuses %j, which holds no letter or number', (name) => {
    expect(firstMessage(usernameField, name)).toBe(messages.usernameNeedsLetter);
  });

  it('refuses a name that mixes alphabets', () => {
    expect(firstMessage(usernameField, 'Fr\u0430nk')).toBe(messages.usernameMixesAlphabets);
    expect(usernameField.parse('\u0444\u0438\u043B\u044C\u043C')).toBe('\u0444\u0438\u043B\u044C\u043C');
  });
});
