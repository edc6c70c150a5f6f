/**
 * Passwords of 8 or more characters that top the published breach-frequency
 * lists. Short ones are already refused by the length rule. Comparison is
 * case-insensitive, and runs of one character or plain keyboard and digit
 * sequences are refused as well.
 */
const COMMON = new Set(
  `password password1 password12 password123 password1234 passw0rd p@ssw0rd p@ssword
  12345678 123456789 1234567890 0123456789 12341234 11111111 00000000 88888888 87654321
  123123123 1234qwer qwer1234 1q2w3e4r 1q2w3e4r5t 1qaz2wsx zaq12wsx qwertyui qwertyuiop
  qwerty123 qwerty12 asdfghjk asdfghjkl zxcvbnm1 zxcvbnma abcd1234 abc12345 abcdefgh
  iloveyou iloveyou1 sunshine princess football baseball basketball superman batman123
  trustno1 letmein1 welcome1 welcome123 whatever starwars dragon123 master123 monkey123
  shadow12 michael1 jennifer jordan23 hunter22 charlie1 computer internet mustang1
  corvette harley12 ferrari1 mercedes liverpool chelsea1 arsenal1 manchester
  changeme changeme1 default1 administrator admin123 admin1234 rootroot
  secret12 secret123 test1234 testtest test12345 guest123 access14 matrix12
  football1 baseball1 soccer12 hockey12 summer12 summer2024 winter12 spring12
  december november1 september august12 january1 february march123
  princess1 sunflower flower12 butterfly chocolate cookie12 cheese12 banana12
  pokemon1 naruto12 minecraft fortnite1 starwars1 pa55word passpass
  loveme12 lovely12 babygirl1 angel123 jesus123 blessed1 freedom1 q1w2e3r4
  aa123456 a1234567 a12345678 qazwsxedc 987654321 147258369 159357456 123654789
  thefilmlist filmlist film1234 movies12 cinema12`
    .split(/\s+/)
    .filter(Boolean),
);

const SEQUENCES = ['0123456789', 'abcdefghijklmnopqrstuvwxyz', 'qwertyuiop', 'asdfghjkl', 'zxcvbnm'];

export function isCommonPassword(password: string): boolean {
  const p = password.toLowerCase();
  if (COMMON.has(p)) return true;
  if (/^(.)\1*$/.test(p)) return true;
  return SEQUENCES.some((s) => s.includes(p) || [...s].reverse().join('').includes(p));
}
