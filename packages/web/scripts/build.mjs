// Placeholder build until the web app issue: copies the static page into dist/.
import { cpSync, mkdirSync, rmSync } from 'node:fs';

const here = new URL('..', import.meta.url);
rmSync(new URL('dist', here), { recursive: true, force: true });
mkdirSync(new URL('dist', here), { recursive: true });
cpSync(new URL('public', here), new URL('dist', here), { recursive: true });
