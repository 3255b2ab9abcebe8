// The page: draws the state the server sends, lets the user enter moves by clicks and
// sends them back. Every square element carries data-square="<square>".
"use strict";

const $ = (id) => document.getElementById(id);
let socket = null;
let state = null;
let flipped = false;
let selected = null;      // square name of the picked piece
let choices = null;       // moves between which the user must choose
let stepTimer = null;
const infoLines = {};
const stateListeners = [];  // functions called with each new state (clocks, editor)
const replyHandlers = {};   // other replies by type (the editor's "validation")
let boardOverride = null;   // while set, draws the board instead of the game (the editor)

function connect() {
  socket = new WebSocket(`ws://${location.host}/ws`);
  socket.onmessage = (event) => receive(JSON.parse(event.data));
  // A page opened as /?variant=rococo starts a game of that variant between two humans.
  socket.onopen = () => {
    const variant = new URLSearchParams(location.search).get("variant");
    if (variant) send({ type: "new", variant, white: "human", black: "human" });
  };
  socket.onclose = () => say("connection to Sissa closed");
}

function send(message) {
  if (socket && socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify(message));
}

function say(text) { $("message").textContent = text || ""; }

function receive(message) {
  if (message.type === "state") {
    const fresh = !state || state.played.length !== message.played.length || state.fen !== message.fen;
    // The variant and FEN boxes follow a new game, but not every state: a choice being made
    // there (a variant picked, a FEN typed) outlives the replies that arrive meanwhile.
    if (!state || state.variant !== message.variant || state.start_fen !== message.start_fen) {
      $("variant").value = message.variant;
      $("fen").dataset.edited = "0";
    }
    if ($("fen").dataset.edited === "sent") $("fen").dataset.edited = "0";
    state = message;
    if (fresh) { for (const k in infoLines) delete infoLines[k]; $("info").textContent = ""; }
    selected = null; choices = null;
    say("");
    render(true);
    for (const listener of stateListeners) listener(message);
  } else if (message.type === "info") {
    infoLines[message.multipv] = message;
    showInfo();
  } else if (message.type === "variants") {
    showVariants(message.names);
  } else if (message.type === "pgn") {
    $("pgn").value = message.text;
  } else if (message.type === "error") {
    // A refused FEN stays in the box to be corrected.
    if ($("fen").dataset.edited === "sent") $("fen").dataset.edited = "1";
    say(message.message);
  } else if (replyHandlers[message.type]) {
    replyHandlers[message.type](message);
  }
}

// The variant menu: every variant the server plays, those of variants files included.
function showVariants(names) {
  const menu = $("variant");
  const chosen = menu.value;
  menu.replaceChildren(...names.map((name) => {
    const option = document.createElement("option");
    option.textContent = name;
    return option;
  }));
  if (names.includes(chosen)) menu.value = chosen;
}

function fileName(f) { return String.fromCharCode(97 + f); }
function squareName(f, r) { return fileName(f) + (r + 1); }

function pieceName(code) {
  const base = code.toUpperCase();
  const t = state.piece_types.find((p) => p.code === base);
  return t ? t.name : code;
}

// The pieces by square, as the state gives them.
function boardMap() {
  const map = {};
  for (const entry of state.board) map[entry.square] = entry.piece;
  return map;
}

// The board before the King's automatic step: the King back on its square, and what its
// step took back where it stood.
function beforeStep(map, last) {
  const step = last.king_step;
  const copy = Object.assign({}, map);
  const taken = last.removed.find((r) => r.square === step.to && r.how === "king step");
  copy[step.from] = step.piece;
  if (taken) copy[step.to] = taken.piece; else delete copy[step.to];
  return copy;
}

function render(animate) {
  if (stepTimer) { clearTimeout(stepTimer); stepTimer = null; }
  if (boardOverride) { boardOverride(); return; }
  const last = state.played[state.played.length - 1];
  const map = boardMap();
  if (animate && last && last.king_step) {
    drawBoard(beforeStep(map, last), last, false);
    stepTimer = setTimeout(() => { stepTimer = null; drawBoard(map, last, true); }, 450);
  } else {
    drawBoard(map, last, true);
  }
  drawReserves();
  drawStatus();
  drawMoves();
  drawChoice();
}

