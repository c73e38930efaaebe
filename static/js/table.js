/* The table of every game: live updates, sending moves, clocks, the keyboard. Our own small code, no
libraries. What a game's hand needs beyond buttons (a play built from cards picked in order) is its
own script's: see "a game's own script" below.

Protocol (the server side is games/consumers.py and games/views.move; see games/table_state.py):
  WebSocket ws(s)://host/ws/games/<id>/ (closed with 4012 when Redis restarts: connect again)
    server -> client  {"type": "table", "seq": n, "html": fragment}       on connect, on resync, when seats change
                      {"type": "patch", "seq": n, "base": m, "parts": {name: html}, "log": items, "attrs": {...}}
                                                                     after a move: what changed since seq m
                      {"type": "refused", "seq": n, "client_move_id": id, "message": text, "html": fragment}
                      {"type": "error", "message": text}   a frame it could not read or handle
                      {"type": "here"}                     the answer to "here"
    client -> server  {"type": "move", "action": {...}, "expected_seq": n, "client_move_id": id}
                      {"type": "resync"}
                      {"type": "here"}   every minute while the page is visible: no "your turn" mail then
  Without a socket, moves are POSTed to data-move-url (fields action, expected_seq, client_move_id) with
  an HX-Request header; the answer is the fragment (200, or 422 with the ruling shown inline). A move
  sent over a socket that dies before any answer is sent again by POST with the same client_move_id,
  which the server applies at most once. While the socket is down the page polls for the fragment.

The fragment is <div id="table-<id>" data-seq data-hand ...>; it is replaced whole, by a new one or by a
copy with a patch's parts ([data-part]) replaced and its log lines added. What a game's script keeps
across a replacement is its own (the cards picked, while data-hand is unchanged).
*/
(function () {
  "use strict";

  const root = document.querySelector("[data-table]");
  if (!root) return;

  const gameId = root.dataset.game;
  const moveUrl = root.dataset.moveUrl;
  const pageUrl = root.dataset.pageUrl;
  const conn = root.querySelector("[data-conn]");
  const announcer = root.querySelector("[data-announce]");
  const ANSWER_WAIT_MS = 5000;
  const POLL_MS = 8000;

  let socket = null;
  let socketOpen = false;
  let retries = 0;
  let reconnectTimer = null;
  let pollTimer = null;
  let inFlight = null; // {id, action, timer}
  const variant = window.tableVariant || {}; // a game's own script, loaded before this one (see below)
  let countdownTimer = null;

  const live = () => document.getElementById("table-" + gameId);
  const currentSeq = () => Number(live().dataset.seq);
  const handCards = () => Array.from(live().querySelectorAll(".hand-card"));

  function moveId() {
    if (window.crypto && crypto.randomUUID) return crypto.randomUUID();
    const bytes = new Uint8Array(16);
    crypto.getRandomValues(bytes);
    return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
  }

  function csrfToken() {
    try {
      const headers = JSON.parse(document.body.getAttribute("hx-headers") || "{}");
      if (headers["X-CSRFToken"]) return headers["X-CSRFToken"];
    } catch (e) { /* fall through to the cookie */ }
    const match = document.cookie.match(/(?:^|;\s*)csrftoken=([^;]+)/);
    return match ? decodeURIComponent(match[1]) : "";
  }

  // ---------- a game's own script ----------
  // A game whose hand needs more than buttons (a play built from cards picked in order) has a script
  // of its own in static/js/variants/, named by its presenter's `script` and loaded by the page before
  // this one. It sets window.tableVariant to an object with any of these hooks:
  //   start(table)          once, with {root, live, handCards, pressKey}; it listens to clicks itself
  //   remember(el)          before a fresh fragment replaces `el`: the state of its controls to keep
  //   restore(saved)        after the swap, with what remember gave: put it back and refresh
  //   action(button, form)  the action a submit of `button` sends, or null for the button's own value
  //   key(event)            a key the table did not take first: true when the game used it

  // ---------- swapping in a fresh fragment ----------

  function remember(el) {
    const active = document.activeElement;
    let focus = null;
    if (active && el.contains(active)) {
      if (active.classList.contains("hand-card")) focus = { card: active.dataset.index };
      else if (active.dataset.act) focus = { act: active.dataset.act };
    }
    return { game: variant.remember ? variant.remember(el) : null, focus: focus };
  }

  function restore(saved) {
    const el = live();
    if (variant.restore) variant.restore(saved.game);
    const focus = saved.focus;
    if (focus) {
      const target = focus.card !== undefined
        ? el.querySelector('.hand-card[data-index="' + focus.card + '"]')
        : el.querySelector('[data-act="' + focus.act + '"]');
      if (target) target.focus();
    }
  }

  function swap(html, seq) {
    const old = live();
    if (!old) return false;
    if (seq !== undefined && seq < Number(old.dataset.seq)) return true; // an older push arriving late
    const template = document.createElement("template");
    template.innerHTML = html.trim();
    const fresh = template.content.firstElementChild;
    if (!fresh || fresh.id !== old.id) return false;
    replaceTable(old, fresh);
    return true;
  }

  // After a move the socket sends only what changed since the table it sent last (games.rendering
  // render_table_patch): applied to a copy of this table, which then replaces it as a whole table
  // would. A patch for another table than the one shown (a message missed) asks for the whole one.
  function applyPatch(message) {
    const old = live();
    if (!old) return;
    const seq = Number(old.dataset.seq);
    if (message.seq <= seq) return; // shown already (a POST's answer came first)
    const fresh = message.base === seq ? patched(old.cloneNode(true), message) : null;
    if (fresh) replaceTable(old, fresh);
    else resync();
  }

  function patched(fresh, message) {
    for (const [name, html] of Object.entries(message.parts)) {
      const part = fresh.querySelector('[data-part="' + name + '"]');
      if (!part) return null;
      part.outerHTML = html;
    }
    const log = fresh.querySelector("[data-log]");
    if (!log) return null;
    log.insertAdjacentHTML("beforeend", message.log);
    const limit = Number(log.dataset.logLimit) || 30;
    let extra = log.querySelectorAll("li[value]").length - limit;
    while (log.firstElementChild && (extra > 0 || !log.firstElementChild.hasAttribute("value"))) {
      if (log.firstElementChild.hasAttribute("value")) extra -= 1;
      log.firstElementChild.remove();
    }
    for (const [name, value] of Object.entries(message.attrs)) {
      if (value === null) fresh.removeAttribute(name);
      else fresh.setAttribute(name, value);
    }
    fresh.dataset.seq = String(message.seq);
    return fresh;
  }

  function replaceTable(old, fresh) {
    const saved = remember(old);
    const moved = fresh.dataset.seq !== old.dataset.seq || fresh.dataset.status !== old.dataset.status;
    old.replaceWith(fresh);
    // htmx wires the hx-* attributes of what it swaps in itself; a fragment from the socket is ours to
    // hand over (the Ready button posts with htmx: without this, a click reloaded the whole page).
    if (window.htmx) window.htmx.process(fresh);
    restore(saved);
    if (inFlight && moved) settle();
    if (moved) announce(fresh);
    decorate();
    root.dispatchEvent(new CustomEvent("table:updated", { bubbles: true, detail: { before: old, after: fresh, moved: moved } }));
  }

  function announce(el) {
    if (!announcer) return;
    let text = el.dataset.announceText || "";
    if (el.querySelector(".me.my-turn") && !el.querySelector(".ruling")) text += (text ? ". " : "") + "Your turn.";
    announcer.textContent = text;
  }

  function showProblem(text) {
    const el = live();
    let box = el.querySelector(".ruling");
    if (!box) {
      box = document.createElement("p");
      box.className = "ruling";
      box.setAttribute("role", "alert");
      const place = el.querySelector(".me-head") || el.querySelector(".seats");
      place.after(box);
    }
    box.textContent = text;
  }

  // ---------- sending moves ----------

  function busy(on) {
    live().querySelectorAll(".move-form button[data-act]").forEach((button) => {
      if (on) {
        button.dataset.wasDisabled = button.disabled ? "1" : "";
        button.disabled = true;
      } else if (button.dataset.wasDisabled !== undefined) {
        button.disabled = button.dataset.wasDisabled === "1";
        delete button.dataset.wasDisabled;
      }
    });
  }

  function settle() {
    if (inFlight) clearTimeout(inFlight.timer);
    inFlight = null;
  }

  function send(action) {
    if (inFlight) return;
    const id = moveId();
    const seq = currentSeq();
    inFlight = { id: id, action: action, seq: seq, timer: null };
    busy(true);
    if (socketOpen) {
      socket.send(JSON.stringify({ type: "move", action: action, expected_seq: seq, client_move_id: id }));
      // No answer in time (a dying socket): the same move again by POST; the server applies it once.
      inFlight.timer = setTimeout(() => { if (inFlight && inFlight.id === id) post(action, id, seq); }, ANSWER_WAIT_MS);
    } else {
      post(action, id, seq);
    }
  }

  function post(action, id, seq) {
    const body = new URLSearchParams({ action: JSON.stringify(action), expected_seq: String(seq), client_move_id: id });
    fetch(moveUrl, {
      method: "POST",
      credentials: "same-origin",
      headers: { "X-CSRFToken": csrfToken(), "HX-Request": "true" },
      body: body,
    })
      .then((response) => response.text().then((text) => ({ status: response.status, text: text })))
      .then((answer) => {
        if ((answer.status === 200 || answer.status === 422) && swap(answer.text)) {
          settle();
        } else if (answer.status === 200 || answer.status === 403) {
          // Not a table: the session ended (a login page) or the CSRF token went stale.
          settle();
          busy(false);
          showProblem("Your move was not sent: please reload the page (you may need to log in again).");
        } else {
          throw new Error("HTTP " + answer.status);
        }
      })
      .catch(() => {
        settle();
        busy(false);
        showProblem("Your move did not reach the table. Check your connection and try again.");
      });
  }

  function submitted(event) {
    const form = event.target.closest(".move-form");
    if (!form || !root.contains(form)) return;
    event.preventDefault();
    const button = event.submitter;
    if (!button || button.disabled) return;
    // A game's script may build the action (a Play that sends the cards picked); every other button
    // (a shedding game's card choices included) carries its action in its value.
    const built = variant.action ? variant.action(button, form) : null;
    if (built) {
      send(built);
      return;
    }
    try {
      send(JSON.parse(button.value));
    } catch (e) { /* a button without an action: nothing to send */ }
  }

  // Forms swapped in by a push were rendered without a CSRF token; add it on the way out.
  function addCsrf(event) {
    const form = event.target;
    if (form.method.toLowerCase() === "post" && !form.querySelector("[name=csrfmiddlewaretoken]")) {
      const input = document.createElement("input");
      input.type = "hidden";
      input.name = "csrfmiddlewaretoken";
      input.value = csrfToken();
      form.append(input);
    }
  }

  // ---------- the socket ----------

  function setConn(state, text) {
    if (!conn) return;
    conn.dataset.state = state;
    conn.textContent = text;
  }

  function connect() {
    if (!("WebSocket" in window) || !root.dataset.ws) {
      startPolling();
      return;
    }
    clearTimeout(reconnectTimer);
    const scheme = location.protocol === "https:" ? "wss://" : "ws://";
    setConn("connecting", "connecting…");
    const ws = new WebSocket(scheme + location.host + root.dataset.ws);
    socket = ws;
    // Events of a socket given up on (offline, replaced) are ignored.
    ws.addEventListener("open", () => {
      if (ws !== socket) return;
      socketOpen = true;
      retries = 0;
      stopPolling();
      setConn("live", "connected");
      document.dispatchEvent(new CustomEvent("table:open")); // the chat catches up with what it missed
    });
    ws.addEventListener("message", (event) => {
      if (ws !== socket) return;
      let message;
      try { message = JSON.parse(event.data); } catch (e) { return; }
      document.dispatchEvent(new CustomEvent("table:message", { detail: message })); // chat and other listeners
      if (message.type === "table") {
        swap(message.html, message.seq);
      } else if (message.type === "patch") {
        applyPatch(message);
      } else if (message.type === "refused") {
        if (inFlight && message.client_move_id === inFlight.id) settle();
        swap(message.html);
      } else if (message.type === "error") {
        // A frame the server could not read (ours never are): stop waiting, say so.
        if (inFlight) {
          settle();
          busy(false);
        }
        showProblem(message.message || "Something went wrong; please try again.");
      }
    });
    ws.addEventListener("close", (event) => {
      if (ws !== socket) return;
      socketOpen = false;
      socket = null;
      if (event.code === 4404 || event.code === 4401) {
        setConn("lost", "offline");
        return;
      }
      setConn("lost", "reconnecting…");
      startPolling();
      const delay = Math.min(15000, 500 * 2 ** retries) * (0.75 + Math.random() / 2);
      retries += 1;
      reconnectTimer = setTimeout(connect, delay);
    });
  }

  // The server mails "your turn" only to players who are not looking at the table.
  const HERE_MS = 60000;
  setInterval(() => {
    if (socketOpen && document.visibilityState === "visible") socket.send(JSON.stringify({ type: "here" }));
  }, HERE_MS);

  // Other scripts (table_chat.js) send frames with a cancelable "table:send" event: cancelled when not sent.
  document.addEventListener("table:send", (event) => {
    if (socketOpen) socket.send(JSON.stringify(event.detail));
    else event.preventDefault();
  });

  function resync() {
    if (socketOpen) socket.send(JSON.stringify({ type: "resync" }));
    else if (!socket) connect();
  }

  // A socket on a network that went away is not told so for minutes: drop it now, and come back
  // (resynchronised by the server's first message) as soon as the network does.
  function wentOffline() {
    const dead = socket;
    socket = null;
    socketOpen = false;
    clearTimeout(reconnectTimer);
    if (dead) dead.close();
    setConn("lost", "offline");
  }

  function cameOnline() {
    retries = 0;
    if (!socket) connect();
    else resync();
  }

  function poll() {
    fetch(pageUrl, { credentials: "same-origin", headers: { "HX-Request": "true" } })
      .then((response) => (response.ok ? response.text() : Promise.reject(new Error("HTTP " + response.status))))
      .then((html) => swap(html))
      .catch(() => { /* still offline; the next poll tries again */ });
  }

  function startPolling() {
    if (!pollTimer) pollTimer = setInterval(poll, POLL_MS);
  }

  function stopPolling() {
    clearInterval(pollTimer);
    pollTimer = null;
  }

  // ---------- clocks and small touches ----------

  function remaining(ms) {
    const s = Math.max(0, Math.round(ms / 1000));
    const d = Math.floor(s / 86400);
    const h = Math.floor((s % 86400) / 3600);
    const m = Math.floor((s % 3600) / 60);
    if (d) return d + " d " + h + " h";
    if (h) return h + " h " + m + " min";
    return m + ":" + String(s % 60).padStart(2, "0");
  }

  function tick() {
    live().querySelectorAll("[data-deadline]").forEach((box) => {
      const left = Date.parse(box.dataset.deadline) - Date.now();
      const out = box.querySelector("[data-countdown]");
      if (!out || Number.isNaN(left)) return;
      out.textContent = remaining(left);
      box.classList.toggle("urgent", left < 10000);
    });
  }

  function decorate() {
    clearInterval(countdownTimer);
    if (live().querySelector("[data-deadline]")) {
      tick();
      countdownTimer = setInterval(tick, 1000);
    }
    live().querySelectorAll("[data-invite]").forEach((link) => { link.textContent = location.origin + link.getAttribute("href"); });
    const log = live().querySelector("[data-log]");
    if (log) log.scrollTop = log.scrollHeight;
  }

  // ---------- input ----------

  function pressKey(act) {
    // Keys never reach into a card's choices (a shedding game's hand): only a Play that sends the
    // cards picked and the buttons of acts that put down no card.
    const button = live().querySelector('.move-form:not(.card-choices) button[data-act="' + act + '"]');
    if (button && !button.disabled) button.click();
  }

  const KEY_ACTS = { d: "draw", p: "pass", t: "take", b: "block", c: "catch" };

  function keyed(event) {
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    const target = event.target;
    if (target.closest("input, select, textarea, [contenteditable], summary")) return;
    if (variant.key && variant.key(event)) return; // a game's own keys (picking cards)
    const cards = handCards();
    const key = event.key;
    const onCard = target.classList && target.classList.contains("hand-card");
    if (key === "ArrowRight" || key === "ArrowLeft") {
      if (!cards.length) return;
      event.preventDefault();
      const at = onCard ? Number(target.dataset.index) : -1;
      const step = key === "ArrowRight" ? 1 : -1;
      cards[(at + step + cards.length) % cards.length].focus();
      return;
    }
    if (key === "Enter" && (onCard || target === document.body)) {
      event.preventDefault();
      pressKey("play");
      return;
    }
    const act = KEY_ACTS[key.toLowerCase()];
    if (act && target.tagName !== "A") {
      event.preventDefault();
      pressKey(act);
    }
  }

  root.addEventListener("submit", submitted);
  document.addEventListener("submit", addCsrf, true);
  document.addEventListener("keydown", keyed);
  document.addEventListener("visibilitychange", () => { if (document.visibilityState === "visible") resync(); });
  window.addEventListener("offline", wentOffline);
  window.addEventListener("online", cameOnline);

  if (variant.start) variant.start({ root: root, live: live, handCards: handCards, pressKey: pressKey });
  decorate();
  connect();
})();

