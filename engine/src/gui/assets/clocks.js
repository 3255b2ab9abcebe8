// Both clocks of a game with a time control. The server keeps the time; each state says
// what is left on each clock and which one runs, and the running one is counted down here
// between states.
"use strict";

let clockState = null;     // the state's clocks
let clockReceived = 0;     // when they arrived (performance.now())

function clockText(ms) {
  const tenths = Math.floor(ms / 100);
  const seconds = Math.floor(tenths / 10);
  const minutes = Math.floor(seconds / 60);
  const rest = String(seconds % 60).padStart(2, "0");
  // Tenths only in the last ten seconds, where they matter.
  return seconds < 10 ? `${minutes}:${rest}.${tenths % 10}` : `${minutes}:${rest}`;
}

function drawClocks() {
  for (const side of ["white", "black"]) {
    const el = $("clock-" + side);
    if (!clockState) { el.textContent = ""; el.hidden = true; continue; }
    let ms = clockState[side + "_ms"];
    const running = clockState.running === side;
    if (running) ms = Math.max(0, ms - (performance.now() - clockReceived));
    el.hidden = false;
    el.textContent = `${side === "white" ? "White" : "Black"} ${clockText(ms)}`;
    el.dataset.ms = Math.round(ms);
    el.classList.toggle("running", running);
    el.classList.toggle("fallen", ms === 0);
  }
}

stateListeners.push((message) => {
  clockState = message.clocks || null;
  clockReceived = performance.now();
  drawClocks();
});
setInterval(drawClocks, 100);
