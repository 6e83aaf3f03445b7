// A refused entry (400) is a page of ours, meant to be swapped in where the form was: with DEBUG
// on, django-htmx's debug handler would replace the whole document with the bare fragment. This
// listener runs first (capture, on window) and keeps the event from reaching that handler; htmx
// itself still swaps the response, as its responseHandling config says. A 403 or 404 is ours
// too (config/htmx_pages.py says where it goes), and that handler's eval is refused by the
// site's Content-Security-Policy; a 500 is left to it, to show Django's debug page.
window.addEventListener(
  "htmx:beforeOnLoad",
  function (event) {
    var status = event.detail.xhr && event.detail.xhr.status;
    if (status === 400 || status === 403 || status === 404) {
      event.stopPropagation();
    }
  },
  true
);

// A refusal swapped in is written at the top of what it replaced: on a phone the button
// pressed may be a screen or more below it, and nothing would seem to happen.
document.addEventListener("htmx:afterSettle", function (event) {
  var xhr = event.detail.xhr;
  if (!xhr || xhr.status < 400 || xhr.status >= 500) {
    return;
  }
  // Swapped outerHTML, the target is the element replaced: its successor has its id.
  var target = event.detail.target;
  if (target && !target.isConnected && target.id) {
    target = document.getElementById(target.id);
  }
  var alert = target && target.isConnected ? target.querySelector('[role="alert"]') : null;
  if (!alert) {
    return;
  }
  var box = alert.getBoundingClientRect();
  if (box.top < 0 || box.bottom > window.innerHeight) {
    alert.scrollIntoView({ block: "center" });
  }
});

// The movement order: tap a car, then the place it moves to (the cars between shift by one).
// Without JavaScript the page keeps one select per place, which posts the same order.
function paddockOrderTap(root) {
  root.querySelectorAll('[data-widget="order"]:not(.order-tap)').forEach(function (field) {
    var selects = Array.prototype.slice.call(field.querySelectorAll("select"));
    var labels = {};
    selects[0].querySelectorAll("option").forEach(function (option) {
      labels[option.value] = option.textContent;
    });
    var picked = null;
    var buttons = selects.map(function (select, place) {
      var button = document.createElement("button");
      button.type = "button";
      button.className = "btn btn-outline-dark order-car";
      button.dataset.place = String(place);
      select.hidden = true;
      select.parentNode.insertBefore(button, select);
      button.addEventListener("click", function () {
        if (picked === null) {
          picked = place;
        } else {
          var order = selects.map(function (s) { return s.value; });
          var car = order.splice(picked, 1)[0];
          order.splice(place, 0, car);
          selects.forEach(function (s, i) { s.value = order[i]; });
          picked = null;
        }
        show();
      });
      return button;
    });
    function show() {
      buttons.forEach(function (button, place) {
        button.textContent = labels[selects[place].value];
        button.dataset.car = selects[place].value;
        button.classList.toggle("picked", picked === place);
        button.setAttribute("aria-pressed", picked === place ? "true" : "false");
      });
    }
    field.classList.add("order-tap");
    show();
  });
}
document.addEventListener("DOMContentLoaded", function () { paddockOrderTap(document); });
document.addEventListener("htmx:load", function (event) { paddockOrderTap(event.detail.elt); });

// A running stopwatch: the server says how long it has run (data-running-tenths, from the
// instant it stored), the page only counts on from there; a reload asks the server again.
function paddockStopwatch(root) {
  root.querySelectorAll("[data-running-tenths]:not(.ticking)").forEach(function (output) {
    var shownAt = Date.now();
    var base = Number(output.dataset.runningTenths);
    output.classList.add("ticking");
    var timer = window.setInterval(function () {
      if (!output.isConnected) {
        window.clearInterval(timer);
        return;
      }
      var tenths = base + Math.floor((Date.now() - shownAt) / 100);
      var minutes = Math.floor(tenths / 600);
      var seconds = Math.floor((tenths % 600) / 10);
      output.textContent = minutes + ":" + (seconds < 10 ? "0" : "") + seconds + "." + (tenths % 10);
    }, 100);
  });
}
document.addEventListener("DOMContentLoaded", function () { paddockStopwatch(document); });
document.addEventListener("htmx:load", function (event) { paddockStopwatch(event.detail.elt); });

// A Print button (data-print): the pages carry no script of their own (the site's
// Content-Security-Policy runs only these files), so its click is listened for here.
document.addEventListener("click", function (event) {
  if (event.target instanceof Element && event.target.closest("[data-print]")) {
    window.print();
  }
});

// On paper every folded part (the season's title race) is printed open.
window.addEventListener("beforeprint", function () {
  document.querySelectorAll("details:not([open])").forEach(function (details) {
    details.open = true;
  });
});
