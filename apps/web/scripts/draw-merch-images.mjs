// Draws the store's product pictures: one SVG per product and colour, written to public/merch/.
// Run `node apps/web/scripts/draw-merch-images.mjs` after adding a product or colour; the files are
// committed, so the app serves them as static assets (no pictures from elsewhere).
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const out = path.join(path.dirname(new URL(import.meta.url).pathname), '..', 'public', 'merch');
mkdirSync(out, { recursive: true });

/** Body colour, a darker shade for shadows and seams, and the logo colour on top of it. */
const PALETTE = {
  Black: ['#23262b', '#111316', '#4fa3ff'],
  White: ['#f4f5f7', '#cfd3da', '#1677ff'],
  Navy: ['#1d2f5c', '#121e3d', '#8cc4ff'],
  Grey: ['#8a9099', '#646a73', '#ffffff'],
  Blue: ['#1677ff', '#0b4fb8', '#ffffff'],
  Silver: ['#c9ced6', '#9aa1ab', '#1d2f5c'],
  Multicolor: ['#1677ff', '#0b4fb8', '#ffffff'],
};

const logo = (x, y, s, c) =>
  `<g transform="translate(${x} ${y}) scale(${s})" fill="${c}"><path d="M-22 8a14 14 0 0 1 4-27 18 18 0 0 1 34 4 12 12 0 0 1 2 23z"/></g>`;

const DRAW = {
  'logo-t-shirt': ([b, d, l]) =>
    `<path d="M140 90l-70 40 28 56 30-14v148h144V172l30 14 28-56-70-40c-8 22-28 34-60 34s-52-12-60-34z" fill="${b}" stroke="${d}" stroke-width="4" stroke-linejoin="round"/><path d="M140 90c8 22 28 34 60 34s52-12 60-34" fill="none" stroke="${d}" stroke-width="6"/>${logo(200, 200, 1.6, l)}`,
  hoodie: ([b, d, l]) =>
    `<path d="M150 96c0-30 22-48 50-48s50 18 50 48l62 36 24 150-36 8-18-96v138H118V194l-18 96-36-8 24-150z" fill="${b}" stroke="${d}" stroke-width="4" stroke-linejoin="round"/><path d="M160 100c6 26 22 40 40 40s34-14 40-40" fill="${d}"/><path d="M192 140v46M208 140v46" stroke="${l}" stroke-width="3" stroke-linecap="round"/><rect x="150" y="262" width="100" height="48" rx="10" fill="${d}"/>${logo(200, 222, 1.2, l)}`,
  mug: ([b, d, l]) =>
    `<path d="M276 158c44 0 44 86 0 86" fill="none" stroke="${d}" stroke-width="18"/><rect x="112" y="120" width="168" height="190" rx="18" fill="${b}" stroke="${d}" stroke-width="4"/><ellipse cx="196" cy="122" rx="84" ry="12" fill="${d}"/>${logo(196, 225, 1.8, l)}`,
  'sticker-pack': () =>
    `<rect x="96" y="96" width="208" height="208" rx="24" fill="#ffffff" stroke="#cfd3da" stroke-width="4"/><circle cx="156" cy="156" r="38" fill="#1677ff"/>${logo(156, 160, 1.1, '#ffffff')}<rect x="214" y="120" width="66" height="66" rx="14" fill="#52c41a" transform="rotate(8 247 153)"/><path d="M150 232l20 40h-40z" fill="#fa8c16"/><circle cx="246" cy="246" r="34" fill="#722ed1"/><path d="M232 246h28M246 232v28" stroke="#fff" stroke-width="6" stroke-linecap="round"/>`,
  cap: ([b, d, l]) =>
    `<path d="M96 232c0-84 46-124 104-124s104 40 104 124z" fill="${b}" stroke="${d}" stroke-width="4"/><path d="M200 108v124" stroke="${d}" stroke-width="3"/><circle cx="200" cy="108" r="8" fill="${d}"/><path d="M88 232h224c18 0 40 14 40 26H88z" fill="${d}"/>${logo(160, 186, 1.2, l)}`,
  'laptop-sleeve': ([b, d, l]) =>
    `<rect x="70" y="110" width="260" height="186" rx="22" fill="${b}" stroke="${d}" stroke-width="4"/><path d="M92 126h216" stroke="${d}" stroke-width="6" stroke-linecap="round" stroke-dasharray="2 10"/><rect x="300" y="118" width="14" height="26" rx="4" fill="${l}"/>${logo(200, 214, 1.8, l)}`,
  'gaming-mousepad': ([b, d, l]) =>
    `<rect x="50" y="130" width="300" height="160" rx="20" fill="${b}" stroke="${d}" stroke-width="6"/><path d="M60 270c60-40 120-100 280-120" stroke="${l}" stroke-width="4" fill="none" opacity=".6"/><rect x="230" y="180" width="54" height="80" rx="27" fill="#e6e8ec" stroke="#9aa1ab" stroke-width="3"/><path d="M257 180v26" stroke="#9aa1ab" stroke-width="3"/>${logo(120, 200, 1.2, l)}`,
  'water-bottle': ([b, d, l]) =>
    `<rect x="176" y="54" width="48" height="36" rx="8" fill="${d}"/><path d="M168 90h64c16 0 26 16 26 36v176c0 22-14 36-34 36h-48c-20 0-34-14-34-36V126c0-20 10-36 26-36z" fill="${b}" stroke="${d}" stroke-width="4"/><path d="M160 150h80" stroke="${d}" stroke-width="3"/>${logo(200, 232, 1.3, l)}`,
};

const COLORS = {
  'logo-t-shirt': ['Black', 'White', 'Navy'],
  hoodie: ['Black', 'Grey'],
  mug: ['White', 'Black'],
  'sticker-pack': ['Multicolor'],
  cap: ['Black', 'Navy'],
  'laptop-sleeve': ['Black', 'Grey'],
  'gaming-mousepad': ['Black', 'Blue'],
  'water-bottle': ['Silver', 'Black', 'Blue'],
};

for (const [id, colors] of Object.entries(COLORS)) {
  for (const color of colors) {
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 400" width="400" height="400" role="img" aria-label="${id.replaceAll('-', ' ')}, ${color.toLowerCase()}"><defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#eef4ff"/><stop offset="1" stop-color="#dbe7fb"/></linearGradient></defs><rect width="400" height="400" fill="url(#bg)"/><ellipse cx="200" cy="345" rx="130" ry="14" fill="#000" opacity=".08"/>${DRAW[id](PALETTE[color])}</svg>\n`;
    writeFileSync(path.join(out, `${id}-${color.toLowerCase()}.svg`), svg);
  }
}
