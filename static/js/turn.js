// The turn helper at the table (templates/races/turn.html): taps that mean what the finger
// meant, no tap lost without a word, and a screen that stays on. Loaded by the turn page only;
// the site's Content-Security-Policy runs no inline script, so everything is listened for here.
(function () {
  "use strict";

  // What htmx swaps in (the next prompt, the bar with Undo) arrives inert, marked data-guard:
  // the finger that tapped may still be coming down on it. It takes taps again this long after
  // it arrived; until then the page shows it dimmed (static/css/turn.css).
  var GUARD_MS = 300;
  // An entry that brings a prompt for another car, or another kind of fact, puts a control of
  // the same look under the same spot: a second tap 600 ms on ("did it take?") would enter the
  // next car's roll. Such a prompt takes taps only once it has been seen this long, and its
  // heading (the car's name) is lit and read out where the finger is.
  var NEW_PROMPT_MS = 700;

  // The prompt on screen when the last post left ("kind car"), to tell a new one from it.
  var tappedPrompt = null;
  var announcedPrompt = null;

  function promptKey() {
    var form = document.getElementById("event-form");
    return form ? form.dataset.kind + " " + (form.dataset.car || "") : null;
  }

  function newPrompt() {
    var key = promptKey();
    if (tappedPrompt === null || key === null || key === tappedPrompt) {
      return false;
    }
    if (announcedPrompt !== key) {
      announcedPrompt = key;
      var heading = document.getElementById("prompt-text");
      var voice = document.getElementById("prompt-announce");
      if (heading) {
        heading.classList.add("prompt-new");
        window.setTimeout(function () { heading.classList.remove("prompt-new"); }, NEW_PROMPT_MS);
      }
      if (voice && heading) {
        // The page's sentence, in its language, with the heading where its {heading} stands
        // (given by a function, so that a "$&" in a car's name is no pattern of replace's).
        var said = heading.textContent.trim();
        var sentence = voice.dataset.next || "Next: {heading}";
        voice.textContent = sentence.replace("{heading}", function () { return said; });
      }
    }
    return true;
  }

  function release(root) {
    var scope = root && root.querySelectorAll ? root : document;
    var found = Array.prototype.slice.call(scope.querySelectorAll("[data-guard]:not(.guarding)"));
    if (scope.matches && scope.matches("[data-guard]:not(.guarding)")) {
      found.push(scope);
    }
    if (!found.length) {
      return;
    }
    var hold = newPrompt() ? NEW_PROMPT_MS : GUARD_MS;
    found.forEach(function (guard) {
      guard.classList.add("guarding");
      guard.classList.toggle("guarding-long", hold === NEW_PROMPT_MS);
      window.setTimeout(function () {
        guard.removeAttribute("inert");
        guard.removeAttribute("data-guard");
        guard.classList.remove("guarding", "guarding-long");
      }, hold);
    });
  }

  // While a tap is on its way to the server, nothing else on the panel takes a tap: a second
  // tap would post the same page again (refused, 409) or hit Undo beside it.
  function holdPanel() {
    document.querySelectorAll("#panel .guard").forEach(function (guard) {
      guard.setAttribute("inert", "");
      guard.classList.add("sending");
    });
  }

  // Still on the page after the answer (not replaced by it): guarded like what came in.
  function letGo() {
    document.querySelectorAll("#panel .guard.sending").forEach(function (guard) {
      guard.classList.remove("sending");
      guard.setAttribute("data-guard", "");
    });
    release(document);
  }

  // The bar at the top ("Entered: … · Undo", "Took back: … · Redo") steps aside after a few
  // seconds: "Took back" goes, "Entered" shrinks to its Undo alone in the corner
  // (data-compact), so the last entry can be taken back without a scroll to the log.
  function hideBars(root) {
    var scope = root && root.querySelectorAll ? root : document;
    scope.querySelectorAll("[data-hide-after]:not(.timed)").forEach(function (bar) {
      var after = Number(bar.dataset.hideAfter);
      bar.classList.add("timed");
      if (after > 0) {
        window.setTimeout(function () {
          if (bar.hasAttribute("data-compact")) {
            bar.classList.add("compact");
          } else {
            bar.hidden = true;
          }
        }, after);
      }
    });
  }

  // A tap that cannot reach the server: say so, keep the tap, and send it again on Retry with
  // the version its page was built on (a race moved on meanwhile refuses it, as always).
  var lastTap = null;
  var unsent = null;

  function connectionNote(words, retry) {
    var note = document.getElementById("connection");
    if (!note) {
      return;
    }
    note.textContent = words;
    if (retry) {
      var button = document.createElement("button");
      button.type = "button";
      button.className = "btn btn-sm btn-dark ms-2";
      button.id = "retry";
      button.textContent = "Retry";
      button.addEventListener("click", sendAgain);
      note.appendChild(button);
    }
    note.hidden = !words;
  }

  function sendAgain() {
    var tap = unsent;
    if (!tap || !tap.form.isConnected) {
      connectionNote("", false);
      return;
    }
    tap.form.querySelectorAll(".guard").forEach(function (guard) {
      guard.removeAttribute("inert");
      guard.removeAttribute("data-guard");
      guard.classList.remove("sending", "guarding");
    });
    unsent = null;
    connectionNote(navigator.onLine ? "Sending again…" : "Still no connection: trying anyway…", false);
    if (tap.button && tap.button.isConnected) {
      tap.button.click();
    } else {
      tap.form.requestSubmit();
    }
  }

  document.addEventListener(
    "click",
    function (event) {
      var button = event.target instanceof Element && event.target.closest("#panel form button");
      if (button) {
        lastTap = { form: button.form, button: button };
      }
    },
    true
  );

  // Each post's end is read from its request itself (its element may be gone by then): a
  // status of 0 is a request that never reached the server.
  document.addEventListener("htmx:beforeRequest", function (event) {
    var config = event.detail.requestConfig;
    var xhr = event.detail.xhr;
    if (!config || config.verb !== "post" || !xhr) {
      return;
    }
    var tap = lastTap && lastTap.form === event.detail.elt ? lastTap : { form: event.detail.elt, button: null };
    tappedPrompt = promptKey();
    holdPanel();
    xhr.addEventListener("loadend", function () {
      window.setTimeout(function () {
        if (xhr.status === 0) {
          unsent = tap;
          connectionNote("Not sent — no connection. Nothing was entered.", true);
        } else if (!unsent) {
          connectionNote("", false);
        }
        letGo();
      }, 0);
    });
  });

  window.addEventListener("offline", function () {
    if (!unsent) {
      connectionNote("No connection: a tap cannot be sent until it is back.", false);
    }
  });

  window.addEventListener("online", function () {
    if (unsent) {
      connectionNote("The connection is back: tap Retry to send what was not sent.", true);
    } else {
      connectionNote("The connection is back.", false);
      window.setTimeout(function () {
        var note = document.getElementById("connection");
        if (note && note.textContent === "The connection is back.") {
          connectionNote("", false);
        }
      }, 4000);
    }
  });

  // The phone stays awake during the race: a Screen Wake Lock where the browser has one
  // (asked again each time the page is shown, as the browser lets it go when hidden), a clear
  // note where it does not.
  var wakeLock = null;

  function wakeNote(words) {
    var note = document.querySelector("[data-wake-lock]");
    if (note) {
      note.textContent = words;
      note.hidden = !words;
    }
  }

  function keepAwake() {
    if (!document.querySelector("[data-wake-lock]")) {
      return;
    }
    if (!("wakeLock" in navigator)) {
      wakeNote(
        "This browser cannot keep the screen on: set the phone's screen to stay on longer " +
          "during the race."
      );
      return;
    }
    if (wakeLock || document.visibilityState !== "visible") {
      return;
    }
    navigator.wakeLock.request("screen").then(
      function (lock) {
        wakeLock = lock;
        wakeNote("");
        lock.addEventListener("release", function () { wakeLock = null; });
      },
      function () {
        wakeNote(
          "The screen may go dark: the browser did not let this page keep it on (a battery " +
            "saver, or a tap is needed first)."
        );
      }
    );
  }

  document.addEventListener("visibilitychange", keepAwake);
  // Some browsers grant the lock only after a tap on the page.
  document.addEventListener("pointerup", function () { if (!wakeLock) { keepAwake(); } });

  document.addEventListener("DOMContentLoaded", function () {
    release(document);
    hideBars(document);
    keepAwake();
  });
  document.addEventListener("htmx:load", function (event) {
    release(event.detail.elt);
    hideBars(event.detail.elt);
  });
  // Out-of-band pieces (the bar) are looked for once the swap has settled.
  document.addEventListener("htmx:afterSettle", function () {
    release(document);
    hideBars(document);
  });
})();
