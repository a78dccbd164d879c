/**
 * The rooms of the sample clinics, drawn for the hero (a lounge with a window on a Florida
 * afternoon) and the gallery (reception, consultation room, lab). Each returns an SVG document.
 */
import { armchair, artPrint, baseDefs, cityWindow, pendant, plant, shadow, svg, vgrad } from './pieces.mjs';

function room(p, w, h, floorY) {
  return (
    `<rect width="${w}" height="${floorY}" fill="url(#wall)"/>` +
    `<rect y="${floorY}" width="${w}" height="${h - floorY}" fill="url(#floor)"/>` +
    `<rect y="${floorY - 6}" width="${w}" height="10" fill="${p.cream}"/>`
  );
}

function roomDefs(p) {
  return baseDefs(p) + vgrad('wall', p.wall, p.wallShade) + vgrad('floor', p.woodLight, p.wood) + vgrad('sky', p.skyTop, p.sky) + vgrad('beam', '#ffffff', '#ffffff', 0.22, 0);
}

/** The hero: a bright lounge, sofa and lamps on the left, a tall window with palms on the right. */
export function heroScene(p, rand) {
  const W = 1600;
  const H = 1000;
  const floorY = 780;
  const sofaX = 150;
  const sofa =
    shadow(sofaX + 250, 845, 300, 22) +
    `<rect x="${sofaX}" y="560" width="500" height="170" rx="40" fill="${p.brand}"/>` +
    `<rect x="${sofaX + 30}" y="640" width="440" height="110" rx="30" fill="${p.mid}"/>` +
    `<rect x="${sofaX - 20}" y="620" width="80" height="170" rx="34" fill="${p.brand}"/>` +
    `<rect x="${sofaX + 440}" y="620" width="80" height="170" rx="34" fill="${p.brand}"/>` +
    `<rect x="${sofaX + 60}" y="590" width="110" height="80" rx="22" fill="${p.lamp}" opacity="0.9"/>` +
    `<rect x="${sofaX + 320}" y="595" width="100" height="75" rx="22" fill="${p.soft}"/>` +
    `<rect x="${sofaX + 20}" y="790" width="14" height="40" fill="${p.woodDark}"/><rect x="${sofaX + 466}" y="790" width="14" height="40" fill="${p.woodDark}"/>`;
  const rug = `<ellipse cx="460" cy="900" rx="420" ry="70" fill="${p.soft}" opacity="0.7"/>`;
  const table = shadow(700, 880, 90, 12) + `<ellipse cx="700" cy="800" rx="95" ry="22" fill="${p.woodLight}"/><rect x="692" y="800" width="16" height="80" fill="${p.woodDark}"/>`;
  const beams = `<path d="M760 700 L1520 700 L1360 1000 L420 1000 Z" fill="url(#beam)"/>`;
  const body =
    room(p, W, H, floorY) +
    cityWindow(p, 'win', 780, 90, 740, 610, rand) +
    beams +
    artPrint(p, 250, 210, 300, 210) +
    pendant(p, 150, 250, 40) +
    pendant(p, 660, 210, 40, p.brand) +
    rug +
    sofa +
    table +
    `<rect x="672" y="752" width="26" height="48" rx="6" fill="${p.white}"/><rect x="704" y="762" width="40" height="38" rx="8" fill="${p.mid}"/>` +
    plant(p, 1500, 900, 1.5, rand);
  return svg(W, H, roomDefs(p), body);
}

