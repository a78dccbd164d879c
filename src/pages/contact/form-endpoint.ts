const ENTITIES: Record<string, string> = { '&amp;': '&', '&quot;': '"', '&#x27;': "'", '&#39;': "'", '&lt;': '<', '&gt;': '>' };

const FORM_OPEN = '<form id="contact-form"';
/** Longest opening tag we read; ours is a few hundred bytes (React escapes `>` inside attributes). */
const MAX_TAG = 4096;

/**
 * Where a generated contact page's form posts, read back from the page (`contact/index.html`), or
 * undefined when it holds no contact form. A package or a deployment is described by the files
 * it really carries, whoever generated them.
 *
 * The page may be anyone's upload (up to the deploy size limit), so the work is linear and bounded:
 * the first opening tag is found with indexOf and `action` is looked for only inside it. A single
 * regex over the page backtracked quadratically on a repeated tag without `>`, and blocked the server.
 */
export function formEndpointOf(contactPage: string): string | undefined {
  const start = contactPage.indexOf(FORM_OPEN);
  if (start < 0) return undefined;
  const window = contactPage.slice(start + FORM_OPEN.length, start + FORM_OPEN.length + MAX_TAG);
  const end = window.indexOf('>');
  if (end < 0) return undefined;
  const action = /\saction="([^"]*)"/.exec(window.slice(0, end));
  return action ? action[1]!.replace(/&(?:amp|quot|#x27|#39|lt|gt);/g, (e) => ENTITIES[e]!) : undefined;
}