/* The replay page: one step at a time, with buttons and keys; without JavaScript every step shows. */
(function () {
  "use strict";

  const page = document.querySelector("[data-replay]");
  if (!page) return;
  const steps = Array.from(page.querySelectorAll("[data-step]"));
  const controls = page.querySelector("[data-replay-controls]");
  const label = page.querySelector("[data-step-label]");
  if (!steps.length || !controls) return;

  const fromHash = steps.findIndex((step) => "#" + step.id === location.hash);
  let at = fromHash >= 0 ? fromHash : 0;

  function show(index) {
    at = Math.max(0, Math.min(steps.length - 1, index));
    steps.forEach((step, i) => { step.hidden = i !== at; });
    label.textContent = at === 0 ? "The deal" : "Move " + at + " of " + (steps.length - 1);
    controls.querySelector('[data-step-go="prev"]').disabled = at === 0;
    controls.querySelector('[data-step-go="first"]').disabled = at === 0;
    controls.querySelector('[data-step-go="next"]').disabled = at === steps.length - 1;
    controls.querySelector('[data-step-go="last"]').disabled = at === steps.length - 1;
    history.replaceState(null, "", "#" + steps[at].id);
  }

  const moves = { first: () => 0, prev: () => at - 1, next: () => at + 1, last: () => steps.length - 1 };

  controls.addEventListener("click", (event) => {
    const button = event.target.closest("[data-step-go]");
    if (button) show(moves[button.dataset.stepGo]());
  });

  document.addEventListener("keydown", (event) => {
    if (event.ctrlKey || event.metaKey || event.altKey || event.target.closest("input, select, textarea")) return;
    const hand = { PageUp: "prev", PageDown: "next" }[event.key];
    if (hand) {
      const link = page.querySelector('[data-hand-link="' + hand + '"]');
      if (link) link.click();
      return;
    }
    const go = { ArrowLeft: "prev", ArrowRight: "next", Home: "first", End: "last" }[event.key];
    if (go) {
      event.preventDefault();
      show(moves[go]());
    }
  });

  controls.hidden = false;
  show(at);
})();
