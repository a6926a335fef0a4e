// `node scripts/demo-photos.mjs`: renders the demo venue's photos (public/venues/demo/*.jpg)
// from the SVG scenes below with sharp (librsvg), so the demo ships images that are ours to
// licence (CC0, see public/venues/demo/CREDITS.md). Deterministic: same scenes, same files.
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';

const out = path.resolve(import.meta.dirname, '..', 'public', 'venues', 'demo');

/** A tiny deterministic random generator (mulberry32). */
function rng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const grain = (id, opacity = 0.18, freq = 0.9) => `
  <filter id="${id}" x="0" y="0" width="100%" height="100%">
    <feTurbulence type="fractalNoise" baseFrequency="${freq}" numOctaves="2" seed="7" result="n"/>
    <feColorMatrix type="saturate" values="0"/>
    <feComponentTransfer><feFuncA type="linear" slope="${opacity}"/></feComponentTransfer>
  </filter>`;

const wood = (id, seed, base, dark) => `
  <filter id="${id}" x="0" y="0" width="100%" height="100%">
    <feTurbulence type="fractalNoise" baseFrequency="0.004 0.09" numOctaves="4" seed="${seed}" result="t"/>
    <feColorMatrix in="t" type="matrix" values="0 0 0 0 ${dark[0]}  0 0 0 0 ${dark[1]}  0 0 0 0 ${dark[2]}  1.6 0 0 0 -0.35" result="streaks"/>
    <feFlood flood-color="${base}" result="b"/>
    <feComposite in="streaks" in2="b" operator="over"/>
  </filter>`;

function vignette(w, h, strength = 0.6) {
  return `<radialGradient id="vig" cx="50%" cy="50%" r="75%"><stop offset="55%" stop-color="#000" stop-opacity="0"/><stop offset="100%" stop-color="#000" stop-opacity="${strength}"/></radialGradient>
  <rect width="${w}" height="${h}" fill="url(#vig)"/>`;
}

