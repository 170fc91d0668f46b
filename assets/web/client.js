// Vantage's web client for the players' own devices: the table's filtered view, live.
// Plain JavaScript, no build step, no outside files: everything it needs is served by the GM's
// Vantage over the local network (docs/players-devices.md).
"use strict";

const vantage = (() => {
  const $ = (id) => document.getElementById(id);
  const SIDE_COLOURS = { party: "#3d7dd8", enemy: "#c0392b", neutral: "#9e9e9e" };
  const PROTOCOL = 1;
  const state = {
    socket: null, map: null, view: null, you: null, tv: false, joined: false,
    scale: 32, ox: 0, oy: 0, fitted: false, reach: null, mode: "", pings: [],
    status: "", closed: null, log: [], retries: 0,
  };
  const canvas = $("map");
  const ctx = canvas.getContext("2d");

  // -- joining --------------------------------------------------------------------------------
  function start() {
    const params = new URLSearchParams(location.hash.slice(1) || location.search.slice(1));
    $("code").value = params.get("code") || localStorage.getItem("vantage-code") || "";
    $("name").value = localStorage.getItem("vantage-name") || "";
    $("tv").checked = params.get("tv") === "1";
    $("join-button").addEventListener("click", join);
    for (const id of ["code", "name"]) {
      $(id).addEventListener("keydown", (e) => { if (e.key === "Enter") join(); });
    }
    $("fit").addEventListener("click", () => { fit(); draw(); });
    $("ping-mode").addEventListener("click", () => setMode(state.mode === "ping" ? "" : "ping"));
    $("move-mode").addEventListener("click", () => {
      if (state.mode === "move") { setMode(""); return; }
      if (state.you && state.you.token) send({ type: "reach", token: state.you.token });
    });
    $("prompt-send").addEventListener("click", sendPrompt);
    $("prompt-let").addEventListener("click", () => send({ type: "answer", let_vantage_roll: true }));
    window.addEventListener("resize", () => { resize(); draw(); });
    window.addEventListener("hashchange", () => {
      const again = new URLSearchParams(location.hash.slice(1));
      if (again.get("code")) $("code").value = again.get("code");
      $("tv").checked = again.get("tv") === "1";
    });
    setupGestures();
    if (params.get("code") && params.get("auto") === "1") join();
  }

  function join() {
    const code = $("code").value.trim();
    const name = $("name").value.trim();
    state.tv = $("tv").checked;
    if (!code) { $("join-error").textContent = "Type the join code the GM shows."; return; }
    localStorage.setItem("vantage-code", code);
    localStorage.setItem("vantage-name", name);
    const scheme = location.protocol === "https:" ? "wss:" : "ws:";
    const socket = new WebSocket(`${scheme}//${location.host}/ws`);
    state.socket = socket;
    state.closed = null;
    const resume = sessionStorage.getItem("vantage-resume") || undefined;
    socket.onopen = () => socket.send(JSON.stringify({ type: "join", code, name: name || (state.tv ? "TV" : ""), resume }));
    socket.onmessage = (event) => receive(JSON.parse(event.data));
    socket.onclose = (event) => {
      state.closed = { code: event.code, reason: event.reason || "the connection closed" };
      const wasJoined = state.joined;
      state.joined = false;
      if (wasJoined && event.code === 1006 && state.retries < 30) {
        // the phone slept or the network blinked: join again, and get the same token back
        state.retries += 1;
        say(`Connection lost: joining again… (${state.retries})`);
        setTimeout(join, Math.min(10000, 1000 * state.retries));
        return;
      }
      if (!wasJoined) {
        $("join-error").textContent = `Not joined: ${state.closed.reason}.`;
      } else {
        say(`Disconnected: ${state.closed.reason}. Reload the page to join again.`);
      }
    };
  }

  function send(message) {
    if (state.socket && state.socket.readyState === WebSocket.OPEN) state.socket.send(JSON.stringify(message));
  }

  function receive(message) {
    if (message.protocol !== undefined && message.protocol !== PROTOCOL) {
      say("This page is from another version of Vantage: reload it.");
      return;
    }
    state.log.push(message.type);
    if (!state.joined) {
      state.joined = true;
      $("join").hidden = true;
      $("table").hidden = false;
      document.body.classList.toggle("tv", state.tv);
      resize();
    }
    switch (message.type) {
      case "map": state.map = message; state.terrainImage = null; loadBackground(); if (!state.fitted) fit(); break;
      case "state": state.view = message; showStrip(); showParty(); if (state.tv) fit(); break;
      case "you": state.you = message; state.retries = 0;
                  if (message.resume) sessionStorage.setItem("vantage-resume", message.resume);
                  showMe(); showPrompt(); break;
      case "reach": state.reach = message; setMode("move"); break;
      case "refused": say(message.reason); break;
      case "ping": state.pings.push({ x: message.at[0], y: message.at[1], by: message.by,
                                      until: performance.now() + 1000 * (message.seconds || 4) });
                   say(`${message.by} pings ${message.at[0]}, ${message.at[1]}`); animate(); break;
      default: break;
    }
    draw();
  }

  function say(text) {
    state.status = text;
    $("status").textContent = text;
  }

  // -- panels ---------------------------------------------------------------------------------
  function showStrip() {
    const turn = state.view && state.view.turn;
    const strip = $("strip");
    strip.textContent = "";
    if (!turn) return;
    const head = document.createElement("span");
    head.textContent = turn.head + "   ";
    strip.append(head);
    turn.entries.forEach((entry, i) => {
      if (i) strip.append(" › ");
      const span = document.createElement("span");
      span.textContent = entry.name;
      if (entry.current) span.className = "current";
      else if (entry.done) span.className = "done";
      strip.append(span);
    });
  }

  function showParty() {
    const party = $("party");
    party.textContent = "";
    for (const member of (state.view && state.view.party) || []) {
      const div = document.createElement("div");
      div.className = "member";
      div.dataset.token = member.id;
      const name = document.createElement("b");
      name.textContent = member.name;
      div.append(name);
      if (member.health) {
        const bar = document.createElement("div");
        bar.className = "bar";
        const fill = document.createElement("span");
        fill.style.width = `${Math.round(100 * Math.max(0, Math.min(1, member.health.fraction)))}%`;
        bar.append(fill);
        div.append(bar);
        const text = document.createElement("small");
        text.textContent = member.health.text;
        div.append(text);
      }
      if (member.conditions.length) {
        const conditions = document.createElement("small");
        conditions.textContent = member.conditions.join(", ");
        div.append(conditions);
      }
      party.append(div);
    }
  }

  function showMe() {
    const me = $("me");
    const you = state.you;
    me.textContent = "";
    if (!you || state.tv) return;
    const line = document.createElement("div");
    const tokens = (state.view && state.view.tokens) || [];
    const nameOf = (id) => (tokens.find((t) => t.id === id) || { name: id }).name;
    if (you.token) {
      line.textContent = `You play ${nameOf(you.token)}` + (you.can_move ? " · you may move this turn" : "");
    } else if (you.asking) {
      line.textContent = `Asked the GM for ${nameOf(you.asking)}…`;
    } else {
      line.textContent = "Claim your character:";
      for (const token of tokens.filter((t) => t.side === "party")) {
        const button = document.createElement("button");
        button.textContent = token.name;
        button.dataset.claim = token.id;
        button.addEventListener("click", () => send({ type: "claim", token: token.id }));
        line.append(" ", button);
      }
    }
    me.append(line);
    if (you.sheet && you.sheet.length) {
      const sheet = document.createElement("details");
      sheet.id = "sheet";
      const summary = document.createElement("summary");
      summary.textContent = "Your sheet";
      sheet.append(summary);
      for (const row of you.sheet) {
        const item = document.createElement("small");
        item.textContent = `${row.title}: ${row.value}`;
        sheet.append(item);
      }
      me.append(sheet);
    }
    $("move-mode").hidden = !you.can_move;
    if (!you.can_move && state.mode === "move") setMode("");
  }

  function showPrompt() {
    const prompt = state.you && state.you.prompt;
    const box = $("prompt");
    if (!prompt) { box.hidden = true; state.promptKey = null; return; }
    const key = JSON.stringify(prompt);
    if (key === state.promptKey && !box.hidden) return;
    state.promptKey = key;
    $("prompt-title").textContent = prompt.dice
      ? `${prompt.who_name} rolls ${prompt.dice.expr} at the table` : prompt.prompt;
    $("prompt-sentence").textContent = prompt.sentence;
    $("prompt-error").textContent = "";
    const dice = $("prompt-dice");
    const choices = $("prompt-choices");
    dice.textContent = "";
    choices.textContent = "";
    if (prompt.dice) {
      for (let i = 0; i < prompt.dice.count; i++) {
        const input = document.createElement("input");
        input.inputMode = "numeric";
        input.maxLength = 4;
        input.placeholder = `1–${prompt.dice.sides}`;
        input.setAttribute("aria-label", `die ${i + 1} of ${prompt.dice.count} (d${prompt.dice.sides})`);
        input.addEventListener("keydown", (e) => { if (e.key === "Enter") sendPrompt(); });
        dice.append(input);
      }
      $("prompt-send").hidden = false;
      $("prompt-let").hidden = false;
    } else {
      for (const choice of prompt.choices) {
        const button = document.createElement("button");
        const odds = Object.entries(choice.chances || {}).slice(0, 1)
          .map(([name, p]) => ` · ${name} ${Math.round(p * 100)}%`).join("");
        button.textContent = choice.label + odds + (choice.value === prompt.default ? " · default" : "");
        button.dataset.choice = choice.value;
        button.addEventListener("click", () => send({ type: "answer", choice: choice.value }));
        choices.append(button);
      }
      $("prompt-send").hidden = true;
      $("prompt-let").hidden = true;
    }
    box.hidden = false;
    const first = dice.querySelector("input");
    if (first) first.focus();
  }

  function sendPrompt() {
    const faces = [...$("prompt-dice").querySelectorAll("input")].map((input) => input.value.trim());
    send({ type: "answer", faces });
  }

  function setMode(mode) {
    state.mode = mode;
    if (mode !== "move") state.reach = null;
    $("ping-mode").classList.toggle("on", mode === "ping");
    $("move-mode").classList.toggle("on", mode === "move");
    draw();
  }

  // -- the map --------------------------------------------------------------------------------
  function resize() {
    const ratio = window.devicePixelRatio || 1;
    canvas.width = Math.round(canvas.clientWidth * ratio);
    canvas.height = Math.round(canvas.clientHeight * ratio);
    state.ratio = ratio;
    if (state.map && (state.tv || !state.fitted)) fit();
  }

  function fit() {
    if (!state.map) return;
    const frame = state.tv && state.view && state.view.framing
      ? state.view.framing : [0, 0, state.map.width, state.map.height];
    const w = canvas.clientWidth || 1;
    const h = canvas.clientHeight || 1;
    const top = $("strip").offsetHeight || 0;
    const fw = Math.max(1, frame[2] - frame[0]);
    const fh = Math.max(1, frame[3] - frame[1]);
    state.scale = Math.max(2, Math.min(w / fw, (h - top) / fh));
    state.ox = (w - fw * state.scale) / 2 - frame[0] * state.scale;
    state.oy = top + (h - top - fh * state.scale) / 2 - frame[1] * state.scale;
    state.fitted = true;
  }

  function toScreen(x, y) { return [state.ox + x * state.scale, state.oy + y * state.scale]; }
  function toTile(px, py) {
    return [Math.floor((px - state.ox) / state.scale), Math.floor((py - state.oy) / state.scale)];
  }

  function terrainImage() {
    // one pixel per tile, drawn stretched without smoothing (as the projector's fog layer)
    if (state.terrainImage) return state.terrainImage;
    const map = state.map;
    const image = document.createElement("canvas");
    image.width = map.width;
    image.height = map.height;
    const c = image.getContext("2d");
    const data = c.createImageData(map.width, map.height);
    const colours = map.palette.map((p) => hexColour(p.color));
    const inSight = map.in_sight ? new Set(map.in_sight.map(([x, y]) => y * map.width + x)) : null;
    map.terrain.forEach((index, i) => {
      const [r, g, b] = colours[index] || [128, 128, 128];
      const dim = inSight && index !== 0 && !inSight.has(i) ? 0.4 : 1;
      data.data.set([r * dim, g * dim, b * dim, 255], i * 4);
    });
    c.putImageData(data, 0, 0);
    state.terrainImage = image;
    return image;
  }

  function loadBackground() {
    const background = state.map && state.map.background;
    if (!background) { state.picture = null; return; }
    if (state.picture && state.picture.url === background.url) return;
    const image = new Image();
    image.onload = () => { state.picture = { url: background.url, image, ready: true }; draw(); };
    image.src = background.url;
    state.picture = { url: background.url, image, ready: false };
  }

  function hexColour(text) {
    const m = /^#?([0-9a-f]{6})/i.exec(text || "");
    const v = m ? parseInt(m[1], 16) : 0x808080;
    return [(v >> 16) & 255, (v >> 8) & 255, v & 255];
  }

  function draw() {
    const ratio = state.ratio || 1;
    ctx.setTransform(ratio, 0, 0, ratio, 0, 0);
    ctx.fillStyle = "#111";
    ctx.fillRect(0, 0, canvas.width, canvas.height);
    const map = state.map;
    if (!map) return;
    const s = state.scale;
    ctx.imageSmoothingEnabled = false;
    ctx.drawImage(terrainImage(), state.ox, state.oy, map.width * s, map.height * s);
    if (state.picture && state.picture.ready) {
      // the GM's picture, its fogged tiles already black; explored tiles out of sight dimmed
      ctx.imageSmoothingEnabled = true;
      ctx.drawImage(state.picture.image, state.ox, state.oy, map.width * s, map.height * s);
      ctx.imageSmoothingEnabled = false;
      if (map.in_sight) {
        const inSight = new Set(map.in_sight.map(([x, y]) => y * map.width + x));
        ctx.fillStyle = "rgba(0,0,0,0.6)";
        map.terrain.forEach((index, i) => {
          if (index !== 0 && !inSight.has(i)) {
            const [px, py] = toScreen(i % map.width, Math.floor(i / map.width));
            ctx.fillRect(px, py, s, s);
          }
        });
      }
    }
    // grid
    if (s >= 8) {
      ctx.strokeStyle = "rgba(0,0,0,0.25)";
      ctx.lineWidth = 1;
      ctx.beginPath();
      for (let x = 0; x <= map.width; x++) { const [px, py] = toScreen(x, 0); ctx.moveTo(px, py); ctx.lineTo(px, py + map.height * s); }
      for (let y = 0; y <= map.height; y++) { const [px, py] = toScreen(0, y); ctx.moveTo(px, py); ctx.lineTo(px + map.width * s, py); }
      ctx.stroke();
    }
    // reachable tiles while moving
    if (state.mode === "move" && state.reach) {
      ctx.fillStyle = "rgba(80,170,255,0.35)";
      for (const [x, y] of state.reach.tiles) { const [px, py] = toScreen(x, y); ctx.fillRect(px, py, s, s); }
    }
    // templates the GM shows
    for (const template of (state.view && state.view.templates) || []) {
      ctx.fillStyle = "rgba(255,140,0,0.33)";
      for (const [x, y] of template.tiles) { const [px, py] = toScreen(x, y); ctx.fillRect(px, py, s, s); }
    }
    // map objects and walls
    ctx.strokeStyle = "#d8d2c0";
    ctx.lineWidth = Math.max(1.5, s / 10);
    for (const object of map.objects) {
      ctx.beginPath();
      object.outline.forEach(([x, y], i) => { const [px, py] = toScreen(x, y); i ? ctx.lineTo(px, py) : ctx.moveTo(px, py); });
      ctx.closePath();
      ctx.fillStyle = "rgba(120,100,70,0.6)";
      ctx.fill();
      ctx.stroke();
    }
    for (const [ax, ay, bx, by, kind] of map.walls) {
      ctx.strokeStyle = kind.startsWith("door") ? "#c78a3b" : kind === "window" ? "#8fd3ff" : "#f2efe6";
      ctx.lineWidth = Math.max(2, s / 7);
      ctx.beginPath();
      ctx.moveTo(...toScreen(ax, ay));
      ctx.lineTo(...toScreen(bx, by));
      ctx.stroke();
    }
    // tokens
    const actor = state.view && state.view.turn && state.view.turn.actor;
    for (const token of (state.view && state.view.tokens) || []) {
      const [px, py] = toScreen(token.x, token.y);
      const r = (token.size * s) / 2;
      ctx.beginPath();
      ctx.arc(px + r, py + r, r * 0.86, 0, Math.PI * 2);
      ctx.fillStyle = SIDE_COLOURS[token.side] || "#9e9e9e";
      ctx.fill();
      ctx.lineWidth = Math.max(1.5, s / 14);
      ctx.strokeStyle = token.id === actor ? "#ffd84d" : (state.you && token.id === state.you.token ? "#ffffff" : "#111");
      ctx.stroke();
      ctx.fillStyle = "#fff";
      ctx.font = `${Math.max(10, Math.min(18, s * 0.32))}px system-ui, sans-serif`;
      ctx.textAlign = "center";
      ctx.fillText(token.name, px + r, py + token.size * s + Math.max(10, s * 0.3));
    }
    // the GM's ruler
    const ruler = state.view && state.view.ruler;
    if (ruler) {
      const a = toScreen(ruler.start[0] + 0.5, ruler.start[1] + 0.5);
      const b = toScreen(ruler.end[0] + 0.5, ruler.end[1] + 0.5);
      ctx.strokeStyle = "#ffd84d";
      ctx.lineWidth = 3;
      ctx.setLineDash([8, 6]);
      ctx.beginPath(); ctx.moveTo(...a); ctx.lineTo(...b); ctx.stroke();
      ctx.setLineDash([]);
      ctx.fillStyle = "#ffd84d";
      ctx.font = "bold 16px system-ui, sans-serif";
      ctx.fillText(ruler.label, b[0], b[1] - 10);
    }
    // pings
    const now = performance.now();
    state.pings = state.pings.filter((p) => p.until > now);
    for (const ping of state.pings) {
      const [px, py] = toScreen(ping.x + 0.5, ping.y + 0.5);
      const phase = ((now / 600) % 1);
      ctx.strokeStyle = "#ff3df5";
      ctx.lineWidth = 4;
      ctx.beginPath(); ctx.arc(px, py, s * (0.4 + phase), 0, Math.PI * 2); ctx.stroke();
      ctx.fillStyle = "#ff3df5";
      ctx.font = "bold 14px system-ui, sans-serif";
      ctx.fillText(ping.by, px, py - s * 0.9);
    }
  }

  function animate() {
    if (state.animating) return;
    state.animating = true;
    const step = () => {
      draw();
      if (state.pings.length) requestAnimationFrame(step); else state.animating = false;
    };
    requestAnimationFrame(step);
  }

  // -- touch, mouse and wheel -------------------------------------------------------------------
  function setupGestures() {
    const pointers = new Map();
    let last = null;
    let moved = 0;
    let lastTap = 0;
    canvas.addEventListener("pointerdown", (e) => {
      canvas.setPointerCapture(e.pointerId);
      pointers.set(e.pointerId, [e.offsetX, e.offsetY]);
      last = gesture(pointers);
      moved = 0;
    });
    canvas.addEventListener("pointermove", (e) => {
      if (!pointers.has(e.pointerId) || state.tv) return;
      pointers.set(e.pointerId, [e.offsetX, e.offsetY]);
      const now = gesture(pointers);
      if (last && now && now.n === last.n) {
        const k = now.n > 1 && last.d > 0 ? now.d / last.d : 1;
        zoomAt(now.x, now.y, k);
        state.ox += now.x - last.x;
        state.oy += now.y - last.y;
        moved += Math.abs(now.x - last.x) + Math.abs(now.y - last.y);
        draw();
      }
      last = now;
    });
    const up = (e) => {
      const single = pointers.size === 1;
      pointers.delete(e.pointerId);
      last = gesture(pointers);
      if (!single || moved > 8 || e.type === "pointercancel") return;
      const tile = toTile(e.offsetX, e.offsetY);
      const now = performance.now();
      const double = now - lastTap < 350;
      lastTap = now;
      tap(tile, double);
    };
    canvas.addEventListener("pointerup", up);
    canvas.addEventListener("pointercancel", up);
    canvas.addEventListener("wheel", (e) => {
      e.preventDefault();
      if (state.tv) return;
      zoomAt(e.offsetX, e.offsetY, Math.exp(-e.deltaY / 400));
      draw();
    }, { passive: false });
  }

  function gesture(pointers) {
    const points = [...pointers.values()];
    if (!points.length) return null;
    const x = points.reduce((a, p) => a + p[0], 0) / points.length;
    const y = points.reduce((a, p) => a + p[1], 0) / points.length;
    const d = points.length > 1 ? Math.hypot(points[0][0] - points[1][0], points[0][1] - points[1][1]) : 0;
    return { n: points.length, x, y, d };
  }

  function zoomAt(x, y, k) {
    const scale = Math.max(2, Math.min(400, state.scale * k));
    const real = scale / state.scale;
    state.ox = x - (x - state.ox) * real;
    state.oy = y - (y - state.oy) * real;
    state.scale = scale;
  }

  function tap(tile, double) {
    if (state.tv) return;
    if (state.mode === "move" && state.you && state.you.token) {
      send({ type: "move", token: state.you.token, to: tile });
      setMode("");
      return;
    }
    if (state.mode === "ping" || double) {
      send({ type: "ping", at: tile });
      if (state.mode === "ping") setMode("");
    }
  }

  // For the tests and for a curious player's console: where a tile is on the page.
  function tileCentre(x, y) {
    const rect = canvas.getBoundingClientRect();
    const [px, py] = toScreen(x + 0.5, y + 0.5);
    return [rect.left + px, rect.top + py];
  }

  start();
  setInterval(() => send({ type: "hello" }), 20000);
  return { state, tileCentre, send, join, draw };
})();
