// Sissa's piece images, drawn here from simple shapes (MIT, like the rest of Sissa).
//
// The six orthodox types have figures: King (crowned with a cross), Queen (five-pointed
// crown), Rook (battlements), Bishop (mitre with a slit), Knight (a horse's head in
// profile), Pawn (a ball on a foot). Every other type, in every variant, is a disc with the
// letter of its code; the code's suffix is a mark at the top right: ' a dot, ! a bar. A
// white piece is light with a dark outline, a black piece dark with a light letter.
"use strict";

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
  const figure = PIECE_FIGURES[name];
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