/** Warm evening dining room, out of focus: bokeh lamps over a laid table. */
function cover(w = 1600, h = 900) {
  const r = rng(3);
  let bokeh = '';
  for (let i = 0; i < 70; i++) {
    const x = r() * w;
    const y = r() * h * 0.62;
    const size = 14 + r() * 60;
    const hue = 28 + r() * 22;
    bokeh += `<circle cx="${x.toFixed(0)}" cy="${y.toFixed(0)}" r="${size.toFixed(0)}" fill="hsl(${hue.toFixed(0)},90%,${(55 + r() * 20).toFixed(0)}%)" opacity="${(0.18 + r() * 0.45).toFixed(2)}"/>`;
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}">
  <defs>
    <linearGradient id="room" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#2a130b"/><stop offset="0.55" stop-color="#4a2313"/><stop offset="1" stop-color="#1d0d07"/></linearGradient>
    <filter id="blur"><feGaussianBlur stdDeviation="9"/></filter>
    <filter id="soft"><feGaussianBlur stdDeviation="2.5"/></filter>
    <linearGradient id="cloth" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#efe6d6"/><stop offset="1" stop-color="#b9a78d"/></linearGradient>
    <radialGradient id="candle" cx="50%" cy="50%" r="50%"><stop offset="0" stop-color="#ffd27a" stop-opacity="0.95"/><stop offset="1" stop-color="#ff9a2e" stop-opacity="0"/></radialGradient>
    <linearGradient id="glass" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#fff" stop-opacity="0.05"/><stop offset="0.3" stop-color="#fff" stop-opacity="0.35"/><stop offset="0.6" stop-color="#fff" stop-opacity="0.06"/><stop offset="1" stop-color="#fff" stop-opacity="0.2"/></linearGradient>
    <linearGradient id="wine" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#7a0f1c"/><stop offset="1" stop-color="#3a0509"/></linearGradient>
    ${grain('grain', 0.16)}
  </defs>
  <rect width="${w}" height="${h}" fill="url(#room)"/>
  <g filter="url(#blur)">${bokeh}
    <rect x="${w * 0.08}" y="${h * 0.08}" width="${w * 0.16}" height="${h * 0.42}" fill="#6b3a1e" opacity="0.55"/>
    <rect x="${w * 0.74}" y="${h * 0.05}" width="${w * 0.2}" height="${h * 0.45}" fill="#5a2e17" opacity="0.6"/>
  </g>
  <path d="M0 ${h * 0.64} Q ${w * 0.5} ${h * 0.6} ${w} ${h * 0.64} L ${w} ${h} L 0 ${h} Z" fill="url(#cloth)"/>
  <path d="M0 ${h * 0.64} Q ${w * 0.5} ${h * 0.6} ${w} ${h * 0.64}" stroke="#fff8ec" stroke-width="3" fill="none" opacity="0.6"/>
  <ellipse cx="${w * 0.3}" cy="${h * 0.8}" rx="${w * 0.13}" ry="${h * 0.07}" fill="#fbf8f2" filter="url(#soft)"/>
  <ellipse cx="${w * 0.3}" cy="${h * 0.8}" rx="${w * 0.09}" ry="${h * 0.045}" fill="#e9e1d3"/>
  <ellipse cx="${w * 0.3}" cy="${h * 0.79}" rx="${w * 0.05}" ry="${h * 0.022}" fill="#b5562b" opacity="0.85" filter="url(#soft)"/>
  <ellipse cx="${w * 0.7}" cy="${h * 0.82}" rx="${w * 0.12}" ry="${h * 0.065}" fill="#fbf8f2" filter="url(#soft)"/>
  <ellipse cx="${w * 0.7}" cy="${h * 0.82}" rx="${w * 0.085}" ry="${h * 0.042}" fill="#e7dfd0"/>
  <ellipse cx="${w * 0.69}" cy="${h * 0.81}" rx="${w * 0.045}" ry="${h * 0.02}" fill="#d9b25a" opacity="0.9" filter="url(#soft)"/>
  <g transform="translate(${w * 0.52} ${h * 0.38})">
    <path d="M-46 0 Q -50 120 0 150 Q 50 120 46 0 Z" fill="url(#glass)" stroke="#fff" stroke-opacity="0.35" stroke-width="2"/>
    <path d="M-44 70 Q -40 128 0 146 Q 40 128 44 70 Z" fill="url(#wine)" opacity="0.92"/>
    <rect x="-3" y="150" width="6" height="120" fill="#fff" opacity="0.35"/>
    <ellipse cx="0" cy="272" rx="48" ry="9" fill="#fff" opacity="0.35"/>
  </g>
  <circle cx="${w * 0.44}" cy="${h * 0.6}" r="120" fill="url(#candle)" opacity="0.75"/>
  <rect x="${w * 0.44 - 14}" y="${h * 0.6}" width="28" height="90" rx="4" fill="#f3ead8"/>
  <ellipse cx="${w * 0.44}" cy="${h * 0.585}" rx="7" ry="18" fill="#ffe3a1"/>
  <rect width="${w}" height="${h}" filter="url(#grain)"/>
  ${vignette(w, h, 0.65)}
</svg>`;
}

/** A plated course on a dark walnut table, seen from above, with a glass of red. */
function tasting(w = 1200, h = 800) {
  const r = rng(11);
  let herbs = '';
  for (let i = 0; i < 26; i++) {
    const a = r() * Math.PI * 2;
    const d = 30 + r() * 90;
    herbs += `<ellipse cx="${(w * 0.45 + Math.cos(a) * d).toFixed(0)}" cy="${(h * 0.5 + Math.sin(a) * d * 0.9).toFixed(0)}" rx="${(4 + r() * 8).toFixed(0)}" ry="${(2 + r() * 4).toFixed(0)}" transform="rotate(${(r() * 180).toFixed(0)} ${(w * 0.45 + Math.cos(a) * d).toFixed(0)} ${(h * 0.5 + Math.sin(a) * d * 0.9).toFixed(0)})" fill="hsl(${(90 + r() * 40).toFixed(0)},45%,${(28 + r() * 15).toFixed(0)}%)"/>`;
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}">
  <defs>
    ${wood('wood', 4, '#3b2114', [0.1, 0.05, 0.02])}
    ${grain('grain', 0.12)}
    <radialGradient id="plate" cx="48%" cy="46%" r="52%"><stop offset="0.68" stop-color="#fbfaf6"/><stop offset="0.8" stop-color="#e6e1d7"/><stop offset="0.92" stop-color="#fdfcf8"/><stop offset="1" stop-color="#cfc8bb"/></radialGradient>
    <radialGradient id="meat" cx="40%" cy="35%" r="70%"><stop offset="0" stop-color="#c0593a"/><stop offset="0.55" stop-color="#7d2a17"/><stop offset="1" stop-color="#3e140a"/></radialGradient>
    <radialGradient id="wine" cx="45%" cy="40%" r="60%"><stop offset="0" stop-color="#9b1a2b"/><stop offset="1" stop-color="#3d0510"/></radialGradient>
    <filter id="shadow" x="-20%" y="-20%" width="140%" height="140%"><feGaussianBlur stdDeviation="18"/></filter>
    <filter id="soft"><feGaussianBlur stdDeviation="1.6"/></filter>
  </defs>
  <rect width="${w}" height="${h}" filter="url(#wood)"/>
  <ellipse cx="${w * 0.47}" cy="${h * 0.54}" rx="300" ry="290" fill="#000" opacity="0.45" filter="url(#shadow)"/>
  <circle cx="${w * 0.45}" cy="${h * 0.5}" r="290" fill="url(#plate)"/>
  <path d="M ${w * 0.45 - 120} ${h * 0.5 + 40} C ${w * 0.45 - 40} ${h * 0.5 + 110}, ${w * 0.45 + 90} ${h * 0.5 + 80}, ${w * 0.45 + 130} ${h * 0.5 + 10}" stroke="#6a2410" stroke-width="14" fill="none" stroke-linecap="round" opacity="0.75" filter="url(#soft)"/>
  <g transform="rotate(-18 ${w * 0.45} ${h * 0.5})">
    <rect x="${w * 0.45 - 110}" y="${h * 0.5 - 60}" width="200" height="110" rx="30" fill="url(#meat)"/>
    <path d="M ${w * 0.45 - 100} ${h * 0.5 - 30} h 180 M ${w * 0.45 - 100} ${h * 0.5} h 180 M ${w * 0.45 - 100} ${h * 0.5 + 30} h 180" stroke="#2a0c05" stroke-width="5" opacity="0.55"/>
  </g>
  ${herbs}
  <circle cx="${w * 0.45 + 60}" cy="${h * 0.5 - 70}" r="16" fill="#e8c25a" filter="url(#soft)"/>
  <circle cx="${w * 0.45 + 88}" cy="${h * 0.5 - 52}" r="11" fill="#d4a73e" filter="url(#soft)"/>
  <ellipse cx="${w * 0.85}" cy="${h * 0.24}" rx="105" ry="100" fill="#000" opacity="0.4" filter="url(#shadow)"/>
  <circle cx="${w * 0.84}" cy="${h * 0.22}" r="95" fill="#fff" opacity="0.14" stroke="#fff" stroke-opacity="0.5" stroke-width="3"/>
  <circle cx="${w * 0.84}" cy="${h * 0.22}" r="70" fill="url(#wine)"/>
  <ellipse cx="${w * 0.82}" cy="${h * 0.19}" rx="26" ry="12" fill="#fff" opacity="0.25"/>
  <rect x="${w * 0.08}" y="${h * 0.1}" width="22" height="${h * 0.8}" rx="10" fill="#cfcfcf"/>
  <rect x="${w * 0.08 + 4}" y="${h * 0.1}" width="6" height="${h * 0.8}" rx="3" fill="#fff" opacity="0.6"/>
  <rect width="${w}" height="${h}" filter="url(#grain)"/>
  ${vignette(w, h, 0.5)}
</svg>`;
}

