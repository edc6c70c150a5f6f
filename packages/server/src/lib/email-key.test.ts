import { describe, expect, it } from 'vitest';
import { emailKey, mailboxKey } from './email-key.js';

describe('email keys', () => {
  it('compare an address trimmed and without letter case', () => {
    expect(emailKey('  Kai@Example.COM ')).toBe('kai@example.com');
  });

  it('count a mailbox once, whatever its +tag', () => {
    expect(mailboxKey('kai+films@example.com')).toBe('kai@example.com');
    expect(mailboxKey('Kai+1+2@Example.com')).toBe('kai@example.com');
    // a local part that is only a tag is an address of its own
    expect(mailboxKey('+news@example.com')).toBe('+news@example.com');
  });

  it("count a Gmail mailbox once, whatever its dots and whichever of Google's domains", () => {
    const one = ['abcd@gmail.com', 'a.bcd@gmail.com', 'ab.cd@gmail.com', 'abcd@googlemail.com', 'A.B.C.D+x@GoogleMail.com'];
    expect(new Set(one.map(mailboxKey))).toEqual(new Set(['abcd@gmail.com']));
    // other providers may treat dots as letters
    expect(mailboxKey('a.bcd@example.com')).not.toBe(mailboxKey('abcd@example.com'));
  });
});
