/** The password of every test member, whether made by a factory or signed up over HTTP. */
export const MEMBER_PASSWORD = 'a long unusual passphrase 42';

let sequence = 0;
/** A name (username, title, address part) no other test of this process uses. */
export const unique = (prefix: string) => `${prefix}${process.pid.toString(36)}x${(++sequence).toString(36)}`;
