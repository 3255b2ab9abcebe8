// Sissa's piece images, drawn here from simple shapes (MIT, like the rest of Sissa).
//
// The six orthodox types have figures: King (crowned with a cross), Queen (five-pointed
// crown), Rook (battlements), Bishop (mitre with a slit), Knight (a horse's head in
// profile), Pawn (a ball on a foot). So do the Lion (a maned head), the Unicorn (a horse's
// head with a horn), the Sissa (a sea horse) and the Ultima family: Immobilizer (an
// octagon with a bar: stop), Long Leaper (an arc over a ball), Chameleon (a disc half of
// each colour), Advancer and Withdrawer (an arrow towards or away from a bar),
// Pushme-Pullyu (an arrow both ways), Swapper (two arrows crossing), Coordinator (cross
// hairs), Pincer Pawn (a pawn with a forked head), Cannon Pawn (a small cannon). Every
// other type is a disc with the letter of its code, and so is every type in UC-40, whose
// forty types follow that one scheme; the code's suffix is a mark at the top right: ' a
// dot, ! a bar. A white piece is light with a dark outline, a black piece dark with a
// light letter.
"use strict";

// The points of a star (or, with equal radii, a regular polygon) as an SVG path.
function starPath(cx, cy, outer, inner, points, turn) {
  const corners = [];
  for (let i = 0; i < points * 2; i++) {
    const r = i % 2 === 0 ? outer : inner;
    const a = turn + (Math.PI * i) / points;
    corners.push(`${(cx + r * Math.sin(a)).toFixed(1)} ${(cy - r * Math.cos(a)).toFixed(1)}`);
  }
  return `M${corners.join("L")}z`;
}

const FOOT = '<rect x="11" y="41" width="28" height="5" rx="1"/>';
const KNIGHT_HEAD = '<path d="M14 45h26c0-14-1-26-11-33l-3-5-3 6c-5 3-12 9-13 16l3 3 6-4 5-1c-4 7-9 11-10 18z"/><circle cx="23" cy="16" r="1.8"/>';

// Fairy figures; LINE stands for the outline colour (details drawn solid).
const FAIRY_FIGURES = {
  Lion: `<path d="${starPath(25, 22, 18, 13, 12, 0)}"/><circle cx="25" cy="23" r="9"/>` +
    '<circle cx="21.5" cy="21" r="1.5" fill="LINE"/><circle cx="28.5" cy="21" r="1.5" fill="LINE"/>' +
    '<path d="M22 26l3 3 3-3" fill="none"/>' + FOOT,
  Unicorn: KNIGHT_HEAD + '<path d="M20 13L7 2l16 8z"/>',
  Sissa: '<path d="M27 6l8 3-1 7c3 3 4 7 3 12-1 6-4 11-10 13-4 1-7-1-7-4s3-4 5-2c1 2-1 3-2 2 3 2 7-1 8-5 1-5-2-8-5-10l-2-3-3 2-9 2-3-2 3-3 9-3z"/>' +
    '<circle cx="28" cy="11" r="1.6" fill="LINE"/><path d="M35 19l5 2-4 2m4 4-4 1" fill="none"/>',
  Immobilizer: `<path d="${starPath(25, 23, 18, 18, 4, Math.PI / 8)}"/><path d="M15 23h20" stroke-width="5"/>`,
  "Long Leaper": '<path d="M5 42Q25-6 45 42h-7Q25 8 12 42z"/><circle cx="25" cy="38" r="5"/>',
  Chameleon: '<circle cx="25" cy="24" r="18"/><path d="M25 6a18 18 0 0 0 0 36z" fill="LINE"/>',
  Advancer: '<rect x="11" y="5" width="28" height="5"/><path d="M25 14l10 12h-6v14h-8v-14h-6z"/>' + FOOT,
  Withdrawer: '<rect x="11" y="5" width="28" height="5"/><path d="M25 36l10-12h-6v-10h-8v10h-6z"/>' + FOOT,
  "Pushme-Pullyu": '<path d="M25 4l10 11h-6v16h6l-10 11-10-11h6v-16h-6z"/>' + FOOT,
  Swapper: '<path d="M6 16l10-9v5h26v8h-26v5z"/><path d="M44 30l-10-9v5h-26v8h26v5z"/>' + FOOT,
  Coordinator: '<circle cx="25" cy="23" r="16"/><path d="M25 3v40M5 23h40" fill="none" stroke-width="2.5"/>' +
    '<circle cx="25" cy="23" r="4" fill="LINE"/>',
  "Pincer Pawn": '<path d="M17 6l3 0 2 9h6l2-9h3l-2 13h-12z"/><path d="M17 42c0-9 3-14 8-18 5 4 8 9 8 18z"/>' + FOOT,
  "Cannon Pawn": '<path d="M12 30l22-16 4 6-22 16z"/><circle cx="20" cy="35" r="7"/><circle cx="20" cy="35" r="2" fill="LINE"/>' + FOOT,
};

