/**
 * The domain a city's site lives at: its config's domainName, else the host of its website, as
 * the pages' canonical links, sitemap and Open Graph say (pages/page-model.ts). A deployment and a
 * package's DEPLOY.md name the same one, whether the admin sends the saved version or the form as
 * edited (the form has no domain input: docs/decisions/003-admin-deploys.md).
 */
export function siteDomain(config: { domainName?: string; website?: string }): string | undefined {
  if (config.domainName) return config.domainName.toLowerCase();
  try {
    return config.website ? new URL(config.website).hostname.toLowerCase() : undefined;
  } catch {
    return undefined;
  }
}