/** Reception: a desk before a slatted wood wall with the clinic's mark, chairs and a plant. */
export function receptionScene(p, rand) {
  const W = 1200;
  const H = 900;
  const floorY = 760;
  const slats = [];
  for (let x = 300; x < 900; x += 26) slats.push(`<rect x="${x}" y="70" width="20" height="560" fill="${x % 52 ? p.woodLight : p.wood}"/>`);
  const star = `<g transform="translate(600 260)"><circle r="92" fill="${p.white}"/><path d="M0 -62 L14 -14 L62 0 L14 14 L0 62 L-14 14 L-62 0 L-14 -14 Z" fill="${p.brand}"/><circle r="10" fill="${p.white}"/></g>`;
  const desk =
    shadow(600, 800, 380, 22) +
    `<rect x="240" y="520" width="720" height="265" rx="22" fill="${p.white}"/>` +
    `<rect x="240" y="700" width="720" height="30" fill="${p.brand}"/>` +
    `<rect x="220" y="505" width="760" height="30" rx="10" fill="${p.wood}"/>` +
    `<rect x="640" y="430" width="150" height="82" rx="8" fill="${p.ink}"/><rect x="648" y="438" width="134" height="66" rx="4" fill="${p.mid}"/><rect x="705" y="512" width="20" height="12" fill="${p.ink}"/>` +
    `<rect x="330" y="478" width="60" height="30" rx="6" fill="${p.lamp}"/><rect x="395" y="486" width="44" height="22" rx="6" fill="${p.soft}"/>`;
  const body =
    room(p, W, H, floorY) +
    `<rect x="280" y="50" width="640" height="600" rx="12" fill="${p.woodDark}"/>` +
    slats.join('') +
    star +
    pendant(p, 420, 150, 34) +
    pendant(p, 600, 110, 34, p.brand) +
    pendant(p, 780, 150, 34) +
    desk +
    armchair(p, 990, 640, 170, p.brand, p.mid) +
    plant(p, 120, 830, 1.25, rand);
  return svg(W, H, roomDefs(p), body);
}

/** Consultation room: a window with blinds, a desk with a laptop, two chairs, prints and books. */
export function consultationScene(p, rand) {
  const W = 1200;
  const H = 900;
  const floorY = 740;
  const blinds = [];
  for (let y = 130; y < 540; y += 22) blinds.push(`<rect x="90" y="${y}" width="380" height="13" fill="${p.white}" opacity="0.88"/>`);
  const books = [];
  let bx = 860;
  for (const [w, h, c] of [[22, 90, p.brand], [18, 80, p.lamp], [26, 96, p.mid], [20, 84, p.leaf], [24, 92, p.dark], [18, 78, p.soft]]) {
    books.push(`<rect x="${bx}" y="${300 - h}" width="${w}" height="${h}" rx="3" fill="${c}"/>`);
    bx += w + 4;
  }
  const desk =
    shadow(700, 770, 320, 18) +
    `<rect x="420" y="540" width="560" height="26" rx="8" fill="${p.wood}"/>` +
    `<rect x="450" y="566" width="14" height="190" fill="${p.steel}"/><rect x="936" y="566" width="14" height="190" fill="${p.steel}"/>` +
    `<path d="M600 540 L625 440 L785 440 L760 540 Z" fill="${p.ink}"/><path d="M608 532 L630 448 L778 448 L755 532 Z" fill="${p.mid}"/>` +
    `<rect x="585" y="536" width="200" height="8" rx="3" fill="${p.steel}"/>` +
    `<rect x="830" y="520" width="90" height="20" rx="4" fill="${p.white}"/><rect x="480" y="506" width="34" height="34" rx="8" fill="${p.white}"/>`;
  const chair = `<rect x="640" y="410" width="130" height="120" rx="30" fill="${p.brand}" opacity="0.95"/>`;
  const body =
    room(p, W, H, floorY) +
    `<rect x="90" y="120" width="380" height="430" fill="url(#sky)"/>` +
    blinds.join('') +
    `<rect x="90" y="120" width="380" height="430" fill="none" stroke="${p.white}" stroke-width="14"/>` +
    `<path d="M90 550 L470 550 L560 900 L40 900 Z" fill="url(#beam)"/>` +
    `<rect x="840" y="300" width="220" height="14" rx="4" fill="${p.woodDark}"/>` +
    books.join('') +
    artPrint(p, 560, 120, 200, 150) +
    chair +
    desk +
    armchair(p, 300, 690, 170, p.mid, p.soft) +
    plant(p, 1110, 820, 1.1, rand);
  return svg(W, H, roomDefs(p), body);
}