/** Fresh pasta on a floured board: egg yolk in a flour well, tagliatelle nests. */
function pasta(w = 1200, h = 800) {
  const r = rng(5);
  let nests = '';
  for (const [cx, cy] of [[w * 0.7, h * 0.3], [w * 0.78, h * 0.68], [w * 0.58, h * 0.72]]) {
    for (let i = 0; i < 24; i++) {
      const rx = 40 + r() * 55;
      const ry = 30 + r() * 45;
      nests += `<ellipse cx="${(cx + (r() - 0.5) * 20).toFixed(0)}" cy="${(cy + (r() - 0.5) * 20).toFixed(0)}" rx="${rx.toFixed(0)}" ry="${ry.toFixed(0)}" transform="rotate(${(r() * 180).toFixed(0)} ${cx.toFixed(0)} ${cy.toFixed(0)})" fill="none" stroke="hsl(${(44 + r() * 6).toFixed(0)},70%,${(70 + r() * 12).toFixed(0)}%)" stroke-width="${(5 + r() * 4).toFixed(1)}" opacity="0.95"/>`;
    }
  }
  let dust = '';
  for (let i = 0; i < 180; i++) dust += `<circle cx="${(r() * w).toFixed(0)}" cy="${(r() * h).toFixed(0)}" r="${(1 + r() * 3).toFixed(1)}" fill="#fffdf7" opacity="${(0.3 + r() * 0.5).toFixed(2)}"/>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}">
  <defs>
    ${wood('wood', 9, '#b88a58', [0.45, 0.3, 0.17])}
    ${grain('grain', 0.1)}
    <radialGradient id="flour" cx="50%" cy="50%" r="50%"><stop offset="0.35" stop-color="#f6f1e6"/><stop offset="0.8" stop-color="#efe7d6" stop-opacity="0.9"/><stop offset="1" stop-color="#efe7d6" stop-opacity="0"/></radialGradient>
    <radialGradient id="yolk" cx="40%" cy="38%" r="60%"><stop offset="0" stop-color="#ffd35c"/><stop offset="0.7" stop-color="#f4a21c"/><stop offset="1" stop-color="#d17a0a"/></radialGradient>
    <radialGradient id="well" cx="50%" cy="50%" r="50%"><stop offset="0.7" stop-color="#d8ccb4"/><stop offset="1" stop-color="#f3ece0" stop-opacity="0"/></radialGradient>
    <filter id="soft"><feGaussianBlur stdDeviation="3"/></filter>
    <filter id="shade" x="-20%" y="-20%" width="140%" height="140%"><feGaussianBlur stdDeviation="10"/></filter>
  </defs>
  <rect width="${w}" height="${h}" filter="url(#wood)"/>
  <ellipse cx="${w * 0.3}" cy="${h * 0.5}" rx="330" ry="300" fill="url(#flour)" filter="url(#soft)"/>
  <circle cx="${w * 0.3}" cy="${h * 0.5}" r="130" fill="url(#well)"/>
  <ellipse cx="${w * 0.3}" cy="${h * 0.5}" rx="110" ry="95" fill="#f7e6b8" opacity="0.9"/>
  <circle cx="${w * 0.27}" cy="${h * 0.48}" r="42" fill="url(#yolk)"/>
  <circle cx="${w * 0.34}" cy="${h * 0.54}" r="36" fill="url(#yolk)"/>
  <circle cx="${w * 0.26}" cy="${h * 0.46}" r="9" fill="#fff" opacity="0.5"/>
  <circle cx="${w * 0.33}" cy="${h * 0.52}" r="8" fill="#fff" opacity="0.5"/>
  <g filter="url(#shade)" opacity="0.35">${nests.replace(/stroke="hsl\([^)]*\)"/g, 'stroke="#3b2410"')}</g>
  ${nests}
  <g transform="rotate(-28 ${w * 0.12} ${h * 0.85})"><rect x="${w * 0.02}" y="${h * 0.83}" width="360" height="38" rx="19" fill="#c9a06b"/><rect x="${w * 0.02}" y="${h * 0.83}" width="360" height="10" rx="5" fill="#e0bf8e"/></g>
  ${dust}
  <rect width="${w}" height="${h}" filter="url(#grain)"/>
  ${vignette(w, h, 0.38)}
</svg>`;
}

