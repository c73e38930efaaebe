/* DD MAU's play builder: cards picked in order, what each Master Mau is played as, the colour, the
DD MAU call, and what the play will do, said on the Play button. Loaded by the table page of a DD
MAU table only (the presenter's `script`), before table.js, which calls the hooks set here (see
"a game's own script" in table.js).

The server sends the legal plays in the builder's data-plays (games/presenters/ddmau.py,
play_shapes): [cards, Master Mau declarations, colour: 0 none, 1 needed, 2 optional, what it does].
Cards are lit only when a legal play can go on with them, the colour picker shows only when the
play names a colour, and the words of what it does come from the engine (games/engine/ddmau/preview.py),
so no rule is written a second time here. The cards picked survive a fresh fragment when the hand
(data-hand) did not change.
*/
(function () {
  "use strict";

  let api = null; // table.js's: {root, live, handCards, pressKey}
  let picks = []; // indices into the hand, in the order picked

  const handCards = () => api.handCards();

  function builder() {
    const el = api.live();
    return {
      el: el,
      form: el.querySelector("[data-builder]"),
      chosen: el.querySelector("[data-chosen]"),
      slots: Array.from(el.querySelectorAll("[data-mm-slot]")),
      picker: el.querySelector("[data-colour-picker]"),
      ddmau: el.querySelector("[data-ddmau]"),
      play: el.querySelector('[data-act="play"]'),
      hint: el.querySelector("[data-builder-hint]"),
    };
  }

  function pickedCodes() {
    const cards = handCards();
    return picks.map((i) => cards[i].dataset.code);
  }

  function declarations(b) {
    const count = pickedCodes().filter((code) => code === "MM").length;
    return b.slots.slice(0, count).map((slot) => slot.querySelector("select").value);
  }

  const same = (a, b) => a.length === b.length && a.every((x, n) => x === b[n]);

  function legalPlays(b) {
    return JSON.parse(b.form.dataset.plays || "[]");
  }

  function chosenColour(b) {
    const checked = b.picker && b.picker.querySelector("input:checked");
    return checked ? checked.value : "";
  }

  // The engine's words say "names a colour"; once one is chosen, they name it.
  function effectWords(b, words) {
    const checked = b.picker && !b.picker.hidden && b.picker.querySelector("input:checked");
    const label = checked && checked.closest("label");
    return label ? words.replace("names a colour", "names " + label.textContent.trim()) : words;
  }

  // The Play button: "Play red 7, Penal T" and, on a line of its own inside it, what the play does.
  function labelPlay(b, cards, effect) {
    b.play.firstChild.textContent = picks.length
      ? "Play " + picks.map((i) => cards[i].getAttribute("aria-label")).join(", ") + " "
      : "Play ";
    let line = b.play.querySelector("[data-play-effect]");
    if (!effect) {
      if (line) line.remove();
      return;
    }
    if (!line) {
      line = document.createElement("span");
      line.className = "play-effect";
      line.dataset.playEffect = "";
      b.play.append(line);
    }
    line.textContent = effect;
  }

  function refresh() {
    const b = builder();
    const cards = handCards();
    cards.forEach((card, i) => {
      const order = picks.indexOf(i);
      card.setAttribute("aria-pressed", order >= 0 ? "true" : "false");
      card.querySelector(".order").textContent = order >= 0 ? String(order + 1) : "";
    });
    if (!b.form || !b.chosen) return;
    b.chosen.replaceChildren(
      ...picks.map((i, n) => {
        const button = document.createElement("button");
        button.type = "button";
        button.className = "chosen-card";
        button.dataset.unpick = String(i);
        button.setAttribute("aria-label", "Take back card " + (n + 1) + ": " + cards[i].getAttribute("aria-label"));
        const face = cards[i].querySelector(".cd").cloneNode(true);
        face.classList.add("cd-sm");
        const x = document.createElement("span");
        x.className = "x";
        x.setAttribute("aria-hidden", "true");
        x.textContent = "×";
        button.append(face, x);
        return button;
      })
    );
    const codes = pickedCodes();
    const mmCount = codes.filter((code) => code === "MM").length;
    b.slots.forEach((slot, n) => { slot.hidden = n >= mmCount; });
    const mm = declarations(b);
    // Honest light: only the cards a legal play can go on with after the ones picked (legal_actions).
    const plays = legalPlays(b);
    const next = new Set();
    let complete = false;
    let colour = 0;
    let declared = false;
    let effect = "";
    for (const [playCards, playMm, playColour, playEffect] of plays) {
      if (playCards.length < codes.length || !codes.every((code, n) => playCards[n] === code)) continue;
      if (playCards.length > codes.length) { next.add(playCards[codes.length]); continue; }
      complete = true;
      if (same(playMm, mm)) {
        declared = true;
        colour = Math.max(colour, playColour);
        effect = playEffect || "";
      }
    }
    if (b.picker) b.picker.hidden = !colour;
    const left = cards.length - codes.length;
    if (b.ddmau) b.ddmau.hidden = !(codes.length > 0 && left === 1);
    cards.forEach((card, i) => card.classList.toggle("playable", picks.indexOf(i) < 0 && next.has(card.dataset.code)));
    let reason = "";
    if (!codes.length) reason = "";
    else if (!complete) reason = next.size ? "Not a play yet: the lit cards can follow." : "These cards, in this order, are no play now.";
    else if (mm.some((kind) => !kind)) reason = "Choose what your Master Mau is played as.";
    else if (!declared) reason = "Your Master Mau cannot be played as that here.";
    else if (colour === 1 && !chosenColour(b)) reason = "Name a colour.";
    if (b.play) {
      b.play.disabled = !codes.length || Boolean(reason);
      labelPlay(b, cards, codes.length && !reason ? effectWords(b, effect) : "");
    }
    if (b.hint) b.hint.textContent = reason;
  }

  function action(button, form) {
    if (button.dataset.act !== "play" || !form.hasAttribute("data-builder")) return null;
    const b = builder();
    const action = { act: "play", cards: pickedCodes(), mm: declarations(b), ddmau: false };
    if (b.picker && !b.picker.hidden) action.color = chosenColour(b) || null;
    if (b.ddmau && !b.ddmau.hidden) action.ddmau = b.ddmau.querySelector("input").checked;
    return action;
  }

  function togglePick(index) {
    const cards = handCards();
    const b = builder();
    if (!cards[index] || !b.form || !b.play) return;
    const at = picks.indexOf(index);
    if (at >= 0) picks.splice(at, 1);
    else picks.push(index);
    refresh();
  }

  // Before a fresh fragment replaces this one: the choices made beside the picks.
  function remember(el) {
    const b = builder();
    return {
      hand: el.dataset.hand,
      mm: b.slots.map((slot) => slot.querySelector("select").value),
      colour: chosenColour(b),
      ddmau: Boolean(b.ddmau && b.ddmau.querySelector("input").checked),
    };
  }

  function restore(saved) {
    const b = builder();
    if (saved && saved.hand === b.el.dataset.hand) {
      b.slots.forEach((slot, n) => { slot.querySelector("select").value = saved.mm[n] || ""; });
      if (b.picker && saved.colour) {
        const radio = b.picker.querySelector('input[value="' + saved.colour + '"]');
        if (radio) radio.checked = true;
      }
      if (b.ddmau) b.ddmau.querySelector("input").checked = saved.ddmau;
    } else {
      picks = [];
    }
    if (!b.play) picks = [];
    refresh();
  }

  function clicked(event) {
    const unpick = event.target.closest("[data-unpick]");
    if (unpick) {
      const at = picks.indexOf(Number(unpick.dataset.unpick));
      if (at >= 0) picks.splice(at, 1);
      refresh();
      const next = api.live().querySelector("[data-unpick]") || handCards()[0];
      if (next) next.focus();
      return;
    }
    const card = event.target.closest(".hand-card");
    if (card && api.live().contains(card)) togglePick(Number(card.dataset.index));
  }

  // The builder's keys: 1-9 and 0 pick a card, Backspace takes the last back, Escape clears, and
  // Enter on a card picked plays (instead of taking it back). True when the key was used.
  function key(event) {
    const cards = handCards();
    const name = event.key;
    if (/^[0-9]$/.test(name)) {
      const index = name === "0" ? 9 : Number(name) - 1;
      if (cards[index]) {
        event.preventDefault();
        togglePick(index);
        cards[index].focus();
      }
      return true;
    }
    if (name === "Enter" && event.target.closest("[data-chosen]")) {
      event.preventDefault();
      api.pressKey("play");
      return true;
    }
    if (name === "Backspace" && picks.length) {
      event.preventDefault();
      picks.pop();
      refresh();
      return true;
    }
    if (name === "Escape") {
      picks = [];
      refresh();
      return true;
    }
    return false;
  }

  function start(table) {
    api = table;
    api.root.addEventListener("click", clicked);
    api.root.addEventListener("change", (event) => { if (event.target.closest("[data-builder]")) refresh(); });
    refresh();
  }

  window.tableVariant = { start: start, remember: remember, restore: restore, action: action, key: key };
})();