/** Lab: a tiled counter with a microscope, a rack of sample tubes, a centrifuge and shelves. */
export function labScene(p, rand) {
  const W = 1200;
  const H = 900;
  const floorY = 840;
  const tiles = [];
  for (let x = 0; x < W; x += 60) tiles.push(`<line x1="${x}" y1="300" x2="${x}" y2="560" stroke="${p.soft}" stroke-width="2"/>`);
  for (let y = 300; y <= 560; y += 52) tiles.push(`<line x1="0" y1="${y}" x2="${W}" y2="${y}" stroke="${p.soft}" stroke-width="2"/>`);
  const bottles = [];
  for (let i = 0; i < 7; i++) {
    const x = 120 + i * 70 + rand() * 10;
    const h = 60 + rand() * 40;
    bottles.push(`<rect x="${x}" y="${210 - h}" width="44" height="${h}" rx="10" fill="${p.white}" opacity="0.95"/><rect x="${x + 12}" y="${200 - h}" width="20" height="14" rx="3" fill="${i % 3 ? p.brand : p.lamp}"/><rect x="${x + 6}" y="${210 - h * 0.55}" width="32" height="${h * 0.35}" rx="4" fill="${p.soft}"/>`);
  }
  const tubes = [p.brand, p.lamp, '#e7a0a0', p.mid, p.leafLight, p.brand]
    .map((c, i) => `<rect x="${622 + i * 34}" y="380" width="18" height="150" rx="9" fill="${p.white}" opacity="0.95"/><rect x="${622 + i * 34}" y="${430 + (i % 2) * 16}" width="18" height="${100 - (i % 2) * 16}" rx="9" fill="${c}"/>`)
    .join('');
  const microscope =
    `<rect x="250" y="530" width="190" height="26" rx="10" fill="${p.ink}"/>` +
    `<path d="M405 532 C 440 470 430 400 372 360" fill="none" stroke="${p.white}" stroke-width="34" stroke-linecap="round"/>` +
    `<rect x="282" y="462" width="120" height="16" rx="5" fill="${p.ink}"/>` +
    `<g transform="rotate(-25 340 380)"><rect x="318" y="318" width="44" height="118" rx="12" fill="${p.white}"/><rect x="327" y="286" width="26" height="40" rx="7" fill="${p.ink}"/><rect x="326" y="432" width="28" height="24" rx="6" fill="${p.steel}"/></g>`;
  const centrifuge = `<rect x="860" y="440" width="200" height="116" rx="30" fill="${p.white}"/><ellipse cx="960" cy="448" rx="88" ry="18" fill="${p.soft}"/><rect x="890" y="500" width="60" height="12" rx="6" fill="${p.brand}"/>`;
  const body =
    `<rect width="${W}" height="${floorY}" fill="url(#wall)"/>` +
    `<rect y="300" width="${W}" height="260" fill="${p.mist}"/>` +
    tiles.join('') +
    `<rect x="0" y="40" width="${W}" height="26" fill="${p.white}" opacity="0.9"/><rect x="0" y="66" width="${W}" height="120" fill="url(#beam)"/>` +
    `<rect x="100" y="210" width="540" height="14" rx="4" fill="${p.woodDark}"/>` +
    bottles.join('') +
    `<rect y="556" width="${W}" height="34" fill="${p.white}"/><rect y="590" width="${W}" height="250" fill="${p.soft}"/>` +
    [0, 300, 600, 900].map((x) => `<rect x="${x + 14}" y="604" width="272" height="222" rx="10" fill="${p.mist}"/><rect x="${x + 120}" y="624" width="60" height="10" rx="5" fill="${p.steel}"/>`).join('') +
    `<rect y="${floorY}" width="${W}" height="${H - floorY}" fill="${p.sand}"/>` +
    microscope +
    plant(p, 1110, 556, 0.7, rand) +
    tubes +
    `<rect x="600" y="520" width="230" height="36" rx="8" fill="${p.ink}"/><rect x="610" y="500" width="210" height="20" rx="5" fill="${p.steel}" opacity="0.9"/>` +
    centrifuge;
  return svg(W, H, roomDefs(p), body);
}
