/** The code of an authenticator app as typed (`123 456`, `123-456`): its digits, or undefined when it is not six of them. */
export function appCode(typed: string): string | undefined {
  const digits = typed.replace(/[\s-]/g, '');
  return /^\d{6}$/.test(digits) ? digits : undefined;
}

/** A TOTP secret (base32) in groups of four, as an app's "enter a key" screen is easiest typed from. */
export function groupSecret(secret: string): string {
  return (secret.replace(/\s/g, '').match(/.{1,4}/g) ?? []).join(' ');
}

/**
 * The server's QR code (an <svg> document) as a data: URL for an <img>: the image cannot run
 * anything, and the admin's Content-Security-Policy allows img-src data:. Never put into the page as HTML.
 */
export function svgDataUrl(svg: string): string {
  const bytes = new TextEncoder().encode(svg);
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return `data:image/svg+xml;base64,${btoa(binary)}`;
}
