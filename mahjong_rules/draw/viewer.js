// The replay viewer's script (mahjong_rules.draw.viewer): it opens the packed frames,
// draws the scene primitives as mahjong_rules.draw._svg writes them, and handles the
// slider, the keys, the seat switch, the #step=..&seat=.. links, the result panel and
// the chart. No network: the data is inline and decompressed in the page.
"use strict";
(async function () {
  const packed = document.getElementById("data").textContent.trim();
  const bytes = Uint8Array.from(atob(packed), (c) => c.charCodeAt(0));
  const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("gzip"));
  const data = await new Response(stream).json();
  const prefix = data.prefix, scale = data.scale;
  const esc = (s) => String(s).replace(/&/g, "&amp;").replace(/</g, "&lt;")
    .replace(/>/g, "&gt;").replace(/"/g, "&quot;");
  const num = (v) => String(Math.round(v * 100) / 100);

  // one primitive, exactly as _svg.primitive_svg writes it
  function primitive(item) {
    if (item[0] === "t") {
      const [, symbol, x, y, sideways, mark] = item;
      let attrs = `href="#${prefix}${symbol}"`;
      if (mark) attrs += ` class="${mark}"`;
      if (mark === "called") attrs += ' opacity=".35"';
      if (sideways) {
        return `<use ${attrs} transform="translate(${num(x)} ${num(y + 30 * scale)}) ` +
          `rotate(-90) scale(${num(scale)})"/>`;
      }
      return `<use ${attrs} transform="translate(${num(x)} ${num(y)}) scale(${num(scale)})"/>`;
    }
    if (item[0] === "x") {
      const [, x, y, text, size, anchor, mark] = item;
      const a = anchor === "start" ? "" : ` text-anchor="${anchor}"`;
      const c = mark ? ` class="${mark}"` : "";
      return `<text x="${num(x)}" y="${num(y)}" font-size="${num(size)}"${a}${c}>` +
        `${esc(text)}</text>`;
    }
    const [, x, y, w, h, mark] = item;
    const c = mark ? ` class="${mark}"` : "";
    return `<rect x="${num(x)}" y="${num(y)}" width="${num(w)}" height="${num(h)}"${c}/>`;
  }
  const markup = new Map();
  function zoneMarkup(index, name) {
    const key = name + "\u0000" + index;
    let text = markup.get(key);
    if (text === undefined) {
      const [rotate, items] = data.pool[index];
      const turn = rotate ? ` transform="rotate(${rotate})"` : "";
      text = `<g data-zone="${esc(name)}"${turn}>${items.map(primitive).join("")}</g>`;
      markup.set(key, text);
    }
    return text;
  }

  // every frame of every stream: the pool index of each zone (-1: not drawn)
  const zoneCount = data.zones.length;
  const frames = data.frames.map((deltas) => {
    const current = new Int32Array(zoneCount).fill(-1);
    return deltas.map((delta) => {
      for (let i = 0; i < delta.length; i += 2) current[delta[i]] = delta[i + 1];
      return Int32Array.from(current);
    });
  });
  const count = data.hand.length;
  let streamIndex = 0, step = 0;

  const $ = (id) => document.getElementById(id);
  const slider = $("slider"), select = $("seat");
  slider.max = String(count - 1);
  data.streams.forEach((name, i) => {
    const option = document.createElement("option");
    option.value = String(i);
    option.textContent = name;
    select.appendChild(option);
  });
  const points = Array.from(document.querySelectorAll("#chart .hand-point"));

  function render() {
    const zones = frames[streamIndex][step];
    let body = "";
    for (let z = 0; z < zoneCount; z++) {
      if (zones[z] >= 0) body += zoneMarkup(zones[z], data.zones[z]);
    }
    $("zones").innerHTML = body;
    slider.value = String(step);
    select.value = String(streamIndex);
    const hand = data.hands[data.hand[step]];
    $("where").textContent = `step ${step} / ${count - 1} \u00b7 ${hand.label}`;
    $("caption").textContent = data.captions[data.said[streamIndex][step]];
    const ended = hand.end !== null && step >= hand.end;
    const panel = $("result");
    if (ended) {
      const [width, height, zoneIndexes] = hand.result;
      panel.setAttribute("viewBox", `0 0 ${num(width)} ${num(height)}`);
      panel.setAttribute("width", num(width));
      panel.setAttribute("height", num(height));
      panel.innerHTML = `<rect width="${num(width)}" height="${num(height)}" fill="#fff"/>` +
        zoneIndexes.map(([name, i]) => zoneMarkup(i, name)).join("");
    } else {
      panel.innerHTML = "";
      panel.setAttribute("height", "0");
    }
    $("panel").classList.toggle("empty", !ended);
    $("final").hidden = step !== count - 1 || !$("final").innerHTML;
    let ordinal = -1;
    for (let h = 0; h <= data.hand[step]; h++) {
      if (data.hands[h].end !== null && (h < data.hand[step] || ended)) ordinal++;
    }
    points.forEach((p, i) => p.classList.toggle("current", i === ordinal));
    const seat = data.seats[streamIndex];
    const hash = `#step=${step}&seat=${seat < 0 ? "spectator" : seat}`;
    if (location.hash !== hash) history.replaceState(null, "", hash);
  }
  function go(target) {
    step = Math.max(0, Math.min(count - 1, target));
    render();
  }
  function nextTurn(direction) {
    let i = step;
    const turn = data.turn[step];
    while (i + direction >= 0 && i + direction < count && data.turn[i + direction] === turn) {
      i += direction;
    }
    go(i + direction);
  }
  function nextHand(direction) {
    const current = data.hand[step];
    const start = data.hands[current].start;
    if (direction < 0) {
      go(step > start ? start : data.hands[Math.max(0, current - 1)].start);
    } else if (current + 1 < data.hands.length) {
      go(data.hands[current + 1].start);
    } else {
      go(count - 1);
    }
  }
  function setStream(index) {
    if (index >= 0 && index < data.streams.length) {
      streamIndex = index;
      render();
    }
  }
  function readHash() {
    const params = new URLSearchParams(location.hash.slice(1));
    const seat = params.get("seat");
    if (seat !== null) {
      const wanted = seat === "spectator" ? -1 : Number(seat);
      const index = data.seats.indexOf(wanted);
      if (index >= 0) streamIndex = index;
    }
    const wantedStep = Number(params.get("step"));
    if (Number.isInteger(wantedStep)) step = Math.max(0, Math.min(count - 1, wantedStep));
    render();
  }
  slider.addEventListener("input", () => go(Number(slider.value)));
  select.addEventListener("change", () => setStream(Number(select.value)));
  document.addEventListener("keydown", (event) => {
    if (event.target === select) return;
    const key = event.key;
    if (key === "ArrowRight" || key === "ArrowLeft") {
      const direction = key === "ArrowRight" ? 1 : -1;
      if (event.shiftKey) nextTurn(direction); else go(step + direction);
    } else if (key === "ArrowDown" || key === "PageDown") {
      nextHand(1);
    } else if (key === "ArrowUp" || key === "PageUp") {
      nextHand(-1);
    } else if (key === "Home") {
      go(0);
    } else if (key === "End") {
      go(count - 1);
    } else if (key === "s") {
      setStream(data.seats.indexOf(-1));
    } else if (/^[0-3]$/.test(key)) {
      setStream(data.seats.indexOf(Number(key)));
    } else {
      return;
    }
    event.preventDefault();
  });
  const ended = data.hands.filter((h) => h.end !== null);
  points.forEach((p, i) => p.addEventListener("click", () => go(ended[i].end)));
  window.addEventListener("hashchange", readHash);
  window.mahjongViewer = {
    count, data, go, setStream,
    get step() { return step; },
    get stream() { return streamIndex; },
  };
  readHash();
  document.body.dataset.ready = "true";
})();
