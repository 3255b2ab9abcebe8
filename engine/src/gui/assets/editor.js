// The position editor: pieces of any type of the game's variant put on or taken off the
// board, the side to move chosen, the FEN written from it and judged by the engine (a FEN
// the variant refuses is shown with the reason), then a game started from it. The fields
// after the board (castling, en passant, counters, UC-40's reserves and credits) are those
// of the position the editor opened on, and can be changed in the FEN box.
"use strict";

let editing = false;
let editMap = {};          // square -> { code, white }
let editTool = null;       // { code, white } to put, or "erase"
let editSuffix = "";       // what follows the board in the FEN's first field (UC-40 reserves)
let editRest = [];         // the FEN's fields after the side to move
let editValid = false;

// The squares of a FEN's board field: { square: piece } or null if it cannot be read.
function readBoardField(field, files, ranks) {
  const rows = field.split("/");
  if (rows.length !== ranks) return null;
  const map = {};
  for (let i = 0; i < ranks; i++) {
    const r = ranks - 1 - i;
    let f = 0;
    const tokens = rows[i].match(/\d+|[A-Za-z]['!]?/g) || [];
    if (tokens.join("") !== rows[i]) return null;
    for (const t of tokens) {
      if (/^\d/.test(t)) { f += parseInt(t, 10); continue; }
      if (f >= files) return null;
      map[squareName(f, r)] = { code: t, white: t[0] === t[0].toUpperCase() };
      f++;
    }
    if (f !== files) return null;
  }
  return map;
}

function writeBoardField(map) {
  const rows = [];
  for (let r = state.ranks - 1; r >= 0; r--) {
    let row = "", empty = 0;
    for (let f = 0; f < state.files; f++) {
      const p = map[squareName(f, r)];
      if (!p) { empty++; continue; }
      if (empty) { row += empty; empty = 0; }
      row += p.code;
    }
    if (empty) row += empty;
    rows.push(row);
  }
  return rows.join("/");
}

function editorFen() {
  return [writeBoardField(editMap) + editSuffix, $("editor-side").value, ...editRest].join(" ");
}

// Takes a whole FEN into the editor; false if its board cannot be read.
function loadEditorFen(fen) {
  const fields = fen.trim().split(/\s+/);
  const bracket = fields[0].indexOf("[");
  const boardField = bracket < 0 ? fields[0] : fields[0].slice(0, bracket);
  const map = readBoardField(boardField, state.files, state.ranks);
  if (!map) return false;
  editMap = map;
  editSuffix = bracket < 0 ? "" : fields[0].slice(bracket);
  $("editor-side").value = fields[1] === "b" ? "b" : "w";
  editRest = fields.slice(2);
  return true;
}

function drawPalette() {
  const palette = $("palette");
  palette.innerHTML = "";
  const tool = (label, html, choice, title) => {
    const el = document.createElement("span");
    el.className = "tool";
    el.title = title;
    el.dataset.tool = label;
    el.innerHTML = html;
    const chosen = choice === "erase" ? editTool === "erase"
      : editTool && editTool !== "erase" && editTool.code === choice.code;
    if (chosen) el.classList.add("chosen");
    el.addEventListener("click", () => { editTool = choice; drawPalette(); });
    palette.appendChild(el);
  };
  for (const white of [true, false]) {
    for (const t of state.piece_types) {
      const code = white ? t.code : t.code.charAt(0).toLowerCase() + t.code.slice(1);
      tool(code, pieceSvg(code, white, t.name), { code, white }, `${white ? "White" : "Black"} ${t.name}`);
    }
  }
  tool("erase", "\u2715", "erase", "Take a piece off");
}

// The editor draws the game's board function on its own pieces, without the game's marks.
function drawEditorBoard() {
  const game = state;
  state = Object.assign({}, game, { check: false });
  const keep = [selected, choices];
  selected = null; choices = null;
  drawBoard(editMap, null, true);
  [selected, choices] = keep;
  state = game;
  drawReserves(); drawStatus(); drawMoves(); drawChoice();
}

// The FEN's fields after the side to move begin with castling and en passant in every
// variant; an edited board keeps no en passant square, a cleared one no castling either.
function forgetRights(castling) {
  if (castling && editRest.length > 0) editRest[0] = "-";
  if (editRest.length > 1) editRest[1] = "-";
}

function editSquare(name) {
  const here = editMap[name];
  if (editTool === "erase" || !editTool || (here && here.code === editTool.code)) delete editMap[name];
  else editMap[name] = { code: editTool.code, white: editTool.white };
  forgetRights(false);
  edited();
}

function edited() {
  editValid = false;
  $("editor-fen").value = editorFen();
  drawEditorBoard();
  checkEditorFen();
}

function checkEditorFen() {
  $("editor-status").textContent = "checking...";
  $("editor-status").className = "";
  send({ type: "validate", variant: state.variant, fen: $("editor-fen").value.trim() });
}

replyHandlers.validation = (answer) => {
  if (!editing || answer.asked !== $("editor-fen").value.trim()) return;
  editValid = answer.valid;
  const status = $("editor-status");
  status.textContent = answer.valid ? "A legal position of " + answer.variant : answer.error;
  status.className = answer.valid ? "valid" : "invalid";
  status.dataset.valid = answer.valid ? "1" : "0";
};

function openEditor() {
  if (!state) return;
  editing = true;
  loadEditorFen(state.fen);
  editTool = null;
  $("editor").hidden = false;
  boardOverride = drawEditorBoard;
  drawPalette();
  edited();
}

function closeEditor() {
  editing = false;
  $("editor").hidden = true;
  boardOverride = null;
  if (state) render(false);
}

function bindEditor() {
  $("edit").onclick = () => (editing ? closeEditor() : openEditor());
  $("editor-close").onclick = closeEditor;
  $("editor-clear").onclick = () => { editMap = {}; forgetRights(true); edited(); };
  $("editor-reset").onclick = () => { loadEditorFen(state.fen); edited(); };
  $("editor-side").onchange = edited;
  $("editor-fen").oninput = () => {
    editValid = false;
    if (loadEditorFen($("editor-fen").value)) drawEditorBoard();
    checkEditorFen();
  };
  $("editor-play").onclick = () => {
    if (!editValid) { $("editor-status").textContent = "The position is not legal yet"; return; }
    const fen = $("editor-fen").value.trim();
    closeEditor();
    send(Object.assign({ type: "new", variant: state.variant, fen }, players()));
  };
  // Capture phase: while editing, a click on a square edits it instead of moving.
  $("board").addEventListener("click", (event) => {
    if (!editing) return;
    const square = event.target.closest("[data-square]");
    event.stopPropagation();
    if (square) editSquare(square.dataset.square);
  }, true);
}

bindEditor();