const PIECE_FIGURES = {
  King: '<path d="M22 8h6v5h5v6h-5v5h-6v-5h-5v-6h5z"/><path d="M12 44c0-12 6-18 13-18s13 6 13 18z"/><rect x="10" y="42" width="30" height="5" rx="1"/>',
  Queen: '<path d="M10 40l-3-22 9 10 4-14 5 12 5-12 4 14 9-10-3 22z"/><rect x="9" y="40" width="32" height="6" rx="1"/>',
  Rook: '<path d="M12 10h6v5h4v-5h6v5h4v-5h6v10l-4 4v14h4v8h-30v-8h4v-14l-4-4z"/>',
  Bishop: '<path d="M25 6c5 5 11 11 11 19 0 6-4 10-11 10s-11-4-11-10c0-8 6-14 11-19z"/><path d="M28 14l-6 9" stroke-width="2.5"/><rect x="11" y="38" width="28" height="7" rx="2"/>',
  Knight: '<path d="M14 45h26c0-14-1-26-11-33l-3-5-3 6c-5 3-12 9-13 16l3 3 6-4 5-1c-4 7-9 11-10 18z"/><circle cx="23" cy="16" r="1.8"/>',
  Pawn: '<circle cx="25" cy="17" r="7"/><path d="M17 42c0-9 3-14 8-16 5 2 8 7 8 16z"/><rect x="13" y="41" width="24" height="5" rx="1"/>',
};

function pieceSvg(code, white, name) {
  const fill = white ? "#fafafa" : "#222";
  const line = white ? "#222" : "#eee";
  // UC-40's types all follow the lettered scheme, whatever their names.
  const lettered = typeof state !== "undefined" && state && state.variant === "uc40";
  const fairy = lettered ? undefined : FAIRY_FIGURES[name];
  const figure = PIECE_FIGURES[name] || (fairy && fairy.replaceAll("LINE", line));
  let body;
  if (figure) {
    body = `<g fill="${fill}" stroke="${line}" stroke-width="1.6" stroke-linejoin="round">${figure}</g>`;
  } else {
    const letter = code.charAt(0).toUpperCase();
    const suffix = code.charAt(1);
    body = `<circle cx="25" cy="25" r="20" fill="${fill}" stroke="${line}" stroke-width="2"/>` +
      `<text x="25" y="33" text-anchor="middle" font-family="sans-serif" font-weight="bold" font-size="24" fill="${line}">${letter}</text>`;
    if (suffix === "'") body += `<circle cx="40" cy="10" r="5" fill="${line}" stroke="${fill}"/>`;
    if (suffix === "!") body += `<rect x="36" y="3" width="6" height="14" fill="${line}" stroke="${fill}"/>`;
  }
  return `<svg viewBox="0 0 50 50" xmlns="http://www.w3.org/2000/svg" data-piece="${code}"><title>${name || code}</title>${body}</svg>`;
}
