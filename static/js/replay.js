// The replay page (templates/races/replay.html): the scrubber shows the event it points at
// while it moves, and goes there when let go. Without this script the form's Show button does
// the same; the site's Content-Security-Policy runs no inline script, so it lives here.
(function () {
  "use strict";

  document.addEventListener("DOMContentLoaded", function () {
    var scrub = document.querySelector("[data-replay-scrub]");
    if (!scrub) {
      return;
    }
    var shown = document.getElementById(scrub.getAttribute("data-replay-scrub"));
    scrub.addEventListener("input", function () {
      if (shown) {
        shown.textContent = scrub.value;
      }
    });
    scrub.addEventListener("change", function () {
      scrub.form.requestSubmit();
    });
  });
})();
