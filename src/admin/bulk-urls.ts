/**
 * Bulk add of business profile URLs (spec section 5): split the text by lines, trim each line,
 * drop empty lines and lines that do not start with http:// or https://, and append the rest.
 * No duplicate check. Returns what to append and how many non-empty lines were dropped, so the
 * form can say so.
 */
export function parseBulkUrls(text: string): { urls: string[]; skipped: number } {
  const lines = text
    .split(/\r\n|\r|\n/)
    .map((l) => l.trim())
    .filter((l) => l !== '');
  const urls = lines.filter((l) => l.startsWith('http://') || l.startsWith('https://'));
  return { urls, skipped: lines.length - urls.length };
}
