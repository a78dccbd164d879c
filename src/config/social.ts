/**
 * The social networks of a clinic config (spec section 3: instagram, facebook, youtube, tiktok,
 * pinterest): the label people read and how a handle becomes a profile link.
 */
export const SOCIAL_NETWORKS = [
  { key: 'instagram', label: 'Instagram', base: 'https://www.instagram.com/', at: false },
  { key: 'facebook', label: 'Facebook', base: 'https://www.facebook.com/', at: false },
  { key: 'youtube', label: 'YouTube', base: 'https://www.youtube.com/', at: true },
  { key: 'tiktok', label: 'TikTok', base: 'https://www.tiktok.com/', at: true },
  { key: 'pinterest', label: 'Pinterest', base: 'https://www.pinterest.com/', at: false },
] as const;

export type SocialKey = (typeof SOCIAL_NETWORKS)[number]['key'];
