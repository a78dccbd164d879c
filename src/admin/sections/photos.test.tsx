import { renderToStaticMarkup } from 'react-dom/server';
import { parse } from 'node-html-parser';
import { describe, expect, it } from 'vitest';
import { GALLERY_MAX, PhotosSection, withGalleryPhoto, withHero, type PhotosValue } from './photos.js';

/** The admin's Photos card: what the operator sees for each photo, and the edits it makes. */
const a = { src: '/uploads/photo-0123456789abcdef0123456789abcdef.jpg', alt: 'Front desk' };
const b = { src: '/photos/room.jpg', alt: '' };

function view(value: PhotosValue, errors?: Record<string, string>) {
  return parse(renderToStaticMarkup(<PhotosSection value={value} onChange={() => undefined} errors={errors} />));
}

describe('the Photos card', () => {
  it('labels every alt text input and shows uploads as thumbnails', () => {
    const html = view({ hero: a, gallery: [b] });
    const labels = html.querySelectorAll('label').map((l) => l.text);
    expect(labels).toEqual(['Description of the hero photo (alt text)', 'Description of the clinic photo 1 (alt text)', 'Add a clinic photo']);
    for (const l of html.querySelectorAll('label')) expect(html.querySelector(`[id="${l.getAttribute('for')}"]`), l.text).not.toBeNull();
    expect(html.querySelector('#photo-hero-alt')!.getAttribute('value')).toBe('Front desk');
    expect(html.querySelector('img')!.getAttribute('src')).toBe(a.src);
    // A photo beside the config is not on this server: its path is shown instead.
    expect(html.text).toContain('/photos/room.jpg');
  });

  it('says an empty description must be written, and shows the server\'s errors by field', () => {
    const html = view({ gallery: [b] }, { 'photos.gallery[0].alt': 'missing; expected alt text' });
    expect(html.querySelector('#photo-gallery-0-alt')!.getAttribute('aria-invalid')).toBe('true');
    expect(html.text).toContain('missing; expected alt text');
    expect(view({ gallery: [b] }).text).toContain('Describe the photo before generating the website.');
    expect(html.querySelectorAll('label').map((l) => l.text)).toContain('Hero photo file');
  });

  it('offers no more uploads at 8 clinic photos', () => {
    const full = { gallery: Array.from({ length: GALLERY_MAX }, (_, i) => ({ src: `/p${i}.jpg`, alt: `P${i}` })) };
    expect(view(full).querySelectorAll('label').map((l) => l.text)).not.toContain('Add a clinic photo');
  });

  it('replaces, adds and removes photos without touching the others', () => {
    const v: PhotosValue = { hero: a, gallery: [b] };
    expect(withHero(v, undefined)).toEqual({ gallery: [b] });
    expect(withHero({ gallery: [] }, a)).toEqual({ hero: a, gallery: [] });
    expect(withGalleryPhoto(v, 1, a)).toEqual({ hero: a, gallery: [b, a] });
    expect(withGalleryPhoto(v, 0, { ...b, alt: 'Room' })).toEqual({ hero: a, gallery: [{ ...b, alt: 'Room' }] });
    expect(withGalleryPhoto(v, 0, undefined)).toEqual({ hero: a, gallery: [] });
  });
});