/** Chianti hills at golden hour: vine rows and cypresses. */
function vineyard(w = 1200, h = 800) {
  const r = rng(21);
  let rows = '';
  for (let i = 0; i < 34; i++) {
    const y = h * 0.62 + i * i * 0.32 + i * 4;
    if (y > h + 20) break;
    rows += `<path d="M -20 ${y.toFixed(0)} Q ${w * 0.5} ${(y - 40 - i * 2).toFixed(0)} ${w + 20} ${(y + 10).toFixed(0)}" stroke="hsl(${(80 + r() * 25).toFixed(0)},40%,${(20 + i * 0.4).toFixed(0)}%)" stroke-width="${(3 + i * 0.55).toFixed(1)}" fill="none" stroke-dasharray="${(6 + i).toFixed(0)} ${(3 + i * 0.3).toFixed(0)}"/>`;
  }
  const cypress = (x, y, s) => `<path d="M ${x} ${y} C ${x - 14 * s} ${y - 60 * s}, ${x - 10 * s} ${y - 150 * s}, ${x} ${y - 190 * s} C ${x + 10 * s} ${y - 150 * s}, ${x + 14 * s} ${y - 60 * s}, ${x} ${y} Z" fill="#1f2a16"/>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}">
  <defs>
    <linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#5d7fa8"/><stop offset="0.45" stop-color="#f2b37a"/><stop offset="0.7" stop-color="#f7d39c"/></linearGradient>
    <radialGradient id="sun" cx="50%" cy="50%" r="50%"><stop offset="0" stop-color="#fff5d6"/><stop offset="0.3" stop-color="#ffe1a0" stop-opacity="0.8"/><stop offset="1" stop-color="#ffb870" stop-opacity="0"/></radialGradient>
    <linearGradient id="haze" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#b98a78"/><stop offset="1" stop-color="#8a6a5c"/></linearGradient>
    <linearGradient id="field" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#8a8a3a"/><stop offset="1" stop-color="#3f4a1c"/></linearGradient>
    <filter id="blur"><feGaussianBlur stdDeviation="4"/></filter>
    ${grain('grain', 0.12)}
  </defs>
  <rect width="${w}" height="${h}" fill="url(#sky)"/>
  <circle cx="${w * 0.68}" cy="${h * 0.42}" r="220" fill="url(#sun)"/>
  <path d="M 0 ${h * 0.47} Q ${w * 0.2} ${h * 0.38} ${w * 0.42} ${h * 0.46} T ${w} ${h * 0.44} V ${h} H 0 Z" fill="url(#haze)" opacity="0.75" filter="url(#blur)"/>
  <path d="M 0 ${h * 0.55} Q ${w * 0.3} ${h * 0.47} ${w * 0.55} ${h * 0.54} T ${w} ${h * 0.5} V ${h} H 0 Z" fill="#6f6b3c" opacity="0.9"/>
  ${cypress(w * 0.62, h * 0.53, 0.5)}${cypress(w * 0.65, h * 0.535, 0.42)}${cypress(w * 0.2, h * 0.5, 0.38)}
  <path d="M 0 ${h * 0.66} Q ${w * 0.45} ${h * 0.56} ${w} ${h * 0.64} V ${h} H 0 Z" fill="url(#field)"/>
  ${rows}
  ${cypress(w * 0.88, h * 0.72, 1.25)}${cypress(w * 0.93, h * 0.74, 1.05)}
  <rect width="${w}" height="${h}" filter="url(#grain)"/>
  ${vignette(w, h, 0.35)}
</svg>`;
}

