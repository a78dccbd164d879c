/**
 * Illustrated portraits for the sample clinics' team cards: a head-and-shoulders figure in a white
 * coat (or scrubs) with a stethoscope, on a brand-tinted backdrop. Deliberately a drawing, not a
 * fake photo: the sample people are fictional, and the alt text says it is an illustration.
 */
import { baseDefs, svg, vgrad } from './pieces.mjs';

// Hair behind the head (drawn first) and over it (drawn after the face).
const HAIR = {
  short: { back: () => '', front: (c) => `<path d="M222 300 Q 214 196 320 186 Q 428 190 418 300 Q 404 236 320 232 Q 238 236 222 300 Z" fill="${c}"/>` },
  side: {
    back: () => '',
    front: (c) => `<path d="M220 318 Q 206 190 318 180 Q 436 184 420 316 Q 410 246 356 234 Q 300 262 236 256 Q 226 280 220 318 Z" fill="${c}"/>`,
  },
  bun: {
    back: (c) => `<circle cx="320" cy="172" r="48" fill="${c}"/>`,
    front: (c) => `<path d="M220 320 Q 212 200 320 192 Q 428 200 420 320 Q 408 250 320 240 Q 232 250 220 320 Z" fill="${c}"/>`,
  },
  long: {
    back: (c) => `<path d="M206 480 Q 180 190 320 184 Q 460 190 434 480 Q 320 510 206 480 Z" fill="${c}"/>`,
    front: (c) => `<path d="M218 330 Q 206 196 320 190 Q 430 196 422 320 Q 380 250 300 236 Q 250 262 218 330 Z" fill="${c}"/>`,
  },
};

/** A calm, friendly face: eyes, brows, a nose line and a smile, in the skin's own shade. */
function face(look) {
  const ink = '#2a1d17';
  return (
    `<ellipse cx="284" cy="326" rx="8" ry="10" fill="${ink}"/><ellipse cx="356" cy="326" rx="8" ry="10" fill="${ink}"/>` +
    `<path d="M266 300 Q 284 290 300 298 M340 298 Q 356 290 374 300" fill="none" stroke="${look.hair}" stroke-width="7" stroke-linecap="round"/>` +
    `<path d="M322 336 Q 314 360 326 364" fill="none" stroke="${look.skinShade}" stroke-width="5" stroke-linecap="round"/>` +
    `<path d="M294 388 Q 320 408 346 388" fill="none" stroke="${ink}" stroke-width="6" stroke-linecap="round" opacity="0.8"/>`
  );
}

/**
 * One portrait. `look`: skin and hair colours, hair style, glasses, and whether the figure wears a
 * white coat (physicians, nurse practitioners) or brand-coloured scrubs (assistants).
 */
export function portrait(p, look) {
  const W = 640;
  const H = 720;
  const coat = look.scrubs ? p.brand : p.white;
  const coatShade = look.scrubs ? p.dark : '#e6e9ee';
  const shirt = look.scrubs ? p.dark : look.shirt ?? p.mid;
  const body =
    `<rect width="${W}" height="${H}" fill="url(#bg)"/>` +
    `<circle cx="320" cy="330" r="250" fill="${p.mist}" opacity="0.8"/>` +
    `<circle cx="520" cy="110" r="70" fill="${p.white}" opacity="0.35"/>` +
    HAIR[look.style].back(look.hair) +
    // Neck first, so the collar overlaps it; its top in shadow under the chin.
    `<rect x="284" y="400" width="72" height="112" rx="30" fill="${look.skin}"/><rect x="284" y="400" width="72" height="46" fill="${look.skinShade}"/>` +
    // Shoulders and coat.
    `<path d="M70 720 Q 80 560 200 520 L260 500 L380 500 L440 520 Q 560 560 570 720 Z" fill="${coat}"/>` +
    `<path d="M70 720 Q 80 560 200 520 L230 510 Q 170 600 180 720 Z" fill="${coatShade}" opacity="0.7"/>` +
    // Shirt in the V, then the lapels.
    `<path d="M268 500 L372 500 L320 620 Z" fill="${shirt}"/>` +
    (look.scrubs
      ? ''
      : `<path d="M262 500 L320 620 L296 720 L240 720 L226 560 Z" fill="${coatShade}"/><path d="M378 500 L320 620 L344 720 L400 720 L414 560 Z" fill="${coatShade}"/>` +
        `<rect x="430" y="600" width="64" height="22" rx="5" fill="${p.brand}"/>`) +
    // Ears, head, face, hair.
    `<ellipse cx="222" cy="330" rx="20" ry="30" fill="${look.skinShade}"/><ellipse cx="418" cy="330" rx="20" ry="30" fill="${look.skinShade}"/>` +
    `<ellipse cx="320" cy="318" rx="98" ry="122" fill="${look.skin}"/>` +
    (look.beard ? `<path d="M226 340 Q 232 452 320 456 Q 408 452 414 340 Q 400 400 362 404 Q 320 384 278 404 Q 240 400 226 340 Z" fill="${look.hair}" opacity="0.92"/>` : '') +
    face(look) +
    HAIR[look.style].front(look.hair) +
    (look.glasses
      ? `<g fill="none" stroke="${p.ink}" stroke-width="6" opacity="0.85"><rect x="254" y="304" width="60" height="44" rx="16"/><rect x="326" y="304" width="60" height="44" rx="16"/><path d="M314 322 L326 322"/></g>`
      : '') +
    // Stethoscope around the neck, its chest piece on the coat.
    `<path d="M250 500 Q 236 600 300 640 M390 500 Q 404 600 340 640" fill="none" stroke="${p.ink}" stroke-width="9" stroke-linecap="round"/>` +
    `<path d="M300 640 Q 320 660 340 640" fill="none" stroke="${p.ink}" stroke-width="9"/>` +
    `<path d="M320 655 L320 690" stroke="${p.ink}" stroke-width="9"/><circle cx="320" cy="700" r="18" fill="${p.steel}"/><circle cx="320" cy="700" r="9" fill="${p.white}"/>`;
  return svg(W, H, baseDefs(p) + vgrad('bg', p.soft, p.mid), body);
}
