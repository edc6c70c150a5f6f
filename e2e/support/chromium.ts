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
