/** The password of every test member, whether made by a factory or signed up over HTTP. */
export const MEMBER_PASSWORD = 'a long unusual passphrase 42';

let sequence = 0;
/**
 * A name (username, title, address part) no other test of this process uses. In decimal digits: names
 * that differ only in letters and digits that look alike ("1" and "l", "0" and "o") are one name.
 */
export const unique = (prefix: string) => `${prefix}${process.pid}x${++sequence}`;
