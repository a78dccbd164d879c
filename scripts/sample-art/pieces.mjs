/**
 * Furniture and scenery of the sample illustrations, as SVG fragments in one flat style: soft
 * gradients, rounded corners, no outlines. Each takes the palette (palette.mjs) and a position.
 */

/** An SVG document of `w` x `h` with `defs` and a body. */
export function svg(w, h, defs, body) {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}"><defs>${defs}</defs>${body}</svg>`;
}

/** A vertical linear gradient `id` from `top` to `bottom`. */
export function vgrad(id, top, bottom, o1 = 1, o2 = 1) {
  return `<linearGradient id="${id}" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${top}" stop-opacity="${o1}"/><stop offset="1" stop-color="${bottom}" stop-opacity="${o2}"/></linearGradient>`;
}

/** The shared defs: a soft shadow blur and the lamp glow. */
export function baseDefs(p) {
  return (
    `<filter id="soft" x="-20%" y="-20%" width="140%" height="140%"><feGaussianBlur stdDeviation="14"/></filter>` +
    `<filter id="blur6" x="-20%" y="-20%" width="140%" height="140%"><feGaussianBlur stdDeviation="6"/></filter>` +
    `<radialGradient id="glow"><stop offset="0" stop-color="${p.glow}" stop-opacity="0.9"/><stop offset="1" stop-color="${p.glow}" stop-opacity="0"/></radialGradient>`
  );
}

/** A soft shadow on the floor under furniture. */
export function shadow(cx, cy, rx, ry, opacity = 0.18) {
  return `<ellipse cx="${cx}" cy="${cy}" rx="${rx}" ry="${ry}" fill="#0f172a" opacity="${opacity}" filter="url(#soft)"/>`;
}

/** A potted plant standing at (x, y), `s` its scale; `seed` varies the leaves. */
export function plant(p, x, y, s = 1, rand = Math.random) {
  const leaves = [];
  const n = 7;
  for (let i = 0; i < n; i++) {
    const a = -70 + (140 * i) / (n - 1) + (rand() - 0.5) * 14;
    const len = (150 + rand() * 70) * s;
    const w = len * 0.42;
    const fill = i % 2 ? p.leaf : p.leafLight;
    const rad = (a * Math.PI) / 180;
    const tipX = Math.sin(rad) * len * 0.55;
    const tipY = -Math.cos(rad) * len * 0.55;
    leaves.push(
      `<path d="M0 0 Q ${tipX * 0.5} ${tipY * 0.6 - 10 * s} ${tipX} ${tipY}" stroke="${p.leafDark}" stroke-width="${3 * s}" fill="none"/>` +
        `<g transform="translate(${tipX} ${tipY}) rotate(${a})"><path d="M0 ${w * 0.2} C ${w * 0.6} ${-w * 0.2} ${w * 0.45} ${-len * 0.42} 0 ${-len * 0.55} C ${-w * 0.45} ${-len * 0.42} ${-w * 0.6} ${-w * 0.2} 0 ${w * 0.2} Z" fill="${fill}"/>` +
        `<path d="M0 ${w * 0.15} L0 ${-len * 0.5}" stroke="${p.leafDark}" stroke-width="${2 * s}" opacity="0.35"/></g>`,
    );
  }
  const pw = 70 * s;
  const ph = 95 * s;
  return (
    shadow(x, y, pw * 1.1, 12 * s, 0.22) +
    `<g transform="translate(${x} ${y - ph})">${leaves.join('')}</g>` +
    `<path d="M${x - pw / 2} ${y - ph} L${x + pw / 2} ${y - ph} L${x + pw * 0.38} ${y} L${x - pw * 0.38} ${y} Z" fill="${p.pot}"/>` +
    `<rect x="${x - pw / 2 - 4 * s}" y="${y - ph - 4 * s}" width="${pw + 8 * s}" height="${14 * s}" rx="${5 * s}" fill="${p.sand}"/>`
  );
}

/** A pendant lamp hanging from the ceiling at x, its shade at y. */
export function pendant(p, x, y, r = 44, shade = p.ink) {
  return (
    `<line x1="${x}" y1="0" x2="${x}" y2="${y - r * 0.6}" stroke="${p.ink}" stroke-width="2" opacity="0.6"/>` +
    `<ellipse cx="${x}" cy="${y + r * 1.4}" rx="${r * 3.2}" ry="${r * 2.4}" fill="url(#glow)" opacity="0.55"/>` +
    `<path d="M${x - r} ${y + r * 0.35} A ${r} ${r * 0.95} 0 0 1 ${x + r} ${y + r * 0.35} Z" fill="${shade}"/>` +
    `<ellipse cx="${x}" cy="${y + r * 0.35}" rx="${r}" ry="${r * 0.16}" fill="${p.glow}"/>`
  );
}

