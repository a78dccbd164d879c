const ENTITIES: Record<string, string> = { '&amp;': '&', '&quot;': '"', '&#x27;': "'", '&#39;': "'", '&lt;': '<', '&gt;': '>' };

/**
 * Where a generated contact page's form posts, read back from the page (`contact/index.html`), or
 * undefined when it holds no contact form. A package or a deployment is described by the files
 * it really carries, whoever generated them.
 */
export function formEndpointOf(contactPage: string): string | undefined {
  const form = /<form id="contact-form"[^>]*?\saction="([^"]*)"/.exec(contactPage);
  return form ? form[1]!.replace(/&(?:amp|quot|#x27|#39|lt|gt);/g, (e) => ENTITIES[e]!) : undefined;
}
