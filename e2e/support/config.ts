/** What the browser journeys, the screenshots and the page bench are told through the environment: e2e/'s one reader of process.env. */

/** Debian's Chromium, for the browser journeys and the page bench (`CHROMIUM_PATH` points elsewhere). */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? process.env.CHROME_PATH ?? '/usr/bin/chromium';

/** The flags this machine's headless Chromium needs: no sandbox, no GPU, no background traffic. */
export const CHROME_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** npm run shots: SHOTS_ONLY (a pattern of screen names) takes only those; SHOTS_DIR keeps them there. */
export const screenshotOptions = {
  only: process.env.SHOTS_ONLY ? new RegExp(process.env.SHOTS_ONLY) : null,
  dir: process.env.SHOTS_DIR || undefined,
};

/** What a child process keeps of this one's environment: PATH and HOME, the rest given by the test. */
export const childEnvironment = (env: Record<string, string>): Record<string, string> => ({
  PATH: process.env.PATH ?? '',
  HOME: process.env.HOME ?? '',
  ...env,
});