/** An armchair seen from the front, its seat at (x, y), `w` wide, upholstered in `fabric`. */
export function armchair(p, x, y, w, fabric, fabricLight) {
  const h = w * 0.75;
  return (
    shadow(x + w / 2, y + h * 0.55, w * 0.62, 16) +
    `<rect x="${x + w * 0.08}" y="${y - h * 0.62}" width="${w * 0.84}" height="${h * 0.8}" rx="${w * 0.14}" fill="${fabric}"/>` +
    `<rect x="${x + w * 0.12}" y="${y - h * 0.02}" width="${w * 0.76}" height="${h * 0.3}" rx="${w * 0.08}" fill="${fabricLight}"/>` +
    `<rect x="${x}" y="${y - h * 0.18}" width="${w * 0.18}" height="${h * 0.6}" rx="${w * 0.08}" fill="${fabric}"/>` +
    `<rect x="${x + w * 0.82}" y="${y - h * 0.18}" width="${w * 0.18}" height="${h * 0.6}" rx="${w * 0.08}" fill="${fabric}"/>` +
    `<rect x="${x + w * 0.1}" y="${y + h * 0.4}" width="${w * 0.05}" height="${h * 0.16}" fill="${p.woodDark}"/>` +
    `<rect x="${x + w * 0.85}" y="${y + h * 0.4}" width="${w * 0.05}" height="${h * 0.16}" fill="${p.woodDark}"/>`
  );
}

/** A palm tree silhouette rooted at (x, y), `h` tall, leaning by `lean` pixels. */
export function palm(x, y, h, lean, color, opacity = 1) {
  const topX = x + lean;
  const topY = y - h;
  const fronds = [-150, -115, -80, -45, -15, 20, 50, 85, 120].map((a, i) => {
    const len = h * (0.32 + (i % 3) * 0.05);
    const rad = (a * Math.PI) / 180;
    const ex = topX + Math.cos(rad) * len;
    const ey = topY + Math.sin(rad) * len * 0.55 + len * 0.35;
    const cx = topX + Math.cos(rad) * len * 0.5;
    const cy = topY + Math.sin(rad) * len * 0.55 - len * 0.1;
    return `<path d="M${topX} ${topY} Q ${cx} ${cy - 18} ${ex} ${ey} Q ${cx} ${cy + 10} ${topX} ${topY + 6} Z" fill="${color}"/>`;
  });
  return (
    `<g opacity="${opacity}"><path d="M${x - 9} ${y} Q ${x + lean * 0.2} ${y - h * 0.5} ${topX - 4} ${topY} L${topX + 5} ${topY} Q ${x + lean * 0.25 + 8} ${y - h * 0.5} ${x + 9} ${y} Z" fill="${color}"/>` +
    `${fronds.join('')}</g>`
  );
}

/** A window at (x, y) of w x h: sky, sun, skyline and palms inside a white frame with mullions. */
export function cityWindow(p, id, x, y, w, h, rand = Math.random) {
  const skyline = [];
  let bx = x;
  while (bx < x + w) {
    const bw = 40 + rand() * 70;
    const bh = 40 + rand() * h * 0.28;
    skyline.push(`<rect x="${bx}" y="${y + h - bh}" width="${bw - 6}" height="${bh}" fill="${p.mid}" opacity="0.55"/>`);
    bx += bw;
  }
  const frame = 16;
  return (
    `<clipPath id="${id}"><rect x="${x}" y="${y}" width="${w}" height="${h}"/></clipPath>` +
    `<g clip-path="url(#${id})"><rect x="${x}" y="${y}" width="${w}" height="${h}" fill="url(#sky)"/>` +
    `<circle cx="${x + w * 0.68}" cy="${y + h * 0.58}" r="${h * 0.3}" fill="${p.glow}" opacity="0.35"/>` +
    `<circle cx="${x + w * 0.68}" cy="${y + h * 0.58}" r="${h * 0.12}" fill="${p.glow}"/>` +
    skyline.join('') +
    palm(x + w * 0.18, y + h + 10, h * 0.82, 40, p.deep, 0.85) +
    palm(x + w * 0.86, y + h + 10, h * 0.95, -55, p.deep, 0.9) +
    palm(x + w * 0.45, y + h + 10, h * 0.55, 25, p.dark, 0.55) +
    `</g>` +
    `<rect x="${x}" y="${y}" width="${w}" height="${h}" fill="none" stroke="${p.white}" stroke-width="${frame}"/>` +
    `<rect x="${x + w / 3 - frame / 4}" y="${y}" width="${frame / 2}" height="${h}" fill="${p.white}"/>` +
    `<rect x="${x + (2 * w) / 3 - frame / 4}" y="${y}" width="${frame / 2}" height="${h}" fill="${p.white}"/>` +
    `<rect x="${x - frame}" y="${y + h}" width="${w + 2 * frame}" height="${frame}" rx="4" fill="${p.cream}"/>`
  );
}

/** A framed abstract print (no text) at (x, y), w x h. */
export function artPrint(p, x, y, w, h) {
  return (
    `<rect x="${x + 6}" y="${y + 10}" width="${w}" height="${h}" fill="#0f172a" opacity="0.12" filter="url(#blur6)"/>` +
    `<rect x="${x}" y="${y}" width="${w}" height="${h}" fill="${p.white}"/>` +
    `<rect x="${x + w * 0.1}" y="${y + h * 0.1}" width="${w * 0.8}" height="${h * 0.8}" fill="${p.cream}"/>` +
    `<circle cx="${x + w * 0.38}" cy="${y + h * 0.45}" r="${h * 0.22}" fill="${p.brand}" opacity="0.85"/>` +
    `<path d="M${x + w * 0.1} ${y + h * 0.9} Q ${x + w * 0.5} ${y + h * 0.35} ${x + w * 0.9} ${y + h * 0.7} L${x + w * 0.9} ${y + h * 0.9} Z" fill="${p.lamp}" opacity="0.8"/>` +
    `<rect x="${x + w * 0.58}" y="${y + h * 0.22}" width="${w * 0.18}" height="${h * 0.45}" rx="${w * 0.09}" fill="${p.leaf}" opacity="0.75"/>`
  );
}