/** A gift box tied with a ribbon on linen, in the card's colour. */
function gift(ribbon, paper, w = 1200, h = 750) {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}">
  <defs>
    <filter id="linen" x="0" y="0" width="100%" height="100%">
      <feTurbulence type="fractalNoise" baseFrequency="0.8 0.02" numOctaves="2" seed="2" result="a"/>
      <feTurbulence type="fractalNoise" baseFrequency="0.02 0.8" numOctaves="2" seed="3" result="b"/>
      <feBlend in="a" in2="b" mode="multiply" result="c"/>
      <feColorMatrix in="c" type="matrix" values="0 0 0 0 0.45  0 0 0 0 0.4  0 0 0 0 0.33  0 0 0 0.6 0" result="weave"/>
      <feFlood flood-color="#e9e2d4" result="f"/>
      <feComposite in="weave" in2="f" operator="over"/>
    </filter>
    <linearGradient id="paper" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${paper[0]}"/><stop offset="1" stop-color="${paper[1]}"/></linearGradient>
    <linearGradient id="ribbon" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="${ribbon[1]}"/><stop offset="0.5" stop-color="${ribbon[0]}"/><stop offset="1" stop-color="${ribbon[1]}"/></linearGradient>
    <filter id="shadow" x="-20%" y="-20%" width="140%" height="140%"><feGaussianBlur stdDeviation="22"/></filter>
    ${grain('grain', 0.1)}
  </defs>
  <rect width="${w}" height="${h}" filter="url(#linen)"/>
  <g transform="rotate(-8 ${w / 2} ${h / 2})">
    <rect x="${w / 2 - 270}" y="${h / 2 - 190}" width="560" height="400" rx="10" fill="#000" opacity="0.35" filter="url(#shadow)"/>
    <rect x="${w / 2 - 280}" y="${h / 2 - 200}" width="560" height="400" rx="8" fill="url(#paper)"/>
    <rect x="${w / 2 - 280}" y="${h / 2 - 200}" width="560" height="400" rx="8" fill="none" stroke="#fff" stroke-opacity="0.25" stroke-width="3"/>
    <rect x="${w / 2 - 40}" y="${h / 2 - 200}" width="80" height="400" fill="url(#ribbon)"/>
    <rect x="${w / 2 - 280}" y="${h / 2 - 40}" width="560" height="80" fill="${ribbon[0]}"/>
    <rect x="${w / 2 - 280}" y="${h / 2 - 40}" width="560" height="14" fill="#fff" opacity="0.18"/>
    <path d="M ${w / 2} ${h / 2} C ${w / 2 - 70} ${h / 2 - 130}, ${w / 2 - 200} ${h / 2 - 60}, ${w / 2} ${h / 2} Z" fill="${ribbon[0]}" stroke="${ribbon[1]}" stroke-width="6"/>
    <path d="M ${w / 2} ${h / 2} C ${w / 2 + 70} ${h / 2 - 130}, ${w / 2 + 200} ${h / 2 - 60}, ${w / 2} ${h / 2} Z" fill="${ribbon[0]}" stroke="${ribbon[1]}" stroke-width="6"/>
    <path d="M ${w / 2 - 10} ${h / 2 + 10} L ${w / 2 - 90} ${h / 2 + 150} L ${w / 2 - 50} ${h / 2 + 140} Z" fill="${ribbon[1]}"/>
    <path d="M ${w / 2 + 10} ${h / 2 + 10} L ${w / 2 + 90} ${h / 2 + 150} L ${w / 2 + 50} ${h / 2 + 140} Z" fill="${ribbon[1]}"/>
    <circle cx="${w / 2}" cy="${h / 2}" r="30" fill="${ribbon[1]}"/>
  </g>
  <g transform="translate(${w * 0.82} ${h * 0.2}) rotate(20)"><ellipse rx="60" ry="24" fill="#4f6b2a"/><path d="M -60 0 H 60" stroke="#2f4417" stroke-width="3"/></g>
  <g transform="translate(${w * 0.14} ${h * 0.8}) rotate(-30)"><ellipse rx="50" ry="20" fill="#5c7a31"/><path d="M -50 0 H 50" stroke="#2f4417" stroke-width="3"/></g>
  <rect width="${w}" height="${h}" filter="url(#grain)"/>
  ${vignette(w, h, 0.3)}
</svg>`;
}

const scenes = {
  'cover.jpg': cover(),
  'experience-cena-degustazione.jpg': tasting(),
  'experience-corso-pasta.jpg': pasta(),
  'experience-vini-toscani.jpg': vineyard(),
  'giftcard-buono-50.jpg': gift(['#8a2c1b', '#5c1a0f'], ['#f1e7d6', '#d9c7a8']),
  'giftcard-buono-100.jpg': gift(['#c8a04a', '#8c6a22'], ['#3a1e14', '#20100a']),
  'giftcard-buono-libero.jpg': gift(['#2f4a3a', '#1b2e23'], ['#efe3cf', '#d2bd98']),
};

for (const [name, svg] of Object.entries(scenes)) {
  await sharp(Buffer.from(svg)).jpeg({ quality: 82, mozjpeg: true }).toFile(path.join(out, name));
  console.log(name, fs.statSync(path.join(out, name)).size, 'bytes');
}
