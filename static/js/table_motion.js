/* The table's motion and sounds. Our own small code, no libraries, no audio files.

table.js replaces the live fragment whole and then dispatches "table:updated" on [data-table] with
{before, after} (the old element, detached, and the new one). Comparing the two:
  - a seat whose card count changed shows "+2" / "−1" flying up, and its count ticks to the new value;
  - cards a seat took come flying from the draw pile; a card played travels from its seat onto the pile;
  - sounds (Web Audio API oscillators): your turn, a hit on you (a hit aimed at you, or your hand grew
    by more than one card without your drawing or taking), a catch or a penalty at the table (the
    engine's event kinds on the "what happened" line), a hand you won; each has its own switch.
The seat to act pulses by CSS alone (table.css). With prefers-reduced-motion: reduce there is no motion
at all; sounds stay, behind the "Sounds" switch (remembered in localStorage, on unless turned off) and
never while the page is hidden. Elements added for a moment carry data-motion.
It also keeps the action bar on screen when your hand begins below the fold (see pin()).
*/
(function () {
  "use strict";

  const root = document.querySelector("[data-table]");
  if (!root) return;

  const STORE_KEY = "ddmau.sounds";
  const reducedMotion = window.matchMedia ? window.matchMedia("(prefers-reduced-motion: reduce)") : null;
  const stillness = () => Boolean(reducedMotion && reducedMotion.matches);
  const MAX_FLYERS = 6;
  let flying = 0;
  let lastOwnAct = { act: "", at: 0 }; // the last button this page pressed: a draw or a take is no hit
  let wonHand = null; // the hand whose win was already sounded

  // ---------- reading a fragment ----------

  function seatsOf(el) {
    const seats = new Map();
    el.querySelectorAll(".seat[data-seat]").forEach((seat) => {
      const cards = seat.dataset.cards;
      seats.set(seat.dataset.seat, {
        el: seat,
        cards: cards === undefined || cards === "" ? null : Number(cards),
        me: seat.classList.contains("is-me"),
        turn: seat.classList.contains("is-turn"),
        target: seat.classList.contains("is-target"),
        name: (seat.getAttribute("title") || "").split(",")[0].trim(),
      });
    });
    return seats;
  }

  function mine(seats) {
    for (const seat of seats.values()) if (seat.me) return seat;
    return null;
  }

  function handNumber(el) {
    const felt = el.querySelector("[data-hand-number]");
    return felt ? felt.dataset.handNumber : "";
  }

  function pileTop(el) {
    return el.querySelector(".pile-top .cd");
  }

  function pileKey(el) {
    const top = pileTop(el);
    const last = el.querySelector(".last-play");
    return (top ? top.outerHTML : "") + "|" + (last ? last.textContent.replace(/\s+/g, " ").trim() : "");
  }

  // ---------- motion ----------

  function centre(el) {
    const box = el.getBoundingClientRect();
    return { x: box.left + box.width / 2, y: box.top + box.height / 2, box: box };
  }

  function onScreen(el) {
    const box = el.getBoundingClientRect();
    return box.width > 0 && box.bottom > 0 && box.top < window.innerHeight;
  }

  // "+2" on a seat, rising and fading; the count on its card back ticks from the old number to the new.
  function countChange(seat, from, to) {
    const delta = to - from;
    const badge = document.createElement("span");
    badge.className = "seat-float " + (delta > 0 ? "gain" : "loss");
    badge.dataset.motion = "";
    badge.setAttribute("aria-hidden", "true");
    badge.textContent = (delta > 0 ? "+" : "\u2212") + Math.abs(delta);
    seat.append(badge);
    badge.addEventListener("animationend", () => badge.remove());
    setTimeout(() => badge.remove(), 2000); // in case the animation never runs

    const back = seat.querySelector(".cd-back");
    const count = back && back.querySelector(".cd-count");
    if (!count) return;
    back.classList.remove("bump");
    void back.offsetWidth; // restart the bump
    back.classList.add("bump");
    const steps = Math.min(Math.abs(delta), 8);
    for (let n = 1; n <= steps; n++) {
      const value = n === steps ? to : from + Math.round((delta * n) / steps);
      if (n === 1) count.textContent = String(from + Math.sign(delta));
      else setTimeout(() => { if (count.isConnected) count.textContent = String(value); }, (n - 1) * 90);
    }
    if (steps === 1) count.textContent = String(to);
  }

  // A card back flying from one place to another: drawn or taken cards, from the draw pile to a seat.
  function fly(fromEl, toEl, delay) {
    if (flying >= MAX_FLYERS || !onScreen(fromEl) || !onScreen(toEl)) return;
    const from = centre(fromEl);
    const to = centre(toEl);
    const card = document.createElement("span");
    card.className = "cd cd-back cd-sm motion-flyer";
    card.dataset.motion = "";
    card.setAttribute("aria-hidden", "true");
    document.body.append(card);
    const size = card.getBoundingClientRect();
    card.style.left = from.x - size.width / 2 + "px";
    card.style.top = from.y - size.height / 2 + "px";
    flying += 1;
    const motion = card.animate(
      [
        { transform: "translate(0, 0) rotate(-8deg)", opacity: 0.95 },
        { transform: "translate(" + (to.x - from.x) + "px, " + (to.y - from.y) + "px) rotate(4deg) scale(.7)", opacity: 0.2 },
      ],
      { duration: 460, delay: delay, easing: "cubic-bezier(.3, .7, .4, 1)", fill: "both" }
    );
    const done = () => {
      if (card.isConnected) {
        card.remove();
        flying -= 1;
      }
    };
    motion.addEventListener("finish", done);
    setTimeout(done, delay + 1500);
  }

  // The card now on top of the pile travels there from the seat (or the hand) it came from.
  function travelToPile(top, origin) {
    if (!onScreen(top)) return;
    const to = centre(top);
    let dx = 0;
    let dy = -40;
    if (origin && onScreen(origin)) {
      const from = centre(origin);
      dx = from.x - to.x;
      dy = from.y - to.y;
    }
    top.dataset.motion = "";
    top.animate(
      [
        { transform: "translate(" + dx + "px, " + dy + "px) scale(.55) rotate(-12deg)", opacity: 0 },
        { opacity: 1, offset: 0.35 },
        { transform: "none", opacity: 1 },
      ],
      { duration: 420, easing: "cubic-bezier(.2, .75, .3, 1)" }
    );
  }

  function move(before, after, oldSeats, newSeats, newHand) {
    if (stillness()) return;
    const stock = after.querySelector(".stock .cd, .stock .card-back");
    let delay = 0;
    let player = null;
    for (const [index, seat] of newSeats) {
      const old = oldSeats.get(index);
      if (!old || old.cards === null || seat.cards === null || old.cards === seat.cards) continue;
      if (newHand) continue; // a new deal: every count changes at once, nothing to follow
      countChange(seat.el, old.cards, seat.cards);
      if (seat.cards > old.cards && stock) {
        const target = seat.me ? after.querySelector(".me .hand") || seat.el : seat.el;
        for (let n = 0; n < Math.min(seat.cards - old.cards, 3); n++) fly(stock, target, delay + n * 110);
        delay += 120;
      } else if (seat.cards < old.cards) {
        player = seat;
      }
    }
    const top = pileTop(after);
    if (top && !newHand && pileKey(before) !== pileKey(after)) {
      const origin = player && player.me ? after.querySelector(".me .hand") || player.el : player && player.el;
      travelToPile(top, origin);
    }
  }

  // ---------- sound ----------

  let audio = null;

  function stored(key) {
    try {
      return localStorage.getItem(key);
    } catch (e) {
      return null;
    }
  }

  function store(key, on) {
    try {
      localStorage.setItem(key, on ? "on" : "off");
    } catch (e) { /* private mode: the switch holds for this page */ }
  }

  function soundsOn() {
    return stored(STORE_KEY) !== "off";
  }

  // Each sound has a switch of its own, under the main one.
  function soundOn(name) {
    return soundsOn() && stored(STORE_KEY + "." + name) !== "off";
  }

  function context() {
    const Context = window.AudioContext || window.webkitAudioContext;
    if (!Context) return null;
    if (!audio) audio = new Context();
    return audio;
  }

  // Browsers start sound only after a gesture: the first tap or key on the page wakes the context.
  function wake() {
    if (!soundsOn()) return;
    const ctx = context();
    if (ctx && ctx.state === "suspended") ctx.resume();
  }

  // notes: [frequency Hz, start s, length s]
  function play(notes, wave, volume) {
    if (!soundsOn() || document.hidden) return;
    const ctx = context();
    if (!ctx) return;
    if (ctx.state !== "running") {
      ctx.resume();
      return; // no gesture yet: this sound is skipped rather than played late
    }
    const now = ctx.currentTime + 0.01;
    for (const [frequency, start, length] of notes) {
      const osc = ctx.createOscillator();
      const gain = ctx.createGain();
      osc.type = wave;
      osc.frequency.setValueAtTime(frequency, now + start);
      gain.gain.setValueAtTime(0.0001, now + start);
      gain.gain.exponentialRampToValueAtTime(volume, now + start + 0.015);
      gain.gain.exponentialRampToValueAtTime(0.0001, now + start + length);
      osc.connect(gain).connect(ctx.destination);
      osc.start(now + start);
      osc.stop(now + start + length + 0.02);
    }
  }

  const TUNES = {
    turn: () => play([[660, 0, 0.12], [880, 0.11, 0.18]], "sine", 0.18),
    hit: () => play([[196, 0, 0.16], [147, 0.13, 0.28]], "square", 0.07),
    caught: () => play([[988, 0, 0.08], [740, 0.09, 0.08], [988, 0.18, 0.14]], "sawtooth", 0.05),
    won: () => play([[523, 0, 0.12], [659, 0.1, 0.12], [784, 0.2, 0.12], [1047, 0.3, 0.32]], "triangle", 0.16),
  };
  const SOUNDS = {};
  for (const [name, tune] of Object.entries(TUNES)) SOUNDS[name] = () => { if (soundOn(name)) tune(); };

  // The engine's event kinds of the move just made (data-kinds on the "what happened" line): a catch
  // (a missed call caught, a penalty called) sounds for everyone at the table.
  function kindsOf(el) {
    const line = el.querySelector("[data-happened]");
    return new Set(((line && line.dataset.kinds) || "").split(" ").filter(Boolean));
  }

  function wonBy(after, me) {
    const row = after.querySelector(".between-hands .went-out td, .summary .went-out td");
    return Boolean(row && me && row.textContent.trim() === me.name);
  }

  function sound(before, after, oldSeats, newSeats, newHand) {
    const moved = Number(after.dataset.seq) > Number(before.dataset.seq);
    const kinds = kindsOf(after);
    if (moved && (kinds.has("caught") || kinds.has("penalty"))) SOUNDS.caught();
    const was = mine(oldSeats);
    const now = mine(newSeats);
    if (!was || !now) return;
    const hand = handNumber(before);
    if (hand !== wonHand && ((was.cards > 0 && now.cards === 0) || (newHand && wonBy(after, now)))) {
      wonHand = hand;
      SOUNDS.won();
      return;
    }
    const recent = Date.now() - lastOwnAct.at < 15000;
    const tookItMyself = recent && (lastOwnAct.act === "draw" || lastOwnAct.act === "take");
    const aimedAtMe = now.target && !was.target;
    const grew = !newHand && was.cards !== null && now.cards !== null && now.cards - was.cards > 1 && !tookItMyself;
    if (aimedAtMe || grew) {
      SOUNDS.hit();
      return;
    }
    if (now.turn && !was.turn) SOUNDS.turn();
  }

  // ---------- the switch ----------

  function setUpSwitch() {
    const label = document.querySelector("[data-sound-switch]");
    if (!label) return;
    const box = label.querySelector("input");
    box.checked = soundsOn();
    label.hidden = false;
    box.addEventListener("change", () => {
      store(STORE_KEY, box.checked);
      if (box.checked) {
        wake();
        setTimeout(SOUNDS.turn, 60);
      } else if (audio) {
        audio.suspend();
      }
      each.forEach((one) => { one.disabled = !box.checked; });
    });
    const menu = document.querySelector("[data-sound-menu]");
    const each = menu ? Array.from(menu.querySelectorAll("input[data-sound]")) : [];
    if (menu) menu.hidden = false;
    for (const one of each) {
      const name = one.dataset.sound;
      one.checked = stored(STORE_KEY + "." + name) !== "off";
      one.disabled = !box.checked;
      one.addEventListener("change", () => {
        store(STORE_KEY + "." + name, one.checked);
        if (one.checked) {
          wake();
          setTimeout(TUNES[name], 60);
        }
      });
    }
  }

  // ---------- the action bar ----------
  // table.css pins the bar to the bottom of the screen (position: sticky) inside your hand's box, which
  // holds it only while the top of that box is on screen. When your hand begins below the fold (many
  // seats on a phone, a landscape phone), the bar floats at the bottom of the screen instead, as wide
  // as your hand's box, until scrolling brings the box up and the pinned bar takes over in place.

  let pinQueued = false;

  function pin() {
    pinQueued = false;
    const bar = root.querySelector(".table-live .me .actions");
    if (!bar) return;
    const box = bar.closest(".me").getBoundingClientRect();
    const float = box.top + bar.offsetHeight > window.innerHeight;
    bar.classList.toggle("floating", float);
    bar.style.left = float ? box.left + "px" : "";
    bar.style.width = float ? box.width + "px" : "";
  }

  function pinSoon() {
    if (pinQueued) return;
    pinQueued = true;
    requestAnimationFrame(pin);
  }

  // ---------- hooks ----------

  root.addEventListener("table:updated", (event) => {
    const detail = event.detail || {};
    const before = detail.before;
    const after = detail.after;
    if (!before || !after) return;
    const oldSeats = seatsOf(before);
    const newSeats = seatsOf(after);
    const newHand = handNumber(before) !== handNumber(after);
    pin();
    try {
      move(before, after, oldSeats, newSeats, newHand);
    } finally {
      sound(before, after, oldSeats, newSeats, newHand);
    }
  });

  document.addEventListener(
    "submit",
    (event) => {
      const button = event.submitter;
      if (button && root.contains(button) && button.dataset.act) lastOwnAct = { act: button.dataset.act, at: Date.now() };
    },
    true
  );
  window.addEventListener("scroll", pinSoon, { passive: true });
  window.addEventListener("resize", pinSoon);
  document.addEventListener("pointerdown", wake, { passive: true });
  document.addEventListener("keydown", wake);
  setUpSwitch();
  pin();
})();