function drawBoard(map, last, stepped) {
  const board = $("board");
  board.innerHTML = "";
  board.style.gridTemplateColumns = `repeat(${state.files}, 56px)`;
  const marks = {};
  const mark = (sq, cls) => { (marks[sq] = marks[sq] || []).push(cls); };
  if (last) {
    mark(last.from, "last"); mark(last.to, "last");
    for (const r of last.removed) mark(r.square, "captured");
    if (last.drop) mark(last.drop.square, "last");
    if (last.king_step && stepped) { mark(last.king_step.from, "king-step"); mark(last.king_step.to, "king-step"); }
  }
  if (state.check) {
    const king = state.white_to_move ? "K" : "k";
    for (const e of state.board) if (e.piece.code === king) mark(e.square, "check");
  }
  const legal = movesFrom(selected);
  if (selected) mark(selected, "selected");
  for (const m of legal) mark(m.to, "target");
  if (choices) for (const m of choices) if (m.drop) mark(m.drop.square, "drop-target");
  for (let row = 0; row < state.ranks; row++) {
    for (let col = 0; col < state.files; col++) {
      const r = flipped ? row : state.ranks - 1 - row;
      const f = flipped ? state.files - 1 - col : col;
      const name = squareName(f, r);
      const div = document.createElement("div");
      div.className = "square " + ((f + r) % 2 === 0 ? "dark" : "light");
      const ring = state.variant === "rococo" &&
        (f === 0 || r === 0 || f === state.files - 1 || r === state.ranks - 1);
      if (ring) div.classList.add("ring");
      for (const cls of marks[name] || []) div.classList.add(cls);
      div.dataset.square = name;
      const piece = map[name];
      if (piece) {
        div.innerHTML = pieceSvg(piece.code, piece.white, pieceName(piece.code));
        div.dataset.piece = piece.code;
      }
      if (col === 0) div.insertAdjacentHTML("beforeend", `<span class="coord">${r + 1}</span>`);
      div.addEventListener("click", () => clickSquare(name));
      board.appendChild(div);
    }
  }
}

function drawReserves() {
  for (const side of ["white", "black"]) {
    const el = $("reserve-" + side);
    const pieces = state.reserves[side];
    if (state.variant !== "uc40") { el.innerHTML = ""; continue; }
    const credits = state.credits[side === "white" ? 0 : 1];
    const pending = side === "white" && state.pending && state.pending !== "-" ? `, pending exchange ${state.pending}` : "";
    el.innerHTML = `<span class="label">${side} reserve (credits ${credits}${pending}):</span>` +
      pieces.map((p) => pieceSvg(p.code, p.white, pieceName(p.code))).join("");
    el.dataset.credits = credits;
  }
}

function drawStatus() {
  let text;
  if (state.outcome) {
    text = `${state.outcome.result} ${state.outcome.reason}`;
  } else {
    const side = state.white_to_move ? "White" : "Black";
    const who = playerToMove() === "human" ? "you" : playerToMove();
    text = `${side} to move (${who})${state.check ? ", check" : ""}`;
  }
  $("status").textContent = text;
  $("status").dataset.fen = state.fen;
  const typing = ["1", "sent"].includes($("fen").dataset.edited);
  if (!typing) $("fen").value = state.fen;
}

function drawMoves() {
  const list = $("moves");
  list.innerHTML = "";
  const moves = state.played;
  const blackFirst = state.start_fen.split(" ")[1] === "b";
  let i = 0;
  while (i < moves.length) {
    const li = document.createElement("li");
    const pair = [];
    if (i === 0 && blackFirst) pair.push("...");
    else pair.push(moves[i++].notation);
    if (i < moves.length) pair.push(moves[i++].notation);
    li.textContent = pair.join(" ");
    list.appendChild(li);
  }
  list.scrollTop = list.scrollHeight;
}

function showInfo() {
  const lines = Object.keys(infoLines).sort().map((k) => {
    const i = infoLines[k];
    const score = i.score.mate !== undefined ? `mate ${i.score.mate}` : (i.score.cp / 100).toFixed(2);
    return `${k}. depth ${i.depth} score ${score} nodes ${i.nodes}  ${i.pv.join(" ")}`;
  });
  $("info").textContent = lines.join("\n");
}

function movesFrom(square) {
  if (!square || !state) return [];
  return state.legal.filter((m) => m.from === square);
}

// Who plays the side to move: "human", "sissa" or an engine's name.
function playerToMove() {
  const side = state.white_to_move ? "white" : "black";
  if (state.players) return state.players[side];
  return state.sissa[side] ? "sissa" : "human";
}

function humanToMove() {
  return state && !state.outcome && playerToMove() === "human";
}

