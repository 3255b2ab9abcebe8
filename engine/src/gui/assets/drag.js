// Moving a piece by dragging it (mouse, touch or pen, through pointer events): the piece
// follows the pointer and is let go on a square, which then counts as a click there, so the
// legal targets, the choice buttons and the refusals are those of clicks.
"use strict";

const DRAG_THRESHOLD = 6;   // pixels the pointer moves before a press becomes a drag
let drag = null;            // { pointer, from, x, y, ghost }
let swallowClick = false;   // the click that ends a drag is not a click

function squareAt(x, y) {
  const el = document.elementFromPoint(x, y);
  const square = el && el.closest("#board [data-square]");
  return square ? square.dataset.square : null;
}

// Whether the piece on `name` may be dragged now: a human's piece, to move, with moves.
function draggable(name) {
  if (!state || state.outcome || !humanToMove()) return false;
  const piece = boardMap()[name];
  return !!piece && piece.white === state.white_to_move && movesFrom(name).length > 0;
}

function startDrag(event) {
  const board = $("board");
  // Captured only now: a press that stays a click must reach its square's click handler.
  board.setPointerCapture(event.pointerId);
  selected = drag.from; choices = null;
  say("");
  render(false);
  const piece = boardMap()[drag.from];
  const ghost = document.createElement("div");
  ghost.className = "drag-ghost";
  ghost.innerHTML = pieceSvg(piece.code, piece.white, pieceName(piece.code));
  document.body.appendChild(ghost);
  drag.ghost = ghost;
  const origin = board.querySelector(`[data-square="${drag.from}"]`);
  if (origin) origin.classList.add("drag-origin");
  moveGhost(event);
}

function moveGhost(event) {
  drag.ghost.style.left = `${event.clientX}px`;
  drag.ghost.style.top = `${event.clientY}px`;
}

function endDrag(event) {
  const { from, ghost } = drag;
  drag = null;
  if (!ghost) return;       // a press without a drag: the click handles it
  ghost.remove();
  swallowClick = true;
  setTimeout(() => { swallowClick = false; }, 0);
  const to = squareAt(event.clientX, event.clientY);
  if (to && to !== from) clickSquare(to);
  else render(false);     // let go off the board or on its own square: the piece stays picked
}

function bindDrag() {
  const board = $("board");
  board.addEventListener("pointerdown", (event) => {
    if (event.button !== 0 || (typeof editing !== "undefined" && editing)) return;
    const square = event.target.closest("[data-square]");
    if (!square || !draggable(square.dataset.square)) return;
    drag = { pointer: event.pointerId, from: square.dataset.square, x: event.clientX, y: event.clientY, ghost: null };
    event.preventDefault();
  });
  board.addEventListener("pointermove", (event) => {
    if (!drag || event.pointerId !== drag.pointer) return;
    if (!drag.ghost) {
      if (Math.hypot(event.clientX - drag.x, event.clientY - drag.y) < DRAG_THRESHOLD) return;
      startDrag(event);
    }
    moveGhost(event);
  });
  board.addEventListener("pointerup", (event) => {
    if (drag && event.pointerId === drag.pointer) endDrag(event);
  });
  board.addEventListener("pointercancel", () => {
    if (drag && drag.ghost) drag.ghost.remove();
    drag = null;
  });
  // Capture phase: runs before the squares' own click handlers.
  board.addEventListener("click", (event) => {
    if (swallowClick) { swallowClick = false; event.stopPropagation(); }
  }, true);
}

bindDrag();
