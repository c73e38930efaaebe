/* Table chat: the panel of templates/games/_chat.html over the table's WebSocket (games/chat.py).

table.js owns the socket: every parsed message arrives here as a "table:message" event, and frames
go out with a cancelable "table:send" event (cancelled when the socket is not open).
  client -> server  {"type": "chat", "room": "players"|"spectators", "text": t}
                    {"type": "chat_mute", "user": username, "mute": true|false}
                    {"type": "chat_remove", "id": n}                              staff only
                    {"type": "chat_history"}       after the socket opened again: the recent lines
  server -> client  {"type": "chat", "id", "room", "author", "username", "text", "at"}
                    {"type": "chat_removed", "id": n}
                    {"type": "chat_muted", "user": username, "muted": bool}
                    {"type": "chat_refused", "message": text}
                    {"type": "chat_history", "lines": [chat frames]}
User text is only ever inserted with textContent.
*/
(function () {
  "use strict";

  const panel = document.querySelector("[data-chat]");
  if (!panel) return;

  const list = panel.querySelector("[data-chat-lines]");
  const empty = panel.querySelector("[data-chat-empty]");
  const form = panel.querySelector("[data-chat-form]");
  const input = panel.querySelector("[data-chat-input]");
  const status = panel.querySelector("[data-chat-status]");
  const mutedBox = panel.querySelector("[data-chat-muted]");
  const me = panel.dataset.me || "";
  const room = panel.dataset.room || "";
  const staff = panel.hasAttribute("data-staff");
  const seated = panel.hasAttribute("data-seated");
  const signedIn = panel.hasAttribute("data-signed-in");
  const MAX = Number(panel.dataset.max) || 200;
  const KEEP = 200; // lines kept on the page
  const muted = new Set(Array.from(panel.querySelectorAll("[data-chat-unmute]"), (b) => b.dataset.chatUnmute));
  let pending = ""; // the text last sent, given back if it is refused

  function say(text, problem) {
    if (!status) return;
    status.textContent = text;
    status.classList.toggle("chat-problem", Boolean(problem));
  }

  function send(frame) {
    const sent = document.dispatchEvent(new CustomEvent("table:send", { detail: frame, cancelable: true }));
    if (!sent) say("Not connected to the table right now; try again in a moment.", true);
    return sent;
  }

  function tool(data, value, text, label) {
    const button = document.createElement("button");
    button.type = "button";
    button.className = "link chat-tool";
    button.dataset[data] = value;
    button.textContent = text;
    button.setAttribute("aria-label", label);
    return button;
  }

  function lineElement(msg) {
    const li = document.createElement("li");
    li.className = "chat-line chat-" + (msg.room === "players" ? "players" : "spectators");
    li.dataset.chatId = String(msg.id);
    li.dataset.author = String(msg.username);
    if (seated && msg.room === "spectators") {
      const tag = document.createElement("span");
      tag.className = "chat-room";
      tag.textContent = "watching";
      li.append(tag, " ");
    }
    const author = document.createElement("b");
    author.className = "chat-author";
    author.title = String(msg.username);
    author.textContent = String(msg.author);
    const text = document.createElement("span");
    text.className = "chat-text";
    text.textContent = String(msg.text);
    li.append(author, " ", text);
    if (signedIn && msg.username !== me) li.append(" ", tool("chatMute", msg.username, "mute", "Mute " + msg.author));
    if (staff) {
      const remove = tool("chatRemove", String(msg.id), "remove", "Remove this message");
      remove.classList.add("chat-remove");
      li.append(" ", remove);
    }
    return li;
  }

  function refreshEmpty() {
    if (empty) empty.hidden = list.children.length > 0;
  }

  function atBottom() {
    return list.scrollHeight - list.scrollTop - list.clientHeight < 48;
  }

  function addLine(msg) {
    if (muted.has(msg.username)) return;
    if (list.querySelector('[data-chat-id="' + Number(msg.id) + '"]')) return;
    const follow = atBottom() || msg.username === me;
    list.append(lineElement(msg));
    while (list.children.length > KEEP) list.firstElementChild.remove();
    refreshEmpty();
    if (follow) list.scrollTop = list.scrollHeight;
  }

  function removeWhere(test) {
    Array.from(list.children).forEach((li) => { if (test(li)) li.remove(); });
    refreshEmpty();
  }

  function showMuted() {
    if (!mutedBox) return;
    const names = Array.from(muted).sort();
    mutedBox.replaceChildren("Muted: ");
    names.forEach((name) => mutedBox.append(tool("chatUnmute", name, name + " (unmute)", "Unmute " + name), " "));
    mutedBox.hidden = names.length === 0;
  }

  // A socket that opens again after a gap asks for the recent lines: what was said meanwhile appears.
  let opened = false;
  document.addEventListener("table:open", () => {
    if (opened) send({ type: "chat_history" });
    opened = true;
  });

  document.addEventListener("table:message", (event) => {
    const msg = event.detail;
    if (!msg || typeof msg !== "object") return;
    if (msg.type === "chat_history" && Array.isArray(msg.lines)) {
      msg.lines.forEach(addLine);
    } else if (msg.type === "chat") {
      addLine(msg);
      if (msg.username === me) {
        pending = "";
        say("");
      }
    } else if (msg.type === "chat_removed") {
      removeWhere((li) => li.dataset.chatId === String(msg.id));
    } else if (msg.type === "chat_muted") {
      if (msg.muted) {
        muted.add(msg.user);
        removeWhere((li) => li.dataset.author === msg.user);
        say("Muted " + msg.user + ": you will not see their messages.");
      } else {
        muted.delete(msg.user);
        say("Unmuted " + msg.user + ": you will see their new messages.");
      }
      showMuted();
    } else if (msg.type === "chat_refused") {
      say(msg.message || "That message was not sent.", true);
      if (pending && input && !input.value) input.value = pending;
      pending = "";
    }
  });

  function sendText(text) {
    text = text.trim();
    if (!text || !room) return false;
    if (text.length > MAX) {
      say("A chat message has at most " + MAX + " characters.", true);
      return false;
    }
    if (!send({ type: "chat", room: room, text: text })) return false;
    pending = text;
    say("");
    return true;
  }

  if (form) {
    form.addEventListener("submit", (event) => {
      event.preventDefault();
      if (sendText(input.value)) input.value = "";
    });
  }

  panel.addEventListener("click", (event) => {
    const target = event.target.closest("button");
    if (!target || !panel.contains(target)) return;
    if (target.dataset.chatPhrase) {
      sendText(target.dataset.chatPhrase);
    } else if (target.dataset.chatMute) {
      send({ type: "chat_mute", user: target.dataset.chatMute, mute: true });
    } else if (target.dataset.chatUnmute) {
      send({ type: "chat_mute", user: target.dataset.chatUnmute, mute: false });
    } else if (target.dataset.chatRemove) {
      send({ type: "chat_remove", id: Number(target.dataset.chatRemove) });
    }
  });

  list.scrollTop = list.scrollHeight;
})();