function clickSquare(name) {
  if (!state) return;
  if (choices) {
    const dropped = choices.filter((m) => m.drop && m.drop.square === name);
    if (dropped.length === 1) { play(dropped[0]); return; }
    choices = null; render(false);
  }
  const piece = boardMap()[name];
  if (selected) {
    const candidates = movesFrom(selected).filter((m) => m.to === name);
    if (candidates.length === 1) { play(candidates[0]); return; }
    if (candidates.length > 1) { choices = candidates; render(false); return; }
    if (!(piece && piece.white === state.white_to_move && name !== selected)) {
      const from = selected;
      selected = null; render(false);
      say(`Illegal: the ${pieceName(boardMap()[from].code)} on ${from} cannot move to ${name}`);
      return;
    }
  }
  if (!piece) { say(""); return; }
  if (state.outcome) { say(`The game is over: ${state.outcome.result}`); return; }
  if (piece.white !== state.white_to_move) {
    say(`It is ${state.white_to_move ? "White" : "Black"}'s turn`); return;
  }
  if (!humanToMove()) { say("It is Sissa's turn"); return; }
  if (movesFrom(name).length === 0) {
    say(`Illegal: the ${pieceName(piece.code)} on ${name} has no legal move`); return;
  }
  say("");
  selected = name;
  render(false);
}

// What sets a move apart from the others between the same squares.
function describeChoice(m) {
  const parts = [];
  if (m.kind === "Swap") parts.push("swap");
  else if (m.kind === "MutualDestruction") parts.push("mutual destruction");
  else if (m.kind === "Suicide") parts.push("suicide");
  if (m.promotion) parts.push("promote to " + pieceName(m.promotion.code));
  for (const r of m.removed) if (r.how !== "self-destruction") parts.push(`take ${r.square} (${r.how})`);
  if (m.drop) parts.push(`drop ${pieceName(m.drop.piece.code)} on ${m.drop.square}`);
  if (parts.length === 0) parts.push("plain move");
  return `${m.notation}: ${parts.join(", ")}`;
}

function drawChoice() {
  const el = $("choice");
  el.innerHTML = "";
  if (!choices) return;
  const withDrop = choices.some((m) => m.drop);
  if (withDrop) el.append("Click a marked square to drop there, or choose: ");
  for (const m of choices) {
    const b = document.createElement("button");
    b.textContent = describeChoice(m);
    b.dataset.move = m.notation;
    b.addEventListener("click", () => play(m));
    el.appendChild(b);
  }
}

function play(m) {
  selected = null; choices = null;
  send({ type: "move", move: m.notation });
}

// A side's player as the server takes it: human, sissa, random or the engine typed.
function player(side) {
  const choice = $(side).value;
  return choice === "engine" ? $("engine").value.trim() : choice;
}

function players() {
  const limit = $("limit").value;
  const message = { white: player("white"), black: player("black") };
  if (limit === "tc") message.tc = $("limit-value").value.trim();
  else message[limit] = parseInt($("limit-value").value, 10) || 1000;
  return message;
}

function bind() {
  $("new").onclick = () => send(Object.assign({
    type: "new", variant: $("variant").value,
    seed: parseInt($("seed").value, 10) || 0, symmetry: $("symmetry").value,
    fen: $("fen").dataset.edited === "1" ? $("fen").value : "",
  }, players()));
  // The typed FEN is sent: once the game starts, the box shows its positions again.
  $("new").addEventListener("click", () => {
    if ($("fen").dataset.edited === "1") $("fen").dataset.edited = "sent";
  });
  $("fen").oninput = () => { $("fen").dataset.edited = "1"; };
  $("variant").onchange = () => { $("fen").dataset.edited = "0"; $("fen").value = ""; };
  for (const id of ["white", "black", "limit", "limit-value", "engine"]) {
    $(id).onchange = () => send(Object.assign({ type: "players" }, players()));
  }
  const limitDefaults = { movetime: "1000", depth: "8", tc: "300+2" };
  $("limit").onchange = () => {
    $("limit-value").value = limitDefaults[$("limit").value];
    send(Object.assign({ type: "players" }, players()));
  };
  $("undo").onclick = () => send({ type: "undo" });
  $("flip").onclick = () => { flipped = !flipped; if (state) render(false); };
  $("go").onclick = () => send({ type: "go" });
  $("analyse").onclick = () => send({ type: "analyse", on: true, multipv: 3 });
  $("stop").onclick = () => send({ type: "stop" });
  $("export").onclick = () => send({ type: "export" });
  $("import").onclick = () => send({ type: "import", pgn: $("pgn").value });
}

bind();
connect();
