/**
 * Hands a file the page fetched to the browser to save: an object URL on a clicked download link, which
 * the CSP (default-src 'self') allows, and which a link could not do for an answer that needs the bearer.
 */
export function saveFile(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has taken the file once the click is handled; the URL is let go a moment later.
  window.setTimeout(() => URL.revokeObjectURL(url), 1000);
}
