// Small glue for every page. No framework; htmx does the rest.
(function () {
  "use strict";

  function deviceTimeZone() {
    try {
      return Intl.DateTimeFormat().resolvedOptions().timeZone || "";
    } catch (e) {
      return "";
    }
  }

  function init() {
    var zone = deviceTimeZone();
    if (!zone) return;

    // Sign-up: send the device's time zone along, so times are right from the first page.
    document.querySelectorAll("input[data-detect-time-zone]").forEach(function (input) {
      if (!input.value) input.value = zone;
    });

    // Profile: offer the device's time zone when it differs from the one chosen.
    var select = document.querySelector("select[name=time_zone]");
    var hint = document.querySelector(".time-zone-hint");
    if (!select || !hint || select.value === zone) return;
    var known = Array.prototype.some.call(select.options, function (option) { return option.value === zone; });
    if (!known) return;
    hint.querySelector("[data-device-time-zone]").textContent = zone;
    var field = select.closest(".field");
    if (field) field.appendChild(hint);
    hint.hidden = false;
    hint.querySelector("[data-use-device-time-zone]").addEventListener("click", function () {
      select.value = zone;
      hint.hidden = true;
    });
  }

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", init);
  } else {
    init();
  }
})();
